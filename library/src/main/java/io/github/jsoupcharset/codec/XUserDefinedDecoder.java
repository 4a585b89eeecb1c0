package io.github.jsoupcharset.codec;

import java.util.Objects;

/** The Encoding Standard's x-user-defined decoder: bytes 0x80-0xFF become U+F780-U+F7FF. */
final class XUserDefinedDecoder extends Decoder {
    private static final int CHUNK = 8192;
    private final char[] buf = new char[CHUNK];

    @Override
    public void decode(byte[] src, int off, int len, boolean last, StringBuilder out) {
        Objects.checkFromIndexSize(off, len, src.length);
        // 1. If byte is end-of-queue, return finished: nothing is ever pending.
        char[] buf = this.buf;
        int end = off + len;
        while (off < end) {
            int chunkEnd = Math.min(end, off + CHUNK);
            int j = 0;
            for (int i = off; i < chunkEnd; i++) {
                int b = src[i];
                // 2. ASCII byte: return a code point whose value is byte.
                // 3. Return a code point whose value is 0xF780 + byte - 0x80.
                buf[j++] = b >= 0 ? (char) b : (char) (0xF780 + (b & 0xFF) - 0x80);
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
