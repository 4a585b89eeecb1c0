package io.github.jsoupcharset.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;

/**
 * The {@link CharsetDecoder} of a single-byte WHATWG encoding: the Encoding Standard's
 * single-byte decoder, which has no state, written straight as a decode loop. A byte the index
 * has no code point for is malformed input of length 1, which {@link CharsetDecoder} replaces
 * with U+FFFD, reports or ignores as the caller asked: in replacement mode exactly the
 * standard's error. Not thread-safe (no CharsetDecoder is).
 */
final class SingleByteCharsetDecoder extends CharsetDecoder {
    private final char[] index; // bytes 0x80-0xFF; U+FFFD where the index has no code point

    SingleByteCharsetDecoder(Charset cs, char[] index) {
        super(cs, 1f, 1f);
        this.index = index;
    }

    @Override
    protected CoderResult decodeLoop(ByteBuffer in, CharBuffer out) {
        if (in.hasArray() && out.hasArray()) return decodeArrays(in, out);
        while (in.hasRemaining()) {
            if (!out.hasRemaining()) return CoderResult.OVERFLOW;
            byte b = in.get();
            char c = b >= 0 ? (char) b : index[b + 0x80];
            if (c == '\uFFFD') {
                in.position(in.position() - 1);
                return CoderResult.malformedForLength(1);
            }
            out.put(c);
        }
        return CoderResult.UNDERFLOW;
    }

    private CoderResult decodeArrays(ByteBuffer in, CharBuffer out) {
        byte[] src = in.array();
        int sp = in.arrayOffset() + in.position();
        int sl = in.arrayOffset() + in.limit();
        char[] dst = out.array();
        int dp = out.arrayOffset() + out.position();
        int dl = out.arrayOffset() + out.limit();
        int end = sp + Math.min(sl - sp, dl - dp);
        try {
            for (; sp < end; sp++, dp++) {
                byte b = src[sp];
                char c = b >= 0 ? (char) b : index[b + 0x80];
                if (c == '\uFFFD') return CoderResult.malformedForLength(1);
                dst[dp] = c;
            }
            return sp < sl ? CoderResult.OVERFLOW : CoderResult.UNDERFLOW;
        } finally {
            in.position(sp - in.arrayOffset());
            out.position(dp - out.arrayOffset());
        }
    }
}
