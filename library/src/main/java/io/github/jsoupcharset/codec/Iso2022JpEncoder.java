package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;

/**
 * The Encoding Standard's ISO-2022-JP encoder, with its state (ASCII, Roman or jis0208). At the
 * end of the stream {@link #flush} returns to ASCII with ESC ( B. A code point that cannot be
 * encoded in jis0208 state first returns to ASCII (ESC ( B), as the standard's "html" error
 * mode does when it writes the character reference, so that the replacement bytes, written
 * by {@link CharsetEncoder} itself, are read as ASCII.
 */
final class Iso2022JpEncoder extends WhatwgEncoder {
    private static final int ASCII = 0;
    private static final int ROMAN = 1;
    private static final int JIS0208 = 2;

    private final CjkIndexes.Reverse index = CjkIndexes.Jis0208Reverse.INDEX;
    private final int[] katakana = CjkIndexes.Iso2022JpKatakana.INDEX;
    private int state = ASCII; // "ISO-2022-JP encoder state (initially ASCII)"

    Iso2022JpEncoder(WhatwgCharset cs) {
        // at most an escape sequence (3 bytes) and two bytes per code point, and 3 more at the
        // end of the stream (String.getBytes sizes its array by this)
        super(cs, 3f, 8f, new byte[] {'?'});
    }

    @Override
    int write(int codePoint, ByteBuffer out) {
        // 3. If state is ASCII or Roman, and code point is U+000E, U+000F, or U+001B, return
        //    error with U+FFFD.
        if (state != JIS0208 && (codePoint == 0x0E || codePoint == 0x0F || codePoint == 0x1B)) return UNMAPPABLE;
        // 4. If state is ASCII and code point is an ASCII code point, return a byte whose
        //    value is code point.
        if (state == ASCII && codePoint < 0x80) return putOne(out, codePoint);
        // 5. If state is Roman and code point is an ASCII code point, excluding U+005C and
        //    U+007E, or is U+00A5 or U+203E: ASCII code point: that byte; U+00A5: byte 0x5C;
        //    U+203E: byte 0x7E.
        if (state == ROMAN) {
            if (codePoint < 0x80 && codePoint != 0x5C && codePoint != 0x7E) return putOne(out, codePoint);
            if (codePoint == 0xA5) return putOne(out, 0x5C);
            if (codePoint == 0x203E) return putOne(out, 0x7E);
        }
        // 6. If code point is an ASCII code point, and state is not ASCII, prepend code point
        //    to ioQueue, set state to ASCII, and return three bytes 0x1B 0x28 0x42.
        if (codePoint < 0x80) {
            if (out.remaining() < 4) return OVERFLOW;
            escape(out, ASCII);
            return write(codePoint, out); // the prepended code point, in ASCII state
        }
        // 7. If code point is either U+00A5 or U+203E, and state is not Roman, prepend code
        //    point to ioQueue, set state to Roman, and return three bytes 0x1B 0x28 0x4A.
        if (codePoint == 0xA5 || codePoint == 0x203E) {
            if (out.remaining() < 4) return OVERFLOW;
            escape(out, ROMAN);
            return write(codePoint, out);
        }
        // 10. Let pointer be the index pointer for code point in index jis0208 (after
        //     8. U+2212 → U+FF0D and 9. U+FF61-U+FF9F → index ISO-2022-JP katakana).
        int pointer = pointer(codePoint);
        // 11. If pointer is null, return error with code point.
        if (pointer < 0) {
            if (state == JIS0208) {
                // the replacement that follows is ASCII: return to ASCII state first
                if (out.remaining() < 3) return OVERFLOW;
                escape(out, ASCII);
            }
            return UNMAPPABLE;
        }
        // 12. If state is not jis0208, prepend code point to ioQueue, set state to jis0208,
        //     and return three bytes 0x1B 0x24 0x42.
        if (state != JIS0208) {
            if (out.remaining() < 5) return OVERFLOW;
            escape(out, JIS0208);
        }
        // 13-15. Return two bytes: pointer / 94 + 0x21 and pointer % 94 + 0x21.
        return putTwo(out, pointer / 94 + 0x21, pointer % 94 + 0x21);
    }

    /** Steps 8-10: the index jis0208 pointer for a non-ASCII code point, or -1. */
    private int pointer(int codePoint) {
        // 8. If code point is U+2212, set it to U+FF0D.
        if (codePoint == 0x2212) codePoint = 0xFF0D;
        // 9. If code point is in the range U+FF61 to U+FF9F, set it to the index code point
        //    for code point - 0xFF61 in index ISO-2022-JP katakana.
        if (codePoint >= 0xFF61 && codePoint <= 0xFF9F) codePoint = katakana[codePoint - 0xFF61];
        return index.pointer(codePoint);
    }

    /** Writes the escape sequence to {@code newState} (the caller checked there is room). */
    private void escape(ByteBuffer out, int newState) {
        out.put((byte) 0x1B).put((byte) (newState == JIS0208 ? 0x24 : 0x28))
                .put((byte) (newState == ASCII ? 0x42 : newState == ROMAN ? 0x4A : 0x42));
        state = newState;
    }

    @Override
    int refuse(ByteBuffer out) {
        if (state == JIS0208) {
            // the replacement that follows is ASCII: return to ASCII state first
            if (out.remaining() < 3) return OVERFLOW;
            escape(out, ASCII);
        }
        return UNMAPPABLE;
    }

    @Override
    protected CoderResult implFlush(ByteBuffer out) {
        // 1. end-of-queue when state is not ASCII: set state to ASCII and return 0x1B 0x28 0x42
        if (state != ASCII) {
            if (out.remaining() < 3) return CoderResult.OVERFLOW;
            escape(out, ASCII);
        }
        return CoderResult.UNDERFLOW;
    }

    @Override
    protected void implReset() {
        state = ASCII;
    }

    @Override
    boolean canEncodeCodePoint(int codePoint) {
        if (codePoint < 0x80) return codePoint != 0x0E && codePoint != 0x0F && codePoint != 0x1B;
        return codePoint == 0xA5 || codePoint == 0x203E || pointer(codePoint) >= 0;
    }
}
