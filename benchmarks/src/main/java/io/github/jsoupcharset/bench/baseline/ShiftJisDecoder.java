package io.github.jsoupcharset.bench.baseline;

/** The Encoding Standard's Shift_JIS decoder. */
final class ShiftJisDecoder extends MultiByteDecoder {
    private final int[] jis0208 = CjkIndexes.Jis0208.INDEX;
    private final char[] pairs = Pairs.TABLE;
    private int lead; // "Shift_JIS lead (initially 0x00)"

    /**
     * What step 3 gives for every lead byte and trail byte, precomputed once from index jis0208
     * (0 where it returns error): one array read per character instead of the pointer arithmetic.
     * Row {@code lead - 0x81} for leads 0x81-0x9F, {@code lead - 0xC1} for 0xE0-0xFC.
     */
    private static final class Pairs {
        static final char[] TABLE = build();

        private static char[] build() {
            int[] jis0208 = CjkIndexes.Jis0208.INDEX;
            char[] table = new char[60 * 256];
            for (int lead = 0x81; lead <= 0xFC; lead++) {
                if (lead >= 0xA0 && lead < 0xE0) continue;
                int leadOffset = lead < 0xA0 ? 0x81 : 0xC1;
                for (int b = 0x40; b <= 0xFC; b++) {
                    if (b == 0x7F) continue;
                    int pointer = (lead - leadOffset) * 188 + b - (b < 0x7F ? 0x40 : 0x41);
                    int cp = pointer >= 8836 && pointer <= 10715 ? 0xE000 - 8836 + pointer
                            : CjkIndexes.codePoint(jis0208, pointer);
                    table[(lead - leadOffset) * 256 + b] = (char) cp; // jis0208 is all in the BMP
                }
            }
            return table;
        }
    }

    @Override
    void decodeChunk(byte[] src, int i, int end) {
        char[] pairs = this.pairs;
        while (i < end) {
            int b = src[i] & 0xFF;
            if (lead == 0) {
                if (b < 0x80) {
                    i = copyAscii(src, i, end); // 4. an ASCII byte is a code point whose value is byte
                    continue;
                }
                // A lead byte followed by a trail byte that makes a character: steps 6 and then 3
                // at once, without storing the lead. Anything else takes the steps one byte at a time.
                int row = row(b);
                if (row >= 0 && i + 1 < end) {
                    char pair = pairs[row * 256 + (src[i + 1] & 0xFF)];
                    if (pair != 0) {
                        emit(pair);
                        i += 2;
                        continue;
                    }
                }
            }
            // 3. If Shift_JIS lead is not 0x00, let lead be Shift_JIS lead, let pointer be null,
            //    set Shift_JIS lead to 0x00, and then:
            if (lead != 0) {
                char pair = pairs[row(lead) * 256 + b];
                if (pair != 0) {
                    // steps 3.1-3.6 answered by the precomputed table
                    lead = 0;
                    emit(pair);
                    i++;
                    continue;
                }
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
                    i++;
                    continue;
                }
                // 3.5 code point is null if pointer is null, otherwise the index code point for
                //     pointer in index jis0208.
                int cp = pointer < 0 ? 0 : CjkIndexes.codePoint(jis0208, pointer);
                // 3.6 If code point is non-null, return a code point whose value is code point.
                if (cp != 0) {
                    emit(cp);
                    i++;
                    continue;
                }
                // 3.7 If byte is an ASCII byte, prepend byte to ioQueue (i stays on it).
                if (b >= 0x80) i++;
                // 3.8 Return error.
                emitError();
                continue;
            }
            i++;
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
    }

    /** The pair table's row for a lead byte (0x81-0x9F, 0xE0-0xFC), or -1 for any other byte. */
    private static int row(int b) {
        return b >= 0x81 && b <= 0x9F ? b - 0x81 : b >= 0xE0 && b <= 0xFC ? b - 0xC1 : -1;
    }

    @Override
    void endOfQueue() {
        // 1. If byte is end-of-queue and Shift_JIS lead is not 0x00, set Shift_JIS lead to 0x00
        //    and return error. (2. Otherwise return finished.)
        if (lead != 0) {
            lead = 0;
            emitError();
        }
    }
}
