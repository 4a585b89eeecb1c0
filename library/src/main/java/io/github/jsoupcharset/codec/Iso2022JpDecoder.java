package io.github.jsoupcharset.codec;

/**
 * The Encoding Standard's ISO-2022-JP decoder. It keeps its own loop rather than the one the
 * lead-byte decoders share ({@link LeadByteDecoder}): its handler switches on seven decoder states
 * set by escape sequences, not on a lead byte, and ASCII is ASCII only in two of them.
 */
final class Iso2022JpDecoder extends MultiByteDecoder {
    // the ISO-2022-JP decoder states
    private static final int ASCII = 0;
    private static final int ROMAN = 1;
    private static final int KATAKANA = 2;
    private static final int LEAD_BYTE = 3;
    private static final int TRAIL_BYTE = 4;
    private static final int ESCAPE_START = 5;
    private static final int ESCAPE = 6;
    private static final int END_OF_QUEUE = -1;
    /** Bits 0x0E, 0x0F and 0x1B: the bytes below 0x20 that the ASCII and Roman states do not return. */
    private static final int SHIFTS_AND_ESCAPE = 1 << 0x0E | 1 << 0x0F | 1 << 0x1B;

    private final int[] jis0208 = CjkIndexes.Jis0208.INDEX;
    private int state = ASCII; // "ISO-2022-JP decoder state (initially ASCII)"
    private int outputState = ASCII; // "ISO-2022-JP decoder output state (initially ASCII)"
    private int lead; // "ISO-2022-JP lead (initially 0x00)"
    private boolean output; // "ISO-2022-JP output (initially false)"

    @Override
    void decodeChunk(byte[] src, int i, int end) {
        while (i < end) {
            if (state == ASCII || state == ROMAN) {
                // ASCII state, "0x00 to 0x7F, excluding 0x0E, 0x0F, and 0x1B: set ISO-2022-JP
                // output to false and return a code point whose value is byte"; the Roman state
                // says the same with 0x5C and 0x7E excluded too (a run, as a fast path)
                boolean roman = state == ROMAN;
                int start = i;
                char[] buf = this.buf;
                int j = this.j;
                int b;
                while (i < end && (b = src[i]) >= 0 && (b >= 0x20 || (SHIFTS_AND_ESCAPE >>> b & 1) == 0)
                        && !(roman && (b == 0x5C || b == 0x7E))) {
                    buf[j++] = (char) b;
                    i++;
                }
                this.j = j;
                if (i > start) output = false;
                if (i == end) break;
            }
            if (state == LEAD_BYTE) {
                // lead byte then trail byte, both 0x21 to 0x7E, with a code point in index
                // jis0208: the two states' steps in one go (a run, as a fast path)
                int[] jis0208 = this.jis0208;
                int cp;
                while (i + 1 < end && src[i] >= 0x21 && src[i] <= 0x7E && src[i + 1] >= 0x21 && src[i + 1] <= 0x7E
                        && (cp = CjkIndexes.codePoint(jis0208, (src[i] - 0x21) * 94 + src[i + 1] - 0x21)) != 0) {
                    output = false;
                    emit(cp);
                    i += 2;
                }
                if (i == end) break;
            }
            // handle returns false where the standard prepends byte: it is decoded again
            if (handle(src[i] & 0xFF)) i++;
        }
    }

    @Override
    void endOfQueue() {
        // end-of-queue is "prepended" back by the trail byte and escape states; handle it until
        // a state returns finished
        while (!handle(END_OF_QUEUE)) {
            // decode end-of-queue again in the new state
        }
    }

