package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's Big5 encoder. */
final class Big5Encoder extends WhatwgEncoder {
    private final CjkIndexes.Reverse index = CjkIndexes.Big5Reverse.INDEX;

    Big5Encoder(WhatwgCharset cs) {
        super(cs, 2f, 2f, new byte[] {'?'});
    }

    @Override
    int write(int codePoint, ByteBuffer out) {
        // 2. ASCII code point: a byte whose value is code point
        if (codePoint < 0x80) return putOne(out, codePoint);
        // 3. Let pointer be the index Big5 pointer for code point.
        int pointer = index.pointer(codePoint);
        // 4. If pointer is null, return error with code point.
        if (pointer < 0) return UNMAPPABLE;
        // 5. lead = pointer / 157 + 0x81. 6. trail = pointer % 157.
        // 7. offset = 0x40 if trail is less than 0x3F, otherwise 0x62.
        int trail = pointer % 157;
        // 8. Return two bytes: lead and trail + offset.
        return putTwo(out, pointer / 157 + 0x81, trail + (trail < 0x3F ? 0x40 : 0x62));
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
