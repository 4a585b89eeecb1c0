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
     * Stage one's sample ends after {@link Ranking#SAMPLE_NON_ASCII} non-ASCII bytes, at the start
     * of the next run of them, where the text is that dense: the leader is the one a sample of all
     * {@link Ranking#SAMPLE_BYTES} gives, on every development page whole and cut to 3,000 and
     * 1,500 bytes of text; and the sample was cut on many of them.
     */
    @Test
    void aDenseTextsShorterSampleChangesNoLeader() throws IOException {
        int cut = 0;
        java.util.Map<String, String> differ = new java.util.TreeMap<>();
        for (DetectionCorpus.Case c : DetectionCorpus.development()) {
            if (Detector.utf8Validity(c.bytes(), 0, c.bytes().length, true) != Detector.Utf8.INVALID) continue;
            byte[] whole = DetectionCorpus.evidenceText(c.bytes());
            for (int n : new int[] {whole.length, Math.min(whole.length, 3000), Math.min(whole.length, 1500)}) {
                byte[] text = java.util.Arrays.copyOf(whole, n);
                int nonAscii = 0;
                for (int i = 0; i < Math.min(n, Ranking.SAMPLE_BYTES); i++) if (text[i] < 0) nonAscii++;
                if (nonAscii > Ranking.SAMPLE_NON_ASCII) cut++;
                Encoding shorter = Ranking.rank(text, n).get(0).encoding();
                Encoding longer = Ranking.rank(text, n, false, true, Integer.MAX_VALUE).get(0).encoding();
                if (shorter != longer) differ.put(c.path() + " " + n, "2 KiB " + longer.name() + ", shorter " + shorter.name());
            }
        }
        assertThat(differ, equalTo(Map.of()));
        assertThat(cut > 300, equalTo(true));
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
