package io.github.jsoupcharset;

import io.github.jsoupcharset.contentcoding.ContentCodingException;
import io.github.jsoupcharset.contentcoding.ContentCodings;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.stream.StreamInput;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.ContentType;
import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.DecodingReader;
import io.github.jsoupcharset.sniff.Sniffer;
import org.jsoup.Connection;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Decides the encoding of HTML bytes as browsers do, decodes them, and parses the text with
 * jsoup, under a fixed set of {@link SniffOptions}. {@link BrowserCharsetJsoup} offers the same
 * methods with the default options. Immutable and safe to share between threads.
 */
public final class BrowserCharsetParser {
    /**
     * The most bytes the stream entry points read before deciding: 512 KiB. They read the first
     * 8 KiB, then, while the decision could still change with more bytes, twice as many each time up
     * to this bound (see {@link #parseWithDecision(InputStream, String, String)}); a decision the
     * bound cut short says so ({@link EncodingDecision.Lookahead#cut()}).
     */
    public static final int STREAM_LOOKAHEAD_LIMIT = StreamInput.LOOKAHEAD_LIMIT;

    private final SniffOptions options;

    /**
     * A parser with these options; {@link BrowserCharsetJsoup#withOptions(SniffOptions)} is the same.
     *
     * @param options how to scan for {@code <meta>}, whether and how to detect, and the default encoding
     */
    public BrowserCharsetParser(SniffOptions options) {
        this.options = Objects.requireNonNull(options, "options must not be null");
    }

    /**
     * The options this parser decides with.
     *
     * @return the options given to the constructor
     */
    public SniffOptions options() {
        return options;
    }

    /**
     * Decides the encoding of a body without decoding it: BOM, the Content-Type charset, the
     * {@code <meta>} prescan, the XML declaration, a later {@code <meta>} in head, then (when nothing
     * declares the encoding) UTF-8 validity, detection and the default.
     *
     * <p>What each step reads, each in one pass, so that time is linear in the body and the header:
     * <ul>
     * <li>the BOM: the first 3 bytes;
     * <li>the {@code <meta>} scan: the first 1024 bytes ({@link SniffOptions.MetaScan#SPEC_PRESCAN_1024}:
     *     no more); with {@link SniffOptions.MetaScan#BROWSER_HEAD_SCAN} (the default) and
     *     {@link SniffOptions.MetaScan#SPEC}, then on for as long as the head lasts, which for a page
     *     of nothing but head elements and text is the whole body;
     * <li>the XML declaration: up to its first {@code >}, which may be anywhere in the body (within
     *     the first 1024 bytes for {@code SPEC_PRESCAN_1024});
     * <li>for a page that declares nothing (unless detection is {@link SniffOptions.Detection#NONE}):
     *     the UTF-8 validity check, the whole body up to its first error; then, if it is not UTF-8,
     *     detection, a window of at most 64 KiB starting shortly before the first non-ASCII byte,
     *     of which at most 8 KiB of text is weighed;
     * <li>for a page whose header or document declares the encoding (in both {@link
     *     SniffOptions.Declarations} modes, for the misdeclaration report): its ASCII up to the first
     *     non-ASCII byte that is no UTF-8 (a single-byte legacy declaration) or up to the first 64
     *     non-ASCII sequences (a UTF-8 declaration); the whole body, and detection's window, only
     *     when those bytes contradict the declaration.
     * </ul>
     * The document's declaration is looked for even when a BOM or the header decides, to report a
     * conflict. The decision is small whatever the page ({@link EncodingDecision}).
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @return the encoding, the rule that chose it and what the page and header declared; its
     *     {@link EncodingDecision#replacementCount()} is 0, as nothing was decoded
     */
    public EncodingDecision sniff(byte[] body, String contentType) {
        return sniff(body, headerList(contentType));
    }

    EncodingDecision sniff(byte[] body, List<String> contentTypes) {
        return sniff(body, contentTypes, true);
    }

    /** {@code complete}: whether the body is the whole response (a cut-off UTF-8 sequence at its end is then an error). */
    private EncodingDecision sniff(byte[] body, List<String> contentTypes, boolean complete) {
        Objects.requireNonNull(body, "body must not be null");
        return Sniffer.sniff(body, 0, body.length, ContentType.charsetLabel(contentTypes), options, complete);
    }

