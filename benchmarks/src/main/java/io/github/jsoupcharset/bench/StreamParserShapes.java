package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecidedStreamParser;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.parser.Parser;
import org.jsoup.parser.StreamParser;
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
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The reproducer for jsoup's {@link StreamParser} cost with {@code selectNext} + {@code remove()}
 * over {@code n} {@code <p>} elements: separated by newlines, removing each {@code <p>} leaves its
 * newline behind, the body's child list grows with every element, and each insert re-indexes it,
 * so the loop is quadratic in {@code n} whatever decodes the bytes ({@code jsoupNaive}, jsoup's own
 * StreamParser over an {@link InputStreamReader}, shows the same). Removing what came before the
 * element as well ({@code linear}) keeps the list short. Single shot: the quadratic shape at a
 * million elements takes minutes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class StreamParserShapes {
    @Param({"25000", "50000", "100000"})
    public int n;

    /** Whether the elements are separated by newlines (text nodes left behind by remove()). */
    @Param({"true", "false"})
    public boolean newlines;

    private byte[] page;

    @Setup
    public void setUp() {
        page = page(n, newlines);
    }

    static byte[] page(int n, boolean newlines) {
        StringBuilder b = new StringBuilder(n * 24).append("<!DOCTYPE html><meta charset=utf-8><body>\n");
        for (int i = 0; i < n; i++) {
            b.append("<p>caf\u00e9 ").append(i).append("</p>");
            if (newlines) b.append('\n');
        }
        return b.append("</body>").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@code selectNext} then {@code remove()}: quadratic when newlines stay behind. */
    @Benchmark
    public int naive() throws IOException {
        int count = 0;
        try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(new ByteArrayInputStream(page), null, "")) {
            Element p;
            while ((p = parser.selectNext("p")) != null) {
                count += p.text().length();
                p.remove();
            }
        }
        return count;
    }

    /** The same with jsoup's own StreamParser and the JDK's decoder: the same shape of cost. */
    @Benchmark
    public int jsoupNaive() throws IOException {
        int count = 0;
        try (StreamParser parser = new StreamParser(Parser.htmlParser())
                .parse(new InputStreamReader(new ByteArrayInputStream(page), StandardCharsets.UTF_8), "")) {
            Element p;
            while ((p = parser.selectNext("p")) != null) {
                count += p.text().length();
                p.remove();
            }
        }
        return count;
    }

    /** {@code selectNext}, then remove the element and every node before it in its parent: linear. */
    @Benchmark
    public int linear() throws IOException {
        int count = 0;
        try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(new ByteArrayInputStream(page), null, "")) {
            Element p;
            while ((p = parser.selectNext("p")) != null) {
                count += p.text().length();
                removeWithWhatCameBefore(p);
            }
        }
        return count;
    }

    /** Removes {@code el} and its earlier siblings (the text a newline left), last first. */
    static void removeWithWhatCameBefore(Element el) {
        Node before = el.previousSibling();
        el.remove();
        while (before != null) {
            Node earlier = before.previousSibling();
            before.remove();
            before = earlier;
        }
    }

    /**
     * One run of a shape, timed by the thread's CPU time (for a machine shared with other work):
     * {@code java -cp benchmarks.jar io.github.jsoupcharset.bench.StreamParserShapes naive|linear|jsoupNaive N true|false}.
     */
    public static void main(String[] args) throws IOException {
        StreamParserShapes b = new StreamParserShapes();
        b.n = Integer.parseInt(args[1]);
        b.newlines = Boolean.parseBoolean(args[2]);
        b.setUp();
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long t0 = cpu.getCurrentThreadCpuTime();
        int count = switch (args[0]) {
            case "naive" -> b.naive();
            case "linear" -> b.linear();
            case "jsoupNaive" -> b.jsoupNaive();
            default -> throw new IllegalArgumentException(args[0]);
        };
        System.out.printf("%s n=%d newlines=%s: %.2f s CPU (%d chars)%n", args[0], b.n, b.newlines,
                (cpu.getCurrentThreadCpuTime() - t0) / 1e9, count);
    }
}
