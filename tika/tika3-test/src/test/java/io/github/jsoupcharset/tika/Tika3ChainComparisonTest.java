package io.github.jsoupcharset.tika;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

/** Tika 3's chain alone and with this detector on the same pages (the README's figures). */
class Tika3ChainComparisonTest {

    @Test
    void onTheBuiltPagesTheBrowsersTextEverywhereAndTikaAloneFallsShort() {
        ChainComparison.Result result = Tika3ChainComparison.compare(ChainComparison.builtCases());
        System.out.print("Tika 3, built pages, " + result.table());
        assertThat(result.total(2), equalTo(result.total(0)));
        assertThat(result.total(1), lessThan(result.total(0)));
        assertThat(List.copyOf(result.onlyFirst().keySet()), is(empty()));
    }

    @Test
    void onTheSharedCorpusBetterThanTikaAlone() {
        List<ChainComparison.Case> cases = ChainComparison.corpusCases(SharedPages.file("corpus/chardet"));
        assertThat(cases.size(), greaterThan(300));
        ChainComparison.Result result = Tika3ChainComparison.compare(cases);
        System.out.print("Tika 3, shared corpus, " + result.table());
        assertThat(result.total(2), greaterThan(result.total(1)));
        assertThat(List.copyOf(result.onlyFirst().keySet()), is(empty()));
    }
}
