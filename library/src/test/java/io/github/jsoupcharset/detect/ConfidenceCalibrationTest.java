package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import java.io.IOException;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

/**
 * The detector's confidence is a calibrated probability ({@link Calibration}), measured on the
 * half of the calibration set it was not fitted on ({@link ConfidenceCalibration}).
 */
class ConfidenceCalibrationTest {
    @Test
    void confidenceIsCalibratedOnPagesHeldOutFromFitting() throws IOException {
        List<ConfidenceCalibration.Sample> samples = ConfidenceCalibration.samples(DetectionCorpus.development());
        List<ConfidenceCalibration.Sample> heldOut = samples.stream().filter(s -> !s.fit()).toList();
        assertThat(heldOut.size(), greaterThan(1000));
        // the mean gap between predicted and observed, per decile, weighed by its guesses
        assertThat(ConfidenceCalibration.calibrationError(heldOut), lessThan(0.06));
        // above the documented threshold a guess is right nine times in ten or more
        assertThat(ConfidenceCalibration.rightWhenSure(heldOut), greaterThanOrEqualTo(0.9));
        // and the probability ranks: the top decile is right more often than the guesses under the threshold
        double low = heldOut.stream().filter(s -> s.predicted() * 100 < Calibration.UNSURE).filter(ConfidenceCalibration.Sample::right).count()
                / (double) heldOut.stream().filter(s -> s.predicted() * 100 < Calibration.UNSURE).count();
        double top = heldOut.stream().filter(s -> s.predicted() >= 0.9).filter(ConfidenceCalibration.Sample::right).count()
                / (double) heldOut.stream().filter(s -> s.predicted() >= 0.9).count();
        assertThat(low, lessThanOrEqualTo(top - 0.2));
    }

    @Test
    void theFittedCoefficientsAreTheOnesInUse() throws IOException {
        List<ConfidenceCalibration.Sample> samples = ConfidenceCalibration.samples(DetectionCorpus.development());
        double[] w = ConfidenceCalibration.fit(samples.stream().filter(ConfidenceCalibration.Sample::fit).toList());
        assertThat(Math.abs(w[0] - Calibration.INTERCEPT), lessThan(0.01));
        assertThat(Math.abs(w[1] - Calibration.LOG_LEAD), lessThan(0.01));
        assertThat(Math.abs(w[2] - Calibration.RELATIVE_LEAD), lessThan(0.01));
    }

    @Test
    void aLoneAccentedLetterIsUnsureAndAPageOfTextIsNot() {
        // "café": windows-1252, but a dozen encodings read the one byte as a letter
        EncodingDecision lone = BrowserCharsetJsoup.sniff("<p>caf\u00e9</p>".getBytes(StandardCharsets.ISO_8859_1), null);
        assertThat(lone.source(), equalTo(DecisionSource.DETECTION));
        assertThat(lone.isDetectionUnsure(), equalTo(true));
        StringBuilder text = new StringBuilder("<p>");
        for (int i = 0; i < 20; i++) text.append("Съешь же ещё этих мягких французских булок, да выпей чаю. ");
        EncodingDecision page = BrowserCharsetJsoup.sniff(text.toString().getBytes(java.nio.charset.Charset.forName("windows-1251")), null);
        assertThat(page.encoding(), equalTo(io.github.jsoupcharset.encoding.Encoding.WINDOWS_1251));
        assertThat(page.detectorConfidence().getAsInt(), greaterThanOrEqualTo(95));
        assertThat(page.isDetectionUnsure(), equalTo(false));
        // the decision's threshold is the calibration's
        assertThat(EncodingDecision.DETECTION_UNSURE_BELOW, equalTo(Calibration.UNSURE));
        // a declared page has no detector confidence and is never "unsure"
        assertThat(BrowserCharsetJsoup.sniff(new byte[] {'a'}, "text/html; charset=utf-8").isDetectionUnsure(), equalTo(false));
    }
}
