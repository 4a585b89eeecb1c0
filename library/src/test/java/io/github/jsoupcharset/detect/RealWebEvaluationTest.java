package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.RealWebCorpus;
import io.github.jsoupcharset.decision.EncodingDecision;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

/**
 * The figures of {@link RealWebEvaluation} on {@code ../shared/corpus/realweb} (skipped where the
 * shared data is absent, required under {@code JSOUPCHARSET_REQUIRE_SHARED}): on undeclared real
 * pages, outside the UTF-8 rule, we give Chromium's text or a reviewed truth on every page.
 */
class RealWebEvaluationTest {
    /**
     * Disagreements with Chromium outside the UTF-8 rule that no reviewed truth settles for us: 22
     * before detection's priors came from the web (English with curly quotes as macintosh, no-break
     * spaces as IBM866, …), and the target a quarter of that.
     */
    static final int MOST_UNSETTLED = 0;

    @Test
    void undeclaredRealPagesGiveChromiumsTextOrAReviewedTruth() throws Exception {
        List<RealWebEvaluation.Result> results = RealWebEvaluation.results(RealWebCorpus.cases());
        int[][] t = RealWebEvaluation.tally(results);
        int[] all = t[RealWebEvaluation.FOLDS];
        assertThat("pages", results.size(), equalTo(511));
        assertThat("differ, Chromium right", all[RealWebEvaluation.Outcome.CHROMIUM_RIGHT.ordinal()], equalTo(0));
        assertThat("differ, unreviewed", all[RealWebEvaluation.Outcome.UNREVIEWED.ordinal()], lessThanOrEqualTo(MOST_UNSETTLED));
        assertThat("same text as Chromium", all[RealWebEvaluation.Outcome.AGREE.ordinal()], greaterThanOrEqualTo(376));
        // every fold (sources held out together) agrees: no fold has a page settled against us
        for (int f = 0; f < RealWebEvaluation.FOLDS; f++) {
            assertThat("fold " + f, t[f][RealWebEvaluation.Outcome.CHROMIUM_RIGHT.ordinal()]
                    + t[f][RealWebEvaluation.Outcome.UNREVIEWED.ordinal()], equalTo(0));
        }
    }

    @Test
    void noPageReadWrongInALargePartIsSure() throws Exception {
        for (RealWebEvaluation.Result r : RealWebEvaluation.results(RealWebCorpus.cases())) {
            EncodingDecision d = r.ours().decision();
            if (d.mixture().isPresent() && d.mixture().get().sharePercent() >= EncodingDecision.Mixture.LARGE_SHARE) {
                assertThat(r.page().id(), d.isDetectionUnsure(), equalTo(true));
            }
        }
    }

    @Test
    void everyReviewedTruthIsAnUndeclaredPageOfTheCorpus() throws Exception {
        List<RealWebCorpus.Case> cases = RealWebCorpus.cases();
        for (String id : RealWebEvaluation.truths().keySet()) {
            assertThat(id, RealWebCorpus.byId(cases, id).map(RealWebCorpus.Case::undeclared).orElse(false), equalTo(true));
        }
    }
}
