package io.github.jsoupcharset.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Objects;

/**
 * A {@link Reader} over a body that is still arriving: the bytes already read (the look-ahead the
 * encoding was decided from), then the rest of an {@link InputStream}, a chunk at a time, decoded
 * as they are read. Neither the body nor its text is ever held whole: what it holds is the
 * look-ahead until it has been read, then one chunk of {@link #CHUNK} bytes and a small char buffer.
 *
 * <p>It can watch the bytes for the first one that contradicts the decision ({@link Watch}); the
 * decoder counts the errors ({@link #errors()}, final once a read has returned -1). A stream that
 * returns 0 bytes {@link #MAX_EMPTY_READS} times in a row (which {@link InputStream#read(byte[],
 * int, int)} must not do) ends the reading with an {@link IOException} rather than spinning. Not
 * thread-safe. Internal: no compatibility contract.
 */
public final class StreamDecodingReader extends Reader {
    /** The bytes read from the stream at a time once the look-ahead is used up. */
    public static final int CHUNK = 8192;
    /** How many 0-byte reads in a row a stream may return before it is taken as broken. */
    public static final int MAX_EMPTY_READS = 1000;
    /** Fewer bytes than this sure to fit the caller's buffer: decode into {@link #held} instead. */
    private static final int MIN_DIRECT = 64;
    private static final int HELD_CHARS = 4 * 256 + 8;

    /** What in the bytes after the look-ahead would show the decision wrong. */
    public enum Watch {
        /** Nothing: the decision stands whatever follows (a BOM, a declaration, a whole body). */
        NONE,
        /** The first UTF-8 decoding error: the decision rested on the look-ahead being valid UTF-8. */
        UTF8_ERROR,
        /** The first non-ASCII byte: the decision rested on the look-ahead being all ASCII. */
        NON_ASCII
    }

    private final InputStream in;
    private final Decoder decoder;
    private byte[] buf;
    private int pos;
    private int end;
    private long bufOffset; // the stream offset of buf[0]
    private boolean eof; // in has returned -1 (or there is no stream)
    private boolean finished; // the end-of-queue step has run
    private char[] held;
    private int heldPos;
    private int heldEnd;

    private Watch watch;
    private final java.util.function.BooleanSupplier truncated;
    private long contradictedAt = -1;
    /** The stream offset the watch goes on from: the look-ahead, once scanned here, is not fed to it again. */
    private long watchFrom;
    // the UTF-8 decoder's state, as the Encoding Standard's UTF-8 decoder keeps it
    private int needed;
    private int seen;
    private int lower = 0x80;
    private int upper = 0xBF;
    private long sequenceStart; // the offset of the lead byte of the sequence being read
    private long errorAt;