    /**
     * Decides the encoding and decodes the whole body as a browser would.
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @return the text (byte order mark removed) and the decision, with its U+FFFD count
     */
    public DecodedHtml decode(byte[] body, String contentType) {
        return decode(body, headerList(contentType));
    }

    DecodedHtml decode(byte[] body, List<String> contentTypes) {
        EncodingDecision decision = sniff(body, contentTypes);
        int start = decision.source() == DecisionSource.BOM ? StreamInput.bomLength(decision.encoding()) : 0;
        Decoder decoder = Decoders.newDecoder(decision.encoding().name());
        String text = decoder.decodeAll(body, start, body.length - start);
        int errors = (int) Math.min(Integer.MAX_VALUE, decoder.errors());
        if (options.textNormalization() == SniffOptions.TextNormalization.NFC) text = TextNormalizer.nfc(text);
        return new DecodedHtml(text, decision.withReplacementCount(errors));
    }

    /**
     * Parses a body with jsoup's HTML parser after decoding it as a browser would.
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @return the document, its {@code charset()} named as browsers name the encoding
     */
    public Document parse(byte[] body, String contentType, String baseUri) {
        return parseWithDecision(body, contentType, baseUri).document();
    }

    /**
     * As {@link #parse(byte[], String, String)}, with the jsoup {@link Parser} to build the tree with
     * (for example one that tracks errors or positions, or {@code Parser.xmlParser()}). The parser
     * only ever sees characters: the encoding is decided here, not by jsoup.
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the document, its {@code charset()} named as browsers name the encoding
     */
    public Document parse(byte[] body, String contentType, String baseUri, Parser parser) {
        return parseWithDecision(body, contentType, baseUri, parser).document();
    }

    /**
     * As {@link #parse(byte[], String, String)}, returning the decision with the document.
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @return the document and the decision that chose its encoding, with its U+FFFD count
     */
    public ParsedHtml parseWithDecision(byte[] body, String contentType, String baseUri) {
        return parseWithDecision(body, contentType, baseUri, Parser.htmlParser());
    }

    /**
     * As {@link #parse(byte[], String, String, Parser)}, returning the decision with the document.
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the document and the decision that chose its encoding, with its U+FFFD count
     */
    public ParsedHtml parseWithDecision(byte[] body, String contentType, String baseUri, Parser parser) {
        return build(body, headerList(contentType), baseUri, parser, true);
    }

    /**
     * Parses a body read from a stream, deciding its encoding as a browser does while the bytes
     * arrive, and decoding the rest as jsoup reads it: the body is never held whole, as bytes or as
     * text. Does not close the stream.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IOException if reading the stream throws (or it returns 0 bytes a thousand times in a row)
     */
    public Document parse(InputStream in, String contentType, String baseUri) throws IOException {
        return parseWithDecision(in, contentType, baseUri).document();
    }

    /**
     * As {@link #parse(InputStream, String, String)}, building the tree with the given jsoup parser.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IOException if reading the stream throws
     */
    public Document parse(InputStream in, String contentType, String baseUri, Parser parser) throws IOException {
        return parseWithDecision(in, contentType, baseUri, parser).document();
    }

