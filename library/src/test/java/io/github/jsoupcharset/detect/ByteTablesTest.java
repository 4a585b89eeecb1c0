package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import org.junit.jupiter.api.Test;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * The byte tables are the model's one definition ({@link TextEvidence#contribution}) tabulated:
 * for every single-byte candidate, every non-ASCII byte between every pair of neighbours (and
 * the byte two before them taking every value in turn) looks up what the function gives for
 * those bytes' characters, in the candidate's own table and, between ASCII bytes, in the
 * combined one. A rule read through a class that merges bytes it tells apart would show here.
 */
class ByteTablesTest {
    @Test
    void everyCandidatesTableGivesWhatTheFunctionGivesForEveryNeighbour() {
        long compared = 0;
        for (ByteTables.ByteTable t : ByteTables.COMBINED.tables) {
            int[] e = t.packed;
            for (int b = 0x80; b < 0x100; b++) {
                for (int p = 0; p < 0x100; p++) {
                    for (int q = 0; q < 0x100; q++) {
                        int o = (b * 31 + p * 7 + q) & 0xFF; // every value two before, in turn
                        int expected = TextEvidence.contribution(e[o], e[p], e[b], e[q]);
                        if (t.contribution(b, o, p, q) != expected) {
                            assertThat(String.format("bytes %02X %02X [%02X] %02X", o, p, b, q), t.contribution(b, o, p, q),
                                    equalTo(expected));
                        }
                        compared++;
                    }
                }
            }
        }
        assertThat(compared, equalTo(ByteTables.COMBINED.tables.length * 128L * 256 * 256));
    }

    @Test
    void theCombinedTableGivesWhatTheFunctionGivesBetweenAsciiBytes() {
        ByteTables.Combined all = ByteTables.COMBINED;
        Candidate[] candidates = all.candidates;
        for (int b = 0x80; b < 0x100; b++) {
            for (int p = 0; p < 0x80; p++) {
                for (int q = 0; q < 0x80; q++) {
                    int row = (((b - 0x80) * all.contextCount + all.asciiContexts[p]) * all.contextCount + all.asciiContexts[q])
                            * candidates.length;
                    for (int j = 0; j < candidates.length; j++) {
                        int[] e = all.tables[j].packed;
                        for (int o : new int[] {' ', 'a', p}) {
                            int expected = TextEvidence.contribution(e[o], e[p], e[b], e[q]);
                            if (all.contributions[row + j] != expected) {
                                assertThat(String.format("%s: bytes %02X %02X [%02X] %02X", candidates[j].encoding(), o, p, b, q),
                                        (int) all.contributions[row + j], equalTo(expected));
                            }
                        }
                    }
                }
            }
        }
    }

    /** {@link TextEvidence#entry}'s shortcuts (a table up to Thai, flags and script above) give its definition for every code point. */
    @Test
    void everyCodePointsEntryIsItsDefinition() {
        for (int c = 0; c <= Character.MAX_CODE_POINT; c++) {
            if (TextEvidence.entry(c) != TextEvidence.computeEntry(c)) {
                assertThat(Integer.toHexString(c), TextEvidence.entry(c), equalTo(TextEvidence.computeEntry(c)));
            }
        }
    }
}
