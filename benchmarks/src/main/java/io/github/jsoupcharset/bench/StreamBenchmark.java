package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.StreamDecodingReader;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
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
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * A stream to a jsoup Document: {@code BrowserCharsetJsoup.parse(InputStream, contentType, base)}
 * (decided from a look-ahead, decoded as jsoup reads) against plain jsoup told the right charset,
 * {@code Jsoup.parse(InputStream, charset, base)}, on the same declared page; and the byte[] entry
 * point for reference; and the readers alone feeding jsoup's parser: ours ({@link #readerOnly}), the
 * JDK's ({@link #jdkReader}) and the JDK's with our decoder ({@link #oursInJdkReader}). Pages as
 * {@link EndToEndBenchmark}'s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StreamBenchmark {
    static final String BASE = "https://example.com/page";

    @Param({"windows-1251", "UTF-8", "Shift_JIS"})
    public String encoding;

    @Param({"HEADER", "META"})
    public Corpus.Declaration declaration;

    @Param({"16KB", "1MB"})
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
    public Document oursStream() throws IOException {
        return BrowserCharsetJsoup.parse(new ByteArrayInputStream(page), contentType, BASE);
    }

    @Benchmark
    public Document oursBytes() {
        return BrowserCharsetJsoup.parse(page, contentType, BASE);
    }

    /**
     * Our reader and decoder alone feeding jsoup's parser, with no look-ahead decision: the
     * stream path less the work before and after the parse, to tell which part a difference from
     * {@link #jsoupStream} comes from.
     */
    @Benchmark
    public Document readerOnly() {
        byte[] lookahead = Arrays.copyOf(page, Math.min(StreamDecodingReader.CHUNK, page.length));
        InputStream rest = new ByteArrayInputStream(page, lookahead.length, page.length - lookahead.length);
        StreamDecodingReader reader = new StreamDecodingReader(lookahead, 0, lookahead.length, rest,
                Decoders.newDecoder(encoding), StreamDecodingReader.Watch.NONE, () -> false);
        return Parser.htmlParser().parseInput(reader, BASE);
    }

    /** The JDK's reader and decoder feeding jsoup's parser: {@link #readerOnly}'s reference. */
    @Benchmark
    public Document jdkReader() {
        return Parser.htmlParser().parseInput(new InputStreamReader(new ByteArrayInputStream(page),
                Charset.forName(jdkCharset)), BASE);
    }

    /** {@link #jdkReader} with our decoder as its {@code Charset}. */
    @Benchmark
    public Document oursInJdkReader() {
        return Parser.htmlParser().parseInput(new InputStreamReader(new ByteArrayInputStream(page),
                Decoders.charset(encoding)), BASE);
    }

    @Benchmark
    public Document jsoupStream() throws IOException {
        return Jsoup.parse(new ByteArrayInputStream(page), jdkCharset, BASE);
    }
}
