package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's EUC-KR encoder. */
final class EucKrEncoder extends WhatwgEncoder {
    private final CjkIndexes.Reverse index = CjkIndexes.EucKrReverse.INDEX;

    EucKrEncoder(WhatwgCharset cs) {
        super(cs, 2f, 2f, new byte[] {'?'});
    }

    @Override
    int write(int codePoint, ByteBuffer out) {
        // 2. ASCII code point: a byte whose value is code point
        if (codePoint < 0x80) return putOne(out, codePoint);
        // 3. Let pointer be the index pointer for code point in index EUC-KR.
        int pointer = index.pointer(codePoint);
        // 4. If pointer is null, return error with code point.
        if (pointer < 0) return UNMAPPABLE;
        // 5-7. Return two bytes: pointer / 190 + 0x81 and pointer % 190 + 0x41.
        return putTwo(out, pointer / 190 + 0x81, pointer % 190 + 0x41);
    }

    @Override
    boolean canEncodeCodePoint(int codePoint) {
        return codePoint < 0x80 || index.pointer(codePoint) >= 0;
    }

    @Override
    public boolean canEncode(char c) {
        return c < 0x80 || index.pointer(c) >= 0 && !refuses(c); // surrogates are in no index
    }
}
