package io.github.jsoupcharset;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.IgnoredLabel;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.sniff.BodyRuns;
import io.github.jsoupcharset.sniff.ContentType;
import io.github.jsoupcharset.sniff.DoubleEncodingScan;
import io.github.jsoupcharset.sniff.HeadMetaScanner;
import io.github.jsoupcharset.sniff.Prescan;
import io.github.jsoupcharset.sniff.Sniffer;
import io.github.jsoupcharset.stream.StreamInput;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The one decision pipeline every entry point of {@link BrowserCharsetParser} calls with its
 * {@link BodySource}: the decision (from all the bytes of a body held whole, from the bounded
 * look-ahead of a stream or a file), then, where the body can be read again, what a browser does
 * when the look-ahead fell short (a {@code <meta>} later in a long head) or a later byte
 * contradicts it (it reloads); then the text, to jsoup or to the caller. Immutable and thread-safe.
 */
final class DecisionPipeline {
    /** How much of a body a decision made again reads around a contradiction or a late meta. */
    private static final int EVIDENCE = 64 * 1024;

    private final SniffOptions options;

    DecisionPipeline(SniffOptions options) {
        this.options = options;
    }

    /**
     * The body with its final decision, and the reader of its text: a body held whole is decided
     * from all its bytes; a stream from its look-ahead ({@link StreamInput#open}); a file from its
     * look-ahead, and then, before any text is handed out, from a late meta past it, or again
     * after a byte that contradicts it (the file read to its end first).
     */
    StreamInput open(BodySource source) throws IOException {
        if (source.whole != null) {
            return StreamInput.whole(source.whole, source.whole.length, source.contentTypes, options,
                    source.cut.getAsBoolean());
        }
        if (source.file != null) return openFile(source.file, source.contentTypes);
        return StreamInput.open(source.stream, source.contentTypes, options, source.cut);
    }

    /**
     * The decision alone, of a body held whole ({@link BrowserCharsetParser#sniff(byte[], String)}):
     * nothing is decoded.
     */
    EncodingDecision sniff(BodySource source) {
        byte[] body = source.whole;
        return Sniffer.sniff(body, 0, body.length, ContentType.charsetLabel(source.contentTypes), options,
                !source.cut.getAsBoolean());
    }

    /**
     * The whole text of a body held whole, decoded in one go with the decision {@link #sniff}
     * makes, and its U+FFFD count.
     */
    DecodedHtml decode(BodySource source) {
        byte[] body = source.whole;
        EncodingDecision decision = sniff(source);
        int start = Sniffer.textStart(decision);
        Decoder decoder = Decoders.newDecoder(decision.encoding().name());
        String text;
        if (decision.doubleEncoding().map(EncodingDecision.DoubleEncoding::repaired).orElse(false)) {
            byte[] author = DoubleEncodingScan.repair(body, start, body.length - start);
            text = decoder.decodeAll(author, 0, author.length);
        } else {
            text = decoder.decodeAll(body, start, body.length - start);
        }
        int errors = (int) Math.min(Integer.MAX_VALUE, decoder.errors());
        if (options.textNormalization() == SniffOptions.TextNormalization.NFC) text = TextNormalizer.nfc(text);
        return new DecodedHtml(text, decision.withReplacementCount(errors));
    }

    /**
     * The document: {@link #open}, then jsoup reads the text as it is decoded. A stream whose bytes
     * were kept ({@link BodySource#buffered}) is decided again from them when its look-ahead was
     * cut or contradicted, as a browser reloads.
     */
    ParsedHtml parse(BodySource source, String baseUri, Parser parser) throws IOException {
        StreamInput input = open(source);
        Document doc;
        try {
            doc = parser.parseInput(input.reader(), baseUri);
            // jsoup may stop before the end of the bytes; count the errors of every byte
            input.reader().finish();
        } catch (UncheckedIOException e) {
            throw e.getCause(); // jsoup wraps what the reader threw
        }
        boolean cut = source.cut.getAsBoolean();
        EncodingDecision decision = input.decision();
        if (source.buffered != null) {
            EncodingDecision.Lookahead lookahead = decision.lookahead().orElseThrow();
            byte[] body = lookahead.cut() || lookahead.contradicted() ? source.buffered.get() : null;
            if (body != null) return parse(BodySource.whole(body, source.contentTypes, cut), baseUri, parser);
        }
        DocumentCharsets.apply(doc, DocumentCharsets.forEncoding(decision.encoding()));
        if (options.textNormalization() == SniffOptions.TextNormalization.NFC) TextNormalizer.nfc(doc);
        // only a body that was cut is truncated (a stream told so at its end)
        if (cut && !decision.truncated()) decision = decision.toBuilder().truncated(true).build();
        return new ParsedHtml(doc, decision, cut);
    }

