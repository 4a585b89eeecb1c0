package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.detect.Utf8Runs;

/**
 * The runs of non-ASCII bytes of a body read a piece at a time, for detection to judge a page
 * partly UTF-8 and partly not by the whole body where it decides from part of it ({@link
 * Sniffer#sniffGathered}, {@link MixtureWatch}). Constant memory. Not thread-safe; one per body.
 */
public final class BodyRuns {
    private final Utf8Runs runs = new Utf8Runs();

    /** Reads {@code b[off, off+len)}, the next bytes of the body. */
    public void feed(byte[] b, int off, int len) {
        runs.feed(b, off, len);
    }

    /** The counts of every byte read, as detection reads them ({@link Utf8Runs#runs}). */
    int[] counts() {
        return runs.runs();
    }
}
