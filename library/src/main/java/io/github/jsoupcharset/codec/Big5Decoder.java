package io.github.jsoupcharset.codec;

/**
 * The Encoding Standard's Big5 decoder (index Big5 includes HKSCS, with code points above U+FFFF),
 * in the loop {@link LeadByteDecoder} shares.
 */
final class Big5Decoder extends LeadByteDecoder {
    private final int[] big5 = CjkIndexes.Big5.INDEX;
    // lead: "Big5 lead (initially 0x00)"

    @Override
    char[] pairs() {
        return Pairs.TABLE;
    }

    /** What steps 5 and 3 give for a lead byte and a trail byte, when that is one BMP code point. */
    private static final class Pairs {
        static final char[] TABLE = pairTable(Big5Decoder::new);
    }

    @Override
    void leadByte(int b) {
        if (b >= 0x81 && b <= 0xFE) {
            // 5. If byte is in the range 0x81 to 0xFE, set Big5 lead to byte and return continue.
            lead = b;
        } else {
            // 6. Return error.
            emitError();
        }
    }

    @Override
    boolean trailByte(int b) {
        // 3. If Big5 lead is not 0x00, let lead be Big5 lead, let pointer be null, set Big5
        //    lead to 0x00, and then:
        int lead = this.lead;
        int pointer = -1;
        this.lead = 0;
        // 3.1 offset is 0x40 if byte is less than 0x7F, otherwise 0x62.
        int offset = b < 0x7F ? 0x40 : 0x62;
        // 3.2 If byte is in the range 0x40 to 0x7E or 0xA1 to 0xFE, set pointer to
        //     (lead - 0x81) × 157 + (byte - offset).
        if ((b >= 0x40 && b <= 0x7E) || (b >= 0xA1 && b <= 0xFE)) pointer = (lead - 0x81) * 157 + (b - offset);
        // 3.3 If there is a row in the table below whose first column is pointer, return
        //     the two code points listed in its second column.
        switch (pointer) {
            case 1133: emit(0x00CA); emit(0x0304); return true;
            case 1135: emit(0x00CA); emit(0x030C); return true;
            case 1164: emit(0x00EA); emit(0x0304); return true;
            case 1166: emit(0x00EA); emit(0x030C); return true;
            default: break;
        }
        // 3.4 code point is null if pointer is null, otherwise the index code point for
        //     pointer in index Big5.
        int cp = pointer < 0 ? 0 : CjkIndexes.codePoint(big5, pointer);
        // 3.5 If code point is non-null, return a code point whose value is code point.
        // 3.6 If byte is an ASCII byte, prepend byte to ioQueue. 3.7 Return error.
        return codePointOrError(cp, b);
    }
}
