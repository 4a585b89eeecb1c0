package io.github.jsoupcharset.internal;

/**
 * One WHATWG decoder instance for one stream of bytes: a state machine following the Encoding
 * Standard's decoder steps, in replacement error mode (each error appends one U+FFFD and is
 * counted). Not thread-safe; create one per stream. Internal: no compatibility contract.
 */
public abstract class Decoder {
    private long errors;
    /** Told the output offset of each error's U+FFFD; set only by {@link DecoderAdapter}. */
    private java.util.function.LongConsumer errorListener;

    /**
     * Decodes {@code len} bytes of {@code src} from {@code off}, appending the characters to
     * {@code out}. State (a pending lead byte, a partial sequence) carries over to the next call.
     *
     * @param last true when these are the final bytes of the stream (may be zero bytes): pending
     *     state is then flushed as the standard's end-of-queue steps say
     */
    public abstract void decode(byte[] src, int off, int len, boolean last, StringBuilder out);

    /**
     * Decodes a whole stream, {@code len} bytes of {@code src} from {@code off}, end-of-queue
     * included, into a String. Decoders override this with faster paths that give the same text
     * and count the same errors.
     */
    public String decodeAll(byte[] src, int off, int len) {
        StringBuilder out = new StringBuilder(len);
        decode(src, off, len, true, out);
        return out.toString();
    }

    /** The number of errors so far; each produced exactly one U+FFFD. */
    public final long errors() {
        return errors;
    }

    /** Records an error and appends its U+FFFD. */
    protected final void error(StringBuilder out) {
        errors++;
        if (errorListener != null) errorListener.accept(out.length());
        out.append('\uFFFD');
    }

    /**
     * Records an error whose U+FFFD the subclass writes itself (into a scratch buffer it appends
     * later), at offset {@code outputOffset} of the final output {@code StringBuilder}.
     */
    protected final void errorAt(long outputOffset) {
        errors++;
        if (errorListener != null) errorListener.accept(outputOffset);
    }

    /**
     * Whether bytes fed since the last output can still become output or an error (a partial
     * sequence); false for decoders that drop bytes silently (replacement after its one error).
     */
    boolean mayHavePendingBytes() {
        return true;
    }

    /**
     * How many of the bytes fed so far belong to a sequence not yet finished (a lead byte, part of
     * a multi-byte sequence or escape): the bytes the end-of-queue step would turn into an error.
     * -1 if the decoder does not say, in which case {@link DecoderAdapter} counts the bytes fed
     * since the last output.
     */
    int unfinishedBytes() {
        return -1;
    }

    /** Lets the charset adapter learn where in the output each error's U+FFFD lands. */
    final void setErrorListener(java.util.function.LongConsumer listener) {
        this.errorListener = listener;
    }
}
