package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.IgnoredLabel;
import io.github.jsoupcharset.ParsedHtml;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The audit of one HTML page: how a browser decides and decodes it, and whether three naive
 * decodings common in crawlers would have corrupted its text. This is the one code path for
 * per-page work: the {@code audit} command calls {@link #of} for every HTML response record, and a
 * batch job over a crawl should call it too, then add the results to an {@link AuditTable}.
 *
 * <p>The naive decodings ("corrupt" means the text differs from the browser's):
 * <ul>
 *   <li>{@link #requests()}: Python {@code requests}' {@code .text}: the charset parameter of the
 *       Content-Type header (as {@code requests} parses it) through the JDK charset of that name,
 *       ISO-8859-1 (the real one, not windows-1252) when the header has no charset; a name the JDK
 *       does not know falls back to UTF-8, as {@code requests} falls back when Python does not.
 *       ({@code requests} guesses with {@code charset_normalizer} when there is no Content-Type at
 *       all; we use ISO-8859-1 there too.)</li>
 *   <li>{@link #jsoup()}: jsoup's own {@code Connection.Response.parse()}, that is
 *       {@code Jsoup.parse(InputStream, headerCharsetOrNull, baseUri)}; its document text (title
 *       and body) is compared with that of a document parsed from our text.</li>
 *   <li>{@link #declared()}: the JDK charset of the declared label (the header's, else the
 *       document's {@code <meta>} or XML declaration), UTF-8 when nothing is declared; a label the
 *       JDK does not know counts as corrupt.</li>
 * </ul>
 * A leading U+FEFF that a naive decoding keeps (we remove the byte order mark) is not counted as a
 * difference: it is invisible.
 *
 * <p>On a misdeclared page ({@link EncodingDecision#misdeclared()}: the bytes plainly contradict
 * the declaration, see {@link SniffOptions.Declarations}) the browser's text is not the author's;
 * each naive decoding also says whether it got the author's text ({@link Naive#authorText()}), the
 * text {@link SniffOptions.Declarations#CHECKED} decodes. On every other page the author's text is
 * the browser's.
 *
 * @param url the page's URL (the WARC record's target URI)
 * @param tld the top-level domain of the URL's host, lowercase, e.g. {@code "ru"}; {@code "(ip)"}
 *     for an IP address and {@code "(none)"} when the URL has no host
 * @param contentType the Content-Type header values joined by ", " (as Fetch combines them), or
 *     null if there was none
 * @param bodyBytes the size of the body
 * @param decision how the encoding was decided, with the number of U+FFFD our decoding produced
 * @param requests what {@code requests}' {@code .text} would have done
 * @param jsoup what jsoup's {@code Connection.Response.parse()} would have done
 * @param declared what decoding with the JDK charset of the declared label would have done
 * @param truncation why the crawler cut the body off, as its WARC record's {@code WARC-Truncated}
 *     says ({@code "length"}, {@code "time"}, {@code "disconnect"}, {@code "unspecified"}, or what
 *     else it says, lowercase, at most {@value #MAX_TRUNCATION_LENGTH} characters), or null if it
 *     did not; the decision then knows the body was cut ({@link EncodingDecision#truncated()})
 */
public record PageAudit(String url, String tld, String contentType, long bodyBytes, EncodingDecision decision,
                        Naive requests, Naive jsoup, Naive declared, String truncation) {

    /** The longest {@link #truncation()} kept; a longer {@code WARC-Truncated} value is cut. */
    public static final int MAX_TRUNCATION_LENGTH = 32;

    /**
     * One naive decoding of the page.
     *
     * @param charset the charset it used, e.g. {@code "ISO-8859-1"}, {@code "(sniffed)"} for jsoup
     *     without a header charset, or {@code "unsupported: utf-7"}
     * @param corrupt true if its text differs from the browser's
     * @param authorText true if its text is the author's: the browser's ({@code !corrupt}) on a page
     *     whose declaration is right, what the bytes look like on a misdeclared page
     */
    public record Naive(String charset, boolean corrupt, boolean authorText) {
        /**
         * Checks the arguments.
         *
         * @param charset the charset it used, or what stood in for one
         * @param corrupt true if its text differs from the browser's
         * @param authorText true if its text is the author's
         * @throws NullPointerException if {@code charset} is null
         */
        public Naive {
            Objects.requireNonNull(charset, "charset");
        }

        /**
         * A naive decoding of a page whose declaration is right, where the author's text is the
         * browser's.
         *
         * @param charset the charset it used, or what stood in for one
         * @param corrupt true if its text differs from the browser's
         */
        public Naive(String charset, boolean corrupt) {
            this(charset, corrupt, !corrupt);
        }
    }

    /**
     * Checks the arguments; {@link #of} is the way to audit a page.
     *
     * @param url the page's URL (the WARC record's target URI)
     * @param tld the top-level domain of the URL's host, lowercase
     * @param contentType the Content-Type header values joined by ", ", or null if there was none
     * @param bodyBytes the size of the body
     * @param decision how the encoding was decided, with the number of U+FFFD our decoding produced
     * @param requests what {@code requests}' {@code .text} would have done
     * @param jsoup what jsoup's {@code Connection.Response.parse()} would have done
     * @param declared what decoding with the JDK charset of the declared label would have done
     * @param truncation why the crawler cut the body off ({@code WARC-Truncated}), or null
     * @throws NullPointerException if an argument other than {@code contentType} or {@code truncation} is null
     */
    public PageAudit {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(tld, "tld");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(requests, "requests");
        Objects.requireNonNull(jsoup, "jsoup");
        Objects.requireNonNull(declared, "declared");
    }

    /**
     * A page whose body was not cut off.
     *
     * @param url the page's URL (the WARC record's target URI)
     * @param tld the top-level domain of the URL's host, lowercase
     * @param contentType the Content-Type header values joined by ", ", or null if there was none
     * @param bodyBytes the size of the body
     * @param decision how the encoding was decided, with the number of U+FFFD our decoding produced
     * @param requests what {@code requests}' {@code .text} would have done
     * @param jsoup what jsoup's {@code Connection.Response.parse()} would have done
     * @param declared what decoding with the JDK charset of the declared label would have done
     * @throws NullPointerException if an argument other than {@code contentType} is null
     */
    public PageAudit(String url, String tld, String contentType, long bodyBytes, EncodingDecision decision,
                     Naive requests, Naive jsoup, Naive declared) {
        this(url, tld, contentType, bodyBytes, decision, requests, jsoup, declared, null);
    }

    /**
     * Audits one page. Thread-safe; holds nothing between calls.
     *
     * @param url the page's URL (used for the top-level domain and as jsoup's base URI)
     * @param contentTypes the value of every Content-Type header of the response, in order (empty
     *     if there was none)
     * @param body the response body (after removing any transfer and content encoding)
     * @return the decision and the three naive decodings' verdicts
     */
    public static PageAudit of(String url, List<String> contentTypes, byte[] body) {
        return of(url, contentTypes, body, SniffOptions.DEFAULTS);
    }

    /**
     * Audits one page, deciding with these options. Whatever {@code options.declarations()} says,
     * "corrupt" compares with the browser's text and "author's text" with the author's.
     *
     * @param url the page's URL (used for the top-level domain and as jsoup's base URI)
     * @param contentTypes the value of every Content-Type header of the response, in order (empty
     *     if there was none)
     * @param body the response body (after removing any transfer and content encoding)
     * @param options how to decide: {@link SniffOptions.Declarations#CHECKED} reports a misdeclared
     *     page's decision as overridden
     * @return the decision and the three naive decodings' verdicts
     */
    public static PageAudit of(String url, List<String> contentTypes, byte[] body, SniffOptions options) {
        return of(url, contentTypes, body, options, null);
    }

    /**
     * Audits one page whose body a crawler may have cut off, as its WARC record's {@code
     * WARC-Truncated} says: the decision is then made knowing the body was cut (a UTF-8 sequence
     * cut at its end is no evidence against UTF-8).
     *
     * @param url the page's URL (used for the top-level domain and as jsoup's base URI)
     * @param contentTypes the value of every Content-Type header of the response, in order (empty
     *     if there was none)
     * @param body the response body (after removing any transfer and content encoding)
     * @param options how to decide
     * @param truncation the record's {@code WARC-Truncated} value ({@code "length"}, {@code "time"},
     *     {@code "disconnect"}, {@code "unspecified"}, …), or null (or blank) if the body is whole
     * @return the decision and the three naive decodings' verdicts
     */
    public static PageAudit of(String url, List<String> contentTypes, byte[] body, SniffOptions options, String truncation) {
        Objects.requireNonNull(url, "url must not be null");
        Objects.requireNonNull(contentTypes, "contentTypes must not be null");
        Objects.requireNonNull(body, "body must not be null");
        Objects.requireNonNull(options, "options must not be null");
        // several Content-Type headers combine as if joined by ", " (Fetch; also what jsoup and requests see)
        String contentType = contentTypes.isEmpty() ? null : String.join(", ", contentTypes);
        // Memory: no text of the page is ever held whole. Each text (ours, each naive decoding) is
        // decoded again as it is read and compared a chunk at a time; each document's text is
        // reduced to a digest and its tree dropped before the next is built. What is held at once
        // is the body, one jsoup tree and that tree's text (BENCHMARKS.md has the measured figure).
        String cut = truncation == null || truncation.isBlank() ? null
                : AuditTable.cut(truncation.strip().toLowerCase(Locale.ROOT), MAX_TRUNCATION_LENGTH);
        boolean truncated = cut != null;
        EncodingDecision d = BrowserCharsetJsoup.withOptions(options).sniff(body, contentType, truncated);
        Text mine = Text.of(body, contentType, d, options, truncated);
        Text other = null;
        boolean checked = options.declarations() == SniffOptions.Declarations.CHECKED;
        if (d.misdeclared() || d.doubleEncoding().map(EncodingDecision.DoubleEncoding::wholeText).orElse(false)) {
            // only a misdeclared or a double-encoded page decodes differently in the two modes: decode it the other way too
            SniffOptions otherOptions = options.withDeclarations(checked ? SniffOptions.Declarations.BROWSER : SniffOptions.Declarations.CHECKED);
            other = Text.of(body, contentType, BrowserCharsetJsoup.withOptions(otherOptions).sniff(body, contentType, truncated),
                    otherOptions, truncated);
        }
        Text browser = checked && other != null ? other : mine;
        Text author = !checked && other != null ? other : mine;
        boolean authorIsBrowser = other == null || sameChars(other.reader(), mine.reader(), chunk(body));

        String requestsLabel = requestsCharset(contentType);
        Charset requestsCharset = jdkCharset(requestsLabel);
        Naive requests = naive(requestsCharset == null ? "UTF-8 (unknown: " + requestsLabel + ")" : requestsLabel,
                body, requestsCharset == null ? StandardCharsets.UTF_8 : requestsCharset, browser, author, authorIsBrowser);

        String label = d.headerLabel().or(d::metaLabel).orElse(null);
        Naive declared;
        if (label == null) {
            declared = naive("UTF-8 (none declared)", body, StandardCharsets.UTF_8, browser, author, authorIsBrowser);
        } else {
            Charset cs = jdkCharset(label);
            declared = cs == null ? new Naive("unsupported: " + label, true, false)
                    : naive(label, body, cs, browser, author, authorIsBrowser);
        }

        // one tree at a time: ours (whose parse also counts our decoding's U+FFFD), the other mode's, jsoup's
        ParsedHtml parsed = mine.parse(url);
        EncodingDecision decided = parsed.decision();
        byte[] mineDocument = digest(parsed.document());
        parsed = null; // the tree can go
        byte[] otherDocument = authorIsBrowser ? mineDocument : digest(other.parse(url).document());
        byte[] browserDocument = browser == mine ? mineDocument : otherDocument;
        byte[] authorDocument = author == mine ? mineDocument : otherDocument;
        String jsoupCharset = jsoupCharset(contentType);
        byte[] jsoupDocument = jsoupTextDigest(body, jsoupCharset, url);
        Naive jsoup = new Naive(jsoupCharset == null ? "(sniffed)" : jsoupCharset,
                !Arrays.equals(jsoupDocument, browserDocument), Arrays.equals(jsoupDocument, authorDocument));

        return new PageAudit(url, topLevelDomain(url), contentType, body.length, decided, requests, jsoup, declared, cut);
    }

    /**
     * A page's text as one mode decides and decodes it, decoded again each time it is read or
     * parsed, so that it is never held whole ({@link SniffOptions.TextNormalization#NFC}, a
     * whole-text step, is the exception: that text is held).
     */
    private static final class Text {
        private final byte[] body;
        private final String contentType;
        private final EncodingDecision decision;
        private final SniffOptions options;
        private final boolean truncated;
        /** The text, held whole: normalized (NFC), or repaired (double-encoded text, checked mode); else null. */
        private final DecodedHtml held;

        private Text(byte[] body, String contentType, EncodingDecision decision, SniffOptions options, boolean truncated,
                DecodedHtml held) {
            this.body = body;
            this.contentType = contentType;
            this.decision = decision;
            this.options = options;
            this.truncated = truncated;
            this.held = held;
        }

        static Text of(byte[] body, String contentType, EncodingDecision d, SniffOptions options, boolean truncated) {
            boolean hold = options.textNormalization() == SniffOptions.TextNormalization.NFC
                    || d.doubleEncoding().map(EncodingDecision.DoubleEncoding::repaired).orElse(false);
            DecodedHtml held = hold ? BrowserCharsetJsoup.withOptions(options).decode(body, contentType, truncated) : null;
            return new Text(body, contentType, d, options, truncated, held);
        }

        /** The text from its start, byte order mark removed, as {@code BrowserCharsetParser.decode} gives it. */
        Reader reader() {
            if (held != null) return new StringReader(held.text());
            int start = decision.source() == DecisionSource.BOM ? (decision.encoding() == Encoding.UTF_8 ? 3 : 2) : 0;
            // the encoding's own WHATWG decoder (malformed bytes become U+FFFD whatever the action)
            return new InputStreamReader(new ByteArrayInputStream(body, start, body.length - start),
                    decision.encoding().charset().newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                            .onUnmappableCharacter(CodingErrorAction.REPLACE));
        }

        /**
         * The document jsoup parses from this text, with the decision and its U+FFFD count:
         * parsed as the text is decoded, or from the normalized text (as {@code Jsoup.parse}
         * of it).
         */
        ParsedHtml parse(String url) {
            if (options.textNormalization() == SniffOptions.TextNormalization.NFC) {
                return new ParsedHtml(Jsoup.parse(held.text(), url), held.decision());
            }
            return BrowserCharsetJsoup.withOptions(options).parseWithDecision(body, contentType, url, truncated);
        }
    }

    /**
     * A naive decoding with the JDK charset (as {@code new String(body, charset)} decodes: malformed
     * and unmappable input replaced), against the browser's and the author's text, streamed.
     */
    private static Naive naive(String name, byte[] body, Charset charset, Text browser, Text author, boolean authorIsBrowser) {
        boolean corrupt = differs(body, charset, browser);
        boolean authorText = authorIsBrowser ? !corrupt : !differs(body, charset, author);
        return new Naive(name, corrupt, authorText);
    }

    /** Whether the JDK's decoding differs from ours; a byte order mark it kept is invisible: no corruption. */
    private static boolean differs(byte[] body, Charset charset, Text ours) {
        if (sameChars(jdkReader(body, charset), ours.reader(), chunk(body))) return false;
        Reader jdk = jdkReader(body, charset);
        try {
            return jdk.read() != '\uFEFF' || !sameChars(jdk, ours.reader(), chunk(body));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // cannot happen reading a byte array
        }
    }

    /** Chars to compare at a time: a small page needs no 8192-char buffers. */
    private static int chunk(byte[] body) {
        return (int) Math.min(8192, body.length + 64L);
    }

    /** The JDK's decoding as {@code new String(bytes, charset)} gives it, a chunk at a time. */
    static Reader jdkReader(byte[] body, Charset charset) {
        return new InputStreamReader(new ByteArrayInputStream(body), charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE));
    }

    /** Whether two readers give the same characters; reads no further than the first difference. */
    static boolean sameChars(Reader a, Reader b) {
        return sameChars(a, b, 8192);
    }

    /** As {@link #sameChars(Reader, Reader)}, comparing up to {@code chunk} chars at a time (the page's size bounds what is useful). */
    static boolean sameChars(Reader a, Reader b, int chunk) {
        char[] x = new char[chunk];
        char[] y = new char[chunk];
        try {
            while (true) {
                int n = a.read(x, 0, x.length);
                if (n < 0) return b.read() < 0;
                int got = 0;
                while (got < n) {
                    int m = b.read(y, got, n - got);
                    if (m < 0) return false;
                    got += m;
                }
                if (!Arrays.equals(x, 0, n, y, 0, n)) return false;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // cannot happen reading a byte array or a String
        }
    }

    /** As {@link #digest}, for jsoup's own {@code Connection.Response.parse()} of the bytes. */
    private static byte[] jsoupTextDigest(byte[] body, String charset, String url) {
        try {
            return digest(Jsoup.parse(new ByteArrayInputStream(body), charset, url));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // cannot happen reading a byte array
        }
    }

    /**
     * The digest of a document's text ({@link Element#text()}): the tree can go as soon as its text
     * is made. SHA-256, so that two texts compare equal exactly when their digests do (a collision
     * is not a practical concern).
     */
    private static byte[] digest(Document doc) {
        String text = doc.text();
        doc = null; // the tree can go before the text is digested
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        byte[] chunk = new byte[16384];
        for (int i = 0; i < text.length(); ) {
            int n = Math.min(chunk.length / 2, text.length() - i);
            for (int k = 0; k < n; k++) {
                char c = text.charAt(i + k);
                chunk[2 * k] = (byte) (c >> 8);
                chunk[2 * k + 1] = (byte) c;
            }
            sha.update(chunk, 0, 2 * n);
            i += n;
        }
        return sha.digest();
    }

    /**
     * Whether the page's declaration is plainly contradicted by its bytes (counted whether or not
     * it was overridden).
     *
     * @return {@link EncodingDecision#misdeclared()} of the decision
     */
    public boolean misdeclared() {
        return decision.misdeclared();
    }

    /**
     * Whether the page was decoded as something other than UTF-8: the pages a crawler that
     * assumes UTF-8 gets wrong.
     *
     * @return true if the decided encoding is not UTF-8
     */
    public boolean notUtf8() {
        return decision.encoding() != Encoding.UTF_8;
    }

    /**
     * This result as one line of JSON, as {@code audit --jsonl} writes it but without saying where
     * the page came from: the fields of this record, the decision's fields flattened, and each naive
     * decoding as {@code {"charset", "corrupt", "authorText"}}.
     *
     * @return a JSON object, without a line break
     */
    public String toJson() {
        return json(new Json());
    }

    /**
     * This result as one line of JSON, exactly as {@code audit --jsonl} writes it: {@code schema}
     * (the version of the fields, {@value Main#JSON_SCHEMA}), the WARC file and the offset of the
     * record the page came from, then the fields of {@link #toJson()}. The README lists them all.
     *
     * @param warc the WARC file's name, as given to the command
     * @param offset the offset of the record in that file (of its gzip member, in a {@code .warc.gz})
     * @return a JSON object, without a line break
     */
    public String toJson(String warc, long offset) {
        return json(new Json().field("schema", Main.JSON_SCHEMA).field("warc", warc).field("offset", offset));
    }

    private String json(Json j) {
        j.field("url", url).field("tld", tld).field("contentType", contentType).field("bytes", bodyBytes)
                .field("truncation", truncation);
        return decisionJson(j, decision)
                .raw("requests", naiveJson(requests))
                .raw("jsoup", naiveJson(jsoup))
                .raw("declared", naiveJson(declared))
                .end();
    }

    /** Adds a decision's fields to a JSON object (shared with {@code sniff --json}). */
    static Json decisionJson(Json j, EncodingDecision d) {
        List<String> ignored = new ArrayList<>();
        for (IgnoredLabel i : d.ignoredLabels()) {
            ignored.add(new Json().field("label", i.label()).field("where", i.where().name()).end());
        }
        j.field("encoding", d.encoding().name())
                .field("rule", d.source().name())
                .field("confidence", d.confidence().name());
        // present in every line (null unless the detector decided), so that the schema is stable
        j.raw("detectorConfidence", d.detectorConfidence().isPresent() ? Integer.toString(d.detectorConfidence().getAsInt()) : "null")
                .field("detectorRunnerUp", d.detectorRunnerUp().map(Encoding::name).orElse(null));
        return j.field("headerLabel", d.headerLabel().orElse(null))
                .field("headerEncoding", d.headerEncoding().map(Encoding::name).orElse(null))
                .field("metaLabel", d.metaLabel().orElse(null))
                .field("metaEncoding", d.metaEncoding().map(Encoding::name).orElse(null))
                .field("metaSource", d.metaSource().map(Enum::name).orElse(null))
                .field("conflict", d.conflict())
                .raw("ignored", Json.array(ignored))
                .field("ignoredCount", d.ignoredLabelCount())
                // null only for a decision made before its whole body was decoded (sniff of a long page)
                .raw("replacementCount", d.replacementCount().isPresent() ? Integer.toString(d.replacementCount().getAsInt()) : "null")
                .field("misdeclared", d.misdeclared())
                .field("misdeclaredWhere", d.misdeclaration().map(m -> m.declaration().name()).orElse(null))
                .field("bytesLookLike", d.misdeclaration().map(m -> m.bytesLookLike().name()).orElse(null))
                .field("misdeclarationEvidence", d.misdeclaration().map(EncodingDecision.Misdeclaration::evidence)
                        .orElse(null))
                .field("possiblyMisdeclared", d.possiblyMisdeclared())
                .field("binary", d.looksBinary())
                .field("binaryEvidence", d.binaryEvidence().orElse(null))
                .field("truncated", d.truncated())
                .field("doubleEncoded", d.doubleEncodedSequences())
                .field("doubleEncodedWholeText", d.doubleEncoding().map(EncodingDecision.DoubleEncoding::wholeText).orElse(false))
                .field("doubleEncodingRepaired", d.doubleEncoding().map(EncodingDecision.DoubleEncoding::repaired).orElse(false))
                .field("mixedWith", d.mixture().map(m -> m.other().name()).orElse(null))
                .raw("mixedShare", d.mixture().map(m -> Integer.toString(m.sharePercent())).orElse("null"));
    }

    private static String naiveJson(Naive n) {
        return new Json().field("charset", n.charset()).field("corrupt", n.corrupt()).field("authorText", n.authorText())
                .end();
    }

    /** The JDK charset of a name, or null if the JDK does not know it. */
    static Charset jdkCharset(String name) {
        try {
            return Charset.forName(name.trim());
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null;
        }
    }

    /**
     * The encoding {@code requests} gives a response ({@code utils.get_encoding_from_headers}): the
     * header split on ";", parameters stripped of quotes and spaces, the last charset parameter;
     * ISO-8859-1 without one (also when there is no header, where {@code requests} would guess).
     */
    static String requestsCharset(String contentType) {
        if (contentType == null) return "ISO-8859-1";
        String[] tokens = contentType.split(";", -1);
        String charset = null;
        for (int i = 1; i < tokens.length; i++) {
            String param = tokens[i].strip();
            int eq = param.indexOf('=');
            if (eq < 0) continue;
            String key = strip(param.substring(0, eq), "\"' ").toLowerCase(Locale.ROOT);
            if (key.equals("charset")) charset = strip(strip(param.substring(eq + 1), "\"' "), "'\"");
        }
        return charset != null && !charset.isEmpty() ? charset : "ISO-8859-1";
    }

    private static String strip(String s, String chars) {
        int start = 0;
        int end = s.length();
        while (start < end && chars.indexOf(s.charAt(start)) >= 0) start++;
        while (end > start && chars.indexOf(s.charAt(end - 1)) >= 0) end--;
        return s.substring(start, end);
    }

    // jsoup's DataUtil.charsetPattern (package-private there), which Connection.Response uses
    private static final Pattern JSOUP_CHARSET = Pattern.compile("(?i)\\bcharset=\\s*(?:[\"'])?([^\\s,;\"']*)");

    /**
     * The charset jsoup's {@code Connection.Response} passes to its parser: {@code DataUtil.getCharsetFromContentType},
     * the first {@code charset=} match if the JDK supports it (as written or upper-cased), else null.
     */
    static String jsoupCharset(String contentType) {
        if (contentType == null) return null;
        Matcher m = JSOUP_CHARSET.matcher(contentType);
        if (!m.find()) return null;
        String cs = m.group(1).trim().replace("charset=", "").replaceAll("[\"']", "");
        if (cs.isEmpty()) return null;
        try {
            if (Charset.isSupported(cs)) return cs;
            cs = cs.toUpperCase(Locale.ENGLISH);
            if (Charset.isSupported(cs)) return cs;
        } catch (IllegalCharsetNameException e) {
            return null;
        }
        return null;
    }

    /** The lowercase top-level domain of a URL's host, "(ip)" for an address, "(none)" without a host. */
    static String topLevelDomain(String url) {
        String host = null;
        try {
            host = URI.create(url.strip()).getHost();
        } catch (IllegalArgumentException e) {
            // WARC target URIs are not always valid URIs; fall back to taking the authority by hand
            int scheme = url.indexOf("://");
            if (scheme >= 0) {
                String rest = url.substring(scheme + 3);
                int end = 0;
                while (end < rest.length() && "/?#".indexOf(rest.charAt(end)) < 0) end++;
                host = rest.substring(rest.lastIndexOf('@', end - 1) + 1, end).replaceFirst(":\\d*$", "");
            }
        }
        if (host == null || host.isEmpty()) return "(none)";
        if (host.startsWith("[")) return "(ip)";
        while (host.endsWith(".")) host = host.substring(0, host.length() - 1);
        if (host.matches("[0-9.]+")) return "(ip)";
        int dot = host.lastIndexOf('.');
        String tld = host.substring(dot + 1).toLowerCase(Locale.ROOT);
        return tld.isEmpty() ? "(none)" : tld;
    }
}
