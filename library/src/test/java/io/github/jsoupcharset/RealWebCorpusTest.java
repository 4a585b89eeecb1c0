package io.github.jsoupcharset;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.*;

class RealWebCorpusTest {
    @Test
    void readsEveryCaseWithItsChromiumDecision() throws Exception {
        List<RealWebCorpus.Case> cases = RealWebCorpus.cases();
        assertThat(cases, hasSize(1213));
        // 5 pages timed out in Chromium (chromium.tsv's error column): no decision recorded
        assertThat(cases.stream().filter(c -> c.chromium().isEmpty()).count(), is(5L));
        assertThat(cases.stream().filter(RealWebCorpus.Case::undeclared).count(), is(514L));
        RealWebCorpus.Case first = cases.get(0);
        assertThat(first.servedContentType(), is("text/html; charset=ISO-8859-1"));
        assertThat(first.bytes().length, greaterThan(0));
    }

    @Test
    void aSourceRepositoryFallsInOneFold() throws Exception {
        Map<String, Set<Integer>> folds = RealWebCorpus.cases().stream().collect(Collectors.groupingBy(
                RealWebCorpus.Case::source, Collectors.mapping(c -> c.fold(5), Collectors.toSet())));
        folds.values().forEach(f -> assertThat(f, hasSize(1)));
        assertThat(folds.values().stream().flatMap(Set::stream).collect(Collectors.toSet()), hasSize(5));
    }

    @Test
    void parsesEscapesNullsAndBooleans() {
        Map<String, Object> o = RealWebCorpus.flatJsonObject(
                "{\"a\": \"x\\\"y\\u00e9\", \"b\": null, \"c\": true, \"d\": 12}");
        assertThat(o.get("a"), is("x\"yé"));
        assertThat(o.containsKey("b") && o.get("b") == null, is(true));
        assertThat(o.get("c"), is(Boolean.TRUE));
        assertThat(o.get("d"), is(12.0));
    }
}
