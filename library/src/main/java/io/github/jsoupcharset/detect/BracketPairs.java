package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;

import java.util.Arrays;
import java.util.Map;

/**
 * Brackets a two-byte reading makes that do not pair: what a reading of another encoding's
 * symbols makes. Chinese, Japanese and Korean write their brackets (「」 『』 【】 《》 〈〉 〔〕 （）)
 * as letters are weighed ({@link Exemplars}' punctuation), and in their own text each opens and
 * is closed by its mate; the symbol rows of the national sets differ, so another set's symbols
 * read as brackets that do not: a Korean title's "★☆ 우리집 ☆★" is EUC-JP's "【』 酔軒増 』【",
 * two letters too many at each end. Each bracket of a reading that is not closed by its mate, or
 * closes what it did not open, loses what it was weighed as (a letter) and counts as an
 * implausible shape ({@link TextEvidence.Weights#implausible}), times the candidate's weight.
 * Internal; immutable.
 */
final class BracketPairs {
    private BracketPairs() {}

    /** The brackets, in pairs: each opening one, then its mate. */
    static final String PAIRS = "「」『』【】《》〈〉〔〕（）〖〗〘〙［］｛｝";

    /**
     * Where one encoding writes the brackets ({@link #CODES}' entry), and whether each byte leads
     * one of them (most of a text's characters are looked up no further).
     */
    private record Table(int[] codes, boolean[] leads) {
        Table(int[] codes) {
            this(codes, new boolean[256]);
            for (int code : codes) if (code != 0) leads[code >>> 8] = true;
        }

        /** The place in {@link #PAIRS} of the bracket a two-byte code is, or -1. */
        int bracket(int code) {
            if (!leads[code >>> 8]) return -1;
            for (int at = 0; at < codes.length; at++) if (codes[at] == code) return at;
            return -1;
        }
    }

    /**
     * Where each weighed encoding writes the brackets of {@link #PAIRS}, in their order (lead ×
     * 256 + trail; 0 where it has none): what its encoder gives each ({@code BracketPairsTest}
     * holds them to it).
     */
    static final Map<Encoding, int[]> CODES = Map.of(
            Encoding.EUC_JP, new int[] {0xA1D6, 0xA1D7, 0xA1D8, 0xA1D9, 0xA1DA, 0xA1DB, 0xA1D4, 0xA1D5, 0xA1D2, 0xA1D3,
                    0xA1CC, 0xA1CD, 0xA1CA, 0xA1CB, 0, 0, 0, 0, 0xA1CE, 0xA1CF, 0xA1D0, 0xA1D1},
            Encoding.SHIFT_JIS, new int[] {0x8175, 0x8176, 0x8177, 0x8178, 0x8179, 0x817A, 0x8173, 0x8174, 0x8171, 0x8172,
                    0x816B, 0x816C, 0x8169, 0x816A, 0, 0, 0, 0, 0x816D, 0x816E, 0x816F, 0x8170},
            Encoding.EUC_KR, new int[] {0xA1B8, 0xA1B9, 0xA1BA, 0xA1BB, 0xA1BC, 0xA1BD, 0xA1B6, 0xA1B7, 0xA1B4, 0xA1B5,
                    0xA1B2, 0xA1B3, 0xA3A8, 0xA3A9, 0, 0, 0, 0, 0xA3DB, 0xA3DD, 0xA3FB, 0xA3FD},
            Encoding.GBK, new int[] {0xA1B8, 0xA1B9, 0xA1BA, 0xA1BB, 0xA1BE, 0xA1BF, 0xA1B6, 0xA1B7, 0xA1B4, 0xA1B5,
                    0xA1B2, 0xA1B3, 0xA3A8, 0xA3A9, 0xA1BC, 0xA1BD, 0, 0, 0xA3DB, 0xA3DD, 0xA3FB, 0xA3FD},
            Encoding.BIG5, new int[] {0xA175, 0xA176, 0xA179, 0xA17A, 0xA169, 0xA16A, 0xA16D, 0xA16E, 0xA171, 0xA172,
                    0xA165, 0xA166, 0xA15D, 0xA15E, 0, 0, 0, 0, 0xC6E4, 0xC6E5, 0xA161, 0xA162});

    private static final Map<Encoding, Table> TABLES = tables();

    /** The encodings whose readings are weighed. */
    static final java.util.Set<Encoding> ENCODINGS = CODES.keySet();

    private static Map<Encoding, Table> tables() {
        Map<Encoding, Table> tables = new java.util.HashMap<>();
        for (Map.Entry<Encoding, int[]> e : CODES.entrySet()) tables.put(e.getKey(), new Table(e.getValue()));
        return Map.copyOf(tables);
    }

    /**
     * What {@code c}'s reading of {@code text[0, n)} loses for brackets that do not pair ({@code
     * nonAscii[0, count)}: the offsets of its bytes beyond ASCII); 0 for an encoding not weighed.
     * The bytes are walked two at a time where a byte beyond ASCII is followed by one of 0x40 or
     * above (the trail bytes of every weighed encoding), else one at a time.
     */
    static double loss(Candidates.Candidate c, byte[] text, int n, int[] nonAscii, int count) {
        Table table = TABLES.get(c.encoding());
        if (table == null) return 0;
        int[] open = new int[16];
        int depth = 0;
        int unpaired = 0;
        int end = 0;
        for (int k = 0; k < count && nonAscii[k] < n; k++) {
            int i = nonAscii[k];
            if (i < end) continue;
            end = i + 1;
            if (i + 1 >= n || (text[i + 1] & 0xFF) < 0x40) continue;
            end = i + 2;
            int at = table.bracket((text[i] & 0xFF) << 8 | text[i + 1] & 0xFF);
            if (at < 0) continue;
            if (at % 2 == 0) { // an opening bracket: its pair's number stacked
                if (depth == open.length) open = Arrays.copyOf(open, 2 * depth);
                open[depth++] = at / 2;
            } else if (depth > 0 && open[depth - 1] == at / 2) {
                depth--; // closes its mate
            } else {
                unpaired++;
            }
        }
        unpaired += depth;
        return unpaired * c.weight() * (1 + TextEvidence.Weights.DEFAULT.implausible());
    }
}
