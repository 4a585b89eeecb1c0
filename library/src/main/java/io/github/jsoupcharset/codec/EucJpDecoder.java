package io.github.jsoupcharset.codec;

/**
 * The Encoding Standard's EUC-JP decoder (JIS X 0212 through 0x8F, on the decoder side only), in
 * the loop {@link LeadByteDecoder} shares.
 */
final class EucJpDecoder extends LeadByteDecoder {
    private final int[] jis0208 = CjkIndexes.Jis0208.INDEX;
    private int[] jis0212; // loaded on the first 0x8F sequence: most EUC-JP pages never use it
    private boolean isJis0212; // "EUC-JP jis0212 (initially false)"
    // lead: "EUC-JP lead (initially 0x00)"

    @Override
    char[] pairs() {
        return Pairs.TABLE;
    }

    /** What step 7 and then step 3 or 5 give for a lead byte and a trail byte. */
    private static final class Pairs {
        static final char[] TABLE = pairTable(EucJpDecoder::new);
    }

    @Override
    void leadByte(int b) {
        if (b == 0x8E || b == 0x8F || (b >= 0xA1 && b <= 0xFE)) {
            // 7. If byte is 0x8E, 0x8F, or in the range 0xA1 to 0xFE, set EUC-JP lead to byte
            //    and return continue.
            lead = b;
        } else {
            // 8. Return error.
            emitError();
        }
    }

    @Override
    boolean trailByte(int b) {
        // 3. If EUC-JP lead is 0x8E and byte is in the range 0xA1 to 0xDF, set EUC-JP lead to
        //    0x00 and return a code point whose value is 0xFF61 - 0xA1 + byte.
        if (lead == 0x8E && b >= 0xA1 && b <= 0xDF) {
            lead = 0;
            emit(0xFF61 - 0xA1 + b);
            return true;
        }
        // 4. If EUC-JP lead is 0x8F and byte is in the range 0xA1 to 0xFE, set EUC-JP jis0212
        //    to true, set EUC-JP lead to byte, and return continue.
        if (lead == 0x8F && b >= 0xA1 && b <= 0xFE) {
            isJis0212 = true;
            lead = b;
            return true;
        }
        // 5. If EUC-JP lead is not 0x00, let lead be EUC-JP lead, set EUC-JP lead to 0x00,
        //    and then:
        int lead = this.lead;
        this.lead = 0;
        // 5.1 Let code point be null.
        int cp = 0;
        // 5.2 If lead and byte are both in the range 0xA1 to 0xFE, set code point to the
        //     index code point for (lead - 0xA1) × 94 + byte - 0xA1 in index jis0208 if
        //     EUC-JP jis0212 is false and in index jis0212 otherwise.
        if (lead >= 0xA1 && lead <= 0xFE && b >= 0xA1 && b <= 0xFE) {
            int pointer = (lead - 0xA1) * 94 + b - 0xA1;
            if (!isJis0212) {
                cp = CjkIndexes.codePoint(jis0208, pointer);
            } else {
                if (jis0212 == null) jis0212 = CjkIndexes.Jis0212.INDEX;
                cp = CjkIndexes.codePoint(jis0212, pointer);
            }
        }
        // 5.3 Set EUC-JP jis0212 to false.
        isJis0212 = false;
        // 5.4 If code point is non-null, return a code point whose value is code point.
        // 5.5 If byte is an ASCII byte, prepend byte to ioQueue. 5.6 Return error.
        return codePointOrError(cp, b);
    }

    @Override
    void endOfQueue() {
        // 1. If byte is end-of-queue and EUC-JP lead is not 0x00, set EUC-JP lead to 0x00, and
        //    return error. (2. Otherwise return finished.) EUC-JP jis0212 is set to false too:
        //    the stream is over, and a decoder fed again starts afresh, as the pair table assumes.
        if (lead != 0) {
            lead = 0;
            isJis0212 = false;
            emitError();
        }
    }

    @Override
    int unfinishedBytes() {
        // 0x8F then a lead: two bytes
        return lead == 0 ? 0 : isJis0212 ? 2 : 1;
    }
}
