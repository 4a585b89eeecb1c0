package io.github.jsoupcharset;

import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.ContentType;
import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.DecodingReader;
import io.github.jsoupcharset.sniff.Sniffer;
import org.jsoup.Connection;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

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
        int start = decision.source() == DecisionSource.BOM ? bomLength(decision.encoding()) : 0;
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
     * @param response a response from {@code Jsoup.connect(url).execute()}, its body not yet read
     * @return the document, the decision that chose its encoding, and whether the body was cut off
     * @throws IllegalStateException if the body was already consumed
     */
    public ParsedHtml parseWithDecision(Connection.Response response) {
        Objects.requireNonNull(response, "response must not be null");
        byte[] body = bodyOf(response);
        String baseUri = response.url() == null ? "" : response.url().toExternalForm();
        // known only once the body has been read: a sequence the cut split is then no evidence
        // against UTF-8 (decoding still counts it as one U+FFFD)
        boolean truncated = response.isTruncated();
        ParsedHtml parsed = hinted(baseUri, response.header("Content-Language"))
                .build(body, response.headers("Content-Type"), baseUri, Parser.htmlParser(), !truncated);
        return truncated ? new ParsedHtml(parsed.document(), parsed.decision(), true) : parsed;
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
        int start = decision.source() == DecisionSource.BOM ? bomLength(decision.encoding()) : 0;
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

    /** This parser, or one whose detection may break ties with the response's URL and Content-Language (if these options hint nothing). */
    private BrowserCharsetParser hinted(String url, String contentLanguage) {
        if (!options.languageHints().isEmpty()) return this;
        SniffOptions hinted = options.withLanguageHints(url, contentLanguage);
        return hinted.languageHints().isEmpty() ? this : new BrowserCharsetParser(hinted);
    }

    private static byte[] bodyOf(Connection.Response response) {
        try {
            return response.bodyAsBytes();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalStateException("the response body was already consumed (response.parse() or "
                    + "response.bodyStream() read it), so its bytes are gone; call BrowserCharsetJsoup.parse(response) "
                    + "instead of response.parse(), or call response.bufferUp() first", e);
        }
    }

    private static List<String> headerList(String contentType) {
        return contentType == null ? Collections.emptyList() : Collections.singletonList(contentType);
    }

    static int bomLength(Encoding encoding) {
        return encoding == Encoding.UTF_8 ? 3 : 2;
    }
}
