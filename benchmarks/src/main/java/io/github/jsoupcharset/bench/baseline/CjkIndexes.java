package io.github.jsoupcharset.bench.baseline;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The decoding half of the library's {@code codec.CjkIndexes} (package-private there), reading the
 * same {@code index-<name>.bin} resources from the library's jar.
 */
final class CjkIndexes {
    private CjkIndexes() {}

    static final class Big5 {
        static final int[] INDEX = load("big5");
    }

    static final class EucKr {
        static final int[] INDEX = load("euc-kr");
    }

    static final class Gb18030 {
        static final int[] INDEX = load("gb18030");
    }

    static final class Jis0208 {
        static final int[] INDEX = load("jis0208");
    }

    static final class Jis0212 {
        static final int[] INDEX = load("jis0212");
    }

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

    static int codePoint(int[] index, int pointer) {
        return pointer >= 0 && pointer < index.length ? index[pointer] : 0;
    }

    static int gb18030RangesCodePoint(int pointer) {
        if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return -1;
        if (pointer == 7457) return 0xE7C7;
        int i = java.util.Arrays.binarySearch(Gb18030Ranges.POINTERS, pointer);
        int row = i >= 0 ? i : -i - 2;
        return Gb18030Ranges.CODE_POINTS[row] + pointer - Gb18030Ranges.POINTERS[row];
    }

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
        String resource = "/io/github/jsoupcharset/codec/index-" + name + ".bin";
        InputStream in = CjkIndexes.class.getResourceAsStream(resource);
        if (in == null) throw new IOException("missing resource " + resource);
        return new DataInputStream(new java.io.BufferedInputStream(in));
    }
}
