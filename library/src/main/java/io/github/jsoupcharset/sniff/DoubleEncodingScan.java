package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.util.Arrays;

/**
 * Double-encoded UTF-8 in a UTF-8 body: text that was UTF-8, read as windows-1252 and encoded as
 * UTF-8 again before it was served ("Café" stored as "CafÃ©", "’" as "â€™"). The body is decoded as
 * UTF-8 and each non-ASCII character mapped back to the windows-1252 (or ISO-8859-1) byte it came
 * from; the scan counts the multi-byte UTF-8 sequences those bytes form, and whether every one of
 * them does (nothing fails: then the whole text reads as double-encoded, and {@link #repair} gives
 * the author's bytes; only when most sequences sit in words: a page that quotes or tabulates
 * mojibake, each "Ã©" standing alone, is left as it is). A search for C3 bytes over the body, and
 * a second pass only on a page with enough sequences; nothing allocated but the result.
 */
public final class DoubleEncodingScan {
    /** The fewest sequences for a whole text to count as double-encoded. */
    public static final int MIN_SEQUENCES = EncodingDecision.DoubleEncoding.MIN_SEQUENCES_FOR_WHOLE_TEXT;

    private final int sequences;
    private final int failures;

    private DoubleEncodingScan(int sequences, int failures) {
        this.sequences = sequences;
        this.failures = failures;
    }

    /** How many multi-byte UTF-8 sequences the characters' windows-1252 bytes form. */
    public int sequences() {
        return sequences;
    }

    /**
     * Whether the whole text reads as double-encoded: no non-ASCII character that is not part of a
     * sequence (nor a decoding error), and at least {@link #MIN_SEQUENCES} sequences, most of them
     * in words (a letter, a digit or another non-ASCII character just before or after: "CafÃ©"), not
     * standing alone as mojibake quoted or tabulated is ("Ã©" in a table cell or between quotes).
     */
    public boolean wholeText() {
        return failures == 0 && sequences >= MIN_SEQUENCES;
    }

    /**
     * Scans {@code b[off, off+len)}, a body decoded as UTF-8 (its BOM left out). Every sequence
     * starts with a character from U+00C2 to U+00F4 (a UTF-8 lead byte read as windows-1252), whose
     * UTF-8 is C3 82 to C3 B4: the count looks only there (a byte search; a page without C3 bytes
     * costs that search alone), and the whole text is checked only when the count is enough.
     *
     * @param complete whether the bytes are the whole body; when false (a body cut off), a
     *     sequence the end cut is not held against it
     */
    public static DoubleEncodingScan of(byte[] b, int off, int len, boolean complete) {
        int end = off + len;
        int sequences = 0;
        int inWords = 0;
        for (int i = AsciiBytes.indexOf(b, off, end, (byte) 0xC3); i >= 0; i = AsciiBytes.indexOf(b, i, end, (byte) 0xC3)) {
            int next = sequenceEnd(b, i, end);
            if (next > 0) {
                sequences++;
                if (i > off && AsciiBytes.isWordByte(b[i - 1]) || next < end && AsciiBytes.isWordByte(b[next])) inWords++;
                i = next;
            } else {
                i++;
            }
        }
        // mojibake quoted or tabulated ("Ã©" alone in a cell or between quotes) is not the page's
        // way of writing: most sequences must sit in words
        boolean whole = sequences >= MIN_SEQUENCES && 2 * inWords > sequences && wholeText(b, off, end, complete);
        return new DoubleEncodingScan(sequences, whole ? 0 : 1);
    }

    /**
     * Where the double-encoded sequence starting at {@code b[i]} (a C3 byte) ends, or -1 if none
     * does: a character U+00C2 to U+00F4, then the continuation characters its windows-1252 byte
     * asks for.
     */
    private static int sequenceEnd(byte[] b, int i, int end) {
        if (i + 1 >= end) return -1;
        int b1 = b[i + 1] & 0xFF;
        if (b1 < 0x82 || b1 > 0xB4) return -1;
        int w = 0xC0 | (b1 & 0x3F);
        int need = w <= 0xDF ? 1 : w <= 0xEF ? 2 : 3;
        int lower = w == 0xE0 ? 0xA0 : w == 0xF0 ? 0x90 : 0x80;
        int upper = w == 0xED ? 0x9F : w == 0xF4 ? 0x8F : 0xBF;
        int j = i + 2;
        for (int k = 0; k < need; k++) {
            int mapped = mapped(b, j, end);
            if (mapped < 0) return -1;
            int c = mapped >>> 8;
            if (c < lower || c > upper) return -1;
            lower = 0x80;
            upper = 0xBF;
            j += mapped & 0xFF;
        }
        return j;
    }

