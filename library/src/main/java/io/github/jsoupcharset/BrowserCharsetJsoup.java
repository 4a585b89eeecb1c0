package io.github.jsoupcharset;

import io.github.jsoupcharset.contentcoding.ContentCodingException;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import org.jsoup.Connection;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;

/**
 * The entry point: turn the raw bytes of a fetched HTML page into a jsoup {@link Document} whose
 * text is what a web browser shows, and say how the encoding was decided.
 *
 * <pre>{@code
 * Connection.Response res = Jsoup.connect(url).execute();
 * Document doc = BrowserCharsetJsoup.parse(res);          // instead of res.parse()
 * }</pre>
 *
 * <p>The encoding is decided in the browser's order: byte order mark, the HTTP Content-Type
 * charset, the HTML Standard's {@code <meta>} prescan of the first 1024 bytes, the XML
 * declaration, a {@code <meta>} later in {@code <head>}, then (for undeclared pages) UTF-8
 * validity, statistical detection and the default, windows-1252. Labels mean what browsers decode
 * them as: {@code iso-8859-1} is windows-1252, {@code gb2312} is GBK, {@code utf-7} is ignored.
 *
 * <p>These methods use {@link SniffOptions#DEFAULTS}; {@link #withOptions} gives a parser with
 * others. All methods are thread-safe. Null arguments are rejected with a
 * {@link NullPointerException} naming the argument; any bytes and any header give a result.
 */
public final class BrowserCharsetJsoup {
    private static final BrowserCharsetParser DEFAULT = new BrowserCharsetParser(SniffOptions.DEFAULTS);

    private BrowserCharsetJsoup() {}

    /**
     * A parser with other options, e.g. {@code withOptions(SniffOptions.DEFAULTS.withDetection(BROWSER_PARITY))}
     * for what Chromium shows on undeclared pages. The parser is immutable: create it once and share it.
     *
     * @param options how to scan for {@code <meta>}, whether and how to detect, and the default encoding
     * @return a parser with the same methods as this class, deciding with {@code options}
     */
    public static BrowserCharsetParser withOptions(SniffOptions options) {
        return new BrowserCharsetParser(options);
    }

    /**
     * Parses a jsoup response: its body bytes, every Content-Type header, and its URL as base URI.
     * Call it instead of {@code response.parse()}, before anything else reads the body.
     *
     * @param response a response from {@code Jsoup.connect(url).execute()}, its body not yet read
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IllegalStateException if the body was already consumed by {@code response.parse()}
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if reading the body fails (the connection drops), as {@code response.parse()} throws it
     */
    public static Document parse(Connection.Response response) throws IOException {
        return DEFAULT.parse(response);
    }

    /**
     * As {@link #parse(Connection.Response)}, returning the decision with the document, and
     * whether jsoup cut the body off at its {@code maxBodySize} ({@link ParsedHtml#truncated()}).
     *
     * @param response a response from {@code Jsoup.connect(url).execute()}, its body not yet read
     * @return the document, the decision that chose its encoding, and whether the body was cut off
     * @throws IllegalStateException if the body was already consumed by {@code response.parse()}
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if reading the body fails (the connection drops), as {@code response.parse()} throws it
     */
    public static ParsedHtml parseWithDecision(Connection.Response response) throws IOException {
        return DEFAULT.parseWithDecision(response);
    }

    /**
     * Fetches and parses as jsoup's {@code Jsoup.connect(url).get()} does, decoding as a browser:
     * the drop-in for jsoup's one-liner.
     *
     * <pre>{@code
     * Document doc = BrowserCharsetJsoup.get(Jsoup.connect(url));   // instead of Jsoup.connect(url).get()
     * }</pre>
     *
     * <p>Sets the method to GET, executes the request (everything set on the connection applies:
     * headers, cookies, timeouts, {@code maxBodySize}, {@code ignoreHttpErrors}, {@code
     * ignoreContentType}) and parses the response with {@link #parse(Connection.Response)}.
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
    public static Document get(Connection connection) throws IOException {
        return DEFAULT.get(connection);
    }

    /**
     * As {@link #get(Connection)}, returning the decision with the document.
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
    public static ParsedHtml getWithDecision(Connection connection) throws IOException {
        return DEFAULT.getWithDecision(connection);
    }

    /**
     * jsoup's {@link org.jsoup.parser.StreamParser} over a response's body, decided as a browser
     * decides while the bytes arrive and decoded as the parser reads: for selecting from pages and
     * feeds larger than memory. Call it instead of {@code response.streamParser()}.
     *
     * <pre>{@code
     * try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(Jsoup.connect(url).execute())) {
     *     Element item;
     *     while ((item = parser.selectNext("article")) != null) {
     *         handle(item);
     *         item.remove(); // keep the tree small
     *     }
     * }
     * }</pre>
     *
     * @param response a response from {@code Jsoup.connect(url).execute()}, its body not yet read
     * @return the stream parser, with {@link DecidedStreamParser#decision()}
     * @throws IllegalStateException if the body was already consumed
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if reading the look-ahead fails (the connection drops)
     */
    public static DecidedStreamParser streamParser(Connection.Response response) throws IOException {
        return DEFAULT.streamParser(response);
    }

