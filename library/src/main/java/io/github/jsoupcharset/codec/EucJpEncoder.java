package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's EUC-JP encoder (JIS X 0208 only: it never produces JIS X 0212). */
final class EucJpEncoder extends WhatwgEncoder {
    private final CjkIndexes.Reverse index = CjkIndexes.Jis0208Reverse.INDEX;

    EucJpEncoder(WhatwgCharset cs) {
        super(cs, 2f, 2f, new byte[] {'?'});
    }

    @Override
    int write(int codePoint, ByteBuffer out) {
        // 2. ASCII code point: a byte whose value is code point
        if (codePoint < 0x80) return putOne(out, codePoint);
        // 3. U+00A5: byte 0x5C. 4. U+203E: byte 0x7E.
        if (codePoint == 0xA5) return putOne(out, 0x5C);
        if (codePoint == 0x203E) return putOne(out, 0x7E);
        // 5. U+FF61 to U+FF9F: two bytes 0x8E and code point - 0xFF61 + 0xA1.
        if (codePoint >= 0xFF61 && codePoint <= 0xFF9F) return putTwo(out, 0x8E, codePoint - 0xFF61 + 0xA1);
        // 6. If code point is U+2212, set it to U+FF0D.
        if (codePoint == 0x2212) codePoint = 0xFF0D;
        // 7. Let pointer be the index pointer for code point in index jis0208.
        int pointer = index.pointer(codePoint);
        // 8. If pointer is null, return error with code point.
        if (pointer < 0) return UNMAPPABLE;
        // 9-11. Return two bytes: pointer / 94 + 0xA1 and pointer % 94 + 0xA1.
        return putTwo(out, pointer / 94 + 0xA1, pointer % 94 + 0xA1);
    }

    @Override
    boolean canEncodeCodePoint(int codePoint) {
        if (codePoint < 0x80 || codePoint == 0xA5 || codePoint == 0x203E) return true;
        if (codePoint >= 0xFF61 && codePoint <= 0xFF9F) return true;
        return index.pointer(codePoint == 0x2212 ? 0xFF0D : codePoint) >= 0;
    }

    @Override
    public boolean canEncode(char c) {
        return c < 0x80 || (!Character.isSurrogate(c) && encodable(c));
    }
}
