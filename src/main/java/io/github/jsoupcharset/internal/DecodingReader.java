package io.github.jsoupcharset.internal;

import java.io.Reader;
import java.util.Objects;

/**
 * A {@link Reader} over a body decoded as it is read, a chunk at a time, so the whole text never
 * exists as one String: jsoup's parser reads from it as it reads from a stream. Errors are counted
 * by the decoder ({@link #errors()} is final once the reader is exhausted). Not thread-safe.
 * Internal: no compatibility contract.
 */
public final class DecodingReader extends Reader {
    private static final int CHUNK = 16 * 1024;
    /** Fewer bytes than this fitting the caller's buffer: decode a chunk and hand it over in parts. */
    private static final int MIN_DIRECT = 64;

    private final byte[] src;
    private int pos;
    private final int end;
    private final Decoder decoder;
    private StringBuilder chunk; // only for callers whose buffer is too small to decode into
    private int chunkPos;
    private boolean finished;

    /** Decodes {@code src[off, off+len)} with {@code decoder} as it is read. */
    public DecodingReader(byte[] src, int off, int len, Decoder decoder) {
        Objects.checkFromIndexSize(off, len, src.length);
        this.src = src;
        this.pos = off;
        this.end = off + len;
        this.decoder = Objects.requireNonNull(decoder, "decoder");
    }

    @Override
    public int read(char[] cbuf, int off, int len) {
        Objects.checkFromIndexSize(off, len, cbuf.length);
        if (len == 0) return 0;
        while (chunk == null || chunkPos == chunk.length()) {
            if (finished) return -1;
            // straight into the caller's buffer, as many bytes as are sure to fit
            int fitting = decoder.bytesFitting(len);
            int n = Math.min(fitting, end - pos);
            if (fitting < 0 || n < MIN_DIRECT && n < end - pos) break;
            finished = pos + n == end;
            int written = decoder.decodeInto(src, pos, n, finished, cbuf, off);
            pos += n;
            if (written > 0) return written;
        }
        if (chunk == null) chunk = new StringBuilder(Math.min(CHUNK, end - pos + 8));
        while (chunkPos == chunk.length()) {
            if (finished) return -1;
            chunk.setLength(0);
            chunkPos = 0;
            int n = Math.min(CHUNK, end - pos);
            finished = pos + n == end;
            decoder.decode(src, pos, n, finished, chunk);
            pos += n;
        }
        int n = Math.min(len, chunk.length() - chunkPos);
        chunk.getChars(chunkPos, chunkPos + n, cbuf, off);
        chunkPos += n;
        return n;
    }

    /** The decoder's errors so far (all of them once {@link #read} has returned -1). */
    public long errors() {
        return decoder.errors();
    }

    @Override
    public void close() {
        // nothing to release: the bytes belong to the caller
    }
}
