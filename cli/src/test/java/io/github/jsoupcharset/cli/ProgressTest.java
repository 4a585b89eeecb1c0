package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

class ProgressTest {
    private static final long S = 1_000_000_000L;

    @Test
    void aShortRunSaysItsRateIncludesTheWarmUp() {
        assertThat(Progress.summary(42, 38, 20_000, 800_000_000L, -1, 0),
                is("38 pages (42 records, 0.02 MB) in 0.8 s; 48 pages/s, warm-up included (a run under 10 s is mostly"
                        + " the JVM's warm-up)"));
    }

    @Test
    void aLongRunGivesTheRateAfterTheWarmUp() {
        // 1,000 pages in the first 5 s, then 99,000 in the next 95 s: 1,042 pages/s after the warm-up
        assertThat(Progress.summary(120_000, 100_000, 500_000_000L, 100 * S, 1_000, 5_000_000L),
                is("100,000 pages (120,000 records, 500.00 MB) in 1 min 40 s; 1,042 pages/s (5.21 MB/s) after the"
                        + " first 5 s of warm-up"));
        assertThat(Progress.summary(10, 1, 10, 30 * S, -1, 0), is("1 page (10 records, 0.00 MB) in 30 s; 0 pages/s,"
                + " warm-up included"));
    }

    @Test
    void durationsReadAsAPersonSaysThem() {
        assertThat(Progress.duration(0), is("0.0 s"));
        assertThat(Progress.duration(9_940_000_000L), is("9.9 s"));
        assertThat(Progress.duration(42 * S), is("42 s"));
        assertThat(Progress.duration(192 * S), is("3 min 12 s"));
        assertThat(Progress.duration(7500 * S), is("2 h 5 min"));
    }
}
