package io.github.jsoupcharset.codec;

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
     * As {@link #decode}, but writes the characters into {@code dst} from {@code dstOff} and returns
     * how many it wrote. {@code dst} must have room for {@code len} bytes' worst case: {@code len}
     * at most {@link #bytesFitting bytesFitting(dst.length - dstOff)}. The offsets an error
     * listener is told count from {@code dstOff}. Decoders with their own char buffer override this
     * to decode straight into {@code dst}.
     */
    public int decodeInto(byte[] src, int off, int len, boolean last, char[] dst, int dstOff) {
        checkRoom(len, dst, dstOff);
        StringBuilder out = scratch == null ? scratch = new StringBuilder() : scratch;
        out.setLength(0);
        decode(src, off, len, last, out);
        out.getChars(0, out.length(), dst, dstOff);
        return out.length();
    }

    private StringBuilder scratch; // decodeInto's output, for decoders that only append

    /**
     * The most bytes {@link #decodeInto} may decode into {@code room} chars: as many as are sure to
     * fit whatever they are, the end-of-queue step included; -1 when {@code room} is too small even
     * for that. This default holds for a decoder that writes at most four chars a byte and eight at
     * the end of the stream; the decoders that write fewer (one a byte) override it.
     */
    public int bytesFitting(int room) {
        return room < 8 ? -1 : (room - 8) / 4;
    }

    /** Throws unless {@code len} bytes fit {@code dst} from {@code dstOff}, by {@link #bytesFitting}. */
    final void checkRoom(int len, char[] dst, int dstOff) {
        java.util.Objects.checkIndex(dstOff, dst.length + 1);
        if (len < 0 || len > bytesFitting(dst.length - dstOff)) {
            throw new IndexOutOfBoundsException(len + " bytes may not fit " + (dst.length - dstOff) + " chars");
        }
    }

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
