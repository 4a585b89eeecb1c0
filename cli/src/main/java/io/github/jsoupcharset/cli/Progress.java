package io.github.jsoupcharset.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress of an audit on stderr: a bar redrawn in place (records, pages, bytes, rate) when stderr
 * is a terminal, otherwise a plain line every ten seconds, so logs stay readable. At the end, one
 * line a person reads: pages, total time, and the rate after the JVM's warm-up (the first
 * {@link #WARM_UP_NANOS} of a run, while the JIT compiles, run slower than the rest).
 */
final class Progress {
    private static final long TERMINAL_EVERY_NANOS = 200_000_000L;
    private static final long PLAIN_EVERY_NANOS = 10_000_000_000L;
    /** The first seconds of a run are the JVM's warm-up: the rate is measured after them. */
    static final long WARM_UP_NANOS = 5_000_000_000L;
    /** A run this short has too little after its warm-up for a rate. */
    static final long SHORTEST_FOR_A_RATE_NANOS = 10_000_000_000L;

    private final PrintStream err;
    private final boolean terminal;
    private final long totalBytes;
    private final long start = System.nanoTime();
    private long lastShown = start;
    private boolean drawn;
    /** Pages and bytes when the warm-up ended, or -1 while it lasts. */
    private long pagesWarm = -1;
    private long bytesWarm;

    /**
     * @param terminal redraw a bar in place (stderr is a terminal) instead of writing plain lines
     * @param totalBytes the size of every input together, for the percentage
     */
    Progress(PrintStream err, boolean terminal, long totalBytes) {
        this.err = err;
        this.terminal = terminal;
        this.totalBytes = totalBytes;
    }

    /** Shows progress if it is time to. */
    void update(long records, long pages, long bytesDone) {
        long now = System.nanoTime();
        if (pagesWarm < 0 && now - start >= WARM_UP_NANOS) {
            pagesWarm = pages;
            bytesWarm = bytesDone;
        }
        if (now - lastShown < (terminal ? TERMINAL_EVERY_NANOS : PLAIN_EVERY_NANOS)) return;
        lastShown = now;
        show(records, pages, bytesDone, now);
    }

    /** Shows the final state and ends the line. */
    void finish(long records, long pages, long bytesDone) {
        long now = System.nanoTime();
        interrupt();
        err.println("jsoup-charset: audit: " + summary(records, pages, bytesDone, now - start, pagesWarm, bytesWarm));
        err.flush();
    }

    /**
     * The closing line, e.g. {@code 38 pages (42 records, 0.02 MB) in 0.8 s; 50 pages/s, warm-up
     * included (a run under 10 s is mostly the JVM's warm-up)} or {@code 120,345 pages (...) in 3 min
     * 12 s; 812 pages/s (1.9 MB/s) after the first 5 s of warm-up}.
     */
    static String summary(long records, long pages, long bytes, long nanos, long pagesWarm, long bytesWarm) {
        String head = String.format(Locale.ROOT, "%,d %s (%,d records, %.2f MB) in %s", pages, pages == 1 ? "page" : "pages",
                records, bytes / 1e6, duration(nanos));
        if (nanos < SHORTEST_FOR_A_RATE_NANOS || pagesWarm < 0) {
            return head + String.format(Locale.ROOT, "; %,.0f pages/s, warm-up included%s", pages / Math.max(1e-9, nanos / 1e9),
                    nanos < SHORTEST_FOR_A_RATE_NANOS ? " (a run under " + SHORTEST_FOR_A_RATE_NANOS / 1_000_000_000L
                            + " s is mostly the JVM's warm-up)" : "");
        }
        double after = (nanos - WARM_UP_NANOS) / 1e9;
        return head + String.format(Locale.ROOT, "; %,.0f pages/s (%.2f MB/s) after the first %d s of warm-up",
                (pages - pagesWarm) / after, (bytes - bytesWarm) / 1e6 / after, WARM_UP_NANOS / 1_000_000_000L);
    }

    /** A duration as a person reads it: {@code 0.8 s}, {@code 42 s}, {@code 3 min 12 s}, {@code 2 h 5 min}. */
    static String duration(long nanos) {
        double seconds = nanos / 1e9;
        if (seconds < 10) return String.format(Locale.ROOT, "%.1f s", seconds);
        long s = Math.round(seconds);
        if (s < 60) return s + " s";
        if (s < 3600) return s / 60 + " min " + s % 60 + " s";
        return s / 3600 + " h " + s % 3600 / 60 + " min";
    }

    /** Clears the bar before another message is written to stderr. */
    void interrupt() {
        if (terminal && drawn) {
            err.print("\r\033[K");
            drawn = false;
        }
    }

    private void show(long records, long pages, long bytesDone, long now) {
        double seconds = Math.max(1e-9, (now - start) / 1e9);
        double mb = bytesDone / 1e6;
        String counts = String.format(Locale.ROOT, "%,d records, %,d pages, %.2f/%.2f MB, %.2f MB/s, %,.0f pages/s, %.1f s",
                records, pages, mb, totalBytes / 1e6, mb / seconds, pages / seconds, seconds);
        if (terminal) {
            int width = 24;
            int filled = totalBytes <= 0 ? width : (int) Math.min(width, width * bytesDone / totalBytes);
            int percent = totalBytes <= 0 ? 100 : (int) Math.min(100, 100 * bytesDone / totalBytes);
            err.print("\r\033[K[" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + percent + "% " + counts);
            drawn = true;
        } else {
            err.println("jsoup-charset: audit: " + counts);
        }
        err.flush();
    }
}
