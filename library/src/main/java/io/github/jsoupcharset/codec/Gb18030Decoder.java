package io.github.jsoupcharset.codec;

/**
 * The Encoding Standard's gb18030 decoder, which is also GBK's decoder, in the loop
 * {@link LeadByteDecoder} shares: gb18030 first is its lead, and the later bytes of a four-byte
 * sequence are trail bytes to it (first stays set until the sequence ends).
 */
final class Gb18030Decoder extends LeadByteDecoder {
    private final int[] gb18030 = CjkIndexes.Gb18030.INDEX;
    // "gb18030 first, gb18030 second, and gb18030 third (all initially 0x00)": first is lead
    private int second;
    private int third;

    @Override
    char[] pairs() {
        return Pairs.TABLE;
    }

    /** What step 8 and then step 5 give for a first byte and a trail byte. */
    private static final class Pairs {
        static final char[] TABLE = pairTable(Gb18030Decoder::new);
    }

    @Override
    void leadByte(int b) {
        if (b == 0x80) {
            // 7. If byte is 0x80, return code point U+20AC.
            emit(0x20AC);
        } else if (b != 0xFF) {
            // 8. If byte is in the range 0x81 to 0xFE, set gb18030 first to byte and return
            //    continue.
            lead = b;
        } else {
            // 9. Return error.
            emitError();
        }
    }

    @Override
    boolean trailByte(int b) {
        // 3. If gb18030 third is not 0x00, then:
        if (third != 0) {
            // 3.1 If byte is not in the range 0x30 to 0x39, then: prepend gb18030 second,
            //     gb18030 third, and byte to ioQueue, set first, second and third to 0x00,
            //     and return error.
            if (b < 0x30 || b > 0x39) {
                emitError();
                // The restored bytes, decoded from the initial state: second (0x30-0x39) is
                // an ASCII byte, so a code point; third (0x81-0xFE) becomes gb18030 first;
                // byte is then decoded again.
                emit(second);
                lead = third;
                second = 0;
                third = 0;
                return false;
            }
            // 3.2 Let code point be the index gb18030 ranges code point for
            //     ((first - 0x81) × (10 × 126 × 10)) + ((second - 0x30) × (10 × 126)) +
            //     ((third - 0x81) × 10) + byte - 0x30.
            int cp = CjkIndexes.gb18030RangesCodePoint(
                    (lead - 0x81) * (10 * 126 * 10) + (second - 0x30) * (10 * 126) + (third - 0x81) * 10 + b - 0x30);
            // 3.3 Set gb18030 first, gb18030 second, and gb18030 third to 0x00.
            lead = 0;
            second = 0;
            third = 0;
            // 3.4 If code point is null, return error. 3.5 Return a code point.
            if (cp < 0) {
                emitError();
            } else {
                emitCodePoint(cp);
            }
            return true;
        }
        // 4. If gb18030 second is not 0x00, then:
        if (second != 0) {
            // 4.1 If byte is in the range 0x81 to 0xFE, set gb18030 third to byte and return
            //     continue.
            if (b >= 0x81 && b <= 0xFE) {
                third = b;
                return true;
            }
            // 4.2 Prepend gb18030 second followed by byte to ioQueue, set first and second to
            //     0x00, and return error. (second, 0x30-0x39, decodes from the initial state
            //     as an ASCII code point; then byte is decoded again.)
            emitError();
            emit(second);
            lead = 0;
            second = 0;
            return false;
        }
        // 5. If gb18030 first is not 0x00, then:
        // 5.1 If byte is in the range 0x30 to 0x39, set gb18030 second to byte and return
        //     continue.
        if (b >= 0x30 && b <= 0x39) {
            second = b;
            return true;
        }
        // 5.2 Let lead be gb18030 first, let pointer be null, and set first to 0x00.
        int lead = this.lead;
        this.lead = 0;
        // 5.3 offset is 0x40 if byte is less than 0x7F, otherwise 0x41.
        int offset = b < 0x7F ? 0x40 : 0x41;
        // 5.4 If byte is in the range 0x40 to 0x7E or 0x80 to 0xFE, set pointer to
        //     (lead - 0x81) × 190 + (byte - offset).
        // 5.5 code point is null if pointer is null, otherwise the index code point for
        //     pointer in index gb18030.
        int cp = (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFE)
                ? CjkIndexes.codePoint(gb18030, (lead - 0x81) * 190 + (b - offset)) : 0;
        // 5.6 If code point is non-null, return a code point whose value is code point.
        // 5.7 If byte is an ASCII byte, prepend byte to ioQueue. 5.8 Return error.
        return codePointOrError(cp, b);
    }

    @Override
    void endOfQueue() {
        // 2. If byte is end-of-queue, and gb18030 first, second, or third is not 0x00, set them
        //    to 0x00, and return error. (1. Otherwise return finished.) Second and third are set
        //    only while first is.
        if (lead != 0) {
            lead = 0;
            second = 0;
            third = 0;
            emitError();
        }
    }

    @Override
    int unfinishedBytes() {
        return third != 0 ? 3 : second != 0 ? 2 : lead != 0 ? 1 : 0;
    }
}
