package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.detect.Candidates.Candidate;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * The faster forms of the scoring give what its plain form gives, on the pages of the development
 * set: the byte-table scoring of single-byte candidates equals scoring their decoded text, and
 * scoring only the non-ASCII characters equals scoring every character.
 */
class TextEvidenceTest {
    @Test
    void byteTableScoringEqualsScoringTheDecodedText() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        int compared = 0;
        for (DetectionCorpus.Case c : cases.subList(0, Math.min(cases.size(), 120))) {
            byte[] text = DetectionCorpus.evidenceText(c.bytes());
            int[] nonAscii = new int[text.length];
            int count = 0;
            for (int i = 0; i < text.length; i++) if (text[i] < 0) nonAscii[count++] = i;
            for (Candidate cand : Candidates.ALL) {
                if (cand.weight() != 1) continue;
                Decoder d = Decoders.newDecoder(cand.encoding().name());
                StringBuilder sb = new StringBuilder();
                d.decode(text, 0, text.length, true, sb);
                char[] chars = sb.toString().toCharArray();
                TextEvidence.Parts plain = TextEvidence.parts(chars, chars.length, d.errors(), cand);
                TextEvidence.Parts fast = TextEvidence.singleByteParts(text, text.length, nonAscii, count, cand, new int[256]);
                assertThat(c.path() + " as " + cand.encoding(), fast, equalTo(plain));
                compared++;
            }
        }
        assertThat(compared, greaterThan(1000));
    }

    /**
     * Random bytes, every single-byte candidate: the table of each byte's contribution by its
     * neighbours' classes, and the stepwise form for marks and Thai, give what the decoded text
     * scores, with the text cut short of its array (offsets past the end are not read).
     */
    @Test
    void byteTableScoringEqualsScoringTheDecodedTextOnRandomBytes() {
        java.util.Random random = new java.util.Random(19);
        byte[] alphabet = "aZqX .-1".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int compared = 0;
        for (int round = 0; round < 4000; round++) {
            byte[] text = new byte[1 + random.nextInt(24)];
            for (int i = 0; i < text.length; i++) {
                text[i] = random.nextInt(3) == 0 ? alphabet[random.nextInt(alphabet.length)] : (byte) (0x80 + random.nextInt(128));
            }
            int n = random.nextInt(4) == 0 ? random.nextInt(text.length + 1) : text.length;
            int[] nonAscii = new int[text.length];
            int count = 0;
            for (int i = 0; i < text.length; i++) if (text[i] < 0) nonAscii[count++] = i;
            int[] byteLetters = new int[256];
            for (Candidate cand : Candidates.ALL) {
                if (cand.weight() != 1) continue;
                Decoder d = Decoders.newDecoder(cand.encoding().name());
                StringBuilder sb = new StringBuilder();
                d.decode(text, 0, n, true, sb);
                char[] chars = sb.toString().toCharArray();
                TextEvidence.Parts plain = PlainScoring.parts(chars, chars.length, d.errors(), cand);
                TextEvidence.Parts fast = TextEvidence.singleByteParts(text, n, nonAscii, count, cand, byteLetters);
                assertThat(java.util.Arrays.toString(java.util.Arrays.copyOf(text, n)) + " as " + cand.encoding(), fast, equalTo(plain));
                assertThat("byteLetters left zeroed", java.util.Arrays.stream(byteLetters).sum(), equalTo(0));
                compared++;
            }
        }
        assertThat(compared, greaterThan(100_000));
    }

    /**
     * Every single-byte candidate scored in one pass gives each candidate's own parts: on random
     * texts of ASCII words with non-ASCII bytes alone and in runs (the combined table and the
     * per-candidate lookups both taken), cut short of their arrays.
     */
    @Test
    void allSingleByteCandidatesInOnePassEqualEachOnItsOwn() {
        java.util.Random random = new java.util.Random(23);
        byte[] alphabet = "aZqX .-1\n'".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int compared = 0;
        for (int round = 0; round < 1500; round++) {
            byte[] text = new byte[1 + random.nextInt(300)];
            int run = 0;
            for (int i = 0; i < text.length; i++) {
                if (run == 0 && random.nextInt(6) == 0) run = 1 + (random.nextInt(3) == 0 ? random.nextInt(3) : 0);
                if (run > 0) {
                    text[i] = (byte) (0x80 + random.nextInt(128));
                    run--;
                } else {
                    text[i] = alphabet[random.nextInt(alphabet.length)];
                }
            }
            compared += compareAllAtOnce(text, random.nextInt(4) == 0 ? random.nextInt(text.length + 1) : text.length);
        }
        assertThat(compared, greaterThan(30_000));
    }

    /** As {@link #allSingleByteCandidatesInOnePassEqualEachOnItsOwn}, on the samples of the development pages with few non-ASCII bytes. */
    @Test
    void allSingleByteCandidatesInOnePassEqualEachOnItsOwnOnPages() throws IOException {
        int compared = 0;
        for (DetectionCorpus.Case c : DetectionCorpus.development()) {
            byte[] text = DetectionCorpus.evidenceText(c.bytes());
            compared += compareAllAtOnce(text, Math.min(text.length, Ranking.SAMPLE_BYTES));
        }
        assertThat(compared, greaterThan(1_000));
    }

    /** {@link TextEvidence#allSingleByteParts} against each candidate's own on {@code text[0, n)}, where it takes the text; how many compared. */
    private static int compareAllAtOnce(byte[] text, int n) {
        int[] nonAscii = new int[text.length];
        int count = 0;
        for (int i = 0; i < text.length; i++) if (text[i] < 0) nonAscii[count++] = i;
        int end = 0;
        while (end < count && nonAscii[end] < n) end++;
        if (end > 256) return 0;
        TextEvidence.Parts[] all = TextEvidence.allSingleByteParts(text, n, nonAscii, end);
        Candidate[] candidates = ByteTables.COMBINED.candidates;
        assertThat(all.length, equalTo(candidates.length));
        for (int j = 0; j < candidates.length; j++) {
            TextEvidence.Parts own = TextEvidence.singleByteParts(text, n, nonAscii, count, candidates[j], new int[256]);
            assertThat(java.util.Arrays.toString(java.util.Arrays.copyOf(text, n)) + " as " + candidates[j].encoding(),
                    all[j], equalTo(own));
        }
        return candidates.length;
    }

    @Test
    void scoringNonAsciiCharactersAloneEqualsScoringEveryCharacter() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        int compared = 0;
        for (DetectionCorpus.Case c : cases) {
            byte[] text = DetectionCorpus.evidenceText(c.bytes());
            for (Candidate cand : Candidates.ALL) {
                Decoder d = Decoders.newDecoder(cand.encoding().name());
                StringBuilder sb = new StringBuilder();
                d.decode(text, 0, text.length, true, sb);
                char[] chars = sb.toString().toCharArray();
                assertThat(c.path() + " as " + cand.encoding(), TextEvidence.parts(chars, chars.length, d.errors(), cand),
                        equalTo(PlainScoring.parts(chars, chars.length, d.errors(), cand)));
                compared++;
            }
        }
        // and text built to have every neighbour case: supplementary letters, lone surrogates,
        // marks, errors and C1 controls at both ends and beside ASCII letters
        String tricky = "\uD840\uDC0Bx\u0301a\uD800b\uDC00\uFFFDz\u0085\u00E9A\u0E40\u0E01\u0E48 \u05DDq\u044C\u03C2";
        for (int start = 0; start < tricky.length(); start++) {
            char[] chars = tricky.substring(start).toCharArray();
            for (Candidate cand : Candidates.ALL) {
                assertThat(TextEvidence.parts(chars, chars.length, 0, cand),
                        equalTo(PlainScoring.parts(chars, chars.length, 0, cand)));
            }
        }
        assertThat(compared, greaterThan(10_000));
    }
}
