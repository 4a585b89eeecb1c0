/**
 * jsoup-charset: the raw bytes of a fetched HTML page turned into a jsoup {@code Document} whose
 * text is what a web browser shows, with a record of how the encoding was decided.
 *
 * <p>Exported: {@code io.github.jsoupcharset} (the facade {@code BrowserCharsetJsoup} and what it
 * returns), {@code decision} (the decision record and the options that steer it), {@code encoding}
 * (the WHATWG Encoding Standard's encodings and labels, usable without jsoup), {@code
 * contentcoding} (undoing HTTP content codings) and {@code compare} (the key decoded texts are
 * compared by). Everything else — the decoders and tables ({@code codec}), the HTML Standard's
 * sniffing steps ({@code sniff}), detection ({@code detect}), the byte-level markup helpers
 * ({@code markup}) and the stream look-ahead ({@code stream}) — is internal to the module. ARCHITECTURE.md says which package may use
 * which.
 */
module io.github.jsoupcharset {
    // the API takes and returns jsoup's types and java.net.http responses
    requires transitive org.jsoup;
    requires transitive java.net.http;
    requires com.ibm.icu;

    exports io.github.jsoupcharset;
    exports io.github.jsoupcharset.decision;
    exports io.github.jsoupcharset.encoding;
    exports io.github.jsoupcharset.contentcoding;
    exports io.github.jsoupcharset.compare;
}