    /**
     * Reads {@code lookahead[start, length)} and then {@code in} to its end.
     *
     * @param lookahead the bytes already read from the stream, from its first byte
     * @param start where the text starts in them (after a BOM)
     * @param length how many of them were read
     * @param in the rest of the stream, or null if the look-ahead is the whole body
     * @param decoder a new decoder for the encoding decided
     * @param watch what in the bytes after the look-ahead contradicts the decision
     * @param truncated asked at the end of the stream whether the body was cut off at a size limit:
     *     a UTF-8 sequence cut off by the end then does not contradict a UTF-8 decision
     */
    public StreamDecodingReader(byte[] lookahead, int start, int length, InputStream in, Decoder decoder, Watch watch,
            java.util.function.BooleanSupplier truncated) {
        Objects.checkFromToIndex(start, length, lookahead.length);
        this.buf = lookahead;
        this.pos = start;
        this.end = length;
        this.in = in;
        this.eof = in == null;
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.watch = in == null ? Watch.NONE : Objects.requireNonNull(watch, "watch");
        this.truncated = Objects.requireNonNull(truncated, "truncated");
        if (this.watch == Watch.UTF8_ERROR) {
            // the decision saw the look-ahead valid, but its last sequence may be unfinished
            for (int i = start; i < length; i++) {
                if (utf8Error(lookahead[i] & 0xFF, i)) { // not for a valid look-ahead; say it if it happens
                    contradictedAt = i;
                    this.watch = Watch.NONE;
                    break;
                }
            }
            // decoding the look-ahead must not feed its bytes to the UTF-8 steps twice: a sequence
            // the look-ahead's end cut would then meet the look-ahead's first byte as its next
            watchFrom = length;
        }
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, cbuf.length);
        if (len == 0) return 0;
        while (heldPos == heldEnd) {
            if (finished) return -1;
            if (pos == end && !eof) fill();
            int fitting = decoder.bytesFitting(len);
            int available = end - pos;
            if (fitting >= MIN_DIRECT || fitting >= available && fitting >= 0) {
                int written = decodeNext(fitting, cbuf, off);
                if (written > 0) return written;
            } else {
                if (held == null) held = new char[HELD_CHARS];
                heldPos = 0;
                heldEnd = decodeNext(decoder.bytesFitting(HELD_CHARS), held, 0);
            }
        }
        int n = Math.min(len, heldEnd - heldPos);
        System.arraycopy(held, heldPos, cbuf, off, n);
        heldPos += n;
        return n;
    }

    /** Decodes up to {@code fitting} of the bytes at hand (the end-of-queue step at the end); returns the chars written. */
    private int decodeNext(int fitting, char[] dst, int dstOff) {
        int n = Math.min(fitting, end - pos);
        boolean last = eof && pos + n == end;
        if (watch != Watch.NONE) watchBytes(pos, n, last);
        int written = decoder.decodeInto(buf, pos, n, last, dst, dstOff);
        pos += n;
        finished = last;
        return written;
    }

    /** Reads the next bytes of the stream, after the bytes at hand are all decoded. */
    private void fill() throws IOException {
        bufOffset += end;
        if (buf.length != CHUNK) buf = new byte[CHUNK]; // the look-ahead is let go
        pos = 0;
        end = 0;
        for (int empty = 0; ; empty++) {
            int n = in.read(buf, 0, CHUNK);
            if (n < 0) {
                eof = true;
                return;
            }
            if (n > 0) {
                end = n;
                return;
            }
            if (empty >= MAX_EMPTY_READS) {
                throw new IOException("the stream returned 0 bytes " + MAX_EMPTY_READS + " times in a row at byte "
                        + bufOffset + " (InputStream.read must block until at least one byte is there)");
            }
        }
    }

    private void watchBytes(int from, int n, boolean last) {
        if (watch == Watch.NON_ASCII) {
            for (int i = from; i < from + n; i++) {
                if (buf[i] < 0) {
                    contradiction(i);
                    return;
                }
            }
            return;
        }
        for (int i = (int) Math.max(from, Math.min(from + n, watchFrom - bufOffset)); i < from + n; i++) {
            if (utf8Error(buf[i] & 0xFF, bufOffset + i)) {
                contradictedAt = errorAt;
                watch = Watch.NONE;
                return;
            }
        }
        if (last && needed != 0 && !truncated.getAsBoolean()) {
            contradictedAt = sequenceStart;
            watch = Watch.NONE;
        }
    }

    private void contradiction(int index) {
        contradictedAt = bufOffset + index;
        watch = Watch.NONE;
    }

    /**
     * The Encoding Standard's UTF-8 decoder steps for one byte at stream offset {@code offset};
     * true at an error, with {@link #errorAt} the offset of the ill-formed sequence's first byte.
     */
    private boolean utf8Error(int b, long offset) {
        if (needed == 0) {
            if (b <= 0x7F) return false;
            sequenceStart = offset;
            if (b >= 0xC2 && b <= 0xDF) {
                needed = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                if (b == 0xE0) lower = 0xA0;
                if (b == 0xED) upper = 0x9F;
                needed = 2;
            } else if (b >= 0xF0 && b <= 0xF4) {
                if (b == 0xF0) lower = 0x90;
                if (b == 0xF4) upper = 0x8F;
                needed = 3;
            } else {
                errorAt = offset;
                return true;
            }
            return false;
        }
        if (b < lower || b > upper) {
            errorAt = sequenceStart;
            return true;
        }
        lower = 0x80;
        upper = 0xBF;
        if (++seen == needed) {
            needed = 0;
            seen = 0;
        }
        return false;
    }

    /**
     * The stream offset of the first byte that contradicted the decision, as {@link Watch} asks;
     * -1 if none has (yet).
     */
    public long contradictedAt() {
        return contradictedAt;
    }

    /** The decoder's errors so far (all of them once {@link #read} has returned -1). */
    public long errors() {
        return decoder.errors();
    }

    /** Whether bytes still to be decoded could contradict the decision ({@link Watch}); false once one has. */
    public boolean watching() {
        return watch != Watch.NONE;
    }

    /** Whether the whole stream has been read and decoded. */
    public boolean finished() {
        return finished;
    }

    /**
     * Reads and decodes whatever has not been read yet, dropping its text, so that {@link #errors()}
     * and {@link #contradictedAt()} cover every byte; returns the error count.
     */
    public long finish() throws IOException {
        if (finished && heldPos == heldEnd) return decoder.errors(); // read to its end already: nothing to drop
        char[] sink = new char[HELD_CHARS];
        while (read(sink, 0, sink.length) >= 0) {
            // dropped
        }
        return decoder.errors();
    }

    /** Closes the stream. */
    @Override
    public void close() throws IOException {
        if (in != null) in.close();
    }
}
