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
                TextEvidence.Parts plain = TextEvidence.sequentialParts(chars, chars.length, d.errors(), cand);
                TextEvidence.Parts fast = TextEvidence.singleByteParts(text, n, nonAscii, count, cand, byteLetters);
                assertThat(java.util.Arrays.toString(java.util.Arrays.copyOf(text, n)) + " as " + cand.encoding(), fast, equalTo(plain));
                assertThat("byteLetters left zeroed", java.util.Arrays.stream(byteLetters).sum(), equalTo(0));
                compared++;
            }
        }
        assertThat(compared, greaterThan(100_000));
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
                        equalTo(TextEvidence.sequentialParts(chars, chars.length, d.errors(), cand)));
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
                        equalTo(TextEvidence.sequentialParts(chars, chars.length, 0, cand)));
            }
        }
        assertThat(compared, greaterThan(10_000));
    }
}
