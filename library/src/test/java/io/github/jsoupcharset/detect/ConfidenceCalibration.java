package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.encoding.Encoding;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fits and checks the detector's calibration ({@link Calibration}). The calibration set: every
 * legacy page of the development set ({@link DetectionCorpus}), whole and cut short at 16, 32, 64,
 * 128, 256 and 512 bytes past its first non-ASCII byte (at an ASCII byte, so no character is cut),
 * where detection is hard enough to be wrong often enough to measure. A guess is right when it
 * decodes the cut page exactly as its true encoding does. The documents are split in two halves
 * (alternately, in corpus order): the model is fitted on the first, the reliability table is
 * measured on the second.
 *
 * <p>Usage: {@code ConfidenceCalibration} prints the fitted coefficients (to copy into {@link
 * Calibration}) and the reliability tables of the current ones, by decile of the predicted
 * probability, for the held-out half and for the whole pages of the development set.
 */
public final class ConfidenceCalibration {
    private ConfidenceCalibration() {}

    /** One guess: which half its document is in, the leader's score and its rival's ({@link Detector.Ranked}), whether it was right. */
    record Sample(boolean fit, boolean whole, double best, double second, boolean right, String path, double[] model) {
        /** The probability the model in use gives, or the one this sample was given ({@link #withModel}). */
        double predicted() {
            if (model == null) return Calibration.probability(best, second);
            double[] x = Calibration.features(best, second);
            return 1 / (1 + Math.exp(-(model[0] + model[1] * x[0] + model[2] * x[1])));
        }

        /** The sample under other coefficients (intercept and the two of {@link Calibration#features}). */
        Sample withModel(double[] coefficients) {
            return new Sample(fit, whole, best, second, right, path, coefficients);
        }
    }

    static final int[] CUTS = {16, 32, 64, 128, 256, 512};

    static List<Sample> samples(List<DetectionCorpus.Case> cases) {
        List<Sample> samples = new ArrayList<>();
        int doc = 0;
        for (DetectionCorpus.Case c : cases) {
            if (c.truth() == Encoding.UTF_8 || c.truth() == Encoding.ISO_2022_JP) continue;
            boolean fit = doc++ % 2 == 0;
            byte[] page = c.bytes();
            int first = 0;
            while (first < page.length && page[first] >= 0) first++;
            add(samples, c, page, fit, true);
            for (int cut : CUTS) {
                int end = Math.min(page.length, first + cut);
                while (end > first && page[end - 1] < 0) end--; // end after an ASCII byte
                if (end >= page.length) break;
                add(samples, c, Arrays.copyOf(page, end), fit, false);
            }
        }
        return samples;
    }

    private static void add(List<Sample> samples, DetectionCorpus.Case c, byte[] page, boolean fit, boolean whole) {
        if (Detector.utf8Validity(page, 0, page.length, true) != Detector.Utf8.INVALID) return;
        Detector.Ranked ranked = Detector.ranked(page, 0, page.length, List.of());
        Ranking.Scored best = ranked.candidates().get(0);
        String truth = Decoders.decodeToString(c.truth().name(), page, 0, page.length);
        String guess = Decoders.decodeToString(best.encoding().name(), page, 0, page.length);
        samples.add(new Sample(fit, whole, best.score(), ranked.rival(), truth.equals(guess), c.path(), null));
    }

    /**
     * The penalty on the two slopes (L2, in log-likelihood units): the features move together (a
     * long lead is a large share of the score), so the plain fit let them trade against each other
     * and swung with small changes to the scores (bootstrap spread of the ln-lead slope 0.41, of
     * the share's 1.16). At 1 the spread is 0.16 and 0.49 and the held-out half's log loss is the
     * lowest of 0, 1, 3, 10, 30 and 100 (0.2049 against 0.2060 unpenalised).
     */
    static final double PENALTY = 1.0;

    /**
     * Logistic regression by Newton's method on the samples' features (intercept and the two of
     * {@link Calibration#features}), the slopes penalised by {@link #PENALTY}.
     */
    static double[] fit(List<Sample> samples) {
        double[] w = {0, 0, 0};
        for (int iteration = 0; iteration < 50; iteration++) {
            double[] g = new double[3];
            double[][] h = new double[3][3];
            for (Sample s : samples) {
                double[] f = Calibration.features(s.best(), s.second());
                double[] x = {1, f[0], f[1]};
                double z = w[0] * x[0] + w[1] * x[1] + w[2] * x[2];
                double p = 1 / (1 + Math.exp(-z));
                double y = s.right() ? 1 : 0;
                for (int i = 0; i < 3; i++) {
                    g[i] += (y - p) * x[i];
                    for (int j = 0; j < 3; j++) h[i][j] += p * (1 - p) * x[i] * x[j] + (i == j ? 1e-6 : 0);
                }
            }
            for (int i = 1; i < 3; i++) {
                g[i] -= PENALTY * w[i];
                h[i][i] += PENALTY;
            }
            double[] step = solve(h, g);
            for (int i = 0; i < 3; i++) w[i] += step[i];
        }
        return w;
    }

