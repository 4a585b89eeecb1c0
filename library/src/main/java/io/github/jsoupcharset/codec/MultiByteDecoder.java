package io.github.jsoupcharset.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Shared plumbing of the CJK decoders: input is decoded in chunks into a char buffer, which is
 * appended to the output once per chunk. Subclasses implement the standard's handler in
 * {@link #decodeChunk} and its end-of-queue steps in {@link #endOfQueue}, writing through
 * {@link #emit}, {@link #emitCodePoint} and {@link #emitError}: {@link LeadByteDecoder} does so
 * once for the five lead-byte families, {@link Iso2022JpDecoder} for itself.
 *
 * <p>"Prepend byte to ioQueue" is done by not advancing past the byte, so it is decoded again
 * from the new state; where the standard prepends bytes held in the decoder's state (gb18030,
 * ISO-2022-JP) the subclass decodes those first, as its comments say.
 */
abstract class MultiByteDecoder extends Decoder {
    static final int CHUNK = 8192;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    // a chunk of n bytes yields at most n + UNFINISHED chars ({@link #bytesFitting}); allocated on
    // first use (decodeAll brings its own) and grown to fit the chunk
    char[] buf = new char[0];
    int j; // chars in buf
    private long base; // output length when buf was started

    @Override
    public final void decode(byte[] src, int off, int len, boolean last, StringBuilder out) {
        Objects.checkFromIndexSize(off, len, src.length);
        int end = off + len;
        while (off < end) {
            int n = Math.min(CHUNK, end - off);
            if (buf.length < n + UNFINISHED) buf = new char[n + UNFINISHED];
            base = out.length();
            j = 0;
            decodeChunk(src, off, off + n);
            out.append(buf, 0, j);
            off += n;
        }
        if (last) {
            if (buf.length < UNFINISHED) buf = new char[UNFINISHED];
            base = out.length();
            j = 0;
            endOfQueue();
            out.append(buf, 0, j);
        }
    }

    /** Straight into {@code dst}: the chunk handler writes wherever {@link #buf} points. */
    @Override
    public final int decodeInto(byte[] src, int off, int len, boolean last, char[] dst, int dstOff) {
        Objects.checkFromIndexSize(off, len, src.length);
        checkRoom(len, dst, dstOff);
        char[] chunkBuffer = buf;
        buf = dst;
        base = -dstOff;
        j = dstOff;
        if (len > 0) decodeChunk(src, off, off + len);
        if (last) endOfQueue();
        int written = j - dstOff;
        buf = chunkBuffer;
        j = 0;
        return written;
    }

    /**
     * The whole stream into one array sized to the input ({@link #bytesFitting}: n bytes make at
     * most n chars and one for each unfinished byte of earlier input), then one copy into the String.
     */
    @Override
    public final String decodeAll(byte[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        char[] chunkBuffer = buf;
        buf = new char[len + UNFINISHED];
        base = 0;
        j = 0;
        int end = off + len;
        while (off < end) {
            int n = Math.min(CHUNK, end - off);
            decodeChunk(src, off, off + n);
            off += n;
        }
        endOfQueue();
        String text = new String(buf, 0, j);
        buf = chunkBuffer;
        j = 0;
        return text;
    }

    /**
     * The most bytes a decoder of this family may have read without finishing their sequence
     * ({@link #unfinishedBytes}: gb18030's first, second and third), and so the most chars a call
     * writes beyond one a byte.
     */
    static final int UNFINISHED = 3;

    /**
     * As many bytes as {@code room} chars less {@link #UNFINISHED}: in every family each byte
     * yields at most one char once its sequence ends. A code point takes one byte or more for each
     * char (a supplementary code point is two chars from four bytes; Big5's pairs of code points are
     * two chars from two bytes); an error stands for the bytes it drops, at least one (a byte the
     * standard prepends again is counted when it is decoded again, ISO-2022-JP's escape sequence
     * that only changes the state is three bytes for its one error); end-of-queue's error stands
     * for the unfinished bytes. So a call writes at most its bytes plus those an earlier call left
     * unfinished; {@code DecodeIntoBoundTest} holds every family to it.
     */
    @Override
    public final int bytesFitting(int room) {
        return room < UNFINISHED ? -1 : room - UNFINISHED;
    }

    /** Runs the handler on bytes {@code src[i..end)}, which the caller has checked. */
    abstract void decodeChunk(byte[] src, int i, int end);

    /** Runs the handler on end-of-queue (until it returns finished). */
    abstract void endOfQueue();

    /** Writes one BMP code point. */
    final void emit(int c) {
        buf[j++] = (char) c;
    }

    /** Writes one code point, as a surrogate pair above U+FFFF. */
    final void emitCodePoint(int cp) {
        if (cp < 0x10000) {
            buf[j++] = (char) cp;
        } else {
            buf[j++] = Character.highSurrogate(cp);
            buf[j++] = Character.lowSurrogate(cp);
        }
    }

    /** Returns error: records it and writes its U+FFFD. */
    final void emitError() {
        errorAt(base + j);
        buf[j++] = '\uFFFD';
    }

    /**
     * Copies the run of ASCII bytes starting at {@code i} (the fast path: markup is ASCII) and
     * returns the index of the first non-ASCII byte, or {@code end}.
     */
    final int copyAscii(byte[] src, int i, int end) {
        int runEnd = asciiRun(src, i, end, buf, j);
        j += runEnd - i;
        return runEnd;
    }

    /**
     * Copies the run of ASCII bytes {@code src[i, …)} (stopping before {@code end}) into {@code dst}
     * from {@code j}, eight bytes at a time while none has its high bit set, and returns the index
     * of the first non-ASCII byte, or {@code end}.
     */
    static int asciiRun(byte[] src, int i, int end, char[] dst, int j) {
        while (i + 8 <= end && ((long) LONGS.get(src, i) & 0x8080808080808080L) == 0) {
            for (int k = 0; k < 8; k++) dst[j + k] = (char) src[i + k];
            i += 8;
            j += 8;
        }
        int b;
        while (i < end && (b = src[i]) >= 0) {
            dst[j++] = (char) b;
            i++;
        }
        return i;
    }
}
