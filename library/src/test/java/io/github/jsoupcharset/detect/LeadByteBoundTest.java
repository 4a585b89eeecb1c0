package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

/**
 * The byte-level bound of the multi-byte candidates never promises less than their decoders give:
 * at least their exemplar weight, at most their errors, a score never below {@link
 * TextEvidence#ceiling} and equal to it where the bound says it is exact; on crafted sequences
 * (every lead with every byte after it, sequences cut off, gb18030's four-byte sequences, EUC-JP's
 * 0x8E and 0x8F), random bytes, and every page of the development set. So a candidate it drops is
 * one the ceiling drops, and one it keeps when exact is one the ceiling keeps.
 */
class LeadByteBoundTest {
    private static final List<Encoding> MULTI_BYTE =
            List.of(Encoding.SHIFT_JIS, Encoding.EUC_JP, Encoding.EUC_KR, Encoding.GBK, Encoding.BIG5);

    /** What the decoder gives: its chars and its errors. */
    private record Decoded(char[] chars, long errors) {}

    private static Decoded decode(Encoding e, byte[] bytes, int len) {
        Decoder d = Decoders.newDecoder(e.name());
        StringBuilder sb = new StringBuilder();
        d.decode(bytes, 0, len, true, sb);
        return new Decoded(sb.toString().toCharArray(), d.errors());
    }

    private static LeadByteBound.Bound bound(Encoding e, byte[] bytes, int len) {
        int[] nonAscii = new int[bytes.length];
        int count = 0;
        for (int i = 0; i < bytes.length; i++) if (bytes[i] < 0) nonAscii[count++] = i;
        return LeadByteBound.of(Candidates.of(e), bytes, len, nonAscii, count);
    }

    /**
     * Checks the bound on {@code bytes[0, len)} against the decoder: no more errors, no less
     * exemplar weight, a score never below the ceiling and equal to it when the bound says it is
     * exact. Returns whether it was exact.
     */
    private static boolean check(Encoding e, byte[] bytes, int len) {
        Candidate c = Candidates.of(e);
        LeadByteBound.Bound b = bound(e, bytes, len);
        Decoded d = decode(e, bytes, len);
        String what = e.name() + " " + hex(bytes, len);
        double weight = TextEvidence.exemplarWeight(d.chars(), 0, d.chars().length, Exemplars.of(c));
        double ceiling = TextEvidence.ceiling(d.chars(), d.chars().length, d.errors(), c);
        assertThat(what + ": weight", b.halves() * 0.5 + b.characters(), greaterThanOrEqualTo(weight));
        assertThat(what + ": errors", (long) b.errors(), lessThanOrEqualTo(d.errors()));
        assertThat(what + ": score", b.score(c), greaterThanOrEqualTo(ceiling));
        if (b.exact()) assertThat(what + ": exact score", b.score(c), equalTo(ceiling));
        return b.exact();
    }

