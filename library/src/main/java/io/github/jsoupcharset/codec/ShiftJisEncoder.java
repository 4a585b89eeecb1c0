package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's Shift_JIS encoder. */
final class ShiftJisEncoder extends WhatwgEncoder {
    private final CjkIndexes.Reverse index = CjkIndexes.ShiftJisReverse.INDEX;

    ShiftJisEncoder(WhatwgCharset cs) {
        super(cs, 2f, 2f, new byte[] {'?'});
    }

    @Override
    int write(int codePoint, ByteBuffer out) {
        // 2. ASCII code point or U+0080: a byte whose value is code point
        if (codePoint <= 0x80) return putOne(out, codePoint);
        // 3. U+00A5: byte 0x5C. 4. U+203E: byte 0x7E.
        if (codePoint == 0xA5) return putOne(out, 0x5C);
        if (codePoint == 0x203E) return putOne(out, 0x7E);
        // 5. U+FF61 to U+FF9F: a byte whose value is code point - 0xFF61 + 0xA1.
        if (codePoint >= 0xFF61 && codePoint <= 0xFF9F) return putOne(out, codePoint - 0xFF61 + 0xA1);
        // 6. If code point is U+2212, set it to U+FF0D.
        if (codePoint == 0x2212) codePoint = 0xFF0D;
        // 7. Let pointer be the index Shift_JIS pointer for code point.
        int pointer = index.pointer(codePoint);
        // 8. If pointer is null, return error with code point.
        if (pointer < 0) return UNMAPPABLE;
        // 9. lead = pointer / 188. 10. lead offset = 0x81 if lead is less than 0x1F, else 0xC1.
        int lead = pointer / 188;
        int leadOffset = lead < 0x1F ? 0x81 : 0xC1;
        // 11. trail = pointer % 188. 12. offset = 0x40 if trail is less than 0x3F, else 0x41.
        int trail = pointer % 188;
        int offset = trail < 0x3F ? 0x40 : 0x41;
        // 13. Return two bytes: lead + lead offset and trail + offset.
        return putTwo(out, lead + leadOffset, trail + offset);
    }

    @Override
    boolean canEncodeCodePoint(int codePoint) {
        if (codePoint <= 0x80 || codePoint == 0xA5 || codePoint == 0x203E) return true;
        if (codePoint >= 0xFF61 && codePoint <= 0xFF9F) return true;
        return index.pointer(codePoint == 0x2212 ? 0xFF0D : codePoint) >= 0;
    }

    @Override
    public boolean canEncode(char c) {
        return c <= 0x80 || (!Character.isSurrogate(c) && encodable(c));
    }
}