    /**
     * As {@link #parse(InputStream, String, String)}, returning the decision with the document.
     *
     * <p>The decision is made from a look-ahead, as browsers make it, and is then final: the
     * document is decoded with it. The look-ahead holds the first 8 KiB and, while more bytes
     * could change the decision, more (at once what the stream's {@code available()} says it
     * holds, then twice as many each time) up to {@link #STREAM_LOOKAHEAD_LIMIT}: the BOM and the
     * prescan's 1024 bytes; the head for as long as it lasts (for a late {@code <meta>}, under
     * {@link SniffOptions.MetaScan#BROWSER_HEAD_SCAN} and {@link SniffOptions.MetaScan#SPEC}); an
     * XML declaration to its {@code >}; and, for a page that nothing declares (no BOM, no usable
     * header charset, no declaration of its own) or under {@link
     * SniffOptions.Declarations#CHECKED}, a detection window's worth (64 KiB) from shortly before
     * the first non-ASCII byte, for detection and the declaration check. A declared page is
     * decided by its declaration whatever follows, as a browser decides it, so it is decided from
     * its first 8 KiB when its head ends there; its {@link EncodingDecision#misdeclaration()}
     * then judges those bytes. A body that ends within the look-ahead gets exactly the decision
     * of {@link #parseWithDecision(byte[], String, String)}. When the bound is reached first,
     * {@link EncodingDecision.Lookahead#cut()} says so.
     *
     * <p>The rest of the body is watched for what would show the decision wrong: an error in a body
     * decided UTF-8 by its validity, or a non-ASCII byte in a body whose look-ahead was all ASCII
     * (which got the default: nothing could be detected). {@link
     * EncodingDecision.Lookahead#contradictedAt()} gives that byte's offset; the text stays
     * decoded as decided, as a browser shows it until it reloads. {@link
     * #parseWithDecision(Path, String, String)} reads a file again instead.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @return the document and the decision, with the look-ahead it was made from, its U+FFFD
     *     count and any contradiction
     * @throws IOException if reading the stream throws
     */
    public ParsedHtml parseWithDecision(InputStream in, String contentType, String baseUri) throws IOException {
        return parseWithDecision(in, contentType, baseUri, Parser.htmlParser());
    }

    /**
     * As {@link #parseWithDecision(InputStream, String, String)}, building the tree with the given
     * jsoup parser.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the document and the decision, with the look-ahead it was made from
     * @throws IOException if reading the stream throws
     */
    public ParsedHtml parseWithDecision(InputStream in, String contentType, String baseUri, Parser parser)
            throws IOException {
        Objects.requireNonNull(in, "in must not be null");
        checkParseArguments(baseUri, parser);
        return buildStreamed(StreamInput.open(in, headerList(contentType), options, () -> false), baseUri, parser);
    }

    /**
     * Parses a file as {@link #parseWithDecision(InputStream, String, String)} parses a stream,
     * and, because a file can be read again, answers a contradiction as a browser reloads a page
     * its guess got wrong: when bytes after the look-ahead contradict the decision, the encoding
     * is decided again from the look-ahead and the bytes around the contradiction (64 KiB from
     * shortly before it), and the file is parsed again with it ({@link
     * EncodingDecision.Lookahead#decodedAgain()}). Memory stays bounded as for a stream; the file
     * is read at most twice.
     *
     * @param file the raw response body, saved
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @return the document and the decision, with the look-ahead it was made from
     * @throws IOException if reading the file throws
     */
    public ParsedHtml parseWithDecision(Path file, String contentType, String baseUri) throws IOException {
        Objects.requireNonNull(file, "file must not be null");
        checkParseArguments(baseUri, Parser.htmlParser());
        List<String> headers = headerList(contentType);
        ParsedHtml first;
        try (InputStream in = Files.newInputStream(file)) {
            first = buildStreamed(StreamInput.open(in, headers, options, () -> false), baseUri, Parser.htmlParser());
        }
        EncodingDecision.Lookahead lookahead = first.decision().lookahead().orElseThrow();
        if (!lookahead.contradicted()) return first;
        EncodingDecision corrected = reconsider(file, lookahead, headers);
        try (InputStream in = Files.newInputStream(file)) {
            return buildStreamed(StreamInput.again(in, corrected, lookahead), baseUri, Parser.htmlParser());
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
            long to = Math.min(size, lookahead.contradictedAt().getAsLong() + 64 * 1024);
            ByteBuffer evidence = ByteBuffer.allocate((int) (lookahead.bytes() + Math.max(0, to - from)));
            readFully(channel, 0, evidence, (int) lookahead.bytes());
            if (to > from) readFully(channel, from, evidence, (int) (to - from));
            return Sniffer.sniff(evidence.array(), 0, evidence.position(), ContentType.charsetLabel(headers), options,
                    to == size);
        }
    }

