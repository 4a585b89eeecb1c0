package io.github.jsoupcharset.codec;

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
    private final char[] table; // by byte + 128: every byte's code point, U+FFFD where it has none

    /** @param table the code points of all 256 bytes ({@link SingleByteDecoder#byteTable}; shared) */
    SingleByteCharsetDecoder(Charset cs, char[] table) {
        super(cs, 1f, 1f);
        this.table = table;
    }

    @Override
    protected CoderResult decodeLoop(ByteBuffer in, CharBuffer out) {
        if (in.hasArray() && out.hasArray()) return decodeArrays(in, out);
        while (in.hasRemaining()) {
            if (!out.hasRemaining()) return CoderResult.OVERFLOW;
            char c = table[in.get() + 128];
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
                char c = table[src[sp] + 128]; // no branch on ASCII: text mixes both
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
