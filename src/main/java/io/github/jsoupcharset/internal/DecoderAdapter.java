package io.github.jsoupcharset.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * A {@link CharsetDecoder} over a WHATWG {@link Decoder}. Output that does not fit the caller's
 * {@link CharBuffer} is kept and written first on the next call, so nothing is ever lost; the
 * standard's end-of-queue step runs in {@link #implFlush}.
 *
 * <p>Error actions. REPLACE and IGNORE are applied here, at the exact places the decoder reported
 * its errors, so the output has one replacement per WHATWG error (decodeLoop never returns a
 * malformed result in those modes). REPORT returns {@code malformedForLength(n)} with the input
 * positioned at the start of the reported bytes. Compromises in REPORT mode, where bytes are fed
 * to the decoder one at a time:
 * <ul>
 *   <li>the reported bytes run from the first byte of the sequence the error ended (or the first
 *       byte of the current buffer, if that sequence began in an earlier buffer) through the byte
 *       at which the decoder found the error, inclusive; when the standard restores that byte to
 *       the stream (UTF-8 {@code E1 80 41}) it is both reported and decoded again, so its
 *       characters follow once the caller skips the {@code n} bytes;
 *   <li>several errors found at one byte ({@code ED A0}: one for ED, one for the restored A0) are
 *       reported once;
 *   <li>the caller must skip the {@code n} reported bytes before decoding again (as
 *       {@code CharsetDecoder} itself does), since they have already been fed to the decoder;
 *   <li>an error at the end of the stream is returned by {@link #flush} as
 *       {@code malformedForLength(1)}, as the bytes it stands for were consumed earlier.
 * </ul>
 */
final class DecoderAdapter extends CharsetDecoder {
    private static final byte[] NO_BYTES = new byte[0];

    private final Supplier<Decoder> factory;
    private Decoder decoder;
    private final StringBuilder produced = new StringBuilder(); // one step's output
    private final StringBuilder pending = new StringBuilder(); // output the caller has no room for yet
    private int pendingStart;
    private int[] errorOffsets = new int[8]; // offsets in produced of the errors' U+FFFD
    private int errorCount;
    private boolean flushed;
    private byte[] scratch = NO_BYTES;

    DecoderAdapter(WhatwgCharset cs, Supplier<Decoder> factory, float averageCharsPerByte) {
        super(cs, averageCharsPerByte, 1f);
        this.factory = factory;
        newDecoder();
    }

    private void newDecoder() {
        decoder = factory.get();
        decoder.setErrorListener(offset -> {
            if (errorCount == errorOffsets.length) errorOffsets = Arrays.copyOf(errorOffsets, errorCount * 2);
            errorOffsets[errorCount++] = (int) offset;
        });
    }

    @Override
    protected CoderResult decodeLoop(ByteBuffer in, CharBuffer out) {
        if (!drainPending(out)) return CoderResult.OVERFLOW;
        if (malformedInputAction() == CodingErrorAction.REPORT) return decodeReporting(in, out);
        while (in.hasRemaining()) {
            if (!out.hasRemaining()) return CoderResult.OVERFLOW;
            // decode about as many bytes as the output has room for, so that little is kept back
            int n = Math.min(in.remaining(), Math.max(64, out.remaining()));
            step(in, n, false);
            applyErrorAction();
            pending.append(produced);
            if (!drainPending(out)) return CoderResult.OVERFLOW;
        }
        return CoderResult.UNDERFLOW;
    }

    /** Byte by byte, so that each error can be tied to the bytes that made it. */
    private CoderResult decodeReporting(ByteBuffer in, CharBuffer out) {
        int sequenceStart = in.position(); // first byte not yet part of any output
        while (in.hasRemaining()) {
            if (!out.hasRemaining()) return CoderResult.OVERFLOW;
            step(in, 1, false);
            int end = in.position();
            if (errorCount == 0) {
                if (produced.length() > 0) sequenceStart = end;
                pending.append(produced);
                if (!drainPending(out)) return CoderResult.OVERFLOW;
                continue;
            }
            // output before the first error goes out now (for these decoders there is none);
            // the other errors' U+FFFD of this step are dropped (reported once); the rest waits
            int first = errorOffsets[0];
            pending.append(produced, 0, first);
            int from = first + 1;
            for (int e = 1; e < errorCount; e++) {
                pending.append(produced, from, errorOffsets[e]);
                from = errorOffsets[e] + 1;
            }
            String after = produced.substring(from);
            drainPending(out);
            pending.append(after);
            int length = end - sequenceStart;
            in.position(sequenceStart);
            return CoderResult.malformedForLength(length);
        }
        return CoderResult.UNDERFLOW;
    }

    @Override
    protected CoderResult implFlush(CharBuffer out) {
        if (!drainPending(out)) return CoderResult.OVERFLOW;
        if (flushed) return CoderResult.UNDERFLOW;
        flushed = true;
        produced.setLength(0);
        errorCount = 0;
        decoder.decode(NO_BYTES, 0, 0, true, produced);
        if (errorCount > 0 && malformedInputAction() == CodingErrorAction.REPORT) {
            return CoderResult.malformedForLength(1);
        }
        applyErrorAction();
        pending.append(produced);
        return drainPending(out) ? CoderResult.UNDERFLOW : CoderResult.OVERFLOW;
    }

    @Override
    protected void implReset() {
        pending.setLength(0);
        pendingStart = 0;
        flushed = false;
        newDecoder();
    }

    /** Feeds the next {@code n} bytes of {@code in} to the decoder, output in {@link #produced}. */
    private void step(ByteBuffer in, int n, boolean last) {
        produced.setLength(0);
        errorCount = 0;
        if (in.hasArray()) {
            decoder.decode(in.array(), in.arrayOffset() + in.position(), n, last, produced);
            in.position(in.position() + n);
        } else {
            if (scratch.length < n) scratch = new byte[Math.max(n, 256)];
            in.get(scratch, 0, n);
            decoder.decode(scratch, 0, n, last, produced);
        }
    }

    /** Replaces each error's U+FFFD in {@link #produced} by the replacement, or drops it for IGNORE. */
    private void applyErrorAction() {
        if (errorCount == 0) return;
        String replacement = malformedInputAction() == CodingErrorAction.IGNORE ? "" : replacement();
        if (replacement.equals("\uFFFD")) return;
        StringBuilder b = new StringBuilder(produced.length() + errorCount * replacement.length());
        int from = 0;
        for (int e = 0; e < errorCount; e++) {
            b.append(produced, from, errorOffsets[e]).append(replacement);
            from = errorOffsets[e] + 1;
        }
        b.append(produced, from, produced.length());
        produced.setLength(0);
        produced.append(b);
    }

    /** Writes pending output to {@code out}; true when nothing is left pending. */
    private boolean drainPending(CharBuffer out) {
        int n = Math.min(pending.length() - pendingStart, out.remaining());
        if (n > 0) {
            out.put(pending.substring(pendingStart, pendingStart + n));
            pendingStart += n;
        }
        if (pendingStart < pending.length()) return false;
        pending.setLength(0);
        pendingStart = 0;
        return true;
    }
}
