package io.github.jsoupcharset.detect;

/**
 * The detector's confidence as a probability: how likely the leading candidate decodes the page as
 * its author wrote it, from the leader's score and its lead over its rival (the best candidate
 * that decodes the text differently: {@link Detector.Ranked}). A logistic model
 * fitted on pages cut from the development set ({@code ConfidenceCalibration} in the tests, which
 * also prints the reliability table DETECTION.md shows); {@link #UNSURE} is the probability under
 * which a caller should treat the page's encoding as unknown. Internal; stateless.
 */
public final class Calibration {
    private Calibration() {}

    /**
     * Under this probability (in percent) a caller should treat a detected encoding as unknown: on
     * pages held out from fitting, guesses under it were right little more often than not (57%), those at
     * or above it more than nine in ten (95%) (DETECTION.md, "Confidence").
     */
    public static final int UNSURE = 70;

    /**
     * The most confidence (in percent) a guess gets when the best reading is no text at all: a body
     * that looks binary, or whose best reading is shaped as noise ({@link Detector#readsAsNoise}).
     * Its lead over the other readings says how much worse they are, not that it is right.
     */
    public static final int NOT_TEXT = 10;

    // fitted by ConfidenceCalibration (src/test): intercept, ln(1 + lead), lead / max(8, |leader|)
    static final double INTERCEPT = -0.2552;
    static final double LOG_LEAD = 2.6871;
    static final double RELATIVE_LEAD = -3.1491;

    /** The probability that the leader (score {@code best}) is right, its rival scoring {@code second}. */
    static double probability(double best, double second) {
        double[] x = features(best, second);
        double z = INTERCEPT + LOG_LEAD * x[0] + RELATIVE_LEAD * x[1];
        return 1 / (1 + Math.exp(-z));
    }

    /** The model's features: ln(1 + lead) (0 for no lead) and the lead as a share of the leader's score (at least 8), within [0, 1]. */
    static double[] features(double best, double second) {
        double lead = best - second;
        // the share is kept to [0, 1]: a leader far ahead of a rival with a very low score is not less sure
        return new double[] {Math.log1p(Math.max(0, lead)), Math.min(1, Math.max(0, lead / Math.max(8.0, Math.abs(best))))};
    }
}
