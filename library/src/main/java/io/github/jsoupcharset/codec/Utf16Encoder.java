package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's shared UTF-16 encoder, for UTF-16BE and UTF-16LE. */
final class Utf16Encoder extends WhatwgEncoder {
    private final boolean bigEndian;

    Utf16Encoder(WhatwgCharset cs, boolean bigEndian) {
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
