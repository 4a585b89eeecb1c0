package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.decision.EncodingDecision;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
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

/**
 * Guarantee 4, linear time: inputs built to make a careless scanner quadratic, at 1 MB and 10 MB.
 * Time per call should grow tenfold (or less, where only a bounded prefix is read), never a
 * hundredfold. {@code header} is a Content-Type of {@code ; charset=x} repeated, with a small body.
 * {@code labels} is a flood of unknown labels, {@code <meta charset=q>} repeated (65,536 metas in
 * 1 MiB), and {@code pragmaLabels} the same with {@code http-equiv} metas between them: every meta
 * is read, every label counted, the decision keeps the first few.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class PathologicalInputs {
    @Param({"1048576", "10485760"})
    public int size;

    @Param({"lt", "meta", "comment", "leadBytes", "charsetEquals", "header", "labels", "pragmaLabels"})
    public String input;

    private byte[] body;
    private String contentType;

    @Setup
    public void build() {
        contentType = null;
        switch (input) {
            case "lt": body = repeat("<"); break;
            case "meta": body = repeat("<meta "); break;
            case "comment": body = repeat("<!--"); break;
            case "leadBytes": body = repeat("\u0081"); break;
            case "charsetEquals": body = repeat("<meta charset="); break;
            case "labels": body = repeat("<meta charset=q>"); break;
            case "pragmaLabels":
                body = repeat("<meta http-equiv=content-type content=\"text/html; charset=q\"><meta charset=x-unknown>");
                break;
            case "header":
                body = "<p>x".getBytes(StandardCharsets.US_ASCII);
                contentType = "text/html" + "; charset=x".repeat(size / 11);
                break;
            default: throw new IllegalArgumentException(input);
        }
    }

    private byte[] repeat(String unit) {
        return unit.repeat(size / unit.length()).getBytes(StandardCharsets.ISO_8859_1);
    }

    @Benchmark
    public EncodingDecision sniff() {
        return BrowserCharsetJsoup.sniff(body, contentType);
    }

    @Benchmark
    public DecodedHtml decode() {
        return BrowserCharsetJsoup.decode(body, contentType);
    }
}
