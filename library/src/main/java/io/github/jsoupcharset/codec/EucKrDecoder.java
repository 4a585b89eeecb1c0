package io.github.jsoupcharset.codec;

/** The Encoding Standard's EUC-KR decoder, in the loop {@link LeadByteDecoder} shares. */
final class EucKrDecoder extends LeadByteDecoder {
    private final int[] eucKr = CjkIndexes.EucKr.INDEX;
    // lead: "EUC-KR lead (initially 0x00)"

    @Override
    char[] pairs() {
        return Pairs.TABLE;
    }

    /** What steps 5 and 3 give for a lead byte and a trail byte. */
    private static final class Pairs {
        static final char[] TABLE = pairTable(EucKrDecoder::new);
    }

    @Override
    void leadByte(int b) {
        if (b >= 0x81 && b <= 0xFE) {
            // 5. If byte is in the range 0x81 to 0xFE, set EUC-KR lead to byte and return
            //    continue.
            lead = b;
        } else {
            // 6. Return error.
            emitError();
        }
    }

    @Override
    boolean trailByte(int b) {
        // 3. If EUC-KR lead is not 0x00, let lead be EUC-KR lead, let pointer be null, set
        //    EUC-KR lead to 0x00, and then:
        int lead = this.lead;
        int pointer = -1;
        this.lead = 0;
        // 3.1 If byte is in the range 0x41 to 0xFE, set pointer to
        //     (lead - 0x81) × 190 + (byte - 0x41).
        if (b >= 0x41 && b <= 0xFE) pointer = (lead - 0x81) * 190 + (b - 0x41);
        // 3.2 code point is null if pointer is null, otherwise the index code point for
        //     pointer in index EUC-KR.
        int cp = pointer < 0 ? 0 : CjkIndexes.codePoint(eucKr, pointer);
        // 3.3 If code point is non-null, return a code point whose value is code point.
        // 3.4 If byte is an ASCII byte, prepend byte to ioQueue. 3.5 Return error.
        return codePointOrError(cp, b);
    }
}
