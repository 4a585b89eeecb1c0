package io.github.jsoupcharset.stream;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.decision.EncodingDecision.Lookahead;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.StreamDecodingReader;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.ContentType;
import io.github.jsoupcharset.sniff.DocumentDeclaration;
import io.github.jsoupcharset.sniff.DoubleEncodingScan;
import io.github.jsoupcharset.sniff.MixtureWatch;
import io.github.jsoupcharset.sniff.Sniffer;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;

/**
 * A body read from a stream: the bounded look-ahead, the decision made from it, and a reader that
 * decodes the look-ahead and then the rest of the stream as it is read. The stream entry points
 * of {@link io.github.jsoupcharset.BrowserCharsetParser} all start here. Not thread-safe; one per stream.
 */
public final class StreamInput {
    /** The most bytes read before deciding: 512 KiB (the facade's {@code STREAM_LOOKAHEAD_LIMIT}). */
    public static final int LOOKAHEAD_LIMIT = 512 * 1024;

    /** The look-ahead's least first size; it doubles up to the limit while the decision wants more. */
    private static final int FIRST_READ = 8 * 1024;

    private final EncodingDecision decision;
    private final StreamDecodingReader reader;
    private final long lookaheadBytes;
    private final boolean cut;
    private final long decodedAgainAfter; // the first decision's contradiction, or -1
    private final LateMetaWatch late; // the head scan going on past a cut look-ahead, or null
    private final MixtureWatch mixture; // the runs of a detected body past a cut look-ahead, or null
    private final InputStream rest; // the stream after the look-ahead, as the reader reads it (fed to mixture), or null
    private boolean drained; // rest read to its end by drain(), not by the reader

    private StreamInput(EncodingDecision decision, StreamDecodingReader reader, long lookaheadBytes, boolean cut,
            long decodedAgainAfter, LateMetaWatch late) {
        this(decision, reader, lookaheadBytes, cut, decodedAgainAfter, late, null, null);
    }

    private StreamInput(EncodingDecision decision, StreamDecodingReader reader, long lookaheadBytes, boolean cut,
            long decodedAgainAfter, LateMetaWatch late, MixtureWatch mixture, InputStream rest) {
        this.rest = rest;
        this.decision = decision;
        this.reader = reader;
        this.lookaheadBytes = lookaheadBytes;
        this.cut = cut;
        this.decodedAgainAfter = decodedAgainAfter;
        this.late = late;
        this.mixture = mixture;
    }

