package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's UTF-8 encoder. */
final class Utf8Encoder extends WhatwgEncoder {
    Utf8Encoder(WhatwgCharset cs) {
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
