package io.github.jsoupcharset.bench.baseline;

/** The Encoding Standard's Big5 decoder (index Big5 includes HKSCS, with code points above U+FFFF). */
final class Big5Decoder extends MultiByteDecoder {
    private final int[] big5 = CjkIndexes.Big5.INDEX;
    private final char[] pairs = Pairs.TABLE;
    private int lead; // "Big5 lead (initially 0x00)"

    /**
     * What steps 3.1-3.5 give for every lead and trail byte when that is one BMP code point,
     * precomputed once from index Big5 (0 otherwise: no code point, one above U+FFFF, or one of
     * the two-code-point pointers, all left to the spec's steps). Row {@code lead - 0x81}.
     */
    private static final class Pairs {
        static final char[] TABLE = build();

        private static char[] build() {
            int[] big5 = CjkIndexes.Big5.INDEX;
            char[] table = new char[126 * 256];
            for (int lead = 0x81; lead <= 0xFE; lead++) {
                for (int b = 0x40; b <= 0xFE; b++) {
                    if (b > 0x7E && b < 0xA1) continue;
                    int pointer = (lead - 0x81) * 157 + (b - (b < 0x7F ? 0x40 : 0x62));
                    if (pointer == 1133 || pointer == 1135 || pointer == 1164 || pointer == 1166) continue;
                    int cp = CjkIndexes.codePoint(big5, pointer);
                    if (cp > 0 && cp <= 0xFFFF) table[(lead - 0x81) * 256 + b] = (char) cp;
                }
            }
            return table;
        }
    }

    @Override
    void decodeChunk(byte[] src, int i, int end) {
        while (i < end) {
            if (lead == 0 && src[i] >= 0) {
                i = copyAscii(src, i, end); // 4. an ASCII byte is a code point whose value is byte
                continue;
            }
            int b = src[i] & 0xFF;
            // 3. If Big5 lead is not 0x00, let lead be Big5 lead, let pointer be null, set Big5
            //    lead to 0x00, and then:
            if (lead != 0) {
                char pair = pairs[(lead - 0x81) * 256 + b];
                if (pair != 0) {
                    // steps 3.1-3.5 answered by the precomputed table
                    lead = 0;
                    emit(pair);
                    i++;
                    continue;
                }
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
                    case 1133: emit(0x00CA); emit(0x0304); i++; continue;
                    case 1135: emit(0x00CA); emit(0x030C); i++; continue;
                    case 1164: emit(0x00EA); emit(0x0304); i++; continue;
                    case 1166: emit(0x00EA); emit(0x030C); i++; continue;
                    default: break;
                }
                // 3.4 code point is null if pointer is null, otherwise the index code point for
                //     pointer in index Big5.
                int cp = pointer < 0 ? 0 : CjkIndexes.codePoint(big5, pointer);
                // 3.5 If code point is non-null, return a code point whose value is code point.
                if (cp != 0) {
                    emitCodePoint(cp);
                    i++;
                    continue;
                }
                // 3.6 If byte is an ASCII byte, prepend byte to ioQueue (i stays on it).
                if (b >= 0x80) i++;
                // 3.7 Return error.
                emitError();
                continue;
            }
            i++;
            if (b >= 0x81 && b <= 0xFE) {
                // 5. If byte is in the range 0x81 to 0xFE, set Big5 lead to byte and return continue.
                lead = b;
            } else {
                // 6. Return error.
                emitError();
            }
        }
    }

    @Override
    void endOfQueue() {
        // 1. If byte is end-of-queue and Big5 lead is not 0x00, set Big5 lead to 0x00 and return
        //    error. (2. Otherwise return finished.)
        if (lead != 0) {
            lead = 0;
            emitError();
        }
    }
}
