package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;

/** The Encoding Standard's single-byte encoder, over the charset's reverse index. */
final class SingleByteEncoder extends WhatwgEncoder {
    private final byte[][] pages;

    SingleByteEncoder(WhatwgCharset cs, byte[][] pages) {
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
        return page != null && page[c & 0xFF] != 0 && !refuses(c);
    }
}
