package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Bytes to a jsoup Document: {@code BrowserCharsetJsoup.parse(bytes, contentType, base)} against
 * plain jsoup told the right charset, {@code Jsoup.parse(stream, charset, base)}, on the same page.
 * Pages are built from the corpus's documents of the encoding, declared by the header, a meta in
 * the first 1024 bytes, a meta after them, or not at all.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EndToEndBenchmark {
    static final String BASE = "https://example.com/page";

    @Param({"windows-1251", "Shift_JIS", "UTF-8"})
    public String encoding;

    @Param({"HEADER", "META", "LATE_META", "UNDECLARED"})
    public Corpus.Declaration declaration;

    @Param({"2KB", "16KB", "1MB"})
    public String size;

    private byte[] page;
    private String contentType;
    private String jdkCharset;

    @Setup
    public void setUp() {
        Corpus.Page p = Corpus.Page.of(encoding, declaration, size);
        page = p.bytes();
        contentType = p.contentType();
        jdkCharset = p.jdkCharset();
    }

    @Benchmark
    public Document ours() {
        return BrowserCharsetJsoup.parse(page, contentType, BASE);
    }

    @Benchmark
    public Document jsoup() throws IOException {
        return Jsoup.parse(new ByteArrayInputStream(page), jdkCharset, BASE);
    }
}
