package io.github.jsoupcharset.codec;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.util.function.IntPredicate;

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

    private IntPredicate refused; // null: none; set once, before the encoder is handed out

    WhatwgEncoder(WhatwgCharset cs, float averageBytesPerChar, float maxBytesPerChar, byte[] replacement) {
        super(cs, averageBytesPerChar, maxBytesPerChar, replacement);
    }

    /**
     * Makes this encoder report these code points as unmappable although the standard's encoder
     * encodes them (to bytes that decode to another code point); null for none.
     */
    WhatwgEncoder refusing(IntPredicate codePoints) {
        this.refused = codePoints;
        return this;
    }

    /**
     * What {@link #write} returns for a refused code point: {@link #UNMAPPABLE}, after whatever
     * bytes the encoder needs first so that the replacement that follows is read as such.
     */
    int refuse(ByteBuffer out) {
        return UNMAPPABLE;
    }

    /** Whether {@link #refusing} refused this code point. */
    final boolean refuses(int codePoint) {
        return refused != null && refused.test(codePoint);
    }

    /** Whether this encoder encodes this scalar value: the standard's encoder does and it is not refused. */
    final boolean encodable(int codePoint) {
        return !refuses(codePoint) && canEncodeCodePoint(codePoint);
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
            int r = refuses(codePoint) ? refuse(out) : write(codePoint, out);
            if (r == OVERFLOW) return CoderResult.OVERFLOW;
            if (r == UNMAPPABLE) return CoderResult.unmappableForLength(length);
            in.position(p + length);
        }
        return CoderResult.UNDERFLOW;
    }

    /** Whether this encoder can encode {@code c} on its own (false for any surrogate). */
    @Override
    public boolean canEncode(char c) {
        return !Character.isSurrogate(c) && encodable(c);
    }

    /** Whether every code point of {@code cs} can be encoded (false for an unpaired surrogate). */
    @Override
    public boolean canEncode(CharSequence cs) {
        int n = cs.length();
        for (int i = 0; i < n; ) {
            char c = cs.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(cs.charAt(i + 1))) {
                if (!encodable(Character.toCodePoint(c, cs.charAt(i + 1)))) return false;
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
            return page != null && page[c & 0xFF] != 0 && !refuses(c);
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

    /** Writes two bytes, or returns {@link #OVERFLOW} when there is no room for both. */
    static int putTwo(ByteBuffer out, int lead, int trail) {
        if (out.remaining() < 2) return OVERFLOW;
        out.put((byte) lead).put((byte) trail);
        return 2;
    }

    /** Writes one byte, or returns {@link #OVERFLOW}. */
    static int putOne(ByteBuffer out, int b) {
        if (!out.hasRemaining()) return OVERFLOW;
        out.put((byte) b);
        return 1;
    }

    /** The Encoding Standard's Shift_JIS encoder. */
    static final class ShiftJis extends WhatwgEncoder {
        private final CjkIndexes.Reverse index = CjkIndexes.ShiftJisReverse.INDEX;

        ShiftJis(WhatwgCharset cs) {
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

    /** The Encoding Standard's EUC-JP encoder (JIS X 0208 only: it never produces JIS X 0212). */
    static final class EucJp extends WhatwgEncoder {
        private final CjkIndexes.Reverse index = CjkIndexes.Jis0208Reverse.INDEX;

        EucJp(WhatwgCharset cs) {
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

    /**
     * The Encoding Standard's ISO-2022-JP encoder, with its state (ASCII, Roman or jis0208). At the
     * end of the stream {@link #flush} returns to ASCII with ESC ( B. A code point that cannot be
     * encoded in jis0208 state first returns to ASCII (ESC ( B), as the standard's "html" error
     * mode does when it writes the character reference, so that the replacement bytes, written
     * by {@link CharsetEncoder} itself, are read as ASCII.
     */
    static final class Iso2022Jp extends WhatwgEncoder {
        private static final int ASCII = 0;
        private static final int ROMAN = 1;
        private static final int JIS0208 = 2;

        private final CjkIndexes.Reverse index = CjkIndexes.Jis0208Reverse.INDEX;
        private final int[] katakana = CjkIndexes.Iso2022JpKatakana.INDEX;
        private int state = ASCII; // "ISO-2022-JP encoder state (initially ASCII)"

        Iso2022Jp(WhatwgCharset cs) {
            // at most an escape sequence (3 bytes) and two bytes per code point, and 3 more at the
            // end of the stream (String.getBytes sizes its array by this)
            super(cs, 3f, 8f, new byte[] {'?'});
        }

        @Override
        int write(int codePoint, ByteBuffer out) {
            // 3. If state is ASCII or Roman, and code point is U+000E, U+000F, or U+001B, return
            //    error with U+FFFD.
            if (state != JIS0208 && (codePoint == 0x0E || codePoint == 0x0F || codePoint == 0x1B)) return UNMAPPABLE;
            // 4. If state is ASCII and code point is an ASCII code point, return a byte whose
            //    value is code point.
            if (state == ASCII && codePoint < 0x80) return putOne(out, codePoint);
            // 5. If state is Roman and code point is an ASCII code point, excluding U+005C and
            //    U+007E, or is U+00A5 or U+203E: ASCII code point: that byte; U+00A5: byte 0x5C;
            //    U+203E: byte 0x7E.
            if (state == ROMAN) {
                if (codePoint < 0x80 && codePoint != 0x5C && codePoint != 0x7E) return putOne(out, codePoint);
                if (codePoint == 0xA5) return putOne(out, 0x5C);
                if (codePoint == 0x203E) return putOne(out, 0x7E);
            }
            // 6. If code point is an ASCII code point, and state is not ASCII, prepend code point
            //    to ioQueue, set state to ASCII, and return three bytes 0x1B 0x28 0x42.
            if (codePoint < 0x80) {
                if (out.remaining() < 4) return OVERFLOW;
                escape(out, ASCII);
                return write(codePoint, out); // the prepended code point, in ASCII state
            }
            // 7. If code point is either U+00A5 or U+203E, and state is not Roman, prepend code
            //    point to ioQueue, set state to Roman, and return three bytes 0x1B 0x28 0x4A.
            if (codePoint == 0xA5 || codePoint == 0x203E) {
                if (out.remaining() < 4) return OVERFLOW;
                escape(out, ROMAN);
                return write(codePoint, out);
            }
            // 10. Let pointer be the index pointer for code point in index jis0208 (after
            //     8. U+2212 → U+FF0D and 9. U+FF61-U+FF9F → index ISO-2022-JP katakana).
            int pointer = pointer(codePoint);
            // 11. If pointer is null, return error with code point.
            if (pointer < 0) {
                if (state == JIS0208) {
                    // the replacement that follows is ASCII: return to ASCII state first
                    if (out.remaining() < 3) return OVERFLOW;
                    escape(out, ASCII);
                }
                return UNMAPPABLE;
            }
            // 12. If state is not jis0208, prepend code point to ioQueue, set state to jis0208,
            //     and return three bytes 0x1B 0x24 0x42.
            if (state != JIS0208) {
                if (out.remaining() < 5) return OVERFLOW;
                escape(out, JIS0208);
            }
            // 13-15. Return two bytes: pointer / 94 + 0x21 and pointer % 94 + 0x21.
            return putTwo(out, pointer / 94 + 0x21, pointer % 94 + 0x21);
        }

        /** Steps 8-10: the index jis0208 pointer for a non-ASCII code point, or -1. */
        private int pointer(int codePoint) {
            // 8. If code point is U+2212, set it to U+FF0D.
            if (codePoint == 0x2212) codePoint = 0xFF0D;
            // 9. If code point is in the range U+FF61 to U+FF9F, set it to the index code point
            //    for code point - 0xFF61 in index ISO-2022-JP katakana.
            if (codePoint >= 0xFF61 && codePoint <= 0xFF9F) codePoint = katakana[codePoint - 0xFF61];
            return index.pointer(codePoint);
        }

        /** Writes the escape sequence to {@code newState} (the caller checked there is room). */
        private void escape(ByteBuffer out, int newState) {
            out.put((byte) 0x1B).put((byte) (newState == JIS0208 ? 0x24 : 0x28))
                    .put((byte) (newState == ASCII ? 0x42 : newState == ROMAN ? 0x4A : 0x42));
            state = newState;
        }

        @Override
        int refuse(ByteBuffer out) {
            if (state == JIS0208) {
                // the replacement that follows is ASCII: return to ASCII state first
                if (out.remaining() < 3) return OVERFLOW;
                escape(out, ASCII);
            }
            return UNMAPPABLE;
        }

        @Override
        protected CoderResult implFlush(ByteBuffer out) {
            // 1. end-of-queue when state is not ASCII: set state to ASCII and return 0x1B 0x28 0x42
            if (state != ASCII) {
                if (out.remaining() < 3) return CoderResult.OVERFLOW;
                escape(out, ASCII);
            }
            return CoderResult.UNDERFLOW;
        }

        @Override
        protected void implReset() {
            state = ASCII;
        }

        @Override
        boolean canEncodeCodePoint(int codePoint) {
            if (codePoint < 0x80) return codePoint != 0x0E && codePoint != 0x0F && codePoint != 0x1B;
            return codePoint == 0xA5 || codePoint == 0x203E || pointer(codePoint) >= 0;
        }
    }

    /** The Encoding Standard's EUC-KR encoder. */
    static final class EucKr extends WhatwgEncoder {
        private final CjkIndexes.Reverse index = CjkIndexes.EucKrReverse.INDEX;

        EucKr(WhatwgCharset cs) {
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

    /** The Encoding Standard's gb18030 encoder, also GBK's (with is GBK set). */
    static final class Gb18030 extends WhatwgEncoder {
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

        Gb18030(WhatwgCharset cs, boolean isGbk) {
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

    /** The Encoding Standard's Big5 encoder. */
    static final class Big5 extends WhatwgEncoder {
        private final CjkIndexes.Reverse index = CjkIndexes.Big5Reverse.INDEX;

        Big5(WhatwgCharset cs) {
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
}
