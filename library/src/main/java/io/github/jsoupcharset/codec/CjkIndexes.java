package io.github.jsoupcharset.codec;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The Encoding Standard's multi-byte indexes, read from the {@code index-<name>.bin} resources that
 * {@code tools/generate-tables} writes from the WHATWG index files (CC BY 4.0, WHATWG; see NOTICE).
 * Each index is loaded on first use by its holder class's initialiser (thread-safe, once), and
 * never modified afterwards. Internal: no compatibility contract.
 */
final class CjkIndexes {
    private CjkIndexes() {}

    /** index Big5: code point by pointer, 0 for none (some are above U+FFFF). */
    static final class Big5 {
        static final int[] INDEX = load("big5");
    }

    /** index EUC-KR. */
    static final class EucKr {
        static final int[] INDEX = load("euc-kr");
    }

    /** index gb18030 (the GB18030-2022 version). */
    static final class Gb18030 {
        static final int[] INDEX = load("gb18030");
    }

    /** index jis0208. */
    static final class Jis0208 {
        static final int[] INDEX = load("jis0208");
    }

    /** index jis0212 (used by the EUC-JP decoder only). */
    static final class Jis0212 {
        static final int[] INDEX = load("jis0212");
    }

    /** index ISO-2022-JP katakana (used by the ISO-2022-JP encoder only). */
    static final class Iso2022JpKatakana {
        static final int[] INDEX = load("iso-2022-jp-katakana");
    }

    /** index gb18030 ranges: the rows' pointers and code points, both ascending. */
    static final class Gb18030Ranges {
        static final int[] POINTERS;
        static final int[] CODE_POINTS;

        static {
            try (DataInputStream in = open("gb18030-ranges")) {
                int n = in.readInt();
                POINTERS = new int[n];
                CODE_POINTS = new int[n];
                for (int i = 0; i < n; i++) {
                    POINTERS[i] = in.readInt();
                    CODE_POINTS[i] = in.readInt();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The index code point for {@code pointer} in {@code index}, or 0 for null. */
    static int codePoint(int[] index, int pointer) {
        return pointer >= 0 && pointer < index.length ? index[pointer] : 0;
    }

    /**
     * The index gb18030 ranges code point for {@code pointer}, or -1 for null.
     */
    static int gb18030RangesCodePoint(int pointer) {
        // 1. If pointer is greater than 39419 and less than 189000, or pointer is greater than
        //    1237575, return null.
        if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return -1;
        // 2. If pointer is 7457, return code point U+E7C7.
        if (pointer == 7457) return 0xE7C7;
        // 3. Let offset be the last pointer in index gb18030 ranges that is less than or equal to
        //    pointer and let code point offset be its corresponding code point.
        int row = lastAtOrBelow(Gb18030Ranges.POINTERS, pointer);
        // 4. Return a code point whose value is code point offset + pointer - offset.
        return Gb18030Ranges.CODE_POINTS[row] + pointer - Gb18030Ranges.POINTERS[row];
    }

    /** The index gb18030 ranges pointer for {@code codePoint} (U+0080 or above). */
    static int gb18030RangesPointer(int codePoint) {
        // 1. If code point is U+E7C7, return pointer 7457.
        if (codePoint == 0xE7C7) return 7457;
        // 2. Let offset be the last code point in index gb18030 ranges that is less than or equal
        //    to code point and let pointer offset be its corresponding pointer.
        int row = lastAtOrBelow(Gb18030Ranges.CODE_POINTS, codePoint);
        // 3. Return a pointer whose value is pointer offset + code point - offset.
        return Gb18030Ranges.POINTERS[row] + codePoint - Gb18030Ranges.CODE_POINTS[row];
    }

    /** The index of the last element of ascending {@code sorted} that is at most {@code key} (the first is 0). */
    private static int lastAtOrBelow(int[] sorted, int key) {
        int i = java.util.Arrays.binarySearch(sorted, key);
        return i >= 0 ? i : -i - 2;
    }

    /** Reads {@code index-<name>.bin}: a pointer count, then a 3-byte code point per pointer. */
    private static int[] load(String name) {
        try (DataInputStream in = open(name)) {
            int n = in.readInt();
            byte[] raw = new byte[3 * n];
            in.readFully(raw);
            int[] index = new int[n];
            for (int p = 0, k = 0; p < n; p++, k += 3) {
                index[p] = (raw[k] & 0xFF) << 16 | (raw[k + 1] & 0xFF) << 8 | (raw[k + 2] & 0xFF);
            }
            return index;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static DataInputStream open(String name) throws IOException {
        String resource = "index-" + name + ".bin";
        InputStream in = CjkIndexes.class.getResourceAsStream(resource);
        if (in == null) throw new IOException("missing resource " + resource + " next to " + CjkIndexes.class.getName());
        return new DataInputStream(new java.io.BufferedInputStream(in));
    }

    /**
     * A reverse index, code point → pointer, for the encoders: pages of 256 code points, only the
     * pages that have a mapping exist. Built once per index by the holder classes below.
     */
    static final class Reverse {
        private final char[][] pages = new char[0x1100][]; // pointer + 1; 0 = no pointer

        /**
         * @param index code point by pointer (0 = none)
         * @param from the first pointer to include (pointers below are excluded)
         * @param excludeFrom first pointer of a range to exclude, or -1
         * @param excludeTo last pointer of that range
         * @param lastFor code points whose last pointer is wanted rather than the first
         */
        Reverse(int[] index, int from, int excludeFrom, int excludeTo, int... lastFor) {
            for (int pointer = from; pointer < index.length; pointer++) {
                int cp = index[pointer];
                if (cp == 0 || (pointer >= excludeFrom && pointer <= excludeTo)) continue;
                char[] page = pages[cp >>> 8];
                if (page == null) page = pages[cp >>> 8] = new char[256];
                boolean last = false;
                for (int c : lastFor) last |= c == cp;
                if (page[cp & 0xFF] == 0 || last) page[cp & 0xFF] = (char) (pointer + 1);
            }
        }

        /** The pointer for {@code codePoint}, or -1 for null. */
        int pointer(int codePoint) {
            if (codePoint >= 0x110000) return -1;
            char[] page = pages[codePoint >>> 8];
            return page == null ? -1 : page[codePoint & 0xFF] - 1;
        }
    }

    /** The index pointer (first pointer) for a code point in index jis0208 (EUC-JP, ISO-2022-JP). */
    static final class Jis0208Reverse {
        static final Reverse INDEX = new Reverse(Jis0208.INDEX, 0, -1, -1);
    }

    /** The index Shift_JIS pointer: index jis0208 excluding pointers 8272 to 8835, inclusive. */
    static final class ShiftJisReverse {
        static final Reverse INDEX = new Reverse(Jis0208.INDEX, 0, 8272, 8835);
    }

    /** The index pointer for a code point in index EUC-KR. */
    static final class EucKrReverse {
        static final Reverse INDEX = new Reverse(EucKr.INDEX, 0, -1, -1);
    }

    /** The index pointer for a code point in index gb18030. */
    static final class Gb18030Reverse {
        static final Reverse INDEX = new Reverse(Gb18030.INDEX, 0, -1, -1);
    }

    /**
     * The index Big5 pointer: index Big5 excluding pointers below (0xA1 - 0x81) × 157, and the
     * last pointer for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345.
     */
    static final class Big5Reverse {
        static final Reverse INDEX = new Reverse(Big5.INDEX, (0xA1 - 0x81) * 157, -1, -1,
                0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345);
    }
}
