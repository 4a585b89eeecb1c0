package io.github.jsoupcharset.codec;

import java.util.Objects;

/**
 * The Encoding Standard's replacement decoder: one U+FFFD (one error) for a non-empty stream,
 * nothing for an empty one, and every byte ignored.
 */
final class ReplacementDecoder extends Decoder {
    private boolean errorReturned; // "replacement error returned flag"

    @Override
    public void decode(byte[] src, int off, int len, boolean last, StringBuilder out) {
        Objects.checkFromIndexSize(off, len, src.length);
        // 1. If byte is end-of-queue, return finished.
        if (len == 0) return;
        // 2. If replacement error returned flag is unset, set it and return error.
        if (!errorReturned) {
            errorReturned = true;
            error(out);
        }
        // 3. Return finished (the rest of the stream is never read).
    }

    @Override
    boolean mayHavePendingBytes() {
        return false;
    }

    @Override
    int unfinishedBytes() {
        return 0;
    }
}
