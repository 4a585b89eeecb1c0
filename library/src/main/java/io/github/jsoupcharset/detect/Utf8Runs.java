package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.markup.AsciiBytes;

/**
 * The runs of non-ASCII bytes of a body read a piece at a time, counted as {@link Detector}
 * counts those of a body held whole: the whole UTF-8 sequences of the runs that read as UTF-8,
 * how many of those runs end in a sequence cut short, and the bytes of the other runs. For a body
 * longer than what detection decides from (a stream's look-ahead), so that the share of a mixed
 * page's parts is the whole body's however it arrives. Constant memory: a run is read as it goes.
 * Not thread-safe; one per body.
 */
public final class Utf8Runs {
    private long whole;
    private long cut;
    private long nonAscii;
    private long utf8Bytes;
    // the run being read: its length, whether it still reads as UTF-8, its whole sequences, and the
    // sequence it is in (its lead, how many continuation bytes it asks for and has)
    private long runLength;
    private boolean utf8;
    private long sequences;
    private int lead;
    private int need;
    private int got;

    /** Reads {@code b[off, off+len)}, the next bytes of the body. */
    public void feed(byte[] b, int off, int len) {
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (runLength == 0) {
                // between runs: ASCII stepped over eight bytes at a time
                i = AsciiBytes.firstNonAscii(b, i, end);
                if (i == end) break;
                if (i + 1 < end && !Utf8Scan.continuation(b[i] & 0xFF, 0, b[i + 1] & 0xFF) | Utf8Scan.trailBytes(b[i] & 0xFF) == 0) {
                    // a run that does not begin as UTF-8 (legacy text's, mostly) is none: stepped over
                    int runEnd = AsciiBytes.firstAscii(b, i, end);
                    nonAscii += runEnd - i;
                    if (runEnd == end) {
                        runLength = runEnd - i; // it goes on in the next bytes, as no UTF-8
                        utf8 = false;
                        break;
                    }
                    i = runEnd; // an ASCII byte, between runs
                    continue;
                }
            }
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                endRun();
                continue;
            }
            nonAscii++;
            if (runLength++ == 0) {
                utf8 = true;
                sequences = 0;
                need = 0;
                got = 0;
            }
            if (!utf8) continue;
            if (got < need) {
                // a continuation byte, or the run is no UTF-8 (a sequence broken inside it)
                if (Utf8Scan.continuation(lead, got, c)) {
                    if (++got == need) sequences++;
                } else {
                    utf8 = false;
                }
            } else {
                lead = c;
                need = Utf8Scan.trailBytes(c);
                got = 0;
                if (need == 0) utf8 = false;
            }
        }
    }

    /** Counts the run that just ended as {@code Detector.utf8Run} reads it. */
    private void endRun() {
        if (endsAsUtf8()) {
            whole += sequences;
            if (got < need) cut++;
            utf8Bytes += runLength;
        }
        runLength = 0;
    }

    /**
     * Whether the run being read is UTF-8 if it ends here: whole sequences so far, the last perhaps
     * cut short after a continuation byte (not a lead alone, nor no sequence at all).
     */
    private boolean endsAsUtf8() {
        return utf8 && !(got < need && got == 0 || got == need && sequences == 0);
    }

    /**
     * The counts of every byte read, the body ending there: the whole sequences of its UTF-8 runs,
     * how many of those end cut short, and the bytes of its other runs, as {@code Detector.runs}
     * gives them (each at most {@link Integer#MAX_VALUE}).
     */
    public int[] runs() {
        long w = whole;
        long c = cut;
        long u = utf8Bytes;
        if (runLength > 0 && endsAsUtf8()) {
            w += sequences;
            if (got < need) c++;
            u += runLength;
        }
        return new int[] {saturated(w), saturated(c), saturated(nonAscii - u)};
    }

    private static int saturated(long n) {
        return (int) Math.min(Integer.MAX_VALUE, n);
    }
}
