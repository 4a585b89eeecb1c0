package io.github.jsoupcharset;

import java.io.InputStream;
import java.util.Random;

/**
 * A stream over bytes that hands them over in the chunk sizes a test asks for: one byte a read, random
 * sizes (with an occasional 0-byte read, which a stream must not return but some do), or all at once.
 */
public final class ChunkedInputStream extends InputStream {
    private final byte[] bytes;
    private int pos;
    private final Random random; // null: one byte a read
    private final boolean whole;

    private ChunkedInputStream(byte[] bytes, Random random, boolean whole) {
        this.bytes = bytes;
        this.random = random;
        this.whole = whole;
    }

    /** One byte each read. */
    public static InputStream oneByte(byte[] bytes) {
        return new ChunkedInputStream(bytes, null, false);
    }

    /** Random sizes from 0 to 9,000 bytes, seeded. */
    public static InputStream randomChunks(byte[] bytes, long seed) {
        return new ChunkedInputStream(bytes, new Random(seed), false);
    }

    /** Everything the caller asks for, in one read. */
    public static InputStream oneRead(byte[] bytes) {
        return new ChunkedInputStream(bytes, null, true);
    }

    @Override
    public int read() {
        return pos < bytes.length ? bytes[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) return 0;
        if (pos == bytes.length) return -1;
        int n;
        if (whole) {
            n = len;
        } else if (random == null) {
            n = 1;
        } else {
            int r = random.nextInt(100);
            n = r < 3 ? 0 : r < 50 ? 1 + random.nextInt(16) : 1 + random.nextInt(9000);
        }
        n = Math.min(n, Math.min(len, bytes.length - pos));
        System.arraycopy(bytes, pos, b, off, n);
        pos += n;
        return n;
    }
}
