package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * The shortcuts detection takes for speed choose what scoring everything in full chooses, on every
 * page of the development set.
 */
class RankingTest {
    /**
     * The shortcuts (single-byte candidates chosen at a glance, multi-byte ones dropped when they
     * cannot reach the best single-byte score, stage two only for close finalists, ICU4J only
     * where it could change the text) choose a winner that decodes every page of the development
     * set exactly as scoring everything in full does.
     */
    @Test
    void shortcutsDecodeAsScoringEverythingInFull() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        java.util.Map<String, String> differ = new java.util.TreeMap<>();
        for (DetectionCorpus.Case c : cases) {
            // detection ranks candidates only for bytes that are not UTF-8 (nor ASCII)
            if (Detector.utf8Validity(c.bytes(), 0, c.bytes().length, true) != Detector.Utf8.INVALID) continue;
            byte[] text = DetectionCorpus.evidenceText(c.bytes());
            Encoding fast = Ranking.rank(text, text.length).get(0).encoding();
            Encoding full = Ranking.rank(text, text.length, true).get(0).encoding();
            if (fast == full) continue;
            String a = Decoders.decodeToString(fast.name(), c.bytes(), 0, c.bytes().length);
            String b = Decoders.decodeToString(full.name(), c.bytes(), 0, c.bytes().length);
            if (!a.equals(b)) differ.put(c.path(), "full " + full.name() + ", shortcuts " + fast.name());
        }
        assertThat(differ, equalTo(Map.of()));
    }
}
