/**
 * jsoup-charset: the raw bytes of a fetched HTML page turned into a jsoup {@code Document} whose
 * text is what a web browser shows, with a record of how the encoding was decided.
 *
 * <p>Exported: {@code io.github.jsoupcharset} (the facade {@code BrowserCharsetJsoup} and its
 * results) and {@code io.github.jsoupcharset.encoding} (the WHATWG Encoding Standard's encodings
 * and labels, usable without jsoup). Everything else — the decoders and tables ({@code codec}), the HTML
 * Standard's sniffing steps ({@code sniff}), detection ({@code detect}) and the byte-level markup
 * helpers ({@code markup}) — is internal to the module. ARCHITECTURE.md says which package may use
 * which.
 */
module io.github.jsoupcharset {
    // the API takes and returns jsoup's types and java.net.http responses
    requires transitive org.jsoup;
    requires transitive java.net.http;
    requires com.ibm.icu;

    exports io.github.jsoupcharset;
    exports io.github.jsoupcharset.encoding;
}
