package io.github.jsoupcharset.bench;

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

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Detection on undeclared legacy pages ({@link DetectionPages}), ours beside the peers a Java user
 * would pick instead (juniversalchardet, Tika's default encoding detector, ICU4J's
 * CharsetDetector) and jsoup's parse of the same page: each invocation handles the next page of
 * the family in turn, so in {@code SampleTime} mode the distribution is over the family's pages
 * (every page the same number of times): p0.50 is the median page, the mean × pages the total.
 * {@link PeerDetectionPerPage} gives each page's time, every tool in one JVM. Ten seconds of
 * warm-up: with three, our CJK path was still being compiled in the measured iterations.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
public class PeerDetectionBenchmark {
    @Param({"all"})
    public String family;

    private List<DetectionPages.Page> pages;
    private int next;

    @Setup
    public void setUp() {
        pages = DetectionPages.of(family);
    }

    private DetectionPages.Page nextPage() {
        DetectionPages.Page p = pages.get(next);
        next = next + 1 == pages.size() ? 0 : next + 1;
        return p;
    }

    @Benchmark
    public Object ours() {
        return Peers.ours(nextPage().bytes());
    }

    @Benchmark
    public Object juniversalchardet() {
        return Peers.juniversalchardet(nextPage().bytes());
    }

    @Benchmark
    public Object tika() {
        return Peers.tika(nextPage().bytes());
    }

    @Benchmark
    public Object icu4j() {
        return Peers.icu4j(nextPage().bytes());
    }

    @Benchmark
    public Object jsoupParse() {
        return Peers.jsoupParse(nextPage());
    }
}
