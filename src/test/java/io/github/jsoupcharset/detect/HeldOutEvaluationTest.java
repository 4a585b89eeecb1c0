package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.lessThan;

/**
 * The held-out evaluation's folds group what must be held out together, and the confidence stays
 * calibrated when each source or language is held out of its fitting (DETECTION.md, "Held out").
 */
class HeldOutEvaluationTest {
    @Test
    void aSiteInEveryEncodingIsOneSource() {
        assertThat(HeldOutEvaluation.source("tests/KOI8-R/forum.template-toolkit.ru.2.xml"),
                equalTo(HeldOutEvaluation.source("tests/windows-1251-russian/forum.template-toolkit.ru.xml")));
        assertThat(HeldOutEvaluation.source("tests/EUC-JP/_ude_1.txt"), equalTo(HeldOutEvaluation.source("tests/Big5/_ude_3.txt")));
        assertThat(HeldOutEvaluation.language("tests/windows-1250-hungarian/bbc.co.uk.hu.xml", Encoding.WINDOWS_1250),
                equalTo("hungarian"));
        assertThat(HeldOutEvaluation.language("tests/SHIFT_JIS/10e.org.xml", Encoding.SHIFT_JIS), equalTo("japanese"));
        assertThat(HeldOutEvaluation.language("tests/utf-8-sig/_ude_4.txt", Encoding.UTF_8), equalTo("utf-8 (several)"));
    }

    @Test
    void confidenceIsCalibratedOnHeldOutSourcesAndLanguages() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        List<ConfidenceCalibration.Sample> all = ConfidenceCalibration.samples(cases);
        for (boolean bySource : new boolean[] {true, false}) {
            List<ConfidenceCalibration.Sample> heldOut = HeldOutEvaluation.heldOutCalibration(cases, all, bySource);
            assertThat(heldOut.size(), equalTo(all.size()));
            assertThat(ConfidenceCalibration.calibrationError(heldOut), lessThan(0.06));
            // a language never seen is read a little too surely: still over eight in ten right above 70%
            assertThat(ConfidenceCalibration.rightWhenSure(heldOut), greaterThanOrEqualTo(bySource ? 0.9 : 0.85));
        }
    }
}
