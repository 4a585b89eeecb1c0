package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.detect.Detector;
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
 * The decision alone, {@code BrowserCharsetJsoup.sniff(bytes, contentType)}, beside jsoup's parse of
 * the same page with the right charset: for declared pages (cost must not grow with the page) and
 * undeclared ones (detection, which must cost at most a tenth of jsoup's parse).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SniffBenchmark {
    @Param({"windows-1251", "Shift_JIS", "windows-1252", "ISO-8859-2", "EUC-KR", "GBK", "Big5", "windows-1255"})
    public String encoding;

    @Param({"META", "UNDECLARED"})
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
    public EncodingDecision sniff() {
        return BrowserCharsetJsoup.sniff(page, contentType);
    }

    /**
     * A floor for any statistical detector: one pass over the bytes detection looks at (the page, up
     * to the detection window), counting each byte value. Byte-pair models, decoding candidates and
     * scoring text all do at least this much; on an undeclared page its ratio to {@link #jsoupParse}
     * shows how much of the 0.1x detection budget is gone before any judgement is made.
     */
    @Benchmark
    public int[] byteCountFloor() {
        int[] counts = new int[256];
        byte[] page = this.page;
        int n = Math.min(page.length, Detector.DETECTION_WINDOW);
        for (int i = 0; i < n; i++) counts[page[i] & 0xFF]++;
        return counts;
    }

    @Benchmark
    public Document jsoupParse() throws IOException {
        return Jsoup.parse(new ByteArrayInputStream(page), jdkCharset, EndToEndBenchmark.BASE);
    }
}
