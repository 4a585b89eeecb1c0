package io.github.jsoupcharset.decision;

import io.github.jsoupcharset.encoding.Encoding;
import java.util.List;
import java.util.Objects;

/**
 * How the encoding of undeclared or late-declared pages is decided. The defaults
 * ({@link #DEFAULTS}) decode declared pages as Chromium does and undeclared pages as their author
 * most likely wrote them. Immutable; use the {@code with…} methods to derive variants.
 *
 * @param metaScan how far into the document a {@code <meta>} declaration is looked for
 * @param detection what happens when nothing declares the encoding
 * @param declarations whether a declaration the bytes plainly contradict is trusted, as browsers
 *     do ({@link Declarations#BROWSER}), or overridden ({@link Declarations#CHECKED})
 * @param defaultEncoding the encoding used when nothing declares it and detection gives nothing
 * @param textNormalization whether the decoded text is put into a Unicode normalization form
 * @param languageHints languages detection may use to break a tie between candidate encodings
 *     (from the URL's top-level domain and {@code Content-Language}: {@link #withLanguageHints});
 *     empty by default, where only the page's {@code <html lang>} is used. Never more than a tie-break.
 */
public record SniffOptions(MetaScan metaScan, Detection detection, Declarations declarations,
                           Encoding defaultEncoding, TextNormalization textNormalization, List<String> languageHints) {

    /** Browser meta scan, author-intent detection, declarations trusted, windows-1252 default, text as decoded. */
    public static final SniffOptions DEFAULTS = new SniffOptions(MetaScan.BROWSER_HEAD_SCAN, Detection.AUTHOR_INTENT,
            Declarations.BROWSER, Encoding.WINDOWS_1252, TextNormalization.NONE);

    /** How the document's own declaration ({@code <meta>}, XML declaration) is looked for. */
    public enum MetaScan {
        /**
         * What Chromium, Firefox and WebKit do: a tokenizer-based scan that sees every {@code <meta>}
         * in the first 1024 bytes and, beyond them, in {@code <head>}, but none inside script, style,
         * title or template, and takes the last of duplicate attributes; then the XML declaration.
         */
        BROWSER_HEAD_SCAN,
        /**
         * The HTML Standard: the prescan of the first 1024 bytes (which also sees a {@code <meta>}
         * inside script, style or title), the XML declaration, then a {@code <meta>} later in
         * {@code <head>} changing the encoding. What html5lib's conformance tests expect.
         */
        SPEC,
        /** Only the HTML Standard's prescan of the first 1024 bytes (and the XML declaration). */
        SPEC_PRESCAN_1024
    }

    /** What happens when neither a BOM, the header nor the document declares the encoding. */
    public enum Detection {
        /**
         * Aim for the text the author wrote: valid UTF-8 is UTF-8, otherwise statistical detection
         * restricted to WHATWG encodings, otherwise the default.
         */
        AUTHOR_INTENT,
        /**
         * Reproduce what a browser shows: UTF-8 is never guessed for a web page (Chromium shows
         * undeclared UTF-8 as windows-1252); legacy encodings are still detected.
         */
        BROWSER_PARITY,
        /** No detection: the default encoding (what html5lib's conformance tests assume). */
        NONE
    }

    /**
     * What happens when the page's own declaration (the header's charset, a {@code <meta>}, an XML
     * declaration; never a BOM) is plainly wrong. In both modes the decision reports such a
     * declaration ({@link EncodingDecision#misdeclaration()}); a declaration counts as plainly wrong
     * only on overwhelming evidence:
     * <ul>
     *   <li>declared as a single-byte legacy encoding (windows-1252, ISO-8859-x, KOI8-R, …), and the
     *       whole body is valid UTF-8 written as UTF-8 text is, not as a page quoting mojibake
     *       ("if you see Ã© …", a table of "Ã©" cells) is: at least 3 multi-byte sequences, one of
     *       them in a word ("CafÃ© crÃ¨me", glued to a letter, a digit or another sequence) or a
     *       symbol standing free ("Copyright Â© 2008", neither quoted nor alone in an element); or
     *       one or two, each inside a word ("SÃ£o", "donâ€™t") or a free symbol; or one whose
     *       declared reading has a control character: UTF-8. One or two letters standing alone or
     *       at a word's edge ("Mein Ã¼ber-Name") are only a possible misdeclaration
     *       ({@link EncodingDecision#possiblyMisdeclared()}), never overridden;</li>
     *   <li>declared UTF-8, and UTF-8 errors that make up at least two thirds of the non-ASCII
     *       sequences, and detection finds a legacy encoding that decodes the body with at most one
     *       error per 16 UTF-8 errors (a windows-1251 or Shift_JIS page behind a {@code utf-8}
     *       template): that encoding. Bytes broken in only one or two places are legacy text only
     *       when they have no whole UTF-8 sequence and read as a few small letters inside words
     *       ("café", "Größe"), so a UTF-8 page broken in two places is never touched.</li>
     * </ul>
     */
    public enum Declarations {
        /** Trust every declaration, as browsers do; a plainly wrong one is only reported. */
        BROWSER,
        /**
         * The author's text: a declaration the bytes plainly contradict is overridden ({@link
         * DecisionSource#DECLARATION_OVERRIDDEN}); every other page decodes exactly as under
         * {@link #BROWSER}.
         */
        CHECKED
    }

    /**
     * Checks the arguments.
     *
     * @param metaScan how far into the document a {@code <meta>} declaration is looked for
     * @param detection what happens when nothing declares the encoding
     * @param declarations whether a declaration the bytes plainly contradict is trusted or overridden
     * @param defaultEncoding the encoding used when nothing declares it and detection gives nothing
     * @param textNormalization whether the decoded text is put into a Unicode normalization form
     * @param languageHints languages that may break a tie in detection ({@link #withLanguageHints})
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code defaultEncoding} is not ASCII-compatible
     *     (UTF-16BE, UTF-16LE, ISO-2022-JP, replacement) or is x-user-defined; no browser falls
     *     back to any of these, and a page that declares nothing would become unreadable markup
     */
    public SniffOptions {
        Objects.requireNonNull(metaScan, "metaScan");
        languageHints = List.copyOf(Objects.requireNonNull(languageHints, "languageHints"));
        Objects.requireNonNull(detection, "detection");
        Objects.requireNonNull(declarations, "declarations");
        Objects.requireNonNull(defaultEncoding, "defaultEncoding");
        Objects.requireNonNull(textNormalization, "textNormalization");
        if (!defaultEncoding.isAsciiCompatible() || defaultEncoding == Encoding.X_USER_DEFINED)
            throw new IllegalArgumentException("defaultEncoding must be an ASCII-compatible encoding, not "
                    + defaultEncoding.name());
    }

    /**
     * Options without language hints.
     *
     * @param metaScan how far into the document a {@code <meta>} declaration is looked for
     * @param detection what happens when nothing declares the encoding
     * @param declarations whether a declaration the bytes plainly contradict is trusted or overridden
     * @param defaultEncoding the encoding used when nothing declares it and detection gives nothing
     * @param textNormalization whether the decoded text is put into a Unicode normalization form
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code defaultEncoding} is not ASCII-compatible or is x-user-defined
     */
    public SniffOptions(MetaScan metaScan, Detection detection, Declarations declarations, Encoding defaultEncoding,
            TextNormalization textNormalization) {
        this(metaScan, detection, declarations, defaultEncoding, textNormalization, List.of());
    }

    /**
     * These options with the languages detection may use to break a tie between candidate
     * encodings: the languages detection knows ({@code ja}, {@code ru}, {@code zh_Hant}, …; others
     * are ignored). {@link io.github.jsoupcharset.BrowserCharsetParser#withLanguageHints(String,
     * String)} derives them from a page's URL and {@code Content-Language} header, and {@code
     * parse(Connection.Response)} and {@code parse(HttpResponse)} from the response when these
     * options have none. They only break a tie between candidate encodings that score within a few
     * points of each other: clear evidence in the bytes always wins.
     *
     * @param languages the hinted languages, most likely first
     * @return new options; these are unchanged
     * @throws NullPointerException if {@code languages} or one of them is null
     */
    public SniffOptions withLanguageHints(List<String> languages) {
        return new SniffOptions(metaScan, detection, declarations, defaultEncoding, textNormalization, languages);
    }

    /**
     * Options that trust every declaration ({@link Declarations#BROWSER}) and leave the text as
     * decoded ({@link TextNormalization#NONE}).
     *
     * @param metaScan how far into the document a {@code <meta>} declaration is looked for
     * @param detection what happens when nothing declares the encoding
     * @param defaultEncoding the encoding used when nothing declares it and detection gives nothing
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code defaultEncoding} is not ASCII-compatible or is x-user-defined
     */
    public SniffOptions(MetaScan metaScan, Detection detection, Encoding defaultEncoding) {
        this(metaScan, detection, Declarations.BROWSER, defaultEncoding, TextNormalization.NONE);
    }

    /**
     * These options with another meta scan.
     *
     * @param metaScan how far into the document a {@code <meta>} declaration is looked for
     * @return new options; these are unchanged
     */
    public SniffOptions withMetaScan(MetaScan metaScan) {
        return new SniffOptions(metaScan, detection, declarations, defaultEncoding, textNormalization, languageHints);
    }

    /**
     * These options with another detection mode.
     *
     * @param detection what happens when nothing declares the encoding
     * @return new options; these are unchanged
     */
    public SniffOptions withDetection(Detection detection) {
        return new SniffOptions(metaScan, detection, declarations, defaultEncoding, textNormalization, languageHints);
    }

    /**
     * These options with another policy for declarations the bytes plainly contradict.
     *
     * @param declarations {@link Declarations#BROWSER} to trust them, {@link Declarations#CHECKED}
     *     to override them
     * @return new options; these are unchanged
     */
    public SniffOptions withDeclarations(Declarations declarations) {
        return new SniffOptions(metaScan, detection, declarations, defaultEncoding, textNormalization, languageHints);
    }

    /**
     * These options with another default encoding, for a crawl whose undeclared pages are known
     * to come from one locale (browsers pick the default from the user's locale: windows-1251 for
     * Russian, Shift_JIS for Japanese).
     *
     * @param defaultEncoding the encoding used when nothing declares it and detection gives nothing
     * @return new options; these are unchanged
     * @throws IllegalArgumentException if the encoding is not ASCII-compatible or is x-user-defined
     */
    public SniffOptions withDefaultEncoding(Encoding defaultEncoding) {
        return new SniffOptions(metaScan, detection, declarations, defaultEncoding, textNormalization, languageHints);
    }

    /**
     * These options with another text normalization.
     *
     * @param textNormalization whether the decoded text is put into a Unicode normalization form
     * @return new options; these are unchanged
     */
    public SniffOptions withTextNormalization(TextNormalization textNormalization) {
        return new SniffOptions(metaScan, detection, declarations, defaultEncoding, textNormalization, languageHints);
    }

    /**
     * Whether the decoded text is put into a Unicode normalization form. Browsers never normalize
     * (an e followed by U+0301 COMBINING ACUTE ACCENT stays two code points in the DOM), so the
     * default is {@link #NONE}. Normalizing changes no decision and no U+FFFD count.
     */
    public enum TextNormalization {
        /** The text exactly as decoded, as browsers have it. */
        NONE,
        /**
         * Unicode NFC (canonical composition: an e followed by U+0301 COMBINING ACUTE ACCENT
         * becomes U+00E9 é): the whole text from {@code decode}, and from {@code parse} the
         * document's text nodes (CDATA sections included) and attribute values; not script or
         * style contents, comments, tag or attribute names, or the doctype. For comparing or
         * deduplicating text, see {@link io.github.jsoupcharset.compare.ComparisonKey}, which folds much
         * more.
         */
        NFC
    }
}
