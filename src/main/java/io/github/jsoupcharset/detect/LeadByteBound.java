package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;

/**
 * What a multi-byte candidate's decoding of a text can give at best, known from its bytes alone:
 * the Encoding Standard's decoder steps for Shift_JIS, EUC-JP, EUC-KR, gb18030 (GBK's decoder) and
 * Big5 (as {@code codec/}'s decoders take them), walked without the index lookup. A pair whose
 * pointer the index might map is counted as a character, so {@link Bound#characters} is at least
 * the non-ASCII code points the decoder returns; an error the steps return whatever the index
 * holds (a byte that is no lead, a lead followed by a byte outside its trail range, a sequence cut
 * off by the end) is counted, so {@link Bound#errors} is at most the decoder's errors. The walk
 * keeps the decoder's alignment: where the index decides between a code point and an error, the
 * byte after the lead is consumed either way, or is an ASCII byte that is read again as itself,
 * leaving the decoder in its initial state in both cases. Internal; thread-safe.
 */
final class LeadByteBound {
    private LeadByteBound() {}

    /** At most this many non-ASCII code points, and at least this many errors. */
    record Bound(int characters, int errors) {}

    /**
     * The bound for decoding {@code text[0, len)} as {@code encoding} (one of the five), the end
     * of the bytes being the end of the stream; {@code nonAscii[0, count)} are the offsets of the
     * text's non-ASCII bytes, ascending (offsets from {@code len} on are ignored). ASCII bytes
     * between sequences decode as themselves and leave the state as it is, so only the non-ASCII
     * bytes, and the bytes right after them, are read.
     */
    static Bound of(Encoding encoding, byte[] text, int len, int[] nonAscii, int count) {
        if (encoding == Encoding.SHIFT_JIS) return shiftJis(text, len, nonAscii, count);
        if (encoding == Encoding.EUC_JP) return eucJp(text, len, nonAscii, count);
        if (encoding == Encoding.EUC_KR) return eucKr(text, len, nonAscii, count);
        if (encoding == Encoding.GBK || encoding == Encoding.GB18030) return gb18030(text, len, nonAscii, count);
        if (encoding == Encoding.BIG5) return big5(text, len, nonAscii, count);
        throw new IllegalArgumentException(encoding.name());
    }

