package io.github.jsoupcharset.stream;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The rest of a stream, every byte of it shown to {@link #seen} as it is read (skipped bytes are
 * read, so that none is missed), and its end. For the watches that go on past a look-ahead while
 * the text is decoded. Not thread-safe.
 */
abstract class ObservedInputStream extends FilterInputStream {
    ObservedInputStream(InputStream rest) {
        super(rest);
    }

    /** Sees {@code b[off, off+n)}, the next bytes read; {@code n} -1 at the end of the stream. */
    abstract void seen(byte[] b, int off, int n);

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n != 0) seen(b, off, n);
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] skipped = new byte[(int) Math.max(0, Math.min(n, 8192))];
        int r = read(skipped, 0, skipped.length);
        return Math.max(0, r);
    }
}
