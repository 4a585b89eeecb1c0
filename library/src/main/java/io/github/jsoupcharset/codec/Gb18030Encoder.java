package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's gb18030 encoder, also GBK's (with is GBK set). */
final class Gb18030Encoder extends WhatwgEncoder {
    /**
     * The GB18030-2022 table of the gb18030 encoder (whatwg/encoding#336): code points, each
     * followed by its two bytes. These private use code points are not in index gb18030,
     * whose entries for these bytes are now the standard's U+FE10-U+FE19 and U+9FB4-U+9FBB.
     */
    private static final int[] PUA_TABLE = {
        0xE78D, 0xA6, 0xD9, 0xE78E, 0xA6, 0xDA, 0xE78F, 0xA6, 0xDB, 0xE790, 0xA6, 0xDC,
        0xE791, 0xA6, 0xDD, 0xE792, 0xA6, 0xDE, 0xE793, 0xA6, 0xDF, 0xE794, 0xA6, 0xEC,
        0xE795, 0xA6, 0xED, 0xE796, 0xA6, 0xF3, 0xE81E, 0xFE, 0x59, 0xE826, 0xFE, 0x61,
        0xE82B, 0xFE, 0x66, 0xE82C, 0xFE, 0x67, 0xE832, 0xFE, 0x6D, 0xE843, 0xFE, 0x7E,
        0xE854, 0xFE, 0x90, 0xE864, 0xFE, 0xA0,
    };

    private final CjkIndexes.Reverse index = CjkIndexes.Gb18030Reverse.INDEX;
    private final boolean isGbk; // "is GBK"

    Gb18030Encoder(WhatwgCharset cs, boolean isGbk) {
        super(cs, 2f, isGbk ? 2f : 4f, new byte[] {'?'});
        this.isGbk = isGbk;
        CjkIndexes.gb18030RangesPointer(0x80); // loads the ranges now rather than mid-stream
    }

    @Override
    int write(int codePoint, ByteBuffer out) {
        // 2. ASCII code point: a byte whose value is code point
        if (codePoint < 0x80) return putOne(out, codePoint);
        // 3. If code point is U+E5E5, return error with code point.
        if (codePoint == 0xE5E5) return UNMAPPABLE;
        // 4. If is GBK is true and code point is U+20AC, return byte 0x80.
        if (isGbk && codePoint == 0x20AC) return putOne(out, 0x80);
        // 5. If there is a row in the table whose first column is code point, return the two
        //    bytes on that row.
        if (codePoint >= 0xE78D && codePoint <= 0xE864) {
            for (int r = 0; r < PUA_TABLE.length; r += 3) {
                if (PUA_TABLE[r] == codePoint) return putTwo(out, PUA_TABLE[r + 1], PUA_TABLE[r + 2]);
            }
        }
        // 6. Let pointer be the index pointer for code point in index gb18030.
        int pointer = index.pointer(codePoint);
        // 7. If pointer is non-null: lead = pointer / 190 + 0x81; trail = pointer % 190;
        //    offset = 0x40 if trail is less than 0x3F, otherwise 0x41; return two bytes lead
        //    and trail + offset.
        if (pointer >= 0) {
            int trail = pointer % 190;
            return putTwo(out, pointer / 190 + 0x81, trail + (trail < 0x3F ? 0x40 : 0x41));
        }
        // 8. If is GBK is true, return error with code point.
        if (isGbk) return UNMAPPABLE;
        // 9. Set pointer to the index gb18030 ranges pointer for code point.
        pointer = CjkIndexes.gb18030RangesPointer(codePoint);
        // 10-15. byte1 = pointer / (10 × 126 × 10); pointer %= (10 × 126 × 10);
        //        byte2 = pointer / (10 × 126); pointer %= (10 × 126); byte3 = pointer / 10;
        //        byte4 = pointer % 10.
        int byte1 = pointer / (10 * 126 * 10);
        pointer %= 10 * 126 * 10;
        int byte2 = pointer / (10 * 126);
        pointer %= 10 * 126;
        int byte3 = pointer / 10;
        int byte4 = pointer % 10;
        // 16. Return four bytes: byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30.
        if (out.remaining() < 4) return OVERFLOW;
        out.put((byte) (byte1 + 0x81)).put((byte) (byte2 + 0x30)).put((byte) (byte3 + 0x81)).put((byte) (byte4 + 0x30));
        return 4;
    }

    @Override
    boolean canEncodeCodePoint(int codePoint) {
        if (codePoint < 0x80) return true;
        if (codePoint == 0xE5E5) return false;
        // gb18030: every other scalar value has a two- or four-byte sequence
        if (!isGbk) return true;
        if (codePoint == 0x20AC || index.pointer(codePoint) >= 0) return true;
        for (int r = 0; r < PUA_TABLE.length; r += 3) {
            if (PUA_TABLE[r] == codePoint) return true;
        }
        return false;
    }

    @Override
    public boolean canEncode(char c) {
        return c < 0x80 || !Character.isSurrogate(c) && encodable(c);
    }
}
