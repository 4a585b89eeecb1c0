package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;

import java.util.Arrays;

/**
 * A body longer than the look-ahead detection decided it from: its runs of non-ASCII bytes are
 * counted as the rest is read ({@link BodyRuns}), and once the whole body has been, the decision
 * is made again from the look-ahead with the whole body's runs. Whether the page is partly UTF-8
 * and partly not, the share of each part, the confidence that share bounds, and with them the
 * part decided for, are then the whole body's, as the {@code byte[]} entry points judge them
 * (where the text detection weighs lies in the look-ahead: its first 448 KiB hold the first
 * non-ASCII byte). Holds the look-ahead to the end. Not thread-safe; one per body.
 */
public final class MixtureWatch {
    private final byte[] lookahead;
    private final int length;
    private final String headerLabel;
    private final SniffOptions options;
    private final int[] lookaheadRuns;
    private final BodyRuns runs = new BodyRuns();
    // the last decision made again, and the counts it was made for: asked again once the body
    // has ended (the stream's decision, a file's reopening), it is not made again
    private int[] decidedFor;
    private EncodingDecision decided;

    private MixtureWatch(byte[] lookahead, int length, String headerLabel, SniffOptions options) {
        this.lookahead = lookahead;
        this.length = length;
        this.headerLabel = headerLabel;
        this.options = options;
        runs.feed(lookahead, 0, length);
        lookaheadRuns = runs.counts();
    }

    /**
     * A watch for the body whose first bytes {@code lookahead[0, length)} made {@code decision},
     * or null where the runs after them cannot change it: only detection reads them. The array is
     * kept, not copied: it must not be written while the watch is used.
     */
    public static MixtureWatch of(EncodingDecision decision, byte[] lookahead, int length, String headerLabel,
            SniffOptions options) {
        return decision.source() == DecisionSource.DETECTION ? new MixtureWatch(lookahead, length, headerLabel, options) : null;
    }

    /** Reads {@code b[off, off+len)}, the next bytes of the body after the look-ahead (and after those read before). */
    public void feed(byte[] b, int off, int len) {
        runs.feed(b, off, len);
    }

    /**
     * The decision for the whole body read so far (all of it, when called at its end): {@code
     * first}, the look-ahead's, where the bytes after it hold no run that changes the counts,
     * else the decision made again from the look-ahead with the counts of every byte read.
     */
    public EncodingDecision decision(EncodingDecision first) {
        int[] whole = runs.counts();
        if (Arrays.equals(whole, lookaheadRuns)) return first;
        if (!Arrays.equals(whole, decidedFor)) {
            decided = Sniffer.sniffPart(lookahead, 0, length, headerLabel, options, whole);
            decidedFor = whole;
        }
        return decided;
    }
}
