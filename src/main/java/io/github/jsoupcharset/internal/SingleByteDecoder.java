package io.github.jsoupcharset.internal;

import java.util.Objects;

/** The Encoding Standard's single-byte decoder, for one of the 28 single-byte indexes. */
final class SingleByteDecoder extends Decoder {
    private static final int CHUNK = 8192;

    private final char[] table; // all 256 bytes: ASCII, then the index (U+FFFD where it has no code point)
    private char[] buf = new char[0]; // grown to the chunk size on first use

    /**
     * @param table the code points of all 256 bytes, as {@link #byteTable} makes them (shared,
     *     never modified)
     */
    SingleByteDecoder(char[] table) {
        if (table.length != 256) throw new IllegalArgumentException("table must have 256 entries");
        this.table = table;
    }

    /**
     * The code point of each of the 256 bytes: the byte itself for ASCII, the index code point for
     * the rest (U+FFFD where the index has none).
     *
     * @param index the 128 code points of bytes 0x80-0xFF
     */
    static char[] byteTable(char[] index) {
        if (index.length != 128) throw new IllegalArgumentException("index must have 128 entries");
        char[] table = new char[256];
        for (int b = 0; b < 0x80; b++) table[b] = (char) b;
        System.arraycopy(index, 0, table, 0x80, 128);
        return table;
    }

    /**
     * One char per byte, ASCII included, by table lookup straight into an array the size of the
     * text (a single copy into the String), the JDK's own loop for its single-byte charsets. Each
     * U+FFFD (a byte the index has no code point for) is an error; they are only counted in the
     * loop and recorded, in order, by a second pass over the text when there are any.
     */
    @Override
    public String decodeAll(byte[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        char[] table = this.table;
        char[] out = new char[len];
        int undefined = 0;
        for (int i = 0; i < len; i++) {
            char c = table[src[off + i] & 0xFF];
            if (c == '\uFFFD') undefined++;
            out[i] = c;
        }
        for (int i = 0; undefined > 0; i++) {
            if (out[i] == '\uFFFD') {
                errorAt(i);
                undefined--;
            }
        }
        return new String(out);
    }

    @Override
    public void decode(byte[] src, int off, int len, boolean last, StringBuilder out) {
        Objects.checkFromIndexSize(off, len, src.length);
        // 1. If byte is end-of-queue, return finished: nothing is ever pending.
        char[] table = this.table;
        if (buf.length < Math.min(CHUNK, len)) buf = new char[Math.min(CHUNK, len)];
        char[] buf = this.buf;
        int end = off + len;
        while (off < end) {
            int chunkEnd = Math.min(end, off + CHUNK);
            long base = out.length();
            int j = 0;
            int i = off;
            while (i < chunkEnd) {
                int b = src[i++];
                // 2. If byte is an ASCII byte, return a code point whose value is byte.
                if (b >= 0) {
                    buf[j++] = (char) b;
                    continue;
                }
                // 3. Let code point be the index code point for byte - 0x80 (the table holds
                //    the index from entry 0x80).
                char c = table[b & 0xFF];
                // 4. If code point is null, return error.
                if (c == '\uFFFD') errorAt(base + j);
                // 5. Return a code point whose value is code point.
                buf[j++] = c;
            }
            out.append(buf, 0, j);
            off = chunkEnd;
        }
    }

    @Override
    int unfinishedBytes() {
        return 0;
    }
}
