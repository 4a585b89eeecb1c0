package io.github.jsoupcharset.markup;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte-level ASCII helpers shared by the scans that read markup before the encoding is known: the
 * prescan, the head scan, the XML declaration, the binary check and detection's markup stripper.
 * Bytes 0x00-0x7F are ASCII in every encoding these scans run on; nothing here allocates but
 * {@link #latin1}.
 *
 * <p>The three small tokenizers ({@code sniff.Prescan}, {@code sniff.HeadMetaScanner}, {@code
 * detect.MarkupStripper}) share these helpers and nothing larger, because where they look alike
 * they differ in what decides results:
 * <ul>
 *   <li>comments: the prescan ends one at the first {@code -->} whose dashes may be those of the
 *       {@code <!--} ({@code <!-->} closes); the head scan follows the tokenizer ({@code <!-->},
 *       {@code <!--->}, {@code --!>} close too); the stripper wants a {@code -->} after the
 *       {@code <!--};</li>
 *   <li>tags: the prescan reads a tag name to whitespace or {@code >} (not {@code /}) and then
 *       "get an attribute", lowercasing values; the head scan reads names and attributes as the
 *       tokenizer does, decoding character references; the stripper ends a tag at its first
 *       {@code >}, quotes or not;</li>
 *   <li>raw text: the prescan has none (it sees a meta inside script); the head scan ends it at
 *       {@code </name} followed by whitespace, {@code /} or {@code >}; the stripper at any
 *       {@code </script} or {@code </style}.</li>
 * </ul>
 * Each is what its caller must reproduce (the standard's prescan, Chromium's meta scan) or has been
 * measured with (detection's accuracy), so merging them would change decisions.
 */
public final class AsciiBytes {
    private AsciiBytes() {}

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * The offset of the first non-ASCII byte of {@code b[from, end)}, or {@code end}: eight bytes at
     * a time, as most bytes of most pages are ASCII.
     */
    public static int firstNonAscii(byte[] b, int from, int end) {
        int i = from;
        while (i + 8 <= end && ((long) LONGS.get(b, i) & 0x8080808080808080L) == 0) i += 8;
        while (i < end && b[i] >= 0) i++;
        return i;
    }

    /**
     * The offset of the first ASCII byte of {@code b[from, end)}, or {@code end}: eight bytes at a
     * time, for the long runs of non-ASCII bytes of CJK and other legacy text.
     */
    public static int firstAscii(byte[] b, int from, int end) {
        int i = from;
        while (i + 8 <= end && ((long) LONGS.get(b, i) & 0x8080808080808080L) == 0x8080808080808080L) i += 8;
        while (i < end && b[i] < 0) i++;
        return i;
    }

    /** A byte as a char: A-Z lowercased, everything else (including non-ASCII) unchanged. */
    public static char lowercase(byte c) {
        int v = c & 0xFF;
        return (char) (v >= 'A' && v <= 'Z' ? v + 0x20 : v);
    }

    /** The HTML Standard's ASCII whitespace: TAB, LF, FF, CR, SPACE. */
    public static boolean isAsciiWhitespaceByte(byte c) {
        return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
    }

    /** The HTML Standard's ASCII whitespace: TAB, LF, FF, CR, SPACE. */
    public static boolean isAsciiWhitespace(char c) {
        return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
    }

    /** A-Z or a-z. */
    public static boolean isAsciiLetter(byte c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    /**
     * Whether a byte beside a non-ASCII sequence makes it part of a word: an ASCII letter or digit,
     * or another non-ASCII byte ("CafÃ©", "SÃ£o"), as against space, punctuation and markup.
     */
    public static boolean isWordByte(byte c) {
        return c < 0 || c >= '0' && c <= '9' || isAsciiLetter(c);
    }

    /** {@code b[from, to)} as a String, one char per byte. */
    public static String latin1(byte[] b, int from, int to) {
        return new String(b, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Whether {@code b[pos, end)} starts with the ASCII string {@code ascii}, exactly. */
    public static boolean startsWith(byte[] b, int pos, int end, String ascii) {
        if (end - pos < ascii.length()) return false;
        for (int i = 0; i < ascii.length(); i++) {
            if (b[pos + i] != ascii.charAt(i)) return false;
        }
        return true;
    }

    /** Whether {@code b[pos..]} starts with {@code lower} (lowercase ASCII), ASCII case-insensitively. */
    public static boolean startsWithIgnoringAsciiCase(byte[] b, int pos, int end, String lower) {
        if (end - pos < lower.length()) return false;
        for (int i = 0; i < lower.length(); i++) {
            if (lowercase(b[pos + i]) != lower.charAt(i)) return false;
        }
        return true;
    }

    /** The first index of {@code c} in {@code b[from, end)}, or -1. */
    public static int indexOf(byte[] b, int from, int end, byte c) {
        return indexOfMasked(b, from, end, 0, c);
    }

    /**
     * The first index of a C0 control (a byte 0x00-0x1F: its top three bits clear) in
     * {@code b[from, end)}, or -1.
     */
    public static int indexOfControl(byte[] b, int from, int end) {
        return indexOfMasked(b, from, end, 0x1F, (byte) 0x1F);
    }

    /** The index just after the first {@code c} in {@code b[from, end)}, or -1 if there is none. */
    public static int after(byte[] b, int from, int end, byte c) {
        int i = indexOf(b, from, end, c);
        return i < 0 ? -1 : i + 1;
    }

    /** The first index of the ASCII string {@code ascii} in {@code b[from, end)}, or -1. */
    public static int indexOf(byte[] b, int from, int end, String ascii) {
        int last = end - ascii.length(); // the last index it can start at
        for (int i = from; i <= last; i++) {
            i = indexOf(b, i, last + 1, (byte) ascii.charAt(0)); // the next byte that is the first char
            if (i < 0) return -1;
            if (startsWith(b, i, end, ascii)) return i;
        }
        return -1;
    }

    /**
     * The first index in {@code b[from, end)} of a byte that is {@code c} or {@code d}, or {@code
     * end}: eight bytes at a time, for the long runs of text between the bytes a scan stops at.
     */
    public static int indexOfEither(byte[] b, int from, int end, byte c, byte d) {
        long everyC = (c & 0xFFL) * 0x0101010101010101L;
        long everyD = (d & 0xFFL) * 0x0101010101010101L;
        int i = from;
        for (; i + 8 <= end; i += 8) {
            long w = (long) LONGS.get(b, i);
            long x = w ^ everyC;
            long y = w ^ everyD;
            // the lowest flag of either is a true one (indexOfMasked): so is the lowest of both
            long found = ((x - 0x0101010101010101L) & ~x | (y - 0x0101010101010101L) & ~y) & 0x8080808080808080L;
            if (found != 0) return i + (Long.numberOfTrailingZeros(found) >>> 3);
        }
        for (; i < end; i++) {
            if (b[i] == c || b[i] == d) return i;
        }
        return end;
    }

    /**
     * The first index of {@code lower} (lowercase ASCII) in {@code b[from, end)}, matched ASCII
     * case-insensitively, or -1.
     */
    public static int indexOfIgnoringAsciiCase(byte[] b, int from, int end, String lower) {
        char first = lower.charAt(0);
        int caseBit = first >= 'a' && first <= 'z' ? 0x20 : 0; // A-Z and a-z differ only in bit 0x20
        int last = end - lower.length(); // the last index it can start at
        for (int i = from; i <= last; i++) {
            i = indexOfMasked(b, i, last + 1, caseBit, (byte) first); // the next byte that is the first char
            if (i < 0) return -1;
            if (startsWithIgnoringAsciiCase(b, i, end, lower)) return i;
        }
        return -1;
    }

    /**
     * The first index in {@code b[from, end)} of a byte that is {@code c} once bits {@code mask}
     * are set ({@code c} has them set), or -1: the searches above, eight bytes at a time.
     */
    private static int indexOfMasked(byte[] b, int from, int end, int mask, byte c) {
        long everyMask = (mask & 0xFFL) * 0x0101010101010101L;
        long everyByte = (c & 0xFFL) * 0x0101010101010101L;
        int i = from;
        // setting the mask and XOR with c in every byte makes the bytes sought zero, and of the
        // flags "x - 0x01... & ~x & 0x80..." raises, the lowest is always a zero byte's (a borrow
        // can only flag bytes above one), which is the first in memory in a little-endian long
        for (; i + 8 <= end; i += 8) {
            long x = ((long) LONGS.get(b, i) | everyMask) ^ everyByte;
            long zeros = (x - 0x0101010101010101L) & ~x & 0x8080808080808080L;
            if (zeros != 0) return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
        }
        for (; i < end; i++) {
            if ((b[i] | mask) == c) return i;
        }
        return -1;
    }

    /** Whether {@code s[from, to)} holds only ASCII characters (U+0000-U+007F). */
    public static boolean isAscii(CharSequence s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) >= 0x80) return false;
        }
        return true;
    }
}