    /**
     * jsoup's {@link org.jsoup.parser.StreamParser} over a body read from a stream, its encoding
     * decided from a bounded look-ahead ({@link BrowserCharsetParser#parseWithDecision(InputStream,
     * String, String)} says what it holds); closing the parser closes the stream.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @return the stream parser, with {@link DecidedStreamParser#decision()}
     * @throws IOException if reading the look-ahead throws
     */
    public static DecidedStreamParser streamParser(InputStream in, String contentType, String baseUri) throws IOException {
        return DEFAULT.streamParser(in, contentType, baseUri);
    }

    /**
     * Parses a body read from a stream: the encoding is decided from a bounded look-ahead, as a
     * browser decides while bytes arrive, and the rest is decoded as jsoup reads it, so the body is
     * never held whole ({@link BrowserCharsetParser#parseWithDecision(InputStream, String, String)}
     * says what the look-ahead holds). Does not close the stream.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IOException if reading the stream throws
     */
    public static Document parse(InputStream in, String contentType, String baseUri) throws IOException {
        return DEFAULT.parse(in, contentType, baseUri);
    }

    /**
     * As {@link #parse(InputStream, String, String)}, building the tree with the given jsoup parser.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IOException if reading the stream throws
     */
    public static Document parse(InputStream in, String contentType, String baseUri, Parser parser) throws IOException {
        return DEFAULT.parse(in, contentType, baseUri, parser);
    }

    /**
     * As {@link #parse(InputStream, String, String)}, returning the decision with the document:
     * its {@link EncodingDecision#lookahead()} says how many bytes it was made from, whether the
     * look-ahead bound cut it short, and where later bytes contradicted it.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @return the document and the decision, with its U+FFFD count
     * @throws IOException if reading the stream throws
     */
    public static ParsedHtml parseWithDecision(InputStream in, String contentType, String baseUri) throws IOException {
        return DEFAULT.parseWithDecision(in, contentType, baseUri);
    }

    /**
     * As {@link #parseWithDecision(InputStream, String, String)}, building the tree with the given
     * jsoup parser.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the document and the decision, with its U+FFFD count
     * @throws IOException if reading the stream throws
     */
    public static ParsedHtml parseWithDecision(InputStream in, String contentType, String baseUri, Parser parser)
            throws IOException {
        return DEFAULT.parseWithDecision(in, contentType, baseUri, parser);
    }

    /**
     * Parses a saved body as a stream, and parses it again when bytes after the look-ahead
     * contradict the decision, with the encoding decided again from the look-ahead and the bytes
     * around the contradiction, as a browser reloads a page its guess got wrong ({@link
     * BrowserCharsetParser#parseWithDecision(java.nio.file.Path, String, String)}).
     *
     * @param file the raw response body, saved
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @return the document and the decision, with the look-ahead it was made from
     * @throws IOException if reading the file throws
     */
    public static ParsedHtml parseWithDecision(java.nio.file.Path file, String contentType, String baseUri)
            throws IOException {
        return DEFAULT.parseWithDecision(file, contentType, baseUri);
    }

    /**
     * Decodes a body read from a stream as a browser would, as the returned reader is read; the
     * encoding is decided from a bounded look-ahead before this returns. Closing the reader closes
     * the stream.
     *
     * @param in the raw response body
     * @param contentType the Content-Type header value, or null if there was none
     * @return the text (byte order mark removed) as a reader, with the decision
     * @throws IOException if reading the look-ahead throws
     */
    public static DecodedHtmlReader decode(InputStream in, String contentType) throws IOException {
        return DEFAULT.decode(in, contentType);
    }

    /**
     * Decodes a file as a browser would, as the returned reader is read; a file whose decision
     * rests on its look-ahead is read to its end first, and decided again when a later byte
     * contradicts it ({@link BrowserCharsetParser#decode(java.nio.file.Path, String)}).
     *
     * @param file the raw response body, saved
     * @param contentType the Content-Type header value, or null if there was none
     * @return the text (byte order mark removed) as a reader, with the decision
     * @throws IOException if reading the file throws
     */
    public static DecodedHtmlReader decode(java.nio.file.Path file, String contentType) throws IOException {
        return DEFAULT.decode(file, contentType);
    }