    private static void readFully(SeekableByteChannel channel, long at, ByteBuffer into, int length) throws IOException {
        channel.position(at);
        int end = into.position() + length;
        into.limit(end);
        while (into.position() < end) {
            if (channel.read(into) < 0) throw new IOException("the file became shorter while it was read");
        }
    }

    /**
     * Decodes a body read from a stream as a browser would, as it is read: the encoding is decided
     * from a bounded look-ahead (as {@link #parseWithDecision(InputStream, String, String)}
     * describes) before this method returns, and the rest is decoded as the reader is read.
     * Closing the reader closes the stream.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @return the text (byte order mark removed) as a reader, and the decision
     * @throws IOException if reading the look-ahead throws
     * @throws UnsupportedOperationException under {@link SniffOptions.TextNormalization#NFC}, which
     *     needs the whole text (use {@link #decode(byte[], String)})
     */
    public DecodedHtmlReader decode(InputStream in, String contentType) throws IOException {
        Objects.requireNonNull(in, "in must not be null");
        requireNoNormalization("decode(InputStream)");
        return new DecodedHtmlReader(StreamInput.open(in, headerList(contentType), options, () -> false));
    }

    /**
     * Decodes a file as {@link #decode(InputStream, String)} decodes a stream, and, because a file
     * can be read again, never hands out text a later byte shows wrong: when the decision rests on
     * the look-ahead (UTF-8 by its validity, or the default for a look-ahead all ASCII), the rest
     * of the file is read first; if a byte there contradicts the decision, the encoding is decided
     * again as {@link #parseWithDecision(Path, String, String)} decides it ({@link
     * EncodingDecision.Lookahead#decodedAgain()}). So such a file is read twice (three times when
     * contradicted), a declared or detected one once. Memory stays bounded as for a stream.
     *
     * @param file the raw response body, saved
     * @param contentType the Content-Type header value, or null if the response had none
     * @return the text (byte order mark removed) as a reader, and the decision; closing it closes the file
     * @throws IOException if reading the file throws
     * @throws UnsupportedOperationException under {@link SniffOptions.TextNormalization#NFC}
     */
    public DecodedHtmlReader decode(Path file, String contentType) throws IOException {
        Objects.requireNonNull(file, "file must not be null");
        requireNoNormalization("decode(Path)");
        return new DecodedHtmlReader(openFile(file, headerList(contentType)));
    }

