package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Scoring a multi-byte candidate straight from its bytes ({@link TextEvidence#multiByteParts})
 * gives what scoring its decoded text gives ({@link TextEvidence#parts(char[], int, long,
 * Candidate)}), wherever it answers at all, and answers only where the candidate's table answers
 * every sequence: on every page of the development set (the stage-one sample and all the text), on every
 * lead with every byte after it between ASCII letters, and on random bytes mixing ASCII, leads and
 * trails.
 */
class MultiByteScoringTest {
    private static final List<Encoding> MULTI_BYTE =
            List.of(Encoding.SHIFT_JIS, Encoding.EUC_JP, Encoding.EUC_KR, Encoding.GBK, Encoding.BIG5);

    /** Compares the two on {@code bytes[0, len)}; returns whether the byte form answered. */
    private static boolean check(Encoding e, byte[] bytes, int len) {
        Candidate c = Candidates.of(e);
        int[] nonAscii = new int[len];
        int count = 0;
        for (int i = 0; i < len; i++) if (bytes[i] < 0) nonAscii[count++] = i;
        Decoder d = Decoders.newDecoder(e.name());
        StringBuilder sb = new StringBuilder();
        d.decode(bytes, 0, len, true, sb);
        char[] chars = sb.toString().toCharArray();
        TextEvidence.Parts plain = TextEvidence.parts(chars, chars.length, d.errors(), c);
        TextEvidence.Parts fast = TextEvidence.multiByteParts(bytes, len, nonAscii, count, c);
        LeadByteBound.Bound bound = LeadByteBound.of(c, bytes, len, nonAscii, count);
        String what = e.name() + " " + hex(bytes, Math.min(len, 400));
        // it answers only where the table answered every sequence (the bound's walk also answers
        // some sequences cut off or broken early that the scoring leaves to the decoder)
        if (fast != null) assertThat(what, bound.exact(), equalTo(true));
        if (fast != null) assertThat(what, fast, equalTo(plain));
        return fast != null;
    }

    @Test
    void byteScoringEqualsScoringTheDecodedTextOnTheDevelopmentSet() throws IOException {
        int answered = 0;
        int compared = 0;
        for (DetectionCorpus.Case page : DetectionCorpus.development()) {
            byte[] text = DetectionCorpus.evidenceText(page.bytes());
            for (Encoding e : MULTI_BYTE) {
                for (int len : new int[] {Math.min(text.length, Ranking.SAMPLE_BYTES), text.length}) {
                    if (check(e, text, len)) answered++;
                    compared++;
                }
            }
        }
        assertThat(compared, greaterThan(3000));
        assertThat(answered, greaterThan(compared / 2));
    }

    @Test
    void byteScoringEqualsScoringTheDecodedTextOnEveryPairBesideLetters() {
        // every lead with every byte after it, alone, between ASCII letters, after a non-ASCII
        // byte, cut off at the end; and every byte alone at both ends
        for (Encoding e : MULTI_BYTE) {
            int answered = 0;
            for (int b = 0x80; b <= 0xFF; b++) {
                check(e, new byte[] {(byte) b}, 1);
                check(e, new byte[] {'a', (byte) b}, 2);
                check(e, new byte[] {(byte) b, 'a'}, 2);
                for (int t = 0; t <= 0xFF; t++) {
                    byte[][] shapes = {
                        {(byte) b, (byte) t},
                        {'x', (byte) b, (byte) t, 'Y'},
                        {(byte) 0xA4, (byte) 0xA2, (byte) b, (byte) t, 'a', 'b'},
                        {(byte) b, (byte) t, (byte) b, (byte) t, (byte) b},
                    };
                    for (byte[] s : shapes) if (check(e, s, s.length)) answered++;
                }
            }
            assertThat(e.name(), answered, greaterThan(128 * 256));
        }
    }

    @Test
    void byteScoringEqualsScoringTheDecodedTextOnRandomBytes() {
        Random random = new Random(19);
        byte[] pool = {'a', 'Z', ' ', '1', '@', (byte) 0x80, (byte) 0x81, (byte) 0x88, (byte) 0x8E, (byte) 0x8F,
            (byte) 0xA1, (byte) 0xA4, (byte) 0xB0, (byte) 0xC8, (byte) 0xE0, (byte) 0xFE, (byte) 0xFF, 0x30, 0x40, 0x7F};
        int answered = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[1 + random.nextInt(24)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(3) == 0 ? (byte) random.nextInt(256) : pool[random.nextInt(pool.length)];
            }
            for (Encoding e : MULTI_BYTE) if (check(e, bytes, bytes.length)) answered++;
        }
        assertThat(answered, greaterThan(20_000));
    }

    private static String hex(byte[] bytes, int len) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len; i++) sb.append(String.format("%02X ", bytes[i] & 0xFF));
        return sb.toString();
    }
}
