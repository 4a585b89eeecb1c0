package io.github.jsoupcharset.bench;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Two builds of the library timed against each other and against the peers in one JVM, as
 * {@link PeerDetectionPerPage} times ours: after a warm-up, each round times every page with both
 * builds and every peer in turn (the order rotating), {@code reps} calls at a time; a page's time
 * is its median over the rounds. Each build is loaded by its own class loader from a directory of
 * the library's classes (or its jar), jsoup and ICU4J shared from this jar. Runs of one JVM differ
 * by more than most changes are worth (how the JIT compiles each tool); two builds in one JVM see
 * the same machine, the same peers and the same caches, and their ratio is steadier. Each build is
 * loaded twice, in the order A, B, B, A, and a build's time on a page is the geometric mean of its
 * two copies' (a build loaded earlier runs a few percent apart from one loaded later: A against
 * itself measured 0.97 with one copy each). Prints how
 * many pages the two builds decide differently (their decisions compared as text), and per family
 * each build's median and total against juniversalchardet and B's per-page time against A's
 * (geometric mean).
 *
 * <p>Usage (from the project root, the benchmarks packaged; a build's classes from, say, {@code
 * git worktree add ../old <commit> && mvn -q -f ../old/library/pom.xml compile}):
 * {@code java -cp benchmarks/target/benchmarks.jar io.github.jsoupcharset.bench.PeerDetectionAB
 * A-classes B-classes [rounds [reps]]}.
 */
public final class PeerDetectionAB {
    private PeerDetectionAB() {}

    public static void main(String[] args) throws Throwable {
        if (args.length < 2) {
            System.err.println("usage: PeerDetectionAB A-classes B-classes [rounds [reps]]");
            System.exit(2);
        }
        // A, B, B, A: whatever loading earlier or later does, each build has both
        MethodHandle[] builds = {sniff(Paths.get(args[0])), sniff(Paths.get(args[1])), sniff(Paths.get(args[1])),
            sniff(Paths.get(args[0]))};
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        int reps = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        List<DetectionPages.Page> pages = DetectionPages.all();
        int n = pages.size();
        int differ = 0;
        for (DetectionPages.Page p : pages) {
            String a = String.valueOf(builds[0].invoke(p.bytes()));
            String b = String.valueOf(builds[1].invoke(p.bytes()));
            if (!a.equals(b)) {
                if (differ++ < 5) System.out.println("differ " + p.path() + "\n  A " + a + "\n  B " + b);
            }
        }
        System.out.println(differ + " of " + n + " pages decided differently");
        // the tools: the builds' copies, then every peer
        List<Peers.Tool> peers = new ArrayList<>(List.of(Peers.Tool.values()));
        peers.remove(Peers.Tool.OURS);
        double[][] copies = PeerDetectionPerPage.pageTimes(PeerDetectionPerPage.roundTimes(pages,
                builds.length + peers.size(), rounds, reps, (tool, p) -> tool < builds.length
                        ? builds[tool].invoke(p.bytes()) : Peers.run(peers.get(tool - builds.length), p)));
        // A and B, each the geometric mean of its two copies' page times, then the peers
        double[][] page = new double[n][2 + peers.size()];
        for (int i = 0; i < n; i++) {
            page[i][0] = Math.sqrt(copies[i][0] * copies[i][3]);
            page[i][1] = Math.sqrt(copies[i][1] * copies[i][2]);
            for (int k = 0; k < peers.size(); k++) page[i][2 + k] = copies[i][builds.length + k];
        }
        int t = page[0].length;
        int jun = 2 + peers.indexOf(Peers.Tool.JUNIVERSALCHARDET);
        System.out.println("| family | pages | A/juniv. median | A/juniv. total | B/juniv. median | B/juniv. total | B/A per page |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (Map.Entry<String, List<Integer>> row : DetectionPages.byFamily(pages).entrySet()) {
            String family = row.getKey();
            List<Integer> members = row.getValue();
            double[][] v = new double[t][members.size()];
            double[] total = new double[t];
            double logRatio = 0;
            for (int m = 0; m < members.size(); m++) {
                int i = members.get(m);
                for (int k = 0; k < t; k++) {
                    v[k][m] = page[i][k];
                    total[k] += page[i][k];
                }
                logRatio += Math.log(page[i][1] / page[i][0]);
            }
            double juniv = PeerDetectionPerPage.median(v[jun]);
            System.out.printf("| %s | %d | %.2f | %.2f | %.2f | %.2f | **%.3f** |%n", family, members.size(),
                    PeerDetectionPerPage.median(v[0]) / juniv, total[0] / total[jun],
                    PeerDetectionPerPage.median(v[1]) / juniv, total[1] / total[jun],
                    Math.exp(logRatio / members.size()));
        }
    }

    /** {@code BrowserCharsetJsoup.sniff(bytes, null)} of the build at {@code classes}, as {@code Object (byte[])}. */
    private static MethodHandle sniff(Path classes) throws IOException, ReflectiveOperationException {
        if (!classes.toFile().exists()) throw new IOException("no such build: " + classes);
        ClassLoader loader = new OwnLibrary(new URL[] {classes.toUri().toURL()}, PeerDetectionAB.class.getClassLoader());
        Class<?> facade = loader.loadClass("io.github.jsoupcharset.BrowserCharsetJsoup");
        Class<?> decision = loader.loadClass("io.github.jsoupcharset.decision.EncodingDecision");
        MethodHandle h = MethodHandles.publicLookup().findStatic(facade, "sniff",
                MethodType.methodType(decision, byte[].class, String.class));
        return MethodHandles.insertArguments(h, 1, (Object) null).asType(MethodType.methodType(Object.class, byte[].class));
    }

    /**
     * A class loader that loads the library's own classes and resources (not the benchmarks') from
     * its build alone: a build lacking one is an error, not the other build's.
     */
    private static final class OwnLibrary extends URLClassLoader {
        OwnLibrary(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        private static boolean own(String name) {
            return name.startsWith("io.github.jsoupcharset.") && !name.startsWith("io.github.jsoupcharset.bench.");
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!own(name)) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) c = findClass(name);
                if (resolve) resolveClass(c);
                return c;
            }
        }

        @Override
        public URL getResource(String name) {
            return own(name.replace('/', '.')) ? findResource(name) : super.getResource(name);
        }
    }
}