    /**
     * A file's input with its final decision: a late meta past the look-ahead decides (its labels
     * counted as the whole body's scan counts them); when the look-ahead's decision could be
     * contradicted later, the file is read to its end first, and opened again with the decision
     * made again if it was.
     */
    private StreamInput openFile(Path file, List<String> headers) throws IOException {
        InputStream in = Files.newInputStream(file);
        StreamInput first;
        try {
            first = StreamInput.open(in, headers, options, () -> false);
            LateHead late = lateMeta(file, headers, first.decision());
            if (late != null && late.decided != null) {
                in.close();
                in = Files.newInputStream(file);
                return StreamInput.again(in, late.decided, late.decided.lookahead().orElseThrow());
            }
            if (late != null) first = first.withDecision(withLaterIgnored(first.decision(), late.ignored, late.count));
            // the decision stands whatever follows, but for a detected body's mixture
            if (!first.watched() && !first.mixtureWatched()) return first;
            // read to the end, as a browser would before it reloads, but before any text is handed
            // out (a detected body's bytes only counted, not decoded)
            if (first.watched()) first.reader().finish();
            else first.drain();
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
        in.close();
        EncodingDecision.Lookahead lookahead = first.decision().lookahead().orElseThrow();
        InputStream again = Files.newInputStream(file);
        try {
            if (!lookahead.contradicted()) return first.reopened(again);
            // a detected body whose whole mixture decides another encoding is decoded with it
            EncodingDecision whole = first.wholeBodyDecision();
            return StreamInput.again(again, whole != null ? whole : reconsider(file, lookahead, headers), lookahead);
        } catch (RuntimeException e) {
            again.close();
            throw e;
        }
    }

    /**
     * The decision from the look-ahead and a detection window's worth of the file from shortly
     * before the contradiction, the bytes between them left out (they are ASCII or valid UTF-8, as
     * the watch that found the contradiction saw them).
     */
    private EncodingDecision reconsider(Path file, EncodingDecision.Lookahead lookahead, List<String> headers)
            throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            long size = channel.size();
            long from = Math.max(lookahead.bytes(), lookahead.contradictedAt().getAsLong() - 1024);
            long to = Math.min(size, lookahead.contradictedAt().getAsLong() + EVIDENCE);
            ByteBuffer evidence = ByteBuffer.allocate((int) (lookahead.bytes() + Math.max(0, to - from)));
            readFully(channel, 0, evidence, (int) lookahead.bytes());
            if (to > from) readFully(channel, from, evidence, (int) (to - from));
            // detection judges a mixed page by the whole body's runs, as from a byte[]
            BodyRuns runs = new BodyRuns();
            ByteBuffer chunk = ByteBuffer.allocate(StreamInput.LOOKAHEAD_LIMIT);
            for (long at = 0; at < size; at += chunk.position()) {
                chunk.clear();
                readFully(channel, at, chunk, (int) Math.min(chunk.capacity(), size - at));
                runs.feed(chunk.array(), 0, chunk.position());
            }
            return Sniffer.sniffGathered(evidence.array(), 0, evidence.position(), ContentType.charsetLabel(headers), options,
                    to == size, runs);
        }
    }

    /** The decision from gathered bytes of a file: all of its end, or a part of a body that goes on. */
    private EncodingDecision decide(ByteBuffer evidence, List<String> headers, boolean toTheEnd) {
        String label = ContentType.charsetLabel(headers);
        return toTheEnd ? Sniffer.sniff(evidence.array(), 0, evidence.position(), label, options, true)
                : Sniffer.sniffPart(evidence.array(), 0, evidence.position(), label, options);
    }

    /**
     * What the head of a file says past its look-ahead: the decision a late meta there makes
     * (null if none), and the unknown labels the scan met before it (or to the head's end).
     */
    private record LateHead(EncodingDecision decided, List<String> ignored, int count) {}

    /**
     * For a file whose look-ahead was cut while its head went on ({@code first}'s look-ahead {@link
     * EncodingDecision.Lookahead#cut()}, decided by neither a BOM nor the header): the head scan
     * goes on through the file, a look-ahead's worth at a time, as the {@code byte[]} entry points'
     * scan goes on through the body, counting the labels it ignores as that scan counts them; a
     * {@code <meta>} it finds there decides as it decides there. The decision is then made again
     * from the look-ahead up to where its head scan stopped and the file from that meta on (the
     * bytes between are the head, which declares nothing), with the meta's offset as the
     * contradiction; a script longer than the look-ahead is skipped to its end tag. Null if the
     * head does not go on past the look-ahead, or a single token is longer than the look-ahead
     * (the scan gives up, and the decision stays cut).
     */
    private LateHead lateMeta(Path file, List<String> headers, EncodingDecision first) throws IOException {
        EncodingDecision.Lookahead lookahead = first.lookahead().orElseThrow();
        if (!lookahead.cut() || first.source() == DecisionSource.BOM || first.source() == DecisionSource.HTTP_HEADER) {
            return null;
        }
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            long size = channel.size();
            ByteBuffer head = ByteBuffer.allocate((int) Math.min(size, lookahead.bytes()));
            readFully(channel, 0, head, head.capacity());
            int stop = Sniffer.headResumeAt(head.array(), 0, head.position(), options);
            if (stop < 0) return null;
            List<String> ignored = new ArrayList<>();
            int count = 0;
            long at = stop;
            long metaAt = -1;
            ByteBuffer window = ByteBuffer.allocate(StreamInput.LOOKAHEAD_LIMIT);
            while (at < size) {
                window.clear();
                int n = (int) Math.min(window.capacity(), size - at);
                readFully(channel, at, window, n);
                HeadMetaScanner.Resumed r = HeadMetaScanner.resume(window.array(), 0, n);
                for (String label : r.ignored()) if (ignored.size() < EncodingDecision.MAX_IGNORED_LABELS) ignored.add(label);
                count = saturated(count + (long) r.ignoredCount());
                if (r.declaredAt() >= 0) {
                    metaAt = at + r.declaredAt();
                    break;
                }
                if (!r.wantsMore() || at + n == size) break;
                if (r.resumeAt() > 0) {
                    at += r.resumeAt();
                    continue;
                }
                // one token longer than the window: a script (or style, title) is skipped to its end tag
                HeadMetaScanner.TextElement text = HeadMetaScanner.textElementAt(window.array(), 0, n);
                if (text == null) break; // a tag or comment of half a megabyte: give up
                at = endTag(channel, size, at + text.textStart(), text.name(), window);
                if (at < 0) break;
            }
            if (metaAt < 0) return new LateHead(null, ignored, count);
            // the look-ahead's head up to where its scan stopped, then the file from the meta on; when
            // the scan stopped within the prescan's 1024 bytes (in a script longer than the look-ahead),
            // spaces (text, which the head allows) keep the meta past them, where it is
            long to = Math.min(size, metaAt + EVIDENCE + Prescan.WINDOW);
            int pad = Math.max(0, Prescan.WINDOW - stop);
            ByteBuffer evidence = ByteBuffer.allocate((int) (stop + pad + (to - metaAt)));
            evidence.put(head.array(), 0, stop);
            for (int i = 0; i < pad; i++) evidence.put((byte) ' ');
            readFully(channel, metaAt, evidence, (int) (to - metaAt));
            EncodingDecision decided = withLaterIgnored(decide(evidence, headers, to == size), ignored, count);
            return new LateHead(decided.withLookahead(new EncodingDecision.Lookahead(lookahead.bytes(), true,
                    OptionalLong.of(metaAt), true)), List.of(), 0);
        }
    }

    /**
     * {@code d} with the unknown labels of metas the head scan met past the bytes it was made from:
     * kept after its own (the first {@link EncodingDecision#MAX_IGNORED_LABELS} of the document's),
     * and counted.
     */
    private static EncodingDecision withLaterIgnored(EncodingDecision d, List<String> later, int laterCount) {
        if (laterCount == 0) return d;
        List<IgnoredLabel> labels = new ArrayList<>(d.ignoredLabels());
        long documents = labels.stream().filter(l -> l.where() != DecisionSource.HTTP_HEADER).count();
        for (String label : later) {
            if (documents++ >= EncodingDecision.MAX_IGNORED_LABELS) break;
            labels.add(new IgnoredLabel(label, DecisionSource.LATE_META));
        }
        return d.toBuilder().ignoredLabels(List.copyOf(labels))
                .ignoredLabelCount(saturated((long) d.ignoredLabelCount() + laterCount)).build();
    }

    private static int saturated(long count) {
        return (int) Math.min(Integer.MAX_VALUE, count);
    }

    /** Where the end tag of the text element {@code name} starts in the file from {@code from}, or -1. */
    private static long endTag(SeekableByteChannel channel, long size, long from, String name, ByteBuffer window)
            throws IOException {
        int overlap = name.length() + 2; // "</name" and the byte after it
        for (long at = from; at < size; at += window.capacity() - overlap) {
            window.clear();
            int n = (int) Math.min(window.capacity(), size - at);
            readFully(channel, at, window, n);
            int end = HeadMetaScanner.endTagIn(window.array(), 0, n, name);
            if (end >= 0) return at + end;
            if (at + n == size) break;
        }
        return -1;
    }

    private static void readFully(SeekableByteChannel channel, long at, ByteBuffer into, int length) throws IOException {
        channel.position(at);
        int end = into.position() + length;
        into.limit(end);
        while (into.position() < end) {
            if (channel.read(into) < 0) throw new IOException("the file became shorter while it was read");
        }
    }
}
