package io.github.jsoupcharset.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;

/**
 * A {@link CharsetEncoder} running one of the Encoding Standard's encoders over Unicode scalar
 * values. A code point the encoder cannot encode, and an unpaired surrogate (which is not a scalar
 * value), is reported as unmappable; a high surrogate at the end of the input waits for more input
 * (at the end of the stream the JDK then reports it as malformed).
 */
abstract class WhatwgEncoder extends CharsetEncoder {
    /** Returned by {@link #write} when the output has no room. */
    static final int OVERFLOW = 0;
    /** Returned by {@link #write} when the code point cannot be encoded. */
    static final int UNMAPPABLE = -1;

    WhatwgEncoder(WhatwgCharset cs, float averageBytesPerChar, float maxBytesPerChar, byte[] replacement) {
        super(cs, averageBytesPerChar, maxBytesPerChar, replacement);
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
            int r = write(codePoint, out);
            if (r == OVERFLOW) return CoderResult.OVERFLOW;
            if (r == UNMAPPABLE) return CoderResult.unmappableForLength(length);
            in.position(p + length);
        }
        return CoderResult.UNDERFLOW;
    }

    /** Whether this encoder can encode {@code c} on its own (false for any surrogate). */
    @Override
    public boolean canEncode(char c) {
        return !Character.isSurrogate(c) && canEncodeCodePoint(c);
    }

    /** Whether every code point of {@code cs} can be encoded (false for an unpaired surrogate). */
    @Override
    public boolean canEncode(CharSequence cs) {
        int n = cs.length();
        for (int i = 0; i < n; ) {
            char c = cs.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(cs.charAt(i + 1))) {
                if (!canEncodeCodePoint(Character.toCodePoint(c, cs.charAt(i + 1)))) return false;
                i += 2;
            } else {
                if (!canEncode(c)) return false;
                i++;
            }
        }
        return true;
    }

    /** The Encoding Standard's single-byte encoder, over the charset's reverse index. */
    static final class SingleByte extends WhatwgEncoder {
        private final byte[][] pages;

        SingleByte(WhatwgCharset cs, byte[][] pages) {
            super(cs, 1f, 1f, new byte[] {'?'});
            this.pages = pages;
        }

        @Override
        int write(int codePoint, ByteBuffer out) {
            int b = byteFor(codePoint);
            if (b < 0) return UNMAPPABLE;
            if (!out.hasRemaining()) return OVERFLOW;
            out.put((byte) b);
            return 1;
        }

        /** 2. ASCII code point: that byte; 3-5. the index pointer + 0x80, or -1 for error. */
        private int byteFor(int codePoint) {
            if (codePoint < 0x80) return codePoint;
            if (codePoint > 0xFFFF) return -1;
            byte[] page = pages[codePoint >>> 8];
            if (page == null) return -1;
            int b = page[codePoint & 0xFF] & 0xFF;
            return b == 0 ? -1 : b; // 0 marks "no pointer": byte 0x00 is ASCII, never in the index
        }

        @Override
        boolean canEncodeCodePoint(int codePoint) {
            return byteFor(codePoint) >= 0;
        }

        @Override
        public boolean canEncode(char c) {
            // called per character by jsoup when escaping: no surrogate test needed, as
            // surrogates are never in a single-byte index
            if (c < 0x80) return true;
            byte[] page = pages[c >>> 8];
            return page != null && page[c & 0xFF] != 0;
        }
    }

    /** The Encoding Standard's x-user-defined encoder: ASCII, and U+F780-U+F7FF to 0x80-0xFF. */
    static final class XUserDefined extends WhatwgEncoder {
        XUserDefined(WhatwgCharset cs) {
            super(cs, 1f, 1f, new byte[] {'?'});
        }

        @Override
        int write(int codePoint, ByteBuffer out) {
            if (!canEncodeCodePoint(codePoint)) return UNMAPPABLE;
            if (!out.hasRemaining()) return OVERFLOW;
            // 2. ASCII: that byte; 3. U+F780-U+F7FF: code point - 0xF780 + 0x80
            out.put((byte) (codePoint < 0x80 ? codePoint : codePoint - 0xF780 + 0x80));
            return 1;
        }

        @Override
        boolean canEncodeCodePoint(int codePoint) {
            return codePoint < 0x80 || (codePoint >= 0xF780 && codePoint <= 0xF7FF);
        }
    }

    /** The Encoding Standard's UTF-8 encoder. */
    static final class Utf8 extends WhatwgEncoder {
        Utf8(WhatwgCharset cs) {
            super(cs, 1.1f, 3f, new byte[] {'?'});
        }

        @Override
        int write(int codePoint, ByteBuffer out) {
            // 2. ASCII code point: a byte whose value is code point
            if (codePoint < 0x80) {
                if (!out.hasRemaining()) return OVERFLOW;
                out.put((byte) codePoint);
                return 1;
            }
            // 3. count and offset: U+0080-U+07FF 1 and 0xC0; U+0800-U+FFFF 2 and 0xE0;
            //    U+10000-U+10FFFF 3 and 0xF0
            int count = codePoint < 0x800 ? 1 : codePoint < 0x10000 ? 2 : 3;
            int offset = count == 1 ? 0xC0 : count == 2 ? 0xE0 : 0xF0;
            if (out.remaining() < count + 1) return OVERFLOW;
            // 4. first byte (code point >> (6 × count)) + offset
            out.put((byte) ((codePoint >> (6 * count)) + offset));
            // 5. while count > 0: 0x80 | ((code point >> (6 × (count - 1))) & 0x3F)
            for (; count > 0; count--) out.put((byte) (0x80 | ((codePoint >> (6 * (count - 1))) & 0x3F)));
            return 1;
        }

        @Override
        boolean canEncodeCodePoint(int codePoint) {
            return true;
        }
    }

    /** The Encoding Standard's shared UTF-16 encoder, for UTF-16BE and UTF-16LE. */
    static final class Utf16 extends WhatwgEncoder {
        private final boolean bigEndian;

        Utf16(WhatwgCharset cs, boolean bigEndian) {
            // the replacement is U+FFFD, as a lone '?' byte would not be legal UTF-16
            super(cs, 2f, 2f, bigEndian ? new byte[] {(byte) 0xFF, (byte) 0xFD} : new byte[] {(byte) 0xFD, (byte) 0xFF});
            this.bigEndian = bigEndian;
        }

        @Override
        int write(int codePoint, ByteBuffer out) {
            // BMP: convert code unit to bytes; otherwise the lead and trail surrogates
            if (codePoint < 0x10000) {
                if (out.remaining() < 2) return OVERFLOW;
                putUnit(codePoint, out);
                return 2;
            }
            if (out.remaining() < 4) return OVERFLOW;
            putUnit(((codePoint - 0x10000) >> 10) + 0xD800, out);
            putUnit(((codePoint - 0x10000) & 0x3FF) + 0xDC00, out);
            return 4;
        }

        private void putUnit(int unit, ByteBuffer out) {
            if (bigEndian) {
                out.put((byte) (unit >> 8)).put((byte) unit);
            } else {
                out.put((byte) unit).put((byte) (unit >> 8));
            }
        }

        @Override
        boolean canEncodeCodePoint(int codePoint) {
            return true;
        }
    }
}