    /**
     * The handler for one byte (or {@link #END_OF_QUEUE}), switching on the decoder state.
     *
     * @return false if the byte is prepended to the stream (to be handled again), else true
     */
    private boolean handle(int b) {
        switch (state) {
            case ASCII:
                // 0x1B: set state to escape start and return continue.
                if (b == 0x1B) {
                    state = ESCAPE_START;
                } else if (b >= 0x00 && b <= 0x7F && b != 0x0E && b != 0x0F) {
                    // 0x00 to 0x7F, excluding 0x0E, 0x0F, and 0x1B: set output to false and
                    // return a code point whose value is byte.
                    output = false;
                    emit(b);
                } else if (b != END_OF_QUEUE) {
                    // Otherwise: set output to false and return error. (end-of-queue: finished)
                    output = false;
                    emitError();
                }
                return true;
            case ROMAN:
                if (b == 0x1B) {
                    state = ESCAPE_START;
                } else if (b == 0x5C) {
                    // 0x5C: set output to false and return code point U+00A5.
                    output = false;
                    emit(0x00A5);
                } else if (b == 0x7E) {
                    // 0x7E: set output to false and return code point U+203E.
                    output = false;
                    emit(0x203E);
                } else if (b >= 0x00 && b <= 0x7F && b != 0x0E && b != 0x0F) {
                    // 0x00 to 0x7F, excluding 0x0E, 0x0F, 0x1B, 0x5C, and 0x7E: set output to
                    // false and return a code point whose value is byte.
                    output = false;
                    emit(b);
                } else if (b != END_OF_QUEUE) {
                    output = false;
                    emitError();
                }
                return true;
            case KATAKANA:
                if (b == 0x1B) {
                    state = ESCAPE_START;
                } else if (b >= 0x21 && b <= 0x5F) {
                    // 0x21 to 0x5F: set output to false and return a code point whose value is
                    // 0xFF61 - 0x21 + byte.
                    output = false;
                    emit(0xFF61 - 0x21 + b);
                } else if (b != END_OF_QUEUE) {
                    output = false;
                    emitError();
                }
                return true;
            case LEAD_BYTE:
                if (b == 0x1B) {
                    state = ESCAPE_START;
                } else if (b >= 0x21 && b <= 0x7E) {
                    // 0x21 to 0x7E: set output to false, lead to byte, state to trail byte, and
                    // return continue.
                    output = false;
                    lead = b;
                    state = TRAIL_BYTE;
                } else if (b != END_OF_QUEUE) {
                    output = false;
                    emitError();
                }
                return true;
            case TRAIL_BYTE:
                if (b == 0x1B) {
                    // 0x1B: set state to escape start and return error.
                    state = ESCAPE_START;
                    emitError();
                    return true;
                }
                if (b >= 0x21 && b <= 0x7E) {
                    // 0x21 to 0x7E: 1. set state to lead byte; 2. pointer is
                    // (lead - 0x21) × 94 + byte - 0x21; 3. code point is its index code point in
                    // index jis0208; 4. if code point is null, return error; 5. return code point.
                    state = LEAD_BYTE;
                    int cp = CjkIndexes.codePoint(jis0208, (lead - 0x21) * 94 + b - 0x21);
                    if (cp == 0) {
                        emitError();
                    } else {
                        emit(cp);
                    }
                    return true;
                }
                if (b == END_OF_QUEUE) {
                    // end-of-queue: set state to lead byte, prepend byte to ioQueue, and return
                    // error.
                    state = LEAD_BYTE;
                    emitError();
                    return false;
                }
                // Otherwise: set state to lead byte and return error.
                state = LEAD_BYTE;
                emitError();
                return true;
            case ESCAPE_START:
                // 1. If byte is either 0x24 or 0x28, set lead to byte, state to escape, and return
                //    continue.
                if (b == 0x24 || b == 0x28) {
                    lead = b;
                    state = ESCAPE;
                    return true;
                }
                // 2. Prepend byte to ioQueue. 3. Set output to false, state to output state, and
                //    return error.
                output = false;
                state = outputState;
                emitError();
                return false;
            default: // ESCAPE
                return escape(b);
        }
    }

    /** The escape state. */
    private boolean escape(int b) {
        // 1. Let lead be ISO-2022-JP lead and set ISO-2022-JP lead to 0x00.
        int lead = this.lead;
        this.lead = 0;
        // 2. Let state be null.
        int state = -1;
        if (lead == 0x28 && b == 0x42) {
            state = ASCII; // 3. ESC ( B
        } else if (lead == 0x28 && b == 0x4A) {
            state = ROMAN; // 4. ESC ( J
        } else if (lead == 0x28 && b == 0x49) {
            state = KATAKANA; // 5. ESC ( I
        } else if (lead == 0x24 && (b == 0x40 || b == 0x42)) {
            state = LEAD_BYTE; // 6. ESC $ @ or ESC $ B
        }
        // 7. If state is non-null, then:
        if (state >= 0) {
            // 7.1 Set decoder state and output state to state.
            this.state = state;
            outputState = state;
            // 7.2 Let output be ISO-2022-JP output. 7.3 Set ISO-2022-JP output to true.
            boolean output = this.output;
            this.output = true;
            // 7.4 Return continue, if output is false, and error otherwise.
            if (output) emitError();
            return true;
        }
        // 8. Prepend lead and byte to ioQueue. 9. Set output to false, state to output state,
        //    and return error.
        this.output = false;
        this.state = outputState;
        emitError();
        // lead (0x24 or 0x28) is decoded now in the output state, which is never escape start,
        // escape or trail byte, so it is consumed; then byte is decoded again
        handle(lead);
        return false;
    }

    @Override
    int unfinishedBytes() {
        // ESC; ESC and "$" or "("; a lead byte of JIS X 0208
        return state == ESCAPE_START ? 1 : state == ESCAPE ? 2 : state == TRAIL_BYTE ? 1 : 0;
    }
}
