package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.detect.Exemplars.Exemplar;

/**
 * The scoring in its plain form, the oracle the faster forms are held to: the text read as code
 * points one after the other, and every non-ASCII one's {@link TextEvidence#contribution} taken
 * with the code points two before, one before and one after it (' ' beyond either end), its
 * exemplar weight summed per language as it comes.
 */
final class PlainScoring {
    private PlainScoring() {}

    /** {@link TextEvidence#parts(char[], int, long, Candidate)} of {@code text[0, n)}, plainly. */
    static TextEvidence.Parts parts(char[] text, int n, long errors, Candidate candidate) {
        int[] codePoints = new String(text, 0, n).codePoints().toArray();
        Exemplar[] langs = Exemplars.of(candidate);
        double[] hits = new double[langs.length];
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        for (int j = 0; j < codePoints.length; j++) {
            int c = codePoints[j];
            if (c < 0x80) continue;
            int v = TextEvidence.contribution(at(codePoints, j - 2), at(codePoints, j - 1), TextEvidence.entry(c),
                    at(codePoints, j + 1));
            if ((v & TextEvidence.COUNTED_LETTER) != 0) {
                letters++;
                for (int k = 0; k < langs.length; k++) hits[k] += langs[k].weight(c);
            }
            if ((v & 2) != 0) positive++;
            if ((v & 4) != 0) c1++;
            implausible += v >>> 4;
        }
        double best = 0;
        for (double h : hits) best = Math.max(best, h);
        return new TextEvidence.Parts(best, letters, implausible, positive, c1, errors);
    }

    private static int at(int[] codePoints, int j) {
        return TextEvidence.entry(j < 0 || j >= codePoints.length ? ' ' : codePoints[j]);
    }
}
