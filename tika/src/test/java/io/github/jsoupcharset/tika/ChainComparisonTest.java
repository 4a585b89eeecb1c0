package io.github.jsoupcharset.tika;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;

/** Tika 4's chain alone and with this detector on the same pages (the README's figures). */
class ChainComparisonTest {

    @Test
    void onTheBuiltPagesTheBrowsersTextEverywhereAndTikaAloneFallsShort() {
        ChainComparison.Result result = TikaChainComparison.compare(ChainComparison.builtCases());
        System.out.print("built pages, " + result.table());
        int pages = result.total(0);
        assertThat(result.total(2), equalTo(pages));
        assertThat(result.total(1), is(org.hamcrest.Matchers.lessThan(pages)));
        assertThat(result.onlyFirst().isEmpty(), is(true));
    }

    @Test
    void onTheSharedCorpusNoWorseThanTikaAlone() {
        List<ChainComparison.Case> cases = ChainComparison.corpusCases(SharedPages.file("corpus/chardet"));
        assertThat(cases.size(), greaterThan(300));
        ChainComparison.Result result = TikaChainComparison.compare(cases);
        System.out.print("shared corpus, " + result.table());
        assertThat(result.total(2), greaterThanOrEqualTo(result.total(1)));
        assertThat(result.onlySecond().keySet().isEmpty(), is(false));
        assertThat(List.copyOf(result.onlyFirst().keySet()), is(empty()));
    }
}
