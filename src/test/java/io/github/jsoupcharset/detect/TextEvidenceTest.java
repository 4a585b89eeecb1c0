package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * The shortcuts detection takes for speed give what the plain computation gives, on every page of
 * the development set: the byte-table scoring of single-byte candidates equals scoring their
 * decoded text, the shortcuts choose what scoring everything in full chooses, and running only
 * the recognisers that can name a finalist gives the finalists the same confidences.
 */
class TextEvidenceTest {
    /** The text detection weighs for a page, as {@link Detector#guess} extracts it. */
    private static byte[] text(byte[] page) {
        byte[] out = new byte[page.length];
        int n = Detector.withoutMarkup(page, 0, page.length, out);
        return java.util.Arrays.copyOf(out, Math.min(n, Detector.EVIDENCE_BYTES));
    }

    @Test
    void byteTableScoringEqualsScoringTheDecodedText() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        int compared = 0;
        for (DetectionCorpus.Case c : cases.subList(0, Math.min(cases.size(), 120))) {
            byte[] text = text(c.bytes());
            int[] nonAscii = new int[text.length];
            int count = 0;
            for (int i = 0; i < text.length; i++) if (text[i] < 0) nonAscii[count++] = i;
            for (TextEvidence.Candidate cand : TextEvidence.CANDIDATES) {
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
     * The shortcuts (single-byte candidates chosen at a glance, multi-byte ones dropped when they
     * cannot reach the best single-byte score, stage two only for close finalists, ICU4J only
     * where it could change the text) choose a winner that decodes every page of the development
     * set exactly as scoring everything in full does.
     */
    @Test
    void scoringNonAsciiCharactersAloneEqualsScoringEveryCharacter() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        int compared = 0;
        for (DetectionCorpus.Case c : cases) {
            byte[] text = text(c.bytes());
            for (TextEvidence.Candidate cand : TextEvidence.CANDIDATES) {
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
            for (TextEvidence.Candidate cand : TextEvidence.CANDIDATES) {
                assertThat(TextEvidence.parts(chars, chars.length, 0, cand),
                        equalTo(TextEvidence.sequentialParts(chars, chars.length, 0, cand)));
            }
        }
        assertThat(compared, greaterThan(10_000));
    }

    @Test
    void shortcutsDecodeAsScoringEverythingInFull() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        java.util.Map<String, String> differ = new java.util.TreeMap<>();
        for (DetectionCorpus.Case c : cases) {
            // detection ranks candidates only for bytes that are not UTF-8 (nor ASCII)
            if (Detector.utf8Validity(c.bytes(), 0, c.bytes().length, true) != Detector.Utf8.INVALID) continue;
            byte[] text = text(c.bytes());
            Encoding fast = TextEvidence.rank(text, text.length).get(0).encoding();
            Encoding full = TextEvidence.rank(text, text.length, true).get(0).encoding();
            if (fast == full) continue;
            String a = Decoders.decodeToString(fast.name(), c.bytes(), 0, c.bytes().length);
            String b = Decoders.decodeToString(full.name(), c.bytes(), 0, c.bytes().length);
            if (!a.equals(b)) differ.put(c.path(), "full " + full.name() + ", shortcuts " + fast.name());
        }
        assertThat(differ, equalTo(Map.of()));
    }

    @Test
    void runningSomeRecognisersGivesTheirConfidencesUnchanged() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        Set<Encoding> wanted = Set.of(Encoding.WINDOWS_1251, Encoding.KOI8_R, Encoding.WINDOWS_1250, Encoding.GBK,
                Encoding.WINDOWS_1255);
        for (DetectionCorpus.Case c : cases.subList(0, Math.min(cases.size(), 150))) {
            byte[] text = text(c.bytes());
            Map<Encoding, Integer> all = TextEvidence.icuConfidences(text, text.length);
            Map<Encoding, Integer> some = TextEvidence.icuConfidences(text, text.length, wanted);
            for (Encoding e : wanted) assertThat(c.path() + " " + e, some.get(e), equalTo(all.get(e)));
        }
    }

    @Test
    void everyEncodingIcuNamesIsKnownToBeNameable() {
        byte[] text = "Ceci est un texte fran\u00e7ais, \u00e0 peine \u00e9crit.".getBytes(StandardCharsets.ISO_8859_1);
        for (String name : com.ibm.icu.text.CharsetDetector.getAllDetectableCharsets()) {
            assertThat(name, TextEvidence.ICU_NAMES.containsAll(TextEvidence.icuResults(name)), equalTo(true));
        }
        for (Encoding e : TextEvidence.icuConfidences(text, text.length).keySet()) {
            assertThat(e.name(), TextEvidence.ICU_NAMES.contains(e), equalTo(true));
        }
    }
}
