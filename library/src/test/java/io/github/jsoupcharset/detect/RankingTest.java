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

    /**
     * Single-byte candidates that decode a text's byte values alike share their counts in the
     * ranking: each candidate's parts equal its own scoring, on every development page whole and
     * cut short (where few non-ASCII bytes make the counts shared).
     */
    @Test
    void sharedSingleByteCountsEqualEachCandidatesOwn() throws IOException {
        List<Candidates.Candidate> singleByte = Candidates.ALL.stream().filter(c -> c.weight() == 1).toList();
        int compared = 0;
        List<byte[]> texts = new java.util.ArrayList<>();
        for (DetectionCorpus.Case c : DetectionCorpus.development()) texts.add(DetectionCorpus.evidenceText(c.bytes()));
        compared += compareSharedCounts(texts, singleByte);
        assertThat(compared > 10_000, equalTo(true));
    }

    /**
     * The same on texts made for it, without the development set: windows-1252 and ISO-8859-15
     * decode 0xE9 alike and 0xA4 apart (currency sign, euro sign), and random Latin-1 words.
     */
    @Test
    void sharedSingleByteCountsEqualEachCandidatesOwnOnMadeTexts() {
        List<Candidates.Candidate> singleByte = Candidates.ALL.stream().filter(c -> c.weight() == 1).toList();
        List<byte[]> texts = new java.util.ArrayList<>();
        texts.add("caf\u00e9 \u00e9t\u00e9 10 \u00a4".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        java.util.Random random = new java.util.Random(9);
        for (int t = 0; t < 200; t++) {
            byte[] text = new byte[1 + random.nextInt(300)];
            for (int i = 0; i < text.length; i++) {
                int r = random.nextInt(10);
                text[i] = (byte) (r < 6 ? 'a' + random.nextInt(26) : r < 7 ? ' ' : 0x80 + random.nextInt(128));
            }
            texts.add(text);
        }
        assertThat(compareSharedCounts(texts, singleByte) > 10_000, equalTo(true));
    }

    /** Compares, for every text cut at four lengths, the ranking's shared counts with each candidate's own; gives how many. */
    private static int compareSharedCounts(List<byte[]> texts, List<Candidates.Candidate> singleByte) {
        int compared = 0;
        for (byte[] text : texts) {
            int[] nonAscii = new int[text.length];
            int count = 0;
            for (int i = 0; i < text.length; i++) if (text[i] < 0) nonAscii[count++] = i;
            for (int n : new int[] {text.length, Math.min(text.length, 2048), Math.min(text.length, 400), Math.min(text.length, 60)}) {
                List<TextEvidence.Parts> shared = Ranking.singleByteParts(text, n, singleByte);
                for (int k = 0; k < singleByte.size(); k++) {
                    TextEvidence.Parts own = TextEvidence.singleByteParts(text, n, nonAscii, count, singleByte.get(k), new int[256]);
                    assertThat(singleByte.get(k).encoding() + " on " + n + " bytes", shared.get(k), equalTo(own));
                    compared++;
                }
            }
        }
        return compared;
    }
}
