package io.github.jsoupcharset.codec;

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
 * standard's end-of-queue step runs in {@link #implFlush}. In every mode the bytes of an unfinished
 * sequence are left in the input buffer (as JDK decoders leave them), so that a caller that never
 * flushes, like {@code InputStreamReader}, still gets their replacement at the end of input.
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
 *       characters follow once the caller skips the {@code n} bytes ({@code E1 80 41} reports 3
 *       bytes, then gives "A");
 *   <li>a restored byte that the decoder keeps as the start of a new sequence is not part of the
 *       report (UTF-8 {@code D4 D6 FC}: D4, then D6, then FC, one byte each);
 *   <li>several errors found at one byte (UTF-8 {@code ED A0}: ED, then the restored A0) are
 *       reported as the bytes before it, then one byte each (so one report per error); errors
 *       beyond the bytes there are to report (none of these decoders produce them on the inputs
 *       fuzzed so far) would be merged into the last report;
 *   <li>the caller must skip the {@code n} reported bytes before decoding again (as
 *       {@code CharsetDecoder} itself does), since they have already been fed to the decoder;
 *   <li>the bytes of an unfinished sequence are left in the input buffer (as JDK decoders do), so
 *       at the end of input {@code CharsetDecoder} reports them; should they have been consumed
 *       in REPLACE mode before switching to REPORT, {@link #flush} returns
 *       {@code malformedForLength(1)} instead, as it does for each further error of the
 *       end-of-queue steps (ISO-2022-JP {@code ESC $ B ESC $} at the end: two errors).
 * </ul>
 */
final class DecoderAdapter extends CharsetDecoder {
    private static final byte[] NO_BYTES = new byte[0];
    /** The longest unfinished sequence of any decoder: a gb18030 four-byte sequence less one byte. */
    private static final int MAX_UNFINISHED = 3;
    /** Fewer input bytes than this sure to fit the output: decode through {@link #pending}. */
    private static final int MIN_DIRECT = 64;

    private final Supplier<Decoder> factory;
    private Decoder decoder;
    private StringBuilder produced = new StringBuilder(); // one step's output
    private StringBuilder pending = new StringBuilder(); // output the caller has no room for yet
    private int pendingStart;
    private int[] errorOffsets = new int[8]; // offsets in produced of the errors' U+FFFD
    private int errorCount;
    private boolean flushed;
    private int alreadyFed; // bytes at the input's position already fed to the decoder (unfinished)
    private boolean endOfInputReported; // CharsetDecoder reported or replaced those bytes itself
    private int heldAfterReports; // REPORT mode: alreadyFed once the queued reports are returned
    // REPORT mode: malformed lengths still to return, each with the text that follows it
    private final java.util.ArrayDeque<Integer> reportLengths = new java.util.ArrayDeque<>();
    private final java.util.ArrayDeque<String> textAfterReports = new java.util.ArrayDeque<>();
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
        if (malformedInputAction() == CodingErrorAction.REPORT) return decodeReporting(in, out);
        // As in REPORT mode, the bytes of an unfinished sequence stay in the buffer (already fed to
        // the decoder): InputStreamReader never calls flush(), and it resets the decoder before its
        // last decode(in, out, true), so bytes consumed but not yet decoded would vanish without a
        // trace. Left in the buffer, CharsetDecoder replaces them at the end of input itself.
        int start = in.position();
        if (alreadyFed > in.remaining()) endOfInputReported = true;
        int unfinished = Math.min(alreadyFed, in.remaining());
        in.position(start + unfinished);
        alreadyFed = 0;
        if (!drainPending(out)) return leaveUnfinished(in, start, unfinished, CoderResult.OVERFLOW);
        // Each error a U+FFFD, both buffers arrays: the decoder writes straight into the output,
        // as many bytes at a time as are sure to fit (nothing is pending here: drained above, and
        // after each step below)
        boolean direct = in.hasArray() && out.hasArray() && !out.isReadOnly()
                && malformedInputAction() == CodingErrorAction.REPLACE && replacement().equals("\uFFFD");
        while (in.hasRemaining()) {
            if (!out.hasRemaining()) return leaveUnfinished(in, start, unfinished, CoderResult.OVERFLOW);
            int fitting = direct ? Math.min(in.remaining(), decoder.bytesFitting(out.remaining())) : -1;
            if (fitting >= MIN_DIRECT || fitting > 0 && fitting == in.remaining()) {
                // each error is already its U+FFFD; the listener's offsets are not needed, so only
                // keep them from piling up (step and implFlush clear errorCount before they read it)
                errorCount = 0;
                int written = decoder.decodeInto(in.array(), in.arrayOffset() + in.position(), fitting, false,
                        out.array(), out.arrayOffset() + out.position());
                in.position(in.position() + fitting);
                out.position(out.position() + written);
                unfinished = decoder.unfinishedBytes();
                continue;
            }
            // decode about as many bytes as the output has room for, so that little is kept back
            int n = Math.min(in.remaining(), Math.max(64, out.remaining()));
            boolean decoderSays = decoder.unfinishedBytes() >= 0;
            // otherwise the last few bytes one at a time, counting those fed since the last output
            int bulk = decoderSays ? n : Math.max(0, n - MAX_UNFINISHED);
            if (bulk > 0) {
                step(in, bulk, false);
                unfinished = produced.length() > 0 ? 0 : unfinished + bulk;
                applyErrorAction();
                takeProduced();
            }
            for (int i = bulk; i < n; i++) {
                step(in, 1, false);
                unfinished = produced.length() > 0 ? 0 : unfinished + 1;
                applyErrorAction();
                takeProduced();
            }
            if (decoderSays) unfinished = decoder.unfinishedBytes();
            if (!drainPending(out)) return leaveUnfinished(in, start, unfinished, CoderResult.OVERFLOW);
        }
        return leaveUnfinished(in, start, unfinished, CoderResult.UNDERFLOW);
    }

    /**
     * REPLACE and IGNORE modes: returns {@code result} with the last {@code unfinished} bytes (fed
     * to the decoder but not yet part of any output) back in the buffer, at most
     * {@link #MAX_UNFINISHED} and never before {@code start}.
     */
    private CoderResult leaveUnfinished(ByteBuffer in, int start, int unfinished, CoderResult result) {
        if (!decoder.mayHavePendingBytes()) return result;
        int back = Math.min(Math.min(unfinished, MAX_UNFINISHED), in.position() - start);
        alreadyFed = back;
        in.position(in.position() - back);
        return result;
    }

    /** Byte by byte, so that each error can be tied to the bytes that made it. */
    private CoderResult decodeReporting(ByteBuffer in, CharBuffer out) {
        int sequenceStart = in.position(); // first byte not yet part of any output
        // bytes of an unfinished sequence were left in the buffer last time, though already fed;
        // if they are gone, CharsetDecoder has reported them at the end of input
        if (alreadyFed > in.remaining()) endOfInputReported = true;
        in.position(Math.min(in.limit(), sequenceStart + alreadyFed));
        alreadyFed = 0;
        while (true) {
            if (!drainPending(out)) return leave(in, sequenceStart, CoderResult.OVERFLOW);
            if (!reportLengths.isEmpty()) {
                // the input is positioned at the reported bytes; the caller skips them
                pending.append(textAfterReports.poll());
                int length = reportLengths.poll();
                if (reportLengths.isEmpty()) {
                    // bytes after the last report that the decoder already holds
                    alreadyFed = heldAfterReports;
                    heldAfterReports = 0;
                }
                return CoderResult.malformedForLength(length);
            }
            if (!in.hasRemaining()) return leave(in, sequenceStart, CoderResult.UNDERFLOW);
            if (!out.hasRemaining()) return leave(in, sequenceStart, CoderResult.OVERFLOW);
            int at = in.position();
            step(in, 1, false);
            if (errorCount == 0) {
                // output, or a finished sequence with none (an ISO-2022-JP escape), ends a sequence
                if (produced.length() > 0 || decoder.unfinishedBytes() == 0) sequenceStart = in.position();
                pending.append(produced);
                continue;
            }
            // The error(s) found at byte `at` stand for the bytes from the start of the sequence
            // through `at`, less those the decoder still holds as the start of a new sequence (a
            // restored lead: UTF-8 D4 D6, the error is D4's). The first error takes all but one
            // byte for each later one (UTF-8 ED A0: ED, then the restored A0); errors beyond the
            // bytes there are to report are merged into the last report.
            int before = at - sequenceStart;
            pending.append(produced, 0, errorOffsets[0]);
            int held = Math.max(0, decoder.unfinishedBytes());
            int bytes = before + 1 - held;
            if (bytes < 1) {
                held = 0;
                bytes = before + 1;
            }
            int reportCount = Math.min(errorCount, bytes);
            reportLengths.add(bytes - (reportCount - 1));
            for (int r = 1; r < reportCount; r++) reportLengths.add(1);
            heldAfterReports = held;
            // the text after each report; the U+FFFDs of merged errors are dropped
            int reports = reportLengths.size();
            StringBuilder text = new StringBuilder();
            for (int e = 0; e < errorCount; e++) {
                int segmentEnd = e + 1 < errorCount ? errorOffsets[e + 1] : produced.length();
                text.append(produced, errorOffsets[e] + 1, segmentEnd);
                if (e < reports - 1) {
                    textAfterReports.add(text.toString());
                    text.setLength(0);
                }
            }
            textAfterReports.add(text.toString());
            in.position(sequenceStart);
            sequenceStart = at + 1 - heldAfterReports;
        }
    }

    /**
     * Returns {@code result}, leaving the bytes of an unfinished sequence (fed to the decoder, but
     * not yet part of any output or report) in the buffer as the CharsetDecoder contract expects,
     * so that at the end of input the caller reports them as malformed.
     */
    private CoderResult leave(ByteBuffer in, int sequenceStart, CoderResult result) {
        if (reportLengths.isEmpty() && in.position() > sequenceStart && decoder.mayHavePendingBytes()) {
            int unfinished = in.position() - sequenceStart;
            int says = decoder.unfinishedBytes();
            if (says >= 0) unfinished = Math.min(unfinished, says);
            alreadyFed = unfinished;
            in.position(in.position() - unfinished);
        }
        return result;
    }

    @Override
    protected CoderResult implFlush(CharBuffer out) {
        while (true) {
            if (!drainPending(out)) return CoderResult.OVERFLOW;
            if (!reportLengths.isEmpty()) {
                pending.append(textAfterReports.poll());
                return CoderResult.malformedForLength(reportLengths.poll());
            }
            if (flushed) return CoderResult.UNDERFLOW;
            flushed = true;
            produced.setLength(0);
            errorCount = 0;
            decoder.decode(NO_BYTES, 0, 0, true, produced);
            if (errorCount > 0 && malformedInputAction() == CodingErrorAction.REPORT) {
                // Bytes left in the buffer were already reported by CharsetDecoder at end of input:
                // that report stands for the first error. Text the end-of-queue steps restore after
                // an error (ISO-2022-JP "ESC $": an error, then "$") still follows, and each further
                // error is one more report.
                boolean firstReported = alreadyFed > 0 || endOfInputReported;
                alreadyFed = 0;
                pending.append(produced, 0, errorOffsets[0]);
                for (int e = 0; e < errorCount; e++) {
                    int segmentEnd = e + 1 < errorCount ? errorOffsets[e + 1] : produced.length();
                    String after = produced.substring(errorOffsets[e] + 1, segmentEnd);
                    if (e == 0 && firstReported) {
                        pending.append(after);
                    } else {
                        reportLengths.add(1);
                        textAfterReports.add(after);
                    }
                }
                continue;
            }
            if (errorCount > 0 && (alreadyFed > 0 || endOfInputReported)) {
                // CharsetDecoder already replaced the unfinished bytes left in the buffer at the end
                // of input; that was this error. Keep only what follows it (ISO-2022-JP restores bytes).
                produced.deleteCharAt(errorOffsets[0]);
                for (int e = 1; e < errorCount; e++) errorOffsets[e - 1] = errorOffsets[e] - 1;
                errorCount--;
            }
            alreadyFed = 0;
            applyErrorAction();
            pending.append(produced);
        }
    }

    @Override
    protected void implReset() {
        pending.setLength(0);
        pendingStart = 0;
        flushed = false;
        alreadyFed = 0;
        endOfInputReported = false;
        heldAfterReports = 0;
        reportLengths.clear();
        textAfterReports.clear();
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

    /**
     * Moves {@link #produced} to the end of {@link #pending}: when nothing is pending, by swapping
     * the two builders rather than copying ({@link #step} clears {@link #produced} before use).
     */
    private void takeProduced() {
        if (pendingStart == pending.length()) {
            StringBuilder empty = pending;
            pending = produced;
            produced = empty;
            pendingStart = 0;
        } else {
            pending.append(produced);
        }
    }

    /** Writes pending output to {@code out}; true when nothing is left pending. */
    private boolean drainPending(CharBuffer out) {
        int n = Math.min(pending.length() - pendingStart, out.remaining());
        if (n > 0) {
            if (out.hasArray()) {
                pending.getChars(pendingStart, pendingStart + n, out.array(), out.arrayOffset() + out.position());
                out.position(out.position() + n);
            } else {
                out.append(pending, pendingStart, pendingStart + n);
            }
            pendingStart += n;
        }
        if (pendingStart < pending.length()) return false;
        pending.setLength(0);
        pendingStart = 0;
        return true;
    }
}
