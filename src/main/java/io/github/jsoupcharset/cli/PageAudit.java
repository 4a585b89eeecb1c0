package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.EncodingDecision;
import io.github.jsoupcharset.IgnoredLabel;
import io.github.jsoupcharset.SniffOptions;
import org.jsoup.Jsoup;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
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
 */
public record PageAudit(String url, String tld, String contentType, long bodyBytes, EncodingDecision decision,
                        Naive requests, Naive jsoup, Naive declared) {

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
     * @throws NullPointerException if an argument other than {@code contentType} is null
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
        Objects.requireNonNull(url, "url must not be null");
        Objects.requireNonNull(contentTypes, "contentTypes must not be null");
        Objects.requireNonNull(body, "body must not be null");
        Objects.requireNonNull(options, "options must not be null");
        // several Content-Type headers combine as if joined by ", " (Fetch; also what jsoup and requests see)
        String contentType = contentTypes.isEmpty() ? null : String.join(", ", contentTypes);
        DecodedHtml ours = BrowserCharsetJsoup.withOptions(options).decode(body, contentType);
        EncodingDecision d = ours.decision();
        String browser = ours.text();
        String author = ours.text();
        if (d.misdeclared()) {
            // only a misdeclared page decodes differently in the two modes: decode it the other way too
            boolean checked = options.declarations() == SniffOptions.Declarations.CHECKED;
            String other = BrowserCharsetJsoup.withOptions(options.withDeclarations(checked
                    ? SniffOptions.Declarations.BROWSER : SniffOptions.Declarations.CHECKED)).decode(body, contentType).text();
            if (checked) browser = other;
            else author = other;
        }

        String requestsLabel = requestsCharset(contentType);
        Charset requestsCharset = jdkCharset(requestsLabel);
        Naive requests = naive(requestsCharset == null ? "UTF-8 (unknown: " + requestsLabel + ")" : requestsLabel,
                body, requestsCharset == null ? StandardCharsets.UTF_8 : requestsCharset, browser, author);

        String jsoupCharset = jsoupCharset(contentType);
        String jsoupText = jsoupText(body, jsoupCharset, url);
        String browserDocument = Jsoup.parse(browser, url).text();
        String authorDocument = author.equals(browser) ? browserDocument : Jsoup.parse(author, url).text();
        Naive jsoup = new Naive(jsoupCharset == null ? "(sniffed)" : jsoupCharset,
                !jsoupText.equals(browserDocument), jsoupText.equals(authorDocument));

        String label = d.headerLabel().or(d::metaLabel).orElse(null);
        Naive declared;
        if (label == null) {
            declared = naive("UTF-8 (none declared)", body, StandardCharsets.UTF_8, browser, author);
        } else {
            Charset cs = jdkCharset(label);
            declared = cs == null ? new Naive("unsupported: " + label, true, false) : naive(label, body, cs, browser, author);
        }
        return new PageAudit(url, topLevelDomain(url), contentType, body.length, d, requests, jsoup, declared);
    }

    /** A naive decoding with the JDK charset, against the browser's and the author's text. */
    private static Naive naive(String name, byte[] body, Charset charset, String browser, String author) {
        String text = new String(body, charset);
        return new Naive(name, differs(text, browser), !differs(text, author));
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
        j.field("url", url).field("tld", tld).field("contentType", contentType).field("bytes", bodyBytes);
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
                .field("replacementCount", d.replacementCount().orElse(0))
                .field("misdeclared", d.misdeclared())
                .field("misdeclaredWhere", d.misdeclaration().map(m -> m.declaration().name()).orElse(null))
                .field("bytesLookLike", d.misdeclaration().map(m -> m.bytesLookLike().name()).orElse(null))
                .field("misdeclarationEvidence", d.misdeclaration().map(EncodingDecision.Misdeclaration::evidence)
                        .orElse(null))
                .field("binary", d.looksBinary())
                .field("binaryEvidence", d.binaryEvidence().orElse(null));
    }

    private static String naiveJson(Naive n) {
        return new Json().field("charset", n.charset()).field("corrupt", n.corrupt()).field("authorText", n.authorText())
                .end();
    }

    private static boolean differs(String text, String ours) {
        if (text.equals(ours)) return false;
        // a byte order mark the naive decoding kept is invisible: no corruption
        return !(text.length() == ours.length() + 1 && text.charAt(0) == '\uFEFF' && text.regionMatches(1, ours, 0, ours.length()));
    }

    private static String jsoupText(byte[] body, String charset, String url) {
        try {
            return Jsoup.parse(new ByteArrayInputStream(body), charset, url).text();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // cannot happen reading a byte array
        }
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