    private static Bound shiftJis(byte[] text, int len, int[] nonAscii, int count) {
        int characters = 0;
        int errors = 0;
        int next = 0; // the first byte the walk has not consumed
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= len) break;
            if (i < next) continue; // a trail byte
            int b = text[i] & 0xFF;
            next = i + 1;
            if (b == 0x80 || b >= 0xA1 && b <= 0xDF) {
                characters++; // 4. 0x80 as itself; 5. half-width katakana
            } else if (b >= 0x81 && b <= 0x9F || b >= 0xE0 && b <= 0xFC) {
                // 6. a lead
                if (i + 1 == len) {
                    errors++; // end-of-queue after a lead
                    continue;
                }
                int t = text[i + 1] & 0xFF;
                // 3.3 a pointer only for a byte in 0x40-0x7E or 0x80-0xFC, else 3.8 error; a
                // non-ASCII byte is consumed, an ASCII one is read again as itself (3.7)
                if (t >= 0x40 && t <= 0x7E || t >= 0x80 && t <= 0xFC) characters++;
                else errors++;
                next = i + 2;
            } else {
                errors++; // 7. 0xA0, 0xFD-0xFF
            }
        }
        return new Bound(characters, errors);
    }

    private static Bound eucJp(byte[] text, int len, int[] nonAscii, int count) {
        int characters = 0;
        int errors = 0;
        int next = 0;
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= len) break;
            if (i < next) continue;
            int b = text[i] & 0xFF;
            next = i + 1;
            if (b != 0x8E && b != 0x8F && (b < 0xA1 || b > 0xFE)) {
                errors++; // 8.
                continue;
            }
            // 7. a lead
            if (i + 1 == len) {
                errors++;
                continue;
            }
            int t = text[i + 1] & 0xFF;
            next = i + 2;
            if (b == 0x8E) {
                // 3. half-width katakana, else 5. with a lead outside 0xA1-0xFE: error
                if (t >= 0xA1 && t <= 0xDF) characters++;
                else errors++;
            } else if (b == 0x8F) {
                if (t < 0xA1 || t > 0xFE) {
                    errors++; // 5.: 0x8F is outside 0xA1-0xFE
                    continue;
                }
                // 4. jis0212, and t is the lead
                if (i + 2 == len) {
                    errors++;
                    continue;
                }
                int u = text[i + 2] & 0xFF;
                next = i + 3;
                if (u >= 0xA1 && u <= 0xFE) characters++; // 5.2 the index jis0212 decides
                else errors++;
            } else {
                if (t >= 0xA1 && t <= 0xFE) characters++; // 5.2 the index jis0208 decides
                else errors++;
            }
        }
        return new Bound(characters, errors);
    }

    private static Bound eucKr(byte[] text, int len, int[] nonAscii, int count) {
        int characters = 0;
        int errors = 0;
        int next = 0;
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= len) break;
            if (i < next) continue;
            int b = text[i] & 0xFF;
            next = i + 1;
            if (b < 0x81 || b > 0xFE) {
                errors++; // 6. 0x80, 0xFF
                continue;
            }
            if (i + 1 == len) {
                errors++;
                continue;
            }
            int t = text[i + 1] & 0xFF;
            next = i + 2;
            // 3.1 a pointer only for a byte in 0x41-0xFE
            if (t >= 0x41 && t <= 0xFE) characters++;
            else errors++;
        }
        return new Bound(characters, errors);
    }

    private static Bound big5(byte[] text, int len, int[] nonAscii, int count) {
        int characters = 0;
        int errors = 0;
        int next = 0;
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= len) break;
            if (i < next) continue;
            int b = text[i] & 0xFF;
            next = i + 1;
            if (b < 0x81 || b > 0xFE) {
                errors++; // 6. 0x80, 0xFF
                continue;
            }
            if (i + 1 == len) {
                errors++;
                continue;
            }
            int t = text[i + 1] & 0xFF;
            next = i + 2;
            // 3.2 a pointer only for a byte in 0x40-0x7E or 0xA1-0xFE
            if (t >= 0x40 && t <= 0x7E || t >= 0xA1 && t <= 0xFE) {
                int pointer = (b - 0x81) * 157 + (t - (t < 0x7F ? 0x40 : 0x62));
                // 3.3 four pointers give two code points
                characters += pointer == 1133 || pointer == 1135 || pointer == 1164 || pointer == 1166 ? 2 : 1;
            } else {
                errors++;
            }
        }
        return new Bound(characters, errors);
    }

    private static Bound gb18030(byte[] text, int len, int[] nonAscii, int count) {
        int characters = 0;
        int errors = 0;
        int next = 0;
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= len) break;
            if (i < next) continue;
            int b = text[i] & 0xFF;
            next = i + 1;
            if (b == 0x80) {
                characters++; // 7. U+20AC
                continue;
            }
            if (b == 0xFF) {
                errors++; // 9.
                continue;
            }
            // 8. first
            if (i + 1 == len) {
                errors++; // 2. end-of-queue
                continue;
            }
            int t = text[i + 1] & 0xFF;
            next = i + 2;
            if (t < 0x30 || t > 0x39) {
                // 5.4 a pointer only for a byte in 0x40-0x7E or 0x80-0xFE; else 5.8 error (an
                // ASCII byte read again as itself, 0xFF consumed)
                if (t >= 0x40 && t <= 0x7E || t >= 0x80 && t <= 0xFE) characters++;
                else errors++;
                continue;
            }
            // 5.1 second
            if (i + 2 == len) {
                errors++;
                continue;
            }
            int u = text[i + 2] & 0xFF;
            if (u < 0x81 || u > 0xFE) {
                // 4.2 error; second (ASCII) and u are decoded again from the initial state:
                // u is the next byte to walk
                errors++;
                continue;
            }
            // 4.1 third
            if (i + 3 == len) {
                errors++;
                next = len;
                continue;
            }
            int v = text[i + 3] & 0xFF;
            if (v >= 0x30 && v <= 0x39) {
                characters++; // 3.2 the ranges decide (a null code point is an error)
                next = i + 4;
            } else {
                // 3.1 error; second (ASCII), third and v are decoded again: third from the
                // initial state is a first, and v its next byte, as when third is walked again
                errors++;
            }
        }
        return new Bound(characters, errors);
    }
}