    /**
     * jsoup's StreamParser over a file, its decision final before the first element is handed out
     * ({@link BrowserCharsetParser#streamParser(java.nio.file.Path, String, String)}).
     *
     * @param file the raw response body, saved
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @return the stream parser, with the decision
     * @throws IOException if reading the file throws
     */
    public static DecidedStreamParser streamParser(java.nio.file.Path file, String contentType, String baseUri)
            throws IOException {
        return DEFAULT.streamParser(file, contentType, baseUri);
    }

    /**
     * Parses raw body bytes.
     *
     * @param body the response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @return the document, its {@code charset()} named as browsers name the encoding
     */
    public static Document parse(byte[] body, String contentType, String baseUri) {
        return DEFAULT.parse(body, contentType, baseUri);
    }

    /**
     * As {@link #parse(byte[], String, String)}, building the tree with the given jsoup parser
     * (for example one that tracks errors or positions, or {@code Parser.xmlParser()}). The parser
     * only ever sees characters: the encoding is decided here, not by jsoup.
     *
     * @param body the response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the document, its {@code charset()} named as browsers name the encoding
     */
    public static Document parse(byte[] body, String contentType, String baseUri, Parser parser) {
        return DEFAULT.parse(body, contentType, baseUri, parser);
    }

    /**
     * As {@link #parse(byte[], String, String)}, returning the decision with the document.
     *
     * @param body the response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @return the document and the decision that chose its encoding, with its U+FFFD count
     */
    public static ParsedHtml parseWithDecision(byte[] body, String contentType, String baseUri) {
        return DEFAULT.parseWithDecision(body, contentType, baseUri);
    }

    /**
     * As {@link #parse(byte[], String, String, Parser)}, returning the decision with the document.
     *
     * @param body the response body
     * @param contentType the Content-Type header value, or null if there was none
     * @param baseUri the page's URL for resolving relative links ("" if unknown)
     * @param parser the jsoup parser that builds the tree
     * @return the document and the decision that chose its encoding, with its U+FFFD count
     */
    public static ParsedHtml parseWithDecision(byte[] body, String contentType, String baseUri, Parser parser) {
        return DEFAULT.parseWithDecision(body, contentType, baseUri, parser);
    }

    /**
     * Parses a {@code java.net.http} response (body with its {@code Content-Encoding} undone,
     * every Content-Type header, URI as base URI). A streamed body is decoded as it arrives and
     * never held whole ({@link BrowserCharsetParser#parseWithDecision(HttpResponse)}).
     *
     * <pre>{@code
     * Document doc = BrowserCharsetJsoup.parse(client.send(request, HttpResponse.BodyHandlers.ofInputStream()));
     * }</pre>
     *
     * @param response a response read with {@code HttpResponse.BodyHandlers.ofByteArray()} or
     *     {@code ofInputStream()}
     * @return the document, its {@code charset()} named as browsers name the encoding
     * @throws IllegalArgumentException if the response's body is neither bytes nor a stream
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if reading a streamed body fails (the connection drops)
     */
    public static Document parse(HttpResponse<?> response) throws IOException {
        return DEFAULT.parse(response);
    }

    /**
     * As {@link #parse(HttpResponse)}, returning the decision with the document.
     *
     * @param response a response read with {@code HttpResponse.BodyHandlers.ofByteArray()} or
     *     {@code ofInputStream()}
     * @return the document and the decision that chose its encoding, with its U+FFFD count
     * @throws IllegalArgumentException if the response's body is neither bytes nor a stream
     * @throws ContentCodingException if its {@code Content-Encoding} cannot be undone
     * @throws IOException if reading a streamed body fails (the connection drops)
     */
    public static ParsedHtml parseWithDecision(HttpResponse<?> response) throws IOException {
        return DEFAULT.parseWithDecision(response);
    }

    /**
     * Decodes a body as a browser would, without parsing it.
     *
     * @param body the response body
     * @param contentType the Content-Type header value, or null if there was none
     * @return the text (byte order mark removed) and the decision with its U+FFFD count
     */
    public static DecodedHtml decode(byte[] body, String contentType) {
        return DEFAULT.decode(body, contentType);
    }

    /**
     * Decides the encoding without decoding the body. Reads the first 1024 bytes, then as long as the
     * head lasts (which can be the whole body), the XML declaration to its {@code >}, and, for a page
     * that declares nothing, the whole body once for UTF-8 validity and a window of at most 64 KiB
     * for detection; {@link BrowserCharsetParser#sniff(byte[], String)} says exactly what.
     *
     * @param body the response body
     * @param contentType the Content-Type header value, or null if there was none
     * @return the encoding, the rule that chose it and what the page and header declared; its
     *     {@link EncodingDecision#replacementCount()} is 0, as nothing was decoded
     */
    public static EncodingDecision sniff(byte[] body, String contentType) {
        return DEFAULT.sniff(body, contentType);
    }
}
