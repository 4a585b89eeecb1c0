package io.github.jsoupcharset.bench;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Each undeclared legacy page's detection time, ours and every peer's, and jsoup's parse of the
 * page, all in one JVM: after a warm-up over every page, each round times every page with every
 * tool in turn (the order rotating from page to page, so that no tool always runs after the same
 * one), {@code reps} calls at a time. A page's time is its median over the rounds; a family's
 * median and total are over its pages' times; the ratios' ranges are those of the same ratio
 * computed round by round (10th to 90th percentile of the rounds), the run's own noise.
 *
 * <p>Usage (from the project root, after {@code mvn -o -q install -DskipTests} and
 * {@code mvn -o -q -f benchmarks/pom.xml package -DskipTests}):
 * {@code java -cp benchmarks/target/benchmarks.jar io.github.jsoupcharset.bench.PeerDetectionPerPage [rounds [reps [per-page.tsv]]]}.
 * Not JMH, whose forks run one benchmark each: it complements {@link PeerDetectionBenchmark}
 * with the per-page view in a single fork.
 */
public final class PeerDetectionPerPage {
    private PeerDetectionPerPage() {}

    public static void main(String[] args) throws Throwable {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path tsv = Paths.get(args.length > 2 ? args[2] : "target/peer-detection-per-page.tsv");
        List<DetectionPages.Page> pages = DetectionPages.all();
        Peers.Tool[] tools = Peers.Tool.values();
        int n = pages.size();
        int t = tools.length;
        double[][][] times = roundTimes(pages, t, rounds, reps, (tool, p) -> Peers.run(tools[tool], p));
        double[][] page = pageTimes(times);
        Files.createDirectories(tsv.toAbsolutePath().getParent());
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tsv, StandardCharsets.UTF_8))) {
            StringBuilder h = new StringBuilder("path\tfamily\ttruth\tbytes");
            for (Peers.Tool tool : tools) h.append('\t').append(tool.name().toLowerCase()).append("_us");
            w.println(h);
            for (int i = 0; i < n; i++) {
                DetectionPages.Page p = pages.get(i);
                StringBuilder line = new StringBuilder(p.path() + "\t" + p.family() + "\t" + p.truth().name() + "\t" + p.bytes().length);
                for (int k = 0; k < t; k++) line.append('\t').append(String.format("%.2f", page[i][k]));
                w.println(line);
            }
        }
        System.out.println("per-page times: " + tsv);
        int ours = Peers.Tool.OURS.ordinal();
        int jun = Peers.Tool.JUNIVERSALCHARDET.ordinal();
        int jsoup = Peers.Tool.JSOUP_PARSE.ordinal();
        System.out.println("| family | pages | ours median µs | juniversalchardet | Tika | ICU4J | jsoup parse | ours/juniv. median | ours total ms | juniv. total ms | ours/juniv. total | ours/jsoup median |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Map.Entry<String, List<Integer>> row : DetectionPages.byFamily(pages).entrySet()) {
            String family = row.getKey();
            List<Integer> members = row.getValue();
            double[] med = new double[t];
            double[] total = new double[t];
            for (int k = 0; k < t; k++) {
                double[] v = new double[members.size()];
                for (int m = 0; m < v.length; m++) v[m] = page[members.get(m)][k];
                med[k] = median(v);
                total[k] = Arrays.stream(v).sum();
            }
            // the same ratios round by round: their spread is the run's noise
            double[] medRatio = new double[rounds];
            double[] totRatio = new double[rounds];
            double[] jsoupRatio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                double[] o = new double[members.size()];
                double[] j = new double[members.size()];
                double[] s = new double[members.size()];
                for (int m = 0; m < o.length; m++) {
                    o[m] = times[r][members.get(m)][ours];
                    j[m] = times[r][members.get(m)][jun];
                    s[m] = times[r][members.get(m)][jsoup];
                }
                medRatio[r] = median(o) / median(j);
                totRatio[r] = Arrays.stream(o).sum() / Arrays.stream(j).sum();
                jsoupRatio[r] = median(o) / median(s);
            }
            System.out.printf("| %s | %d | %.1f | %.1f | %.1f | %.1f | %.1f | **%.2f** (%s) | %.2f | %.2f | **%.2f** (%s) | **%.2f** (%s) |%n",
                    family, members.size(), med[ours], med[jun], med[Peers.Tool.TIKA.ordinal()],
                    med[Peers.Tool.ICU4J.ordinal()], med[jsoup], med[ours] / med[jun], range(medRatio),
                    total[ours] / 1000, total[jun] / 1000, total[ours] / total[jun], range(totRatio),
                    med[ours] / med[jsoup], range(jsoupRatio));
        }
    }

    /** One call of the tool numbered {@code tool} on page {@code p}. */
    interface Call {
        Object run(int tool, DetectionPages.Page p) throws Throwable;
    }

    /**
     * Every page timed with each of {@code tools} tools in turn, as this harness times them: after
     * a warm-up over every page (3 rounds at least, then up to 20 s or 40 rounds), {@code rounds}
     * rounds, the tools' order rotating from page to page and round to round, {@code reps} calls
     * at a time. µs per call, by round, page and tool; prints how many rounds of each ran.
     */
    static double[][][] roundTimes(List<DetectionPages.Page> pages, int tools, int rounds, int reps, Call call)
            throws Throwable {
        int n = pages.size();
        Object sink = null;
        long warmEnd = System.nanoTime() + 20_000_000_000L;
        int warm = 0;
        while (warm < 3 || System.nanoTime() < warmEnd && warm < 40) {
            for (DetectionPages.Page p : pages) {
                for (int k = 0; k < tools; k++) sink = call.run(k, p);
            }
            warm++;
        }
        double[][][] times = new double[rounds][n][tools];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++) {
                DetectionPages.Page p = pages.get(i);
                for (int k = 0; k < tools; k++) {
                    int tool = (k + i + r) % tools;
                    long start = System.nanoTime();
                    for (int rep = 0; rep < reps; rep++) sink = call.run(tool, p);
                    times[r][i][tool] = (System.nanoTime() - start) / 1000.0 / reps;
                }
            }
        }
        System.out.println("warm-up rounds " + warm + ", measured rounds " + rounds + " x " + reps + " calls; " + (sink != null));
        return times;
    }

    /** Each page's time per tool ({@link #roundTimes}' order): its median over the rounds. */
    static double[][] pageTimes(double[][][] times) {
        int n = times[0].length;
        int tools = times[0][0].length;
        double[][] page = new double[n][tools];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < tools; k++) {
                double[] v = new double[times.length];
                for (int r = 0; r < times.length; r++) v[r] = times[r][i][k];
                page[i][k] = median(v);
            }
        }
        return page;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    /** The 10th to 90th percentile of the per-round values. */
    static String range(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int lo = (int) Math.floor(0.1 * (s.length - 1));
        int hi = (int) Math.ceil(0.9 * (s.length - 1));
        return String.format("%.2f–%.2f", s[lo], s[hi]);
    }
}