    /**
     * The windows-1252 byte of the UTF-8 character at {@code b[j]} shifted left by 8, or-ed with the
     * character's length in bytes; -1 if it is ASCII, not UTF-8 or has no such byte.
     */
    private static int mapped(byte[] b, int j, int end) {
        if (j >= end) return -1;
        int b0 = b[j] & 0xFF;
        int n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : 0;
        if (n == 0 || j + n > end) return -1;
        int b1 = b[j + 1] & 0xFF;
        if ((b1 & 0xC0) != 0x80 || (b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F)) return -1;
        int cp;
        if (n == 2) {
            cp = (b0 & 0x1F) << 6 | (b1 & 0x3F);
        } else {
            int b2 = b[j + 2] & 0xFF;
            if ((b2 & 0xC0) != 0x80) return -1;
            cp = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F);
        }
        int w = windows1252Byte(cp);
        return w < 0 ? -1 : w << 8 | n;
    }

    /**
     * Whether every non-ASCII character is part of a double-encoded sequence: the characters'
     * windows-1252 bytes are valid UTF-8. Stops at the first that is not.
     */
    private static boolean wholeText(byte[] b, int off, int end, boolean complete) {
        int i = off;
        int need = 0; // continuation bytes the re-encoded sequence still needs
        int lower = 0x80;
        int upper = 0xBF;
        while (i < end) {
            if (b[i] >= 0) {
                if (need > 0) return false;
                i = AsciiBytes.firstNonAscii(b, i, end);
                continue;
            }
            int mapped = mapped(b, i, end);
            if (mapped < 0) {
                // a character windows-1252 lacks, a decoding error, or the cut of a truncated body
                int b0 = b[i] & 0xFF;
                int n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 0;
                return !complete && n > 0 && i + n > end && validPrefix(b, i, end);
            }
            int w = mapped >>> 8;
            i += mapped & 0xFF;
            if (need > 0) {
                if (w < lower || w > upper) return false;
                lower = 0x80;
                upper = 0xBF;
                need--;
            } else if (w >= 0xC2 && w <= 0xDF) {
                need = 1;
            } else if (w >= 0xE0 && w <= 0xEF) {
                need = 2;
                if (w == 0xE0) lower = 0xA0;
                if (w == 0xED) upper = 0x9F;
            } else if (w >= 0xF0 && w <= 0xF4) {
                need = 3;
                if (w == 0xF0) lower = 0x90;
                if (w == 0xF4) upper = 0x8F;
            } else {
                return false; // a character that can only be a continuation, or no UTF-8 lead
            }
        }
        return need == 0 || !complete;
    }

    /** Whether {@code b[i, end)} holds only continuation bytes after its lead: a sequence the end cut. */
    private static boolean validPrefix(byte[] b, int i, int end) {
        for (int k = i + 1; k < end; k++) if ((b[k] & 0xC0) != 0x80) return false;
        return true;
    }

    /**
     * The author's bytes of a body whose whole text reads as double-encoded ({@link #wholeText()}):
     * each character of {@code b[off, off+len)} decoded as UTF-8, ASCII as it is, every other
     * character as its windows-1252 byte. The result is UTF-8; anything that is not (a sequence
     * cut off at the end of a truncated body) is left for the decoder to replace.
     */
    public static byte[] repair(byte[] b, int off, int len) {
        byte[] out = new byte[len];
        int o = 0;
        int end = off + len;
        for (int i = off; i < end; ) {
            int b0 = b[i];
            if (b0 >= 0) {
                out[o++] = (byte) b0;
                i++;
                continue;
            }
            b0 &= 0xFF;
            int n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 1;
            if (n == 1 || n == 4 || i + n > end) {
                // not a character windows-1252 has (never in a text that reads as double-encoded, but
                // a truncated body's cut): kept as it is
                int k = Math.min(end - i, n);
                System.arraycopy(b, i, out, o, k);
                o += k;
                i += k;
                continue;
            }
            int cp = n == 2 ? (b0 & 0x1F) << 6 | (b[i + 1] & 0x3F) : (b0 & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F);
            int w = windows1252Byte(cp);
            if (w < 0) {
                System.arraycopy(b, i, out, o, n);
                o += n;
            } else {
                out[o++] = (byte) w;
            }
            i += n;
        }
        return o == out.length ? out : Arrays.copyOf(out, o);
    }

    /**
     * The byte a non-ASCII character comes from in windows-1252, or in ISO-8859-1 for U+0080 to
     * U+00FF (the C1 controls windows-1252 leaves undefined, and those a latin-1 reading gives), or
     * -1 if neither has it.
     */
    static int windows1252Byte(int cp) {
        if (cp < 0x100) return cp;
        int k = cp > Character.MAX_VALUE ? -1 : Arrays.binarySearch(C1_CHARS, (char) cp);
        return k < 0 ? -1 : C1_BYTES[k] & 0xFF;
    }

    /**
     * The characters windows-1252 decodes bytes 0x80–0x9F to that are above U+00FF (the euro sign,
     * the curly quotes, …), sorted, and their bytes: read from the Encoding Standard's index through
     * the library's own decoder, not written out again.
     */
    private static final char[] C1_CHARS;
    private static final byte[] C1_BYTES;

    static {
        byte[] c1 = new byte[0x20];
        for (int i = 0; i < c1.length; i++) c1[i] = (byte) (0x80 + i);
        String decoded = new String(c1, Encoding.WINDOWS_1252.charset());
        int[] pairs = new int[c1.length];
        int n = 0;
        for (int i = 0; i < decoded.length(); i++) {
            if (decoded.charAt(i) > 0xFF) pairs[n++] = decoded.charAt(i) << 8 | (0x80 + i);
        }
        pairs = Arrays.copyOf(pairs, n);
        Arrays.sort(pairs);
        C1_CHARS = new char[n];
        C1_BYTES = new byte[n];
        for (int i = 0; i < n; i++) {
            C1_CHARS[i] = (char) (pairs[i] >>> 8);
            C1_BYTES[i] = (byte) pairs[i];
        }
    }
}