    /**
     * Reads the look-ahead from {@code in} and decides.
     *
     * @param truncated told once the stream has ended whether it was cut off at a size limit
     *     (jsoup's {@code isTruncated()}); a UTF-8 sequence cut off at the end is then no error
     */
    public static StreamInput open(InputStream in, List<String> contentTypes, SniffOptions options, BooleanSupplier truncated)
            throws IOException {
        // the first 8 KiB settle a declared page (BOM, header, the document's own declaration); when
        // they do not, what the stream says it holds without blocking (all of a byte array, a
        // file's rest) is read in one go, so that such a body is judged whole where it can be; then
        // twice as much while the decision wants more, never more than the limit
        String headerLabel = ContentType.charsetLabel(contentTypes);
        byte[] buf = new byte[FIRST_READ];
        EncodingDecision decision = null; // made once the bytes are enough
        int n = 0;
        boolean eof = false;
        boolean cut = false;
        while (true) {
            int empty = 0;
            while (n < buf.length) {
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    eof = true;
                    break;
                }
                if (r == 0 && ++empty > StreamDecodingReader.MAX_EMPTY_READS) {
                    throw new IOException("the stream returned 0 bytes " + StreamDecodingReader.MAX_EMPTY_READS
                            + " times in a row at byte " + n + " (InputStream.read must block until at least one byte"
                            + " is there)");
                }
                if (r > 0) empty = 0;
                n += r;
            }
            if (eof) break;
            decision = Sniffer.sniffLookahead(buf, 0, n, headerLabel, options);
            if (decision != null) break;
            if (buf.length >= LOOKAHEAD_LIMIT) {
                cut = true;
                break;
            }
            long available = Math.max(0, in.available());
            long next = Math.max(2L * buf.length, n + available + 1); // + 1: to see the end of a stream that has one
            buf = Arrays.copyOf(buf, (int) Math.min(LOOKAHEAD_LIMIT, next));
        }
        // a body that ended within the look-ahead is judged as the byte[] entry points judge it
        boolean complete = eof && !truncated.getAsBoolean();
        if (decision == null) {
            // a look-ahead the bound cut is part of a body that goes on: not a truncated one
            decision = eof ? Sniffer.sniff(buf, 0, n, headerLabel, options, complete)
                    : Sniffer.sniffPart(buf, 0, n, headerLabel, options);
        }
        int start = Sniffer.textStart(decision);
        int lookaheadBytes = n;
        LateMetaWatch late = null;
        if (cut && decision.source() != DecisionSource.BOM && decision.source() != DecisionSource.HTTP_HEADER) {
            // the stream cannot be read again, but the head scan can go on as the rest is read: a
            // late meta there is named in the decision, which stays the look-ahead's
            int stop = Sniffer.headResumeAt(buf, 0, n, options);
            if (stop >= 0) in = late = new LateMetaWatch(in, buf, stop, n);
        }
        // a detected body that goes on: its runs are counted as it is read, for the whole body's mixture
        // (the reader lets a look-ahead go unwritten, but for one of its chunk's size, which it reuses)
        MixtureWatch mixture = eof ? null : MixtureWatch.of(decision,
                buf.length == StreamDecodingReader.CHUNK ? Arrays.copyOf(buf, n) : buf, n, headerLabel, options);
        if (mixture != null) in = new MixtureFeed(in, mixture);
        if (eof && decision.doubleEncoding().map(EncodingDecision.DoubleEncoding::repaired).orElse(false)) {
            // the whole body is here and reads as double-encoded throughout: the author's bytes
            buf = DoubleEncodingScan.repair(buf, start, n - start);
            start = 0;
            n = buf.length;
        }
        StreamDecodingReader.Watch watch = eof ? StreamDecodingReader.Watch.NONE : watchFor(decision, buf, n);
        StreamDecodingReader reader = new StreamDecodingReader(buf, start, n, eof ? null : in,
                Decoders.newDecoder(decision.encoding().name()), watch, truncated);
        return new StreamInput(decision, reader, lookaheadBytes, cut, -1, late, mixture, mixture != null ? in : null);
    }

    /** The rest of a stream fed to a {@link MixtureWatch} as it is read. */
    private static final class MixtureFeed extends ObservedInputStream {
        private final MixtureWatch watch;

        MixtureFeed(InputStream rest, MixtureWatch watch) {
            super(rest);
            this.watch = watch;
        }

        @Override
        void seen(byte[] b, int off, int n) {
            if (n > 0) watch.feed(b, off, n);
        }
    }

    /**
     * A body held whole ({@code body[0, length)}, all there is of it), decided from all its bytes
     * as the {@code byte[]} entry points decide: its decision has no {@link Lookahead}.
     *
     * @param truncated whether the body was cut off before its end
     */
    public static StreamInput whole(byte[] body, int length, List<String> contentTypes, SniffOptions options,
            boolean truncated) {
        EncodingDecision decision = Sniffer.sniff(body, 0, length, ContentType.charsetLabel(contentTypes), options,
                !truncated);
        int start = Sniffer.textStart(decision);
        if (decision.doubleEncoding().map(EncodingDecision.DoubleEncoding::repaired).orElse(false)) {
            body = DoubleEncodingScan.repair(body, start, length - start);
            start = 0;
            length = body.length;
        }
        StreamDecodingReader reader = new StreamDecodingReader(body, start, length, null,
                Decoders.newDecoder(decision.encoding().name()), StreamDecodingReader.Watch.NONE, () -> truncated);
        return new StreamInput(decision, reader, -1, false, -1, null);
    }

    /**
     * The body of {@code in} read again from its first byte, decoded with {@code corrected} (a
     * decision without a BOM), after {@code first} was contradicted.
     */
    public static StreamInput again(InputStream in, EncodingDecision corrected, EncodingDecision.Lookahead first) {
        StreamDecodingReader reader = new StreamDecodingReader(new byte[0], 0, 0, in,
                Decoders.newDecoder(corrected.encoding().name()), StreamDecodingReader.Watch.NONE, () -> false);
        return new StreamInput(corrected, reader, first.bytes(), first.cut(), first.contradictedAt().getAsLong(), null);
    }

    /**
     * This input with {@code decision} in place of the look-ahead's (the same encoding, told more:
     * what a scan past the look-ahead found), reading on as this one does.
     */
    public StreamInput withDecision(EncodingDecision decision) {
        if (decision.encoding() != this.decision.encoding()) {
            throw new IllegalArgumentException("the text is decoded as " + this.decision.encoding() + ", not "
                    + decision.encoding());
        }
        return new StreamInput(decision, reader, lookaheadBytes, cut, decodedAgainAfter, late);
    }

    /**
     * The same body read again from its first byte from {@code in}, after this input was read to
     * its end and nothing contradicted its decision (which has no BOM to skip): the decision stands.
     */
    public StreamInput reopened(InputStream in) {
        if (decision.source() == DecisionSource.BOM) throw new IllegalStateException("a BOM's decision is never reopened");
        // a detected body's decision with its whole mixture, in the encoding the text was decoded
        // with (another is a contradiction, decoded again: DecisionPipeline)
        EncodingDecision whole = wholeBodyDecision();
        if (whole == null || whole.encoding() != decision.encoding()) whole = decision;
        StreamDecodingReader again = new StreamDecodingReader(new byte[0], 0, 0, in,
                Decoders.newDecoder(whole.encoding().name()), StreamDecodingReader.Watch.NONE, () -> false);
        return new StreamInput(whole, again, lookaheadBytes, cut, -1, null);
    }

    /**
     * For a detected body that went on past its look-ahead, once it has been read to its end: the
     * decision made again from the look-ahead with the whole body's runs of non-ASCII bytes
     * ({@link MixtureWatch}), which may be another encoding than the text was decoded with; else
     * null.
     */
    public EncodingDecision wholeBodyDecision() {
        return mixture != null && (reader.finished() || drained) ? mixture.decision(decision) : null;
    }

    /**
     * Reads the rest of a {@link #mixtureWatched} body to its end without decoding it, for its
     * runs (a file about to be read again with its {@link #wholeBodyDecision}); the text of this
     * input is then not to be read.
     */
    public void drain() throws IOException {
        if (rest == null) throw new IllegalStateException("no mixture watched");
        byte[] skipped = new byte[64 * 1024];
        while (rest.read(skipped, 0, skipped.length) >= 0) {
            // counted by the feed
        }
        drained = true;
    }

    /**
     * Whether the decision was detected from a look-ahead the body goes on past: the whole body's
     * runs of non-ASCII bytes can change its mixture ({@link #wholeBodyDecision}), and with it
     * the encoding.
     */
    public boolean mixtureWatched() {
        return mixture != null;
    }

    /** What in the bytes after the look-ahead would show the decision wrong. */
    private static StreamDecodingReader.Watch watchFor(EncodingDecision decision, byte[] buf, int n) {
        if (decision.encoding() == Encoding.UTF_8 && (decision.source() == DecisionSource.UTF8_VALIDITY
                || decision.source() == DecisionSource.DECLARATION_OVERRIDDEN)) {
            return StreamDecodingReader.Watch.UTF8_ERROR;
        }
        if (decision.source() == DecisionSource.DEFAULT && allAscii(buf, n)) return StreamDecodingReader.Watch.NON_ASCII;
        return StreamDecodingReader.Watch.NONE;
    }

    private static boolean allAscii(byte[] buf, int n) {
        for (int i = 0; i < n; i++) if (buf[i] < 0) return false;
        return true;
    }

    /** Whether bytes after the look-ahead could still show the decision wrong (it rests on the look-ahead). */
    public boolean watched() {
        return reader.watching();
    }

    /** The reader of the text: the look-ahead's, then the rest of the stream's. */
    public StreamDecodingReader reader() {
        return reader;
    }

    /**
     * The decision with what the stream has shown so far: the look-ahead it was made from, any
     * contradiction, and the U+FFFD count once the whole body has been read.
     */
    public EncodingDecision decision() {
        if (lookaheadBytes < 0) {
            // a body held whole: no look-ahead to speak of
            return reader.finished() ? decision.withReplacementCount((int) Math.min(Integer.MAX_VALUE, reader.errors()))
                    : decision;
        }
        long at = decodedAgainAfter >= 0 ? decodedAgainAfter : reader.contradictedAt();
        EncodingDecision named = decision;
        EncodingDecision whole = wholeBodyDecision();
        if (whole != null && whole.encoding() == decision.encoding()) {
            named = whole; // the whole body's mixture, in the encoding the text was decoded with
        } else if (whole != null) {
            // the whole body's mixture decides another encoding: the body after the look-ahead
            // shows the decision wrong, from its first byte
            at = at < 0 ? lookaheadBytes : Math.min(at, lookaheadBytes);
        }
        if (late != null && late.declared().isPresent() && late.declared().get().encoding() != decision.encoding()) {
            // a late meta past the look-ahead declares another encoding: that is why the bytes' decision
            // differs; named, and its offset the contradiction (the first, if a byte before it was one)
            DocumentDeclaration.Declared meta = late.declared().get();
            named = decision.toBuilder().metaLabel(Optional.of(meta.label())).metaEncoding(Optional.of(meta.encoding()))
                    .metaSource(Optional.of(DecisionSource.LATE_META)).build();
            at = at < 0 ? late.declaredAt() : Math.min(at, late.declaredAt());
        }
        EncodingDecision d = named.withLookahead(new Lookahead(lookaheadBytes, cut,
                at < 0 ? OptionalLong.empty() : OptionalLong.of(at), decodedAgainAfter >= 0));
        return reader.finished() ? d.withReplacementCount((int) Math.min(Integer.MAX_VALUE, reader.errors())) : d;
    }
}
