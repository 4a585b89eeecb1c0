package io.github.jsoupcharset.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress of an audit on stderr: a bar redrawn in place (records, pages, bytes, rate) when stderr
 * is a terminal, otherwise a plain line every ten seconds, so logs stay readable.
 */
final class Progress {
    private static final long TERMINAL_EVERY_NANOS = 200_000_000L;
    private static final long PLAIN_EVERY_NANOS = 10_000_000_000L;

    private final PrintStream err;
    private final boolean terminal;
    private final long totalBytes;
    private final long start = System.nanoTime();
    private long lastShown = start;
    private boolean drawn;

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
        if (now - lastShown < (terminal ? TERMINAL_EVERY_NANOS : PLAIN_EVERY_NANOS)) return;
        lastShown = now;
        show(records, pages, bytesDone, now);
    }

    /** Shows the final state and ends the line. */
    void finish(long records, long pages, long bytesDone) {
        show(records, pages, bytesDone, System.nanoTime());
        if (terminal) err.println();
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
