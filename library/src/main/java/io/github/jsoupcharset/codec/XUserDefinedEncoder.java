package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's x-user-defined encoder: ASCII, and U+F780-U+F7FF to 0x80-0xFF. */
final class XUserDefinedEncoder extends WhatwgEncoder {
    XUserDefinedEncoder(WhatwgCharset cs) {
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
