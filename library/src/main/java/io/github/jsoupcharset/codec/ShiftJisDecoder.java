package io.github.jsoupcharset.codec;

/** The Encoding Standard's Shift_JIS decoder, in the loop {@link LeadByteDecoder} shares. */
final class ShiftJisDecoder extends LeadByteDecoder {
    private final int[] jis0208 = CjkIndexes.Jis0208.INDEX;
    // lead: "Shift_JIS lead (initially 0x00)"

    @Override
    char[] pairs() {
        return Pairs.TABLE;
    }

    /** What steps 6 and 3 give for a lead byte and a trail byte. */
    private static final class Pairs {
        static final char[] TABLE = pairTable(ShiftJisDecoder::new);
    }

    @Override
    void leadByte(int b) {
        if (b == 0x80) {
            // 4. If byte is an ASCII byte or 0x80, return a code point whose value is byte.
            emit(b);
        } else if (b >= 0xA1 && b <= 0xDF) {
            // 5. If byte is in the range 0xA1 to 0xDF, return a code point whose value is
            //    0xFF61 - 0xA1 + byte.
            emit(0xFF61 - 0xA1 + b);
        } else if ((b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC)) {
            // 6. If byte is in the range 0x81 to 0x9F or 0xE0 to 0xFC, set Shift_JIS lead to
            //    byte and return continue.
            lead = b;
        } else {
            // 7. Return error.
            emitError();
        }
    }

    @Override
    boolean trailByte(int b) {
        // 3. If Shift_JIS lead is not 0x00, let lead be Shift_JIS lead, let pointer be null,
        //    set Shift_JIS lead to 0x00, and then:
        int lead = this.lead;
        int pointer = -1;
        this.lead = 0;
        // 3.1 offset is 0x40 if byte is less than 0x7F, otherwise 0x41.
        int offset = b < 0x7F ? 0x40 : 0x41;
        // 3.2 lead offset is 0x81 if lead is less than 0xA0, otherwise 0xC1.
        int leadOffset = lead < 0xA0 ? 0x81 : 0xC1;
        // 3.3 If byte is in the range 0x40 to 0x7E or 0x80 to 0xFC, set pointer to
        //     (lead - lead offset) × 188 + byte - offset.
        if ((b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFC)) {
            pointer = (lead - leadOffset) * 188 + b - offset;
        }
        // 3.4 If pointer is in the range 8836 to 10715, return a code point whose value is
        //     0xE000 - 8836 + pointer (EUDC).
        if (pointer >= 8836 && pointer <= 10715) {
            emit(0xE000 - 8836 + pointer);
            return true;
        }
        // 3.5 code point is null if pointer is null, otherwise the index code point for
        //     pointer in index jis0208.
        int cp = pointer < 0 ? 0 : CjkIndexes.codePoint(jis0208, pointer);
        // 3.6 If code point is non-null, return a code point whose value is code point.
        // 3.7 If byte is an ASCII byte, prepend byte to ioQueue. 3.8 Return error.
        return codePointOrError(cp, b);
    }
}
