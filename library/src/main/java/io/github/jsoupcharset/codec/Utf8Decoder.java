package io.github.jsoupcharset.codec;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The Encoding Standard's UTF-8 decoder (errors are maximal subparts, as Unicode's "best practice
 * for U+FFFD"). It does not strip a byte order mark: the caller's BOM sniffing does that.
 */
final class Utf8Decoder extends Decoder {
    private static final int CHUNK = 8192;
    /** The most bytes a sequence can have read without finishing (a four-byte one's first three). */
    private static final int UNFINISHED = 3;

    // "UTF-8 code point, UTF-8 bytes seen, UTF-8 bytes needed (each initially 0),
    // UTF-8 lower boundary (initially 0x80), UTF-8 upper boundary (initially 0xBF)"
    private int codePoint;
    private int bytesSeen;
    private int bytesNeeded;
    private int lowerBoundary = 0x80;
    private int upperBoundary = 0xBF;

    // a chunk of n bytes yields at most n + UNFINISHED chars (bytesFitting); grown to fit the
    // chunk on first use
    private char[] buf = new char[0];

    /**
     * The JDK's UTF-8 decoder (intrinsics for ASCII) when it finds the bytes valid: valid UTF-8
     * has exactly one decoding, and the JDK replaces anything invalid (overlong forms, surrogates,
     * truncated sequences) with U+FFFD, so output without U+FFFD came from valid bytes. Otherwise,
     * or with a sequence pending from earlier input, the standard's steps below decide.
     */
    @Override
    public String decodeAll(byte[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        if (bytesNeeded == 0) {
            String s = new String(src, off, len, StandardCharsets.UTF_8);
            if (s.indexOf('\uFFFD') < 0) return s;
        }
        return super.decodeAll(src, off, len);
    }

    @Override
    public void decode(byte[] src, int off, int len, boolean last, StringBuilder out) {
        Objects.checkFromIndexSize(off, len, src.length);
        int end = off + len;
        while (off < end) {
            int n = Math.min(CHUNK, end - off);
            if (buf.length < n + UNFINISHED) buf = new char[n + UNFINISHED];
            int j = decodeChunk(src, off, off + n, buf, 0, out.length());
            out.append(buf, 0, j);
            off += n;
        }
        // 1. If byte is end-of-queue and UTF-8 bytes needed is not 0, set UTF-8 bytes needed to 0
        //    and return error. (2. Otherwise end-of-queue returns finished.)
        if (last && bytesNeeded != 0) {
            reset();
            error(out);
        }
    }

    /** Straight into {@code dst}: at most one char a byte and one for each byte left unfinished before. */
    @Override
    public int decodeInto(byte[] src, int off, int len, boolean last, char[] dst, int dstOff) {
        Objects.checkFromIndexSize(off, len, src.length);
        checkRoom(len, dst, dstOff);
        int j = decodeChunk(src, off, off + len, dst, dstOff, -dstOff);
        if (last && bytesNeeded != 0) {
            reset();
            errorAt(j - dstOff);
            dst[j++] = '\uFFFD';
        }
        return j - dstOff;
    }

    /**
     * As many bytes as {@code room} chars less {@link #UNFINISHED}: each byte yields at most one char once its
     * sequence ends (a code point of four bytes is two chars; an error stands for the bytes it
     * drops, at least one, and the byte the standard restores is counted when it is decoded
     * again; end-of-queue's error for the bytes left unfinished), so a call writes at most its bytes
     * plus those an earlier call left unfinished.
     */
    @Override
    public int bytesFitting(int room) {
        return room < UNFINISHED ? -1 : room - UNFINISHED;
    }

    /**
     * Decodes {@code src[i, end)} into {@code buf} from {@code j} and returns the end of the
     * output; the error at {@code buf[k]} is at output offset {@code base + k}.
     */
    private int decodeChunk(byte[] src, int i, int end, char[] buf, int j, long base) {
        while (i < end) {
            int b = src[i];
            if (bytesNeeded == 0) {
                // 3. "0x00 to 0x7F: return a code point whose value is byte" (a run, as a fast path)
                if (b >= 0) {
                    int runEnd = MultiByteDecoder.asciiRun(src, i, end, buf, j);
                    j += runEnd - i;
                    i = runEnd;
                    continue;
                }
                b &= 0xFF;
                // A whole two- or three-byte sequence in the chunk, every byte in its bounds: the
                // code point the steps below reach, in one go (anything else takes them byte by byte)
                if (b >= 0xC2 && b <= 0xDF && i + 1 < end) {
                    int b1 = src[i + 1] & 0xFF;
                    if (b1 >= 0x80 && b1 <= 0xBF) {
                        buf[j++] = (char) ((b & 0x1F) << 6 | b1 & 0x3F);
                        i += 2;
                        continue;
                    }
                } else if (b >= 0xE0 && b <= 0xEF && i + 2 < end) {
                    int b1 = src[i + 1] & 0xFF;
                    int b2 = src[i + 2] & 0xFF;
                    if (b1 >= (b == 0xE0 ? 0xA0 : 0x80) && b1 <= (b == 0xED ? 0x9F : 0xBF) && b2 >= 0x80 && b2 <= 0xBF) {
                        buf[j++] = (char) ((b & 0xF) << 12 | (b1 & 0x3F) << 6 | b2 & 0x3F);
                        i += 3;
                        continue;
                    }
                }
                i++;
                if (b >= 0xC2 && b <= 0xDF) {
                    bytesNeeded = 1;
                    codePoint = b & 0x1F;
                } else if (b >= 0xE0 && b <= 0xEF) {
                    if (b == 0xE0) lowerBoundary = 0xA0;
                    if (b == 0xED) upperBoundary = 0x9F;
                    bytesNeeded = 2;
                    codePoint = b & 0xF;
                } else if (b >= 0xF0 && b <= 0xF4) {
                    if (b == 0xF0) lowerBoundary = 0x90;
                    if (b == 0xF4) upperBoundary = 0x8F;
                    bytesNeeded = 3;
                    codePoint = b & 0x7;
                } else {
                    // "Otherwise: return error"
                    errorAt(base + j);
                    buf[j++] = '\uFFFD';
                }
                continue; // "Return continue"
            }
            b &= 0xFF;
            // 4. If byte is not in the range UTF-8 lower boundary to UTF-8 upper boundary:
            if (b < lowerBoundary || b > upperBoundary) {
                // 4.1 reset the state; 4.2 restore byte to ioQueue (i is not advanced, so this
                // byte is decoded again from the initial state); 4.3 return error
                reset();
                errorAt(base + j);
                buf[j++] = '\uFFFD';
                continue;
            }
            i++;
            // 5. Set UTF-8 lower boundary to 0x80 and UTF-8 upper boundary to 0xBF.
            lowerBoundary = 0x80;
            upperBoundary = 0xBF;
            // 6. UTF-8 code point = (UTF-8 code point << 6) | (byte & 0x3F); 7. bytes seen += 1
            codePoint = (codePoint << 6) | (b & 0x3F);
            bytesSeen++;
            // 8. If UTF-8 bytes seen is not equal to UTF-8 bytes needed, return continue.
            if (bytesSeen != bytesNeeded) continue;
            // 9-11. Let cp be UTF-8 code point, reset code point, needed and seen, return cp.
            int cp = codePoint;
            codePoint = 0;
            bytesNeeded = 0;
            bytesSeen = 0;
            if (cp < 0x10000) {
                buf[j++] = (char) cp;
            } else {
                buf[j++] = Character.highSurrogate(cp);
                buf[j++] = Character.lowSurrogate(cp);
            }
        }
        return j;
    }

    @Override
    int unfinishedBytes() {
        return bytesNeeded == 0 ? 0 : bytesSeen + 1;
    }

    private void reset() {
        codePoint = 0;
        bytesNeeded = 0;
        bytesSeen = 0;
        lowerBoundary = 0x80;
        upperBoundary = 0xBF;
    }
}
