package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.sniff.DocumentDeclaration.FailedLabel;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The labels the scans of a document find that "get an encoding" does not know, as a decision
 * keeps them: the first {@link EncodingDecision#MAX_IGNORED_LABELS} in document order, each cut
 * by {@link Labels#bounded}, and how many there were in all. A page of a million unknown labels
 * takes the same memory as a page of nine.
 *
 * <p>A declaration two scans read is counted once, by its offset. Scans overlap only in the
 * prescan's window: the prescan reads at most {@link Prescan#WINDOW} bytes, and the XML
 * declaration, which the prescan and the later scans may both read, is at offset 0. So the offsets
 * seen below the window are remembered (a bit each) and a later offset is new.
 *
 * <p>One instance per sniff, filled by the scans in turn; not thread-safe. Internal.
 */
final class FailedLabels {
    private static final int KEPT = EncodingDecision.MAX_IGNORED_LABELS;

    private final List<FailedLabel> kept = new ArrayList<>(KEPT + 1); // by offset
    private final BitSet seenInWindow = new BitSet(Prescan.WINDOW);
    private int count;

    /** Records the label of the declaration at {@code offset}, unless a scan recorded it already. */
    void add(String label, DecisionSource source, int offset) {
        if (offset < Prescan.WINDOW) {
            if (seenInWindow.get(offset)) return;
            seenInWindow.set(offset);
        }
        // each declaration has its own offset in a byte array, so the count fits in an int
        count++;
        if (kept.size() == KEPT && offset > kept.get(KEPT - 1).offset()) return;
        // the scans report in document order, but a later scan (XML declaration) may report earlier bytes
        int at = kept.size();
        while (at > 0 && kept.get(at - 1).offset() > offset) at--;
        kept.add(at, new FailedLabel(EncodingDecision.boundedLabel(label), source, offset));
        if (kept.size() > KEPT) kept.remove(KEPT);
    }

    /**
     * Gives each kept label of source {@link DecisionSource#LATE_META} the source {@code byOffset}
     * names for its offset (browsers' meta scan reports a meta in the first 1024 bytes as the
     * prescan's).
     */
    void relabelMetas(IntFunction<DecisionSource> byOffset) {
        kept.replaceAll(f -> f.source() == DecisionSource.LATE_META
                ? new FailedLabel(f.label(), byOffset.apply(f.offset()), f.offset()) : f);
    }

    /** The first labels in document order, at most {@link EncodingDecision#MAX_IGNORED_LABELS}. */
    List<FailedLabel> kept() {
        return List.copyOf(kept);
    }

    /** How many labels were recorded, kept or not. */
    int count() {
        return count;
    }
}
