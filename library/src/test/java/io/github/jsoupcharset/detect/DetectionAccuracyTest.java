package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

/**
 * Regression guard for detection on the development set (../shared/corpus/chardet, declarations
 * stripped): the figures reached when the detector was built. The figure that counts is measured
 * on pages the detector was not tuned on; this one only catches regressions.
 */
class DetectionAccuracyTest {
    /** 386 of 387 pages decoded to their exact true text when this guard was set (ICU4J alone: 272). */
    static final int EXPECTED_CORRECT = 386;

    @Test
    void overallAccuracyDoesNotRegress() throws IOException {
        Map<String, DetectionEvaluation.Row> rows = DetectionEvaluation.evaluate(DetectionCorpus.development());
        DetectionEvaluation.Row all = rows.get("ALL");
        assertThat(all.n(), equalTo(387));
        assertThat("pages decoded to their true text", all.ours(), greaterThanOrEqualTo(EXPECTED_CORRECT));
        assertThat("better than ICU4J alone", all.ours(), greaterThan(all.icu()));
        for (Map.Entry<String, DetectionEvaluation.Row> e : rows.entrySet()) {
            assertThat(e.getKey() + ": not worse than ICU4J alone", e.getValue().ours(),
                    greaterThanOrEqualTo(e.getValue().icu()));
        }
    }

    @Test
    void everyUtf8DocumentIsRecognisedByValidity() throws IOException {
        int utf8 = 0;
        for (DetectionCorpus.Case c : DetectionCorpus.development()) {
            if (c.truth() != Encoding.UTF_8) continue;
            utf8++;
            assertThat(c.path(), BrowserCharsetJsoup.sniff(c.bytes(), null).source(), equalTo(DecisionSource.UTF8_VALIDITY));
        }
        assertThat(utf8, greaterThan(10));
    }
}
