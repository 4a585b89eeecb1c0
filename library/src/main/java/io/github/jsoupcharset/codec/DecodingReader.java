package io.github.jsoupcharset.codec;

import java.io.Reader;
import java.util.Objects;

/**
 * A {@link Reader} over a body decoded as it is read, a chunk at a time, so the whole text never
 * exists as one String: jsoup's parser reads from it as it reads from a stream. Errors are counted
 * by the decoder ({@link #errors()} is final once the reader is exhausted). Not thread-safe.
 * Internal: no compatibility contract.
 */
public final class DecodingReader extends Reader {
    /** Fewer bytes than this sure to fit the caller's buffer: decode into {@link #held} instead. */
    private static final int MIN_DIRECT = 64;
    /** The size of {@link #held}: 256 bytes of any encoding fit (1,032 bytes of a single-byte one). */
    private static final int HELD_CHARS = 4 * 256 + 8;

    private final byte[] src;
    private int pos;
    private final int end;
    private final Decoder decoder;
    private char[] held; // made only for reads too small to decode into
    private int heldPos;
    private int heldEnd;
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
        while (heldPos == heldEnd) {
            if (finished) return -1;
            // straight into the caller's buffer, as many bytes as are sure to fit; when too few
            // fit, into our own small buffer, handed over in parts
            int fitting = decoder.bytesFitting(len);
            if (fitting >= MIN_DIRECT || fitting >= end - pos) {
                int written = decodeNext(fitting, cbuf, off);
                if (written > 0) return written;
            } else {
                heldPos = 0;
                heldEnd = decodeHeld();
            }
        }
        int n = Math.min(len, heldEnd - heldPos);
        System.arraycopy(held, heldPos, cbuf, off, n);
        heldPos += n;
        return n;
    }

    /**
     * Decodes whatever has not been read yet, dropping its text (and any text decoded but not yet
     * read), so that {@link #errors()} counts the errors of every byte; returns that count. Reads
     * after it return -1.
     */
    public long finish() {
        while (!finished) decodeHeld();
        heldPos = 0;
        heldEnd = 0;
        return decoder.errors();
    }

    /** Decodes the next bytes into {@link #held}, as many as fit it; returns the chars written. */
    private int decodeHeld() {
        if (held == null) held = new char[HELD_CHARS];
        return decodeNext(decoder.bytesFitting(HELD_CHARS), held, 0);
    }

    /** Decodes up to {@code fitting} more bytes into {@code dst} from {@code dstOff}; returns the chars written. */
    private int decodeNext(int fitting, char[] dst, int dstOff) {
        int n = Math.min(fitting, end - pos);
        finished = pos + n == end;
        int written = decoder.decodeInto(src, pos, n, finished, dst, dstOff);
        pos += n;
        return written;
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