    private static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double[][] m = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, m[i], 0, n);
            m[i][n] = b[i];
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
            double[] t = m[col];
            m[col] = m[pivot];
            m[pivot] = t;
            for (int r = 0; r < n; r++) {
                if (r == col) continue;
                double f = m[r][col] / m[col][col];
                for (int k = col; k <= n; k++) m[r][k] -= f * m[col][k];
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = m[i][n] / m[i][i];
        return x;
    }

    /** One decile of predicted probability: how many guesses, their mean prediction, the share right. */
    record Bin(int lo, int n, double predicted, double observed) {}

    static List<Bin> reliability(List<Sample> samples) {
        List<Bin> bins = new ArrayList<>();
        for (int d = 0; d < 10; d++) {
            int n = 0;
            double p = 0;
            int right = 0;
            for (Sample s : samples) {
                double q = s.predicted();
                int bin = Math.min(9, (int) (q * 10));
                if (bin != d) continue;
                n++;
                p += q;
                if (s.right()) right++;
            }
            bins.add(new Bin(d * 10, n, n == 0 ? Double.NaN : p / n, n == 0 ? Double.NaN : (double) right / n));
        }
        return bins;
    }

    /** The expected calibration error: the gap between mean prediction and share right, per decile, weighed by its guesses. */
    static double calibrationError(List<Sample> samples) {
        double e = 0;
        int n = 0;
        for (Bin b : reliability(samples)) {
            if (b.n() == 0) continue;
            e += b.n() * Math.abs(b.predicted() - b.observed());
            n += b.n();
        }
        return e / n;
    }

    /** The share of guesses at or above {@link Calibration#UNSURE} that are right. */
    static double rightWhenSure(List<Sample> samples) {
        long sure = samples.stream().filter(s -> s.predicted() * 100 >= Calibration.UNSURE).count();
        long right = samples.stream().filter(s -> s.predicted() * 100 >= Calibration.UNSURE && s.right()).count();
        return (double) right / sure;
    }

    static void print(String title, List<Sample> samples) {
        System.out.println("\n" + title + " (" + samples.size() + " guesses, "
                + samples.stream().filter(Sample::right).count() + " right)");
        System.out.println("| predicted | guesses | mean predicted | observed right |");
        System.out.println("|---|---|---|---|");
        for (Bin b : reliability(samples)) {
            if (b.n() == 0) {
                System.out.printf("| %d–%d%% | 0 | – | – |%n", b.lo(), b.lo() + 10);
            } else {
                System.out.printf("| %d–%d%% | %d | %.2f | %.2f |%n", b.lo(), b.lo() + 10, b.n(), b.predicted(), b.observed());
            }
        }
        long sure = samples.stream().filter(s -> s.predicted() * 100 >= Calibration.UNSURE).count();
        long sureRight = samples.stream().filter(s -> s.predicted() * 100 >= Calibration.UNSURE && s.right()).count();
        long unsureWrong = samples.stream().filter(s -> s.predicted() * 100 < Calibration.UNSURE && !s.right()).count();
        long wrong = samples.stream().filter(s -> !s.right()).count();
        System.out.printf("at or above %d%%: %d guesses, %.1f%% right; below: %d guesses, holding %d of the %d wrong%n",
                Calibration.UNSURE, sure, 100.0 * sureRight / Math.max(1, sure), samples.size() - sure, unsureWrong, wrong);
        System.out.printf("expected calibration error %.3f%n", calibrationError(samples));
    }

    public static void main(String[] args) throws IOException {
        Path corpus = Paths.get(System.getProperty("jsoupcharset.shared", "../shared"), "corpus/chardet");
        List<Sample> samples = samples(DetectionCorpus.load(corpus));
        List<Sample> fitting = samples.stream().filter(Sample::fit).toList();
        double[] w = fit(fitting);
        System.out.printf("fitted on %d guesses: INTERCEPT = %.4f, LOG_LEAD = %.4f, RELATIVE_LEAD = %.4f%n",
                fitting.size(), w[0], w[1], w[2]);
        System.out.printf("in use: INTERCEPT = %.4f, LOG_LEAD = %.4f, RELATIVE_LEAD = %.4f%n",
                Calibration.INTERCEPT, Calibration.LOG_LEAD, Calibration.RELATIVE_LEAD);
        print("held-out half, whole and cut pages", samples.stream().filter(s -> !s.fit()).toList());
        print("fitting half, whole and cut pages", fitting);
        print("development set, whole pages", samples.stream().filter(Sample::whole).toList());
    }
}
