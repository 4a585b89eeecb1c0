package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * {@link StreamBenchmark}'s comparison measured in pairs, for a machine shared with other work:
 * each round parses the page once with {@code BrowserCharsetJsoup.parse(InputStream, …)} and once
 * with {@code Jsoup.parse(InputStream, charset, …)}, in alternating order, and times each by the
 * thread's CPU time (which other processes' load does not inflate as it inflates wall time). It
 * prints the median of the per-round ratios ours / jsoup with a 95% interval (order statistics of
 * the median), each side's median, and (for reference) the median ratio of the byte[] entry point,
 * timed after the pair in each round, to that round's jsoup.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.jsoupcharset.bench.StreamPaired [rounds16KB] [rounds1MB] ["16KB windows-1251 HEADER"] [pair-only]</pre>
 */
public final class StreamPaired {
    private StreamPaired() {}

    public static void main(String[] args) throws IOException {
        int small = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        int large = args.length > 1 ? Integer.parseInt(args[1]) : 150;
        // optional: only the cases whose "size encoding declaration" contains this (one JVM per case
        // keeps one case's JIT profile from shaping another's)
        String only = args.length > 2 ? args[2] : "";
        // "pair-only": no byte[] parse after each pair (it allocates the page's text as one String,
        // a humongous object for G1 at 1 MB, whose collection the next round's first parse may pay)
        boolean withBytes = !(args.length > 3 && args[3].equals("pair-only"));
        System.out.println("| size | encoding | declared by | ours ms (median CPU) | jsoup ms (median CPU) | ours / jsoup, median of pairs [95% interval] | byte[] entry point / jsoup |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (String size : new String[] {"16KB", "1MB"}) {
            for (String encoding : new String[] {"UTF-8", "windows-1251", "Shift_JIS"}) {
                for (Corpus.Declaration how : new Corpus.Declaration[] {Corpus.Declaration.HEADER, Corpus.Declaration.META}) {
                    if (!(size + " " + encoding + " " + how).contains(only)) continue;
                    run(Corpus.Page.of(encoding, how, size), size, encoding, how, size.equals("1MB") ? large : small, withBytes);
                }
            }
        }
    }

    private static void run(Corpus.Page page, String size, String encoding, Corpus.Declaration how, int rounds,
            boolean withBytes) throws IOException {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long[] ours = new long[rounds];
        long[] jsoup = new long[rounds];
        double[] ratio = new double[rounds];
        double[] bytesRatio = new double[rounds];
        int sink = 0;
        for (int pass = 0; pass < 2; pass++) { // the first pass warms up
            for (int i = 0; i < rounds; i++) {
                long a;
                long b;
                if (i % 2 == 0) {
                    long t0 = cpu.getCurrentThreadCpuTime();
                    sink += ours(page).childNodeSize();
                    long t1 = cpu.getCurrentThreadCpuTime();
                    sink += jsoup(page).childNodeSize();
                    long t2 = cpu.getCurrentThreadCpuTime();
                    a = t1 - t0;
                    b = t2 - t1;
                } else {
                    long t0 = cpu.getCurrentThreadCpuTime();
                    sink += jsoup(page).childNodeSize();
                    long t1 = cpu.getCurrentThreadCpuTime();
                    sink += ours(page).childNodeSize();
                    long t2 = cpu.getCurrentThreadCpuTime();
                    b = t1 - t0;
                    a = t2 - t1;
                }
                ours[i] = a;
                jsoup[i] = b;
                ratio[i] = (double) a / Math.max(1, b);
                if (withBytes) {
                    long t3 = cpu.getCurrentThreadCpuTime();
                    sink += BrowserCharsetJsoup.parse(page.bytes(), page.contentType(), StreamBenchmark.BASE).childNodeSize();
                    long t4 = cpu.getCurrentThreadCpuTime();
                    long c = t4 - t3;
                    // the byte[] entry point against the same round's jsoup
                    bytesRatio[i] = (double) c / Math.max(1, b);
                }
            }
        }
        Arrays.sort(ours);
        Arrays.sort(jsoup);
        Arrays.sort(ratio);
        Arrays.sort(bytesRatio);
        // 95% interval of the median: ranks n/2 -+ 0.98 sqrt(n)
        int half = (int) Math.ceil(0.98 * Math.sqrt(rounds));
        double lo = ratio[Math.max(0, rounds / 2 - half)];
        double hi = ratio[Math.min(rounds - 1, rounds / 2 + half)];
        System.out.printf("| %s | %s | %s | %.3f | %.3f | **%.3f** [%.3f, %.3f] | %s |%n", size, encoding, how,
                ours[rounds / 2] / 1e6, jsoup[rounds / 2] / 1e6, ratio[rounds / 2], lo, hi,
                withBytes ? String.format("%.3f", bytesRatio[rounds / 2]) : "not run");
        if (sink == 42) System.out.println();
    }

    private static Document ours(Corpus.Page page) throws IOException {
        return BrowserCharsetJsoup.parse(new ByteArrayInputStream(page.bytes()), page.contentType(), StreamBenchmark.BASE);
    }

    private static Document jsoup(Corpus.Page page) throws IOException {
        return Jsoup.parse(new ByteArrayInputStream(page.bytes()), page.jdkCharset(), StreamBenchmark.BASE);
    }
}
