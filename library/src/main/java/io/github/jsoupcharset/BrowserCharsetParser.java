package io.github.jsoupcharset;

import io.github.jsoupcharset.contentcoding.ContentCodingException;
import io.github.jsoupcharset.contentcoding.ContentCodings;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.stream.StreamInput;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.Sniffer;
import org.jsoup.Connection;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.net.http.HttpResponse;
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
    private final long maxDecodedBytes;
    /** What every entry point hands its input to. */
    private final DecisionPipeline pipeline;

    /**
     * A parser with these options; {@link BrowserCharsetJsoup#withOptions(SniffOptions)} is the same.
     * A body's {@code Content-Encoding} is undone up to {@link ContentCodings#DEFAULT_MAX_DECODED_BYTES}
     * ({@link #withMaxDecodedBytes(long)}).
     *
     * @param options how to scan for {@code <meta>}, whether and how to detect, and the default encoding
     */
    public BrowserCharsetParser(SniffOptions options) {
        this(options, ContentCodings.DEFAULT_MAX_DECODED_BYTES);
    }

    private BrowserCharsetParser(SniffOptions options, long maxDecodedBytes) {
        JsoupSupport.requireSupported();
        this.options = Objects.requireNonNull(options, "options must not be null");
        this.maxDecodedBytes = maxDecodedBytes;
        this.pipeline = new DecisionPipeline(options);
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
     * This parser with another bound on the size of a response body once its {@code
     * Content-Encoding} is undone (a compression bomb: 1 MB of gzip can decode to 1 GiB). A body
     * that decodes to more is a {@link ContentCodingException} whose {@link
     * ContentCodingException#overLimit()} is true, raised before more than the bound is held, in
     * {@link #parse(HttpResponse)} and {@link #parse(Connection.Response)} (which undoes what jsoup
     * leaves undone). A body without a coding is not bounded by it.
     *
     * @param maxDecodedBytes the most bytes a body (and every stage of stacked codings) may decode
     *     to, from 1 to {@code Integer.MAX_VALUE - 8} (the largest array); the heap must hold the
     *     decoded body and its document
     * @return a parser with the same options and this bound
     * @throws IllegalArgumentException if {@code maxDecodedBytes} is out of that range
     */
    public BrowserCharsetParser withMaxDecodedBytes(long maxDecodedBytes) {
        if (maxDecodedBytes < 1 || maxDecodedBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxDecodedBytes must be from 1 to " + (Integer.MAX_VALUE - 8) + ": "
                    + maxDecodedBytes);
        }
        return new BrowserCharsetParser(options, maxDecodedBytes);
    }

    /**
     * The bound on a response body once its {@code Content-Encoding} is undone ({@link
     * #withMaxDecodedBytes(long)}).
     *
     * @return the most bytes a coded body may decode to
     */
    public long maxDecodedBytes() {
        return maxDecodedBytes;
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

    /**
     * As {@link #sniff(byte[], String)}, for a body that may have been cut off before its end: by
     * a crawler (a WARC record's {@code WARC-Truncated}: length, time, disconnect), at a size limit,
     * or by a dropped connection. With {@code truncated} true, a UTF-8 sequence cut off at the end
     * of the body is no evidence against UTF-8 (UTF-8 validity, the misdeclaration check, the
     * double-encoding check), and the decision says so ({@link EncodingDecision#truncated()}).
     * The same flag is taken by {@link #decode(byte[], String, boolean)}, {@link
     * #parseWithDecision(byte[], String, String, boolean)} and {@link
     * #parseWithDecision(InputStream, String, String, boolean)}; the other entry points take the
     * body as complete, but for {@link #parseWithDecision(Connection.Response)}, which asks jsoup.
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param truncated whether the body was cut off before its end
     * @return the decision, as {@link #sniff(byte[], String)} returns it
     */
    public EncodingDecision sniff(byte[] body, String contentType, boolean truncated) {
        return sniff(body, headerList(contentType), !truncated);
    }

    /** {@code complete}: whether the body is the whole response (a cut-off UTF-8 sequence at its end is then an error). */
    private EncodingDecision sniff(byte[] body, List<String> contentTypes, boolean complete) {
        return pipeline.sniff(BodySource.whole(body, contentTypes, !complete));
    }

    /**
     * Decides the encoding and decodes the whole body as a browser would.
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @return the text (byte order mark removed) and the decision, with its U+FFFD count
     */
    public DecodedHtml decode(byte[] body, String contentType) {
        return decode(body, headerList(contentType), true);
    }

    /**
     * As {@link #decode(byte[], String)}, for a body that may have been cut off before its end
     * (see {@link #sniff(byte[], String, boolean)}).
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param truncated whether the body was cut off before its end
     * @return the text (byte order mark removed) and the decision, with its U+FFFD count
     */
    public DecodedHtml decode(byte[] body, String contentType, boolean truncated) {
        return decode(body, headerList(contentType), !truncated);
    }

    DecodedHtml decode(byte[] body, List<String> contentTypes) {
        return decode(body, contentTypes, true);
    }

    private DecodedHtml decode(byte[] body, List<String> contentTypes, boolean complete) {
        return pipeline.decode(BodySource.whole(body, contentTypes, !complete));
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
     * As {@link #parseWithDecision(byte[], String, String)}, for a body that may have been cut off
     * before its end (see {@link #sniff(byte[], String, boolean)}); {@link ParsedHtml#truncated()}
     * is {@code truncated}.
     *
     * @param body the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @param truncated whether the body was cut off before its end
     * @return the document and the decision that chose its encoding, with its U+FFFD count
     */
    public ParsedHtml parseWithDecision(byte[] body, String contentType, String baseUri, boolean truncated) {
        return parseHeld(BodySource.whole(body, headerList(contentType), truncated), baseUri, Parser.htmlParser());
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
        return parseHeld(BodySource.whole(body, headerList(contentType), false), baseUri, parser);
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
     * #parseWithDecision(Path, String, String)} reads a file again instead. When the bound cut the
     * look-ahead inside a head that goes on, the head scan goes on as the rest is read: a {@code
     * <meta>} there that declares another encoding (which the bytes' decision would take) is named
     * in the decision ({@link EncodingDecision#metaLabel()}, {@code LATE_META}), its offset {@link
     * EncodingDecision.Lookahead#contradictedAt()}; the text stays as decided.
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
        checkParseArguments(baseUri, parser);
        return pipeline.parse(BodySource.stream(in, headerList(contentType), () -> false), baseUri, parser);
    }

    /**
     * As {@link #parseWithDecision(InputStream, String, String)}, for a stream that ends before
     * the body did (a WARC record's {@code WARC-Truncated}, a size limit, a dropped connection;
     * see {@link #sniff(byte[], String, boolean)}): with {@code truncated} true, a UTF-8 sequence
     * cut off at its end is no evidence against UTF-8, nor a contradiction of a UTF-8 decision
     * made from the look-ahead, and the decision and the result say so ({@link
     * EncodingDecision#truncated()}, {@link ParsedHtml#truncated()}).
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @param truncated whether the stream was cut off before the body's end
     * @return the document and the decision, with the look-ahead it was made from
     * @throws IOException if reading the stream throws
     */
    public ParsedHtml parseWithDecision(InputStream in, String contentType, String baseUri, boolean truncated)
            throws IOException {
        checkParseArguments(baseUri, Parser.htmlParser());
        return pipeline.parse(BodySource.stream(in, headerList(contentType), () -> truncated), baseUri, Parser.htmlParser());
    }

    /**
     * Parses a file as {@link #parseWithDecision(InputStream, String, String)} parses a stream,
     * and, because a file can be read again, answers a contradiction as a browser reloads a page
     * its guess got wrong, before it parses: a file whose decision rests on its look-ahead is read
     * to its end first, and when bytes after the look-ahead contradict the decision, the encoding
     * is decided again from the look-ahead and the bytes around the contradiction (64 KiB from
     * shortly before it), and the file is parsed with it ({@link
     * EncodingDecision.Lookahead#decodedAgain()}). A file whose head goes on past the look-ahead
     * is decided as {@link #parseWithDecision(byte[], String, String)} decides its bytes: the head
     * scan goes on through the file, and a {@code <meta>} it finds there decides (its offset is
     * {@link EncodingDecision.Lookahead#contradictedAt()}), where a stream stays as its look-ahead
     * decided ({@link EncodingDecision.Lookahead#cut()}). Memory stays bounded as for a stream; the
     * file is read at most three times (its look-ahead, then to its end when the decision rests on
     * the look-ahead, or its head when it outgrows the look-ahead, then to parse).
     *
     * @param file the raw response body, saved
     * @param contentType the Content-Type header value, or null if the response had none
     * @param baseUri the URL the body came from, for resolving relative links ("" if unknown)
     * @return the document and the decision, with the look-ahead it was made from
     * @throws IOException if reading the file throws
     */
    public ParsedHtml parseWithDecision(Path file, String contentType, String baseUri) throws IOException {
        checkParseArguments(baseUri, Parser.htmlParser());
        return pipeline.parse(BodySource.file(file, headerList(contentType)), baseUri, Parser.htmlParser());
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
        return new DecodedHtmlReader(pipeline.open(BodySource.stream(in, headerList(contentType), () -> false)));
    }

    /**
     * Decodes a file as {@link #decode(InputStream, String)} decodes a stream, and, because a file
     * can be read again, never hands out text a later byte shows wrong: when the decision rests on
     * the look-ahead (UTF-8 by its validity, or the default for a look-ahead all ASCII), the rest
     * of the file is read first; if a byte there contradicts the decision, the encoding is decided
     * again as {@link #parseWithDecision(Path, String, String)} decides it ({@link
     * EncodingDecision.Lookahead#decodedAgain()}). So such a file is read twice (three times when
     * contradicted), a declared or detected one once. A head longer than the look-ahead is scanned
     * on through the file for a {@code <meta>}, as that method does. Memory stays bounded as for a
     * stream.
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
        return new DecodedHtmlReader(pipeline.open(BodySource.file(file, headerList(contentType))));
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
        return new DecidedStreamParser(pipeline.open(BodySource.stream(in, headerList(contentType), () -> false)),
                baseUri, parser);
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
        return new DecidedStreamParser(pipeline.open(BodySource.file(file, headerList(contentType))), baseUri,
                Parser.htmlParser());
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
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if reading the look-ahead fails (the connection drops)
     * @throws UnsupportedOperationException under {@link SniffOptions.TextNormalization#NFC}
     */
    public DecidedStreamParser streamParser(Connection.Response response) throws IOException {
        Objects.requireNonNull(response, "response must not be null");
        requireNoNormalization("streamParser");
        InputStream in = decodedBodyOf(response);
        try {
            StreamInput input = pipeline.open(BodySource.stream(in, response.headers("Content-Type"), () -> JsoupSupport.isTruncated(response)));
            return new DecidedStreamParser(input, baseUriOf(response), Parser.htmlParser());
        } catch (IOException e) {
            throw readFailure(e);
        }
    }

    /** {@link DecisionPipeline#parse} of a body held whole, which reads nothing that could fail. */
    private ParsedHtml parseHeld(BodySource body, String baseUri, Parser parser) {
        checkParseArguments(baseUri, parser);
        try {
            return pipeline.parse(body, baseUri, parser);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array is never short of bytes
        }
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
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if reading the body fails (the connection drops), as {@code response.parse()} throws it
     */
    public Document parse(Connection.Response response) throws IOException {
        return parseWithDecision(response).document();
    }

    /**
     * As {@link #parse(Connection.Response)}, returning the decision with the document, and
     * whether jsoup cut the body off at its {@code maxBodySize} ({@link ParsedHtml#truncated()}).
     * A UTF-8 sequence cut off at the end of a truncated body is then no evidence against UTF-8.
     * (jsoup says so from 1.24.1; with an older jsoup a cut body counts as whole.)
     *
     * <p>The body is read from {@code response.bodyStream()} as {@link #parseWithDecision(
     * InputStream, String, String)} reads a stream: decided from a bounded look-ahead, then decoded
     * as jsoup parses, never held whole. A body that ends within the look-ahead gets the decision of
     * the {@code byte[]} entry points; so does a buffered body ({@code response.readBody()} or
     * {@code response.body()} called first) whose streamed decision the look-ahead bound cut short or
     * later bytes contradicted: it is parsed again from its bytes, as a browser reloads.
     *
     * <p>Its {@code Content-Encoding} is undone as {@link #parseWithDecision(HttpResponse)} undoes
     * it: jsoup undoes one {@code gzip} or raw {@code deflate} itself and leaves the rest ({@code
     * br}, {@code deflate, gzip}), which is undone here, up to {@link #maxDecodedBytes()}. jsoup
     * reads {@code deflate} as raw deflate only, so a zlib-wrapped body (the standard's deflate)
     * is lost inside jsoup: that is a {@link ContentCodingException} saying so.
     *
     * @param response a response from {@code Jsoup.connect(url).execute()}, its body not yet read
     * @return the document, the decision that chose its encoding, and whether the body was cut off
     * @throws IllegalStateException if the body was already consumed
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone (an unknown
     *     coding, a broken stream, a body over {@link #maxDecodedBytes()}); the message names it
     * @throws IOException if reading the body fails (the connection drops), as {@code response.parse()} throws it
     */
    public ParsedHtml parseWithDecision(Connection.Response response) throws IOException {
        Objects.requireNonNull(response, "response must not be null");
        InputStream in = decodedBodyOf(response);
        String baseUri = baseUriOf(response);
        // detection may break ties with the response's URL and Content-Language
        BrowserCharsetParser p = hinted(baseUri, response.header("Content-Language"));
        try (in) {
            // truncation is known only once the body has been read: a sequence the cut split is
            // then no evidence against UTF-8 (decoding still counts it as one U+FFFD); a buffered
            // body (readBody(), body()) can be read again, and is decided from all of it where the
            // look-ahead fell short, as the byte[] entry points decide (a body that was streamed is
            // gone, and its decision says so)
            return p.pipeline.parse(BodySource.streamThenBuffered(in, response.headers("Content-Type"),
                    () -> JsoupSupport.isTruncated(response), () -> bufferedBody(response)), baseUri, Parser.htmlParser());
        } catch (IOException e) {
            throw readFailure(e);
        }
    }

    /**
     * Fetches and parses as jsoup's {@code connection.get()} does, decoding as a browser: sets the
     * method to GET, executes the request and parses the response with {@link
     * #parse(Connection.Response)}. Everything set on the connection applies (headers, cookies,
     * timeouts, {@code maxBodySize}, {@code ignoreHttpErrors}, {@code ignoreContentType}).
     *
     * @param connection a connection from {@code Jsoup.connect(url)}, not yet executed
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws org.jsoup.HttpStatusException as jsoup's {@code get()}: an error status, unless the
     *     connection ignores HTTP errors
     * @throws org.jsoup.UnsupportedMimeTypeException as jsoup's {@code get()}: a type jsoup does not
     *     parse, unless the connection ignores the content type
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if the request or reading the body fails, as {@code connection.get()} throws it
     */
    public Document get(Connection connection) throws IOException {
        return getWithDecision(connection).document();
    }

    /**
     * As {@link #get(Connection)}, returning the decision with the document ({@link
     * #parseWithDecision(Connection.Response)}).
     *
     * @param connection a connection from {@code Jsoup.connect(url)}, not yet executed
     * @return the document, the decision that chose its encoding, and whether the body was cut off
     * @throws org.jsoup.HttpStatusException as jsoup's {@code get()}: an error status, unless the
     *     connection ignores HTTP errors
     * @throws org.jsoup.UnsupportedMimeTypeException as jsoup's {@code get()}: a type jsoup does not
     *     parse, unless the connection ignores the content type
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if the request or reading the body fails, as {@code connection.get()} throws it
     */
    public ParsedHtml getWithDecision(Connection connection) throws IOException {
        Objects.requireNonNull(connection, "connection must not be null");
        return parseWithDecision(connection.method(Connection.Method.GET).execute());
    }

    /**
     * The body of a response whose body was buffered (and so can be read again), with the codings
     * jsoup left undone undone, or null.
     */
    private byte[] bufferedBody(Connection.Response response) {
        byte[] body;
        try {
            body = response.bodyAsBytes();
        } catch (RuntimeException streamedAlready) {
            return null;
        }
        List<String> left = codingsJsoupLeft(response);
        return left.isEmpty() ? body : ContentCodings.decode(body, left, maxDecodedBytes);
    }

    private static String baseUriOf(Connection.Response response) {
        return response.url() == null ? "" : response.url().toExternalForm();
    }

    /**
     * Parses a {@code java.net.http} response: its body (with its {@code Content-Encoding}
     * undone), every Content-Type header and its URI as base URI.
     *
     * @param response a response read with {@code HttpResponse.BodyHandlers.ofByteArray()} or
     *     {@code ofInputStream()}
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IllegalArgumentException if the response's body is neither bytes nor a stream
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if reading a streamed body fails (the connection drops)
     */
    public Document parse(HttpResponse<?> response) throws IOException {
        return parseWithDecision(response).document();
    }

    /**
     * As {@link #parse(HttpResponse)}, returning the decision with the document.
     *
     * <p>{@code java.net.http} hands over the body as the server sent it: its {@code
     * Content-Encoding} (gzip, deflate, br, stacked) is undone first, as a browser undoes it before
     * sniffing ({@link ContentCodings}), up to {@link #maxDecodedBytes()} decoded bytes.
     *
     * <ul>
     * <li>A {@code byte[]} body ({@code BodyHandlers.ofByteArray()}) is decoded into a buffer that
     *     never outgrows that bound, then decided as {@link #parseWithDecision(byte[], String,
     *     String)} decides.
     * <li>An {@code InputStream} body ({@code BodyHandlers.ofInputStream()}) is decoded as it
     *     arrives and parsed as {@link #parseWithDecision(InputStream, String, String)} parses a
     *     stream (a bounded look-ahead, never held whole), then closed.
     * </ul>
     *
     * @param response a response read with {@code HttpResponse.BodyHandlers.ofByteArray()} or
     *     {@code ofInputStream()}
     * @return the document and the decision that chose its encoding, with its U+FFFD count
     * @throws IllegalArgumentException if the response's body is neither bytes nor a stream
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone (an unknown
     *     coding, more than {@link ContentCodings#MAX_CODINGS}, a broken stream, a body over
     *     {@link #maxDecodedBytes()}); the message names the coding
     * @throws IOException if reading a streamed body fails (the connection drops)
     */
    public ParsedHtml parseWithDecision(HttpResponse<?> response) throws IOException {
        Objects.requireNonNull(response, "response must not be null");
        Object body = response.body();
        String baseUri = response.uri() == null ? "" : response.uri().toString();
        List<String> codings = response.headers().allValues("Content-Encoding");
        List<String> contentTypes = response.headers().allValues("Content-Type");
        BrowserCharsetParser p = hinted(baseUri, response.headers().firstValue("Content-Language").orElse(null));
        if (body instanceof byte[] bytes) {
            byte[] decoded = ContentCodings.decode(bytes, codings, maxDecodedBytes);
            return p.parseHeld(BodySource.whole(decoded, contentTypes, false), baseUri, Parser.htmlParser());
        }
        if (body instanceof InputStream stream) {
            try (stream) {
                InputStream in = ContentCodings.decode(stream, codings, maxDecodedBytes);
                return p.pipeline.parse(BodySource.stream(in, contentTypes, () -> false), baseUri, Parser.htmlParser());
            } catch (IOException e) {
                throw readFailure(e);
            }
        }
        throw new IllegalArgumentException("response has no body bytes or stream (use HttpResponse.BodyHandlers"
                + ".ofByteArray() or ofInputStream()); its body is " + (body == null ? "null" : body.getClass().getName()));
    }

    /** The {@link ContentCodingException} a failed read carries (itself or as a cause), or null. */
    private static ContentCodingException codingFailure(Throwable e) {
        // the decoders, the reader and jsoup wrap it; a few levels are enough
        for (int depth = 0; e != null && depth < 8; depth++, e = e.getCause()) {
            if (e instanceof ContentCodingException c) return c;
        }
        return null;
    }

    /**
     * What a failed read of a response body throws: the content coding's failure (thrown here), or
     * the read's own {@link IOException} (returned, to be thrown), as jsoup's {@code parse()} throws it.
     */
    private static IOException readFailure(IOException e) {
        ContentCodingException coding = codingFailure(e);
        if (coding != null) throw coding;
        return e;
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
        return new BrowserCharsetParser(options.withLanguageHints(Sniffer.languageHints(url, contentLanguage)),
                maxDecodedBytes);
    }

    /** This parser, or one whose detection may break ties with the response's URL and Content-Language (if these options hint nothing). */
    private BrowserCharsetParser hinted(String url, String contentLanguage) {
        if (!options.languageHints().isEmpty()) return this;
        BrowserCharsetParser hinted = withLanguageHints(url, contentLanguage);
        return hinted.options.languageHints().isEmpty() ? this : hinted;
    }

    /**
     * A jsoup response's body with its content codings undone: jsoup 1.24 undoes one coding itself,
     * gzip when a {@code Content-Encoding} header is exactly {@code gzip}, else deflate (as raw
     * deflate only) when one is exactly {@code deflate}, and leaves the rest ({@code br}, {@code
     * deflate, gzip} in one header, a second gzip) as it came; those are undone here, up to
     * {@link #maxDecodedBytes}. What jsoup's own decoder throws is the coding's failure. A body
     * jsoup cut off at its {@code maxBodySize} ends where it was cut.
     */
    private InputStream decodedBodyOf(Connection.Response response) {
        InputStream jsoupBody = bodyStreamOf(response);
        String undone = codingJsoupUndid(response);
        // the coding jsoup undid is held to the bound as ours are: a gzip bomb is refused, not parsed
        InputStream in = undone == null ? jsoupBody
                : ContentCodings.bounded(new JsoupDecoded(jsoupBody, undone), undone, maxDecodedBytes);
        List<String> left = codingsJsoupLeft(response);
        if (left.isEmpty()) return in;
        return new CutAtTruncation(ContentCodings.decode(in, left, maxDecodedBytes), response);
    }

    /** The coding jsoup 1.24 undid itself ({@code HttpConnection.Response.execute}), or null. */
    private static String codingJsoupUndid(Connection.Response response) {
        if (response.hasHeaderWithValue("Content-Encoding", "gzip")) return "gzip";
        if (response.hasHeaderWithValue("Content-Encoding", "deflate")) return "deflate";
        return null;
    }

    /** The codings of a jsoup response that jsoup left for us, in the header's order. */
    private static List<String> codingsJsoupLeft(Connection.Response response) {
        List<String> values = response.headers("Content-Encoding");
        if (values.isEmpty()) return List.of();
        List<String> codings = new java.util.ArrayList<>(ContentCodings.codings(values));
        String undone = codingJsoupUndid(response);
        // jsoup undid the outermost: the last one applied
        if (undone != null) codings.remove(codings.lastIndexOf(undone));
        return codings;
    }

    /** jsoup's decoded body stream, its decoder's failures named as the coding's. */
    private static final class JsoupDecoded extends java.io.FilterInputStream {
        private final String coding;

        JsoupDecoded(InputStream in, String coding) {
            super(in);
            this.coding = coding;
        }

        @Override
        public int read() throws IOException {
            try {
                return in.read();
            } catch (java.util.zip.ZipException | java.io.EOFException e) {
                throw failed(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return in.read(b, off, len);
            } catch (java.util.zip.ZipException | java.io.EOFException e) {
                throw failed(e);
            }
        }

        private IOException failed(IOException e) {
            String why = coding.equals("deflate")
                    ? "content coding deflate: jsoup undoes deflate as raw deflate only, and this body is not (a"
                            + " zlib-wrapped body, RFC 9110's deflate, cannot be read from a jsoup response; fetch it"
                            + " with java.net.http and parse(HttpResponse)): " + e.getMessage()
                    : "content coding " + coding + ": the body is not valid " + coding + " data (" + e.getMessage() + ")";
            ContentCodingException c = new ContentCodingException(coding, why, e, false);
            return new IOException(c.getMessage(), c);
        }
    }

    /**
     * The decoded rest of a body jsoup cut off at its {@code maxBodySize}: the coding's stream then
     * ends early, which is the cut, not a broken body; it ends there ({@link ParsedHtml#truncated()}).
     */
    private static final class CutAtTruncation extends java.io.FilterInputStream {
        private final Connection.Response response;

        CutAtTruncation(InputStream in, Connection.Response response) {
            super(in);
            this.response = response;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n;
            while ((n = read(one, 0, 1)) == 0) {
                // ask again
            }
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return in.read(b, off, len);
            } catch (IOException e) {
                ContentCodingException c = codingFailure(e);
                if (c != null && !c.overLimit() && JsoupSupport.isTruncated(response)) return -1;
                throw e;
            }
        }
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
        return BodySource.headerList(contentType);
    }
}
