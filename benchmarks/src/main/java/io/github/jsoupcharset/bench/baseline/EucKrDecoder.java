package io.github.jsoupcharset.bench.baseline;

/** The Encoding Standard's EUC-KR decoder. */
final class EucKrDecoder extends MultiByteDecoder {
    private final char[] pairs = Pairs.TABLE;
    private int lead; // "EUC-KR lead (initially 0x00)"

    /**
     * What step 3 gives for every lead byte (row {@code lead - 0x81}) and trail byte, precomputed
     * once from index EUC-KR (0 where it returns error): one array read per character.
     */
    private static final class Pairs {
        static final char[] TABLE = build();

        private static char[] build() {
            int[] eucKr = CjkIndexes.EucKr.INDEX;
            char[] table = new char[(0xFE - 0x81 + 1) * 256];
            for (int lead = 0x81; lead <= 0xFE; lead++) {
                for (int b = 0x41; b <= 0xFE; b++) {
                    // index EUC-KR is all in the BMP
                    table[(lead - 0x81) * 256 + b] = (char) CjkIndexes.codePoint(eucKr, (lead - 0x81) * 190 + (b - 0x41));
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
                // A lead byte followed by a trail byte that makes a character: steps 5 and then 3
                // at once, without storing the lead. Anything else takes the steps one byte at a time.
                if (b >= 0x81 && b <= 0xFE && i + 1 < end) {
                    char pair = pairs[(b - 0x81) * 256 + (src[i + 1] & 0xFF)];
                    if (pair != 0) {
                        emit(pair);
                        i += 2;
                        continue;
                    }
                }
            }
            // 3. If EUC-KR lead is not 0x00, let lead be EUC-KR lead, let pointer be null, set
            //    EUC-KR lead to 0x00, and then:
            if (lead != 0) {
                int lead = this.lead;
                this.lead = 0;
                // 3.1 If byte is in the range 0x41 to 0xFE, set pointer to
                //     (lead - 0x81) × 190 + (byte - 0x41).
                // 3.2 code point is null if pointer is null, otherwise the index code point for
                //     pointer in index EUC-KR. (Both answered by the pair table, 0 for null.)
                int cp = pairs[(lead - 0x81) * 256 + b];
                // 3.3 If code point is non-null, return a code point whose value is code point.
                if (cp != 0) {
                    emit(cp);
                    i++;
                    continue;
                }
                // 3.4 If byte is an ASCII byte, prepend byte to ioQueue (i stays on it).
                if (b >= 0x80) i++;
                // 3.5 Return error.
                emitError();
                continue;
            }
            i++;
            if (b >= 0x81 && b <= 0xFE) {
                // 5. If byte is in the range 0x81 to 0xFE, set EUC-KR lead to byte and return
                //    continue.
                lead = b;
            } else {
                // 6. Return error.
                emitError();
            }
        }
    }

    @Override
    void endOfQueue() {
        // 1. If byte is end-of-queue and EUC-KR lead is not 0x00, set EUC-KR lead to 0x00 and
        //    return error. (2. Otherwise return finished.)
        if (lead != 0) {
            lead = 0;
            emitError();
        }
    }
}
