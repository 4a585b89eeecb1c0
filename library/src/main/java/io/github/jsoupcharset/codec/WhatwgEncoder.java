package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.util.function.IntPredicate;

/**
 * A {@link CharsetEncoder} running one of the Encoding Standard's encoders over Unicode scalar
 * values. A code point the encoder cannot encode, and an unpaired surrogate (which is not a scalar
 * value), is reported as unmappable; a high surrogate at the end of the input waits for more input
 * (at the end of the stream the JDK then reports it as malformed). Each family's encoder is a
 * subclass in its own file ({@code ShiftJisEncoder}, ..., {@code SingleByteEncoder}).
 */
abstract class WhatwgEncoder extends CharsetEncoder {
    /** Returned by {@link #write} when the output has no room. */
    static final int OVERFLOW = 0;
    /** Returned by {@link #write} when the code point cannot be encoded. */
    static final int UNMAPPABLE = -1;

    private IntPredicate refused; // null: none; set once, before the encoder is handed out

    WhatwgEncoder(WhatwgCharset cs, float averageBytesPerChar, float maxBytesPerChar, byte[] replacement) {
        super(cs, averageBytesPerChar, maxBytesPerChar, replacement);
    }

    /**
     * Makes this encoder report these code points as unmappable although the standard's encoder
     * encodes them (to bytes that decode to another code point); null for none.
     */
    WhatwgEncoder refusing(IntPredicate codePoints) {
        this.refused = codePoints;
        return this;
    }

    /**
     * What {@link #write} returns for a refused code point: {@link #UNMAPPABLE}, after whatever
     * bytes the encoder needs first so that the replacement that follows is read as such.
     */
    int refuse(ByteBuffer out) {
        return UNMAPPABLE;
    }

    /** Whether {@link #refusing} refused this code point. */
    final boolean refuses(int codePoint) {
        return refused != null && refused.test(codePoint);
    }

    /** Whether this encoder encodes this scalar value: the standard's encoder does and it is not refused. */
    final boolean encodable(int codePoint) {
        return !refuses(codePoint) && canEncodeCodePoint(codePoint);
    }

    /**
     * Runs the encoder's handler for one scalar value.
     *
     * @return the number of bytes written, {@link #OVERFLOW} (nothing written) or {@link #UNMAPPABLE}
     */
    abstract int write(int codePoint, ByteBuffer out);

    /** Whether the encoder's handler returns bytes (not error) for this scalar value. */
    abstract boolean canEncodeCodePoint(int codePoint);

    @Override
    protected final CoderResult encodeLoop(CharBuffer in, ByteBuffer out) {
        while (in.hasRemaining()) {
            int p = in.position();
            char c = in.get(p);
            int codePoint = c;
            int length = 1;
            if (Character.isHighSurrogate(c)) {
                if (p + 1 >= in.limit()) return CoderResult.UNDERFLOW; // wait for the low surrogate
                char d = in.get(p + 1);
                if (!Character.isLowSurrogate(d)) return CoderResult.unmappableForLength(1);
                codePoint = Character.toCodePoint(c, d);
                length = 2;
            } else if (Character.isLowSurrogate(c)) {
                return CoderResult.unmappableForLength(1);
            }
            int r = refuses(codePoint) ? refuse(out) : write(codePoint, out);
            if (r == OVERFLOW) return CoderResult.OVERFLOW;
            if (r == UNMAPPABLE) return CoderResult.unmappableForLength(length);
            in.position(p + length);
        }
        return CoderResult.UNDERFLOW;
    }

    /** Whether this encoder can encode {@code c} on its own (false for any surrogate). */
    @Override
    public boolean canEncode(char c) {
        return !Character.isSurrogate(c) && encodable(c);
    }

    /** Whether every code point of {@code cs} can be encoded (false for an unpaired surrogate). */
    @Override
    public boolean canEncode(CharSequence cs) {
        int n = cs.length();
        for (int i = 0; i < n; ) {
            char c = cs.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(cs.charAt(i + 1))) {
                if (!encodable(Character.toCodePoint(c, cs.charAt(i + 1)))) return false;
                i += 2;
            } else {
                if (!canEncode(c)) return false;
                i++;
            }
        }
        return true;
    }

    /** Writes two bytes, or returns {@link #OVERFLOW} when there is no room for both. */
    static int putTwo(ByteBuffer out, int lead, int trail) {
        if (out.remaining() < 2) return OVERFLOW;
        out.put((byte) lead).put((byte) trail);
        return 2;
    }

    /** Writes one byte, or returns {@link #OVERFLOW}. */
    static int putOne(ByteBuffer out, int b) {
        if (!out.hasRemaining()) return OVERFLOW;
        out.put((byte) b);
        return 1;
    }
}