    private static String hex(byte[] bytes, int len) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len; i++) sb.append(String.format("%02X ", bytes[i] & 0xFF));
        return sb.toString().trim();
    }

    @Test
    void everyLeadWithEveryByteAfterIt() {
        for (Encoding e : MULTI_BYTE) {
            int exact = 0;
            int all = 0;
            for (int lead = 0x80; lead <= 0xFF; lead++) {
                check(e, new byte[] {(byte) lead}, 1); // cut off by the end
                for (int b = 0; b <= 0xFF; b++) {
                    // alone, then followed by ASCII, by a lead, and after ASCII
                    byte[][] cases = {
                        {(byte) lead, (byte) b},
                        {(byte) lead, (byte) b, 'a'},
                        {(byte) lead, (byte) b, (byte) 0xB0, (byte) 0xA1},
                        {'x', (byte) lead, (byte) b, (byte) 0xB0},
                    };
                    for (byte[] bytes : cases) {
                        all++;
                        if (check(e, bytes, bytes.length)) exact++;
                    }
                }
            }
            // the table answers every two-byte sequence but Big5's two-code-point and supplementary
            // ones, gb18030's four-byte and EUC-JP's three-byte ones
            assertThat(e.name() + " exact bounds", exact, greaterThan(all * 9 / 10));
        }
    }

    @Test
    void gb18030FourByteSequences() {
        for (Encoding e : List.of(Encoding.GBK)) { // gb18030's decoder, the candidate GBK's
            for (int first : new int[] {0x81, 0x84, 0xE3, 0xFE}) {
                for (int second : new int[] {0x30, 0x39}) {
                    check(e, new byte[] {(byte) first, (byte) second}, 2);
                    for (int third = 0; third <= 0xFF; third++) {
                        check(e, new byte[] {(byte) first, (byte) second, (byte) third}, 3);
                        for (int fourth = 0; fourth <= 0xFF; fourth++) {
                            byte[] bytes = {(byte) first, (byte) second, (byte) third, (byte) fourth, (byte) 0x81, '0'};
                            check(e, bytes, 4);
                            check(e, bytes, bytes.length);
                        }
                    }
                }
            }
        }
    }

    @Test
    void eucJpJis0212AndHalfWidthKatakana() {
        for (int t = 0; t <= 0xFF; t++) {
            check(Encoding.EUC_JP, new byte[] {(byte) 0x8E, (byte) t, (byte) 0xA4}, 3);
            check(Encoding.EUC_JP, new byte[] {(byte) 0x8F, (byte) t}, 2);
            for (int u = 0; u <= 0xFF; u++) {
                byte[] bytes = {(byte) 0x8F, (byte) t, (byte) u, (byte) 0xA4, (byte) 0xA2};
                check(Encoding.EUC_JP, bytes, 3);
                check(Encoding.EUC_JP, bytes, bytes.length);
            }
        }
    }

    @Test
    void randomBytes() {
        Random random = new Random(19);
        // ASCII, gb18030's digits, and every non-ASCII byte, the last most often
        for (int n = 0; n < 40_000; n++) {
            byte[] bytes = new byte[random.nextInt(24)];
            for (int i = 0; i < bytes.length; i++) {
                int r = random.nextInt(10);
                bytes[i] = (byte) (r == 0 ? 'a' + random.nextInt(26) : r == 1 ? '0' + random.nextInt(10)
                        : r == 2 ? random.nextInt(0x80) : 0x80 + random.nextInt(0x80));
            }
            for (Encoding e : MULTI_BYTE) check(e, bytes, bytes.length);
        }
    }

    /** Western text: an accented letter before a space is an error in all five. */
    @Test
    void isolatedAccentedLettersAreErrors() {
        byte[] bytes = "caf\u00e9 \u00e0 l'\u00e9t\u00e9 ".getBytes(StandardCharsets.ISO_8859_1);
        for (Encoding e : MULTI_BYTE) {
            check(e, bytes, bytes.length);
            assertThat(e.name(), bound(e, bytes, bytes.length).errors(), greaterThanOrEqualTo(3));
        }
    }

    /**
     * On every page of the development set, on the stage-one sample and on all the text weighed:
     * the bound holds against the decoder, and the score it allows is never below the ceiling.
     */
    @Test
    void developmentPagesNeverExceedTheBound() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        int pages = 0;
        int exact = 0;
        for (DetectionCorpus.Case c : cases) {
            byte[] text = DetectionCorpus.evidenceText(c.bytes());
            for (int len : new int[] {Math.min(text.length, Ranking.SAMPLE_BYTES), text.length}) {
                for (Encoding e : MULTI_BYTE) {
                    if (check(e, text, len)) exact++;
                }
            }
            pages++;
        }
        assertThat(pages, greaterThan(300));
        assertThat(exact, greaterThan(pages * 2 * MULTI_BYTE.size() / 2));
    }
}