    /**
     * A file's stream input with its final decision: when the look-ahead's decision could be
     * contradicted later, the file is read to its end first, and opened again with the decision
     * made again if it was ({@link #decode(Path, String)}).
     */
    private StreamInput openFile(Path file, List<String> headers) throws IOException {
        InputStream in = Files.newInputStream(file);
        StreamInput first;
        try {
            first = StreamInput.open(in, headers, options, () -> false);
            if (!first.watched()) return first; // the decision stands whatever follows
            // read to the end, as a browser would before it reloads, but before any text is handed out
            first.reader().finish();
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
        in.close();
        EncodingDecision.Lookahead lookahead = first.decision().lookahead().orElseThrow();
        InputStream again = Files.newInputStream(file);
        try {
            if (!lookahead.contradicted()) return StreamInput.open(again, headers, options, () -> false);
            return StreamInput.again(again, reconsider(file, lookahead, headers), lookahead);
        } catch (IOException | RuntimeException e) {
            again.close();
            throw e;
        }
    }

    /**
     * jsoup's {@link org.jsoup.parser.StreamParser} over a body read from a stream, its encoding
     * decided from a bounded look-ahead (as {@link #parseWithDecision(InputStream, String, String)}
     * describes) before this method returns; the rest is decoded as the parser reads it. Closing
     * the parser closes the stream.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @return the stream parser, with the decision
     * @throws IOException if reading the look-ahead throws
     * @throws UnsupportedOperationException under {@link SniffOptions.TextNormalization#NFC}
     */
    public DecidedStreamParser streamParser(InputStream in, String contentType, String baseUri) throws IOException {
        return streamParser(in, contentType, baseUri, Parser.htmlParser());
    }

    /**
     * As {@link #streamParser(InputStream, String, String)}, building the tree with the given jsoup
     * parser (for example {@code Parser.xmlParser()} for a feed).
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the stream parser, with the decision
     * @throws IOException if reading the look-ahead throws
     * @throws UnsupportedOperationException under {@link SniffOptions.TextNormalization#NFC}
     */
    public DecidedStreamParser streamParser(InputStream in, String contentType, String baseUri, Parser parser)
            throws IOException {
        Objects.requireNonNull(in, "in must not be null");
        checkParseArguments(baseUri, parser);
        requireNoNormalization("streamParser");
        return new DecidedStreamParser(StreamInput.open(in, headerList(contentType), options, () -> false), baseUri,
                parser);
    }

    /**
     * jsoup's {@link org.jsoup.parser.StreamParser} over a file, as {@link #streamParser(InputStream,
     * String, String)} over a stream, its decision final before the first element is handed out:
     * a file whose decision could be contradicted later is read to its end first and decided again
     * if it is, as {@link #decode(Path, String)} does. Closing the parser closes the file.
     *
     * @param file the raw response body, saved
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @return the stream parser, with the decision
     * @throws IOException if reading the file throws
     * @throws UnsupportedOperationException under {@link SniffOptions.TextNormalization#NFC}
     */
    public DecidedStreamParser streamParser(Path file, String contentType, String baseUri) throws IOException {
        Objects.requireNonNull(file, "file must not be null");
        checkParseArguments(baseUri, Parser.htmlParser());
        requireNoNormalization("streamParser");
        return new DecidedStreamParser(openFile(file, headerList(contentType)), baseUri, Parser.htmlParser());
    }

    /**
     * jsoup's {@link org.jsoup.parser.StreamParser} over a jsoup response's body: its encoding
     * decided from every Content-Type header and a bounded look-ahead of the body, the rest decoded
     * as the parser reads it, with jsoup's {@code maxBodySize} applied as jsoup applies it. Call it
     * instead of {@code response.streamParser()}, before anything else reads the body.
     *
     * @param response a response from {@code Jsoup.connect(url).execute()}, its body not yet read
     * @return the stream parser, with the decision
     * @throws IllegalStateException if the body was already consumed
     * @throws UncheckedIOException if reading the look-ahead throws
     * @throws UnsupportedOperationException under {@link SniffOptions.TextNormalization#NFC}
     */
    public DecidedStreamParser streamParser(Connection.Response response) {
        Objects.requireNonNull(response, "response must not be null");
        requireNoNormalization("streamParser");
        InputStream in = bodyStreamOf(response);
        try {
            StreamInput input = StreamInput.open(in, response.headers("Content-Type"), options, response::isTruncated);
            return new DecidedStreamParser(input, baseUriOf(response), Parser.htmlParser());
        } catch (IOException e) {
            throw new UncheckedIOException("reading the response body failed: " + e.getMessage(), e);
        }
    }

    private ParsedHtml buildStreamed(StreamInput input, String baseUri, Parser parser) throws IOException {
        Document doc;
        try {
            doc = parser.parseInput(input.reader(), baseUri);
            // jsoup may stop before the end of the bytes; count the errors of every byte
            input.reader().finish();
        } catch (UncheckedIOException e) {
            throw e.getCause(); // jsoup wraps what the reader threw
        }
        EncodingDecision decision = input.decision();
        DocumentCharsets.apply(doc, DocumentCharsets.forEncoding(decision.encoding()));
        if (options.textNormalization() == SniffOptions.TextNormalization.NFC) TextNormalizer.nfc(doc);
        return new ParsedHtml(doc, decision);
    }

    private void requireNoNormalization(String what) {
        if (options.textNormalization() == SniffOptions.TextNormalization.NFC) {
            throw new UnsupportedOperationException(what + " cannot normalize text it does not hold whole; "
                    + "TextNormalization.NFC needs the byte[] or parse entry points");
        }
    }

    private static void checkParseArguments(String baseUri, Parser parser) {
        Objects.requireNonNull(baseUri, "baseUri must not be null (use \"\" when unknown)");
        Objects.requireNonNull(parser, "parser must not be null");
    }

    /**
     * Parses a jsoup response: its body bytes, every Content-Type header and its URL as base URI.
     * Call this instead of {@code response.parse()}, and before anything else reads the body.
     *
     * @param response a response from {@code Jsoup.connect(url).execute()}, its body not yet read
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IllegalStateException if the body was already consumed (for example by
     *     {@code response.parse()} or {@code response.bodyStream()})
     */
    public Document parse(Connection.Response response) {
        return parseWithDecision(response).document();
    }

    /**
     * As {@link #parse(Connection.Response)}, returning the decision with the document, and
     * whether jsoup cut the body off at its {@code maxBodySize} ({@link ParsedHtml#truncated()}).
     * A UTF-8 sequence cut off at the end of a truncated body is then no evidence against UTF-8.
     *
     * <p>The body is read from {@code response.bodyStream()} as {@link #parseWithDecision(
     * InputStream, String, String)} reads a stream: decided from a bounded look-ahead, then decoded
     * as jsoup parses, never held whole. A body that ends within the look-ahead gets the decision of
     * the {@code byte[]} entry points; so does a buffered body ({@code response.readBody()} or
     * {@code response.body()} called first) whose streamed decision the look-ahead bound cut short or
     * later bytes contradicted: it is parsed again from its bytes, as a browser reloads.
     *
     * @param response a response from {@code Jsoup.connect(url).execute()}, its body not yet read
     * @return the document, the decision that chose its encoding, and whether the body was cut off
     * @throws IllegalStateException if the body was already consumed
     */
    public ParsedHtml parseWithDecision(Connection.Response response) {
        Objects.requireNonNull(response, "response must not be null");
        InputStream in = bodyStreamOf(response);
        String baseUri = baseUriOf(response);
        // detection may break ties with the response's URL and Content-Language
        BrowserCharsetParser p = hinted(baseUri, response.header("Content-Language"));
        ParsedHtml parsed;
        try (in) {
            // truncation is known only once the body has been read: a sequence the cut split is
            // then no evidence against UTF-8 (decoding still counts it as one U+FFFD)
            StreamInput input = StreamInput.open(in, response.headers("Content-Type"), p.options, response::isTruncated);
            parsed = p.buildStreamed(input, baseUri, Parser.htmlParser());
        } catch (IOException e) {
            throw new UncheckedIOException("reading the response body failed: " + e.getMessage(), e);
        }
        boolean truncated = response.isTruncated();
        EncodingDecision.Lookahead lookahead = parsed.decision().lookahead().orElseThrow();
        if (lookahead.cut() || lookahead.contradicted()) {
            // a buffered body (readBody(), body()) can be read again: decide from all of it, as the byte[]
            // entry points do (a body that was streamed is gone, and its decision says so)
            byte[] body = bufferedBody(response);
            if (body != null) return withTruncated(p.build(body, response.headers("Content-Type"), baseUri,
                    Parser.htmlParser(), !truncated), truncated);
        }
        return withTruncated(parsed, truncated);
    }

    private static ParsedHtml withTruncated(ParsedHtml parsed, boolean truncated) {
        return truncated ? new ParsedHtml(parsed.document(), parsed.decision(), true) : parsed;
    }

    /** The body of a response whose body was buffered (and so can be read again), or null. */
    private static byte[] bufferedBody(Connection.Response response) {
        try {
            return response.bodyAsBytes();
        } catch (RuntimeException streamedAlready) {
            return null;
        }
    }

    private static String baseUriOf(Connection.Response response) {
        return response.url() == null ? "" : response.url().toExternalForm();
    }

    /**
     * Parses a {@code java.net.http} response: its body (with its {@code Content-Encoding}
     * undone), every Content-Type header and its URI as base URI.
     *
     * @param response a response read with {@code HttpResponse.BodyHandlers.ofByteArray()}
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IllegalArgumentException if the response has no body
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     */
    public Document parse(HttpResponse<byte[]> response) {
        return parseWithDecision(response).document();
    }

    /**
     * As {@link #parse(HttpResponse)}, returning the decision with the document.
     *
     * <p>{@code java.net.http} hands over the body as the server sent it: its {@code
     * Content-Encoding} (gzip, deflate, br, stacked) is undone first, as a browser undoes it before
     * sniffing ({@link ContentCodings}, bounded by {@link ContentCodings#DEFAULT_MAX_DECODED_BYTES}).
     *
     * @param response a response read with {@code HttpResponse.BodyHandlers.ofByteArray()}
     * @return the document and the decision that chose its encoding, with its U+FFFD count
     * @throws IllegalArgumentException if the response has no body
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone (an unknown
     *     coding, a broken stream, a body over the bound); the message names the coding
     */
    public ParsedHtml parseWithDecision(HttpResponse<byte[]> response) {
        Objects.requireNonNull(response, "response must not be null");
        byte[] body = response.body();
        if (body == null) throw new IllegalArgumentException("response has no body (use HttpResponse.BodyHandlers.ofByteArray())");
        String baseUri = response.uri() == null ? "" : response.uri().toString();
        byte[] decoded = ContentCodings.decode(body, response.headers().allValues("Content-Encoding"));
        return hinted(baseUri, response.headers().firstValue("Content-Language").orElse(null))
                .build(decoded, response.headers().allValues("Content-Type"), baseUri, Parser.htmlParser(), true);
    }

    private ParsedHtml build(byte[] body, List<String> contentTypes, String baseUri, Parser parser, boolean complete) {
        Objects.requireNonNull(baseUri, "baseUri must not be null (use \"\" when unknown)");
        Objects.requireNonNull(parser, "parser must not be null");
        EncodingDecision decision = sniff(body, contentTypes, complete);
        int start = decision.source() == DecisionSource.BOM ? StreamInput.bomLength(decision.encoding()) : 0;
        // jsoup gets characters, never bytes, so it cannot sniff again; it reads them as they are
        // decoded, a chunk at a time, so the whole text is never held twice
        DecodingReader text = new DecodingReader(body, start, body.length - start, Decoders.newDecoder(decision.encoding().name()));
        Document doc = parser.parseInput(text, baseUri);
        // jsoup may stop before the end of the bytes; count the errors of every byte
        int errors = (int) Math.min(Integer.MAX_VALUE, text.finish());
        DocumentCharsets.apply(doc, DocumentCharsets.forEncoding(decision.encoding()));
        if (options.textNormalization() == SniffOptions.TextNormalization.NFC) TextNormalizer.nfc(doc);
        return new ParsedHtml(doc, decision.withReplacementCount(errors));
    }

    /**
     * This parser with the languages a page's URL and {@code Content-Language} header hint at (for
     * the byte and stream entry points, which do not see them; {@code parse(Connection.Response)}
     * and {@code parse(HttpResponse)} read them from the response when the options have none). The
     * URL's top-level domain ({@code .jp}: Japanese, {@code .ru}: Russian, {@code .tw}: traditional
     * Chinese, …) and the header's language tags become the languages detection knows; others are
     * ignored. They only break a tie between candidate encodings that score within a few points of
     * each other: clear evidence in the bytes always wins.
     *
     * @param url the page's URL, or null
     * @param contentLanguage the {@code Content-Language} header's value, or null
     * @return a parser whose options carry the hints ({@link SniffOptions#languageHints()}); this one
     *     is unchanged
     */
    public BrowserCharsetParser withLanguageHints(String url, String contentLanguage) {
        return new BrowserCharsetParser(options.withLanguageHints(Sniffer.languageHints(url, contentLanguage)));
    }

    /** This parser, or one whose detection may break ties with the response's URL and Content-Language (if these options hint nothing). */
    private BrowserCharsetParser hinted(String url, String contentLanguage) {
        if (!options.languageHints().isEmpty()) return this;
        BrowserCharsetParser hinted = withLanguageHints(url, contentLanguage);
        return hinted.options.languageHints().isEmpty() ? this : hinted;
    }

    private static InputStream bodyStreamOf(Connection.Response response) {
        try {
            return response.bodyStream();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalStateException("the response body was already consumed (response.parse() or "
                    + "response.bodyStream() read it), so its bytes are gone; call BrowserCharsetJsoup.parse(response) "
                    + "instead of response.parse(), or call response.readBody() first", e);
        }
    }

    private static List<String> headerList(String contentType) {
        return contentType == null ? Collections.emptyList() : Collections.singletonList(contentType);
    }
}
