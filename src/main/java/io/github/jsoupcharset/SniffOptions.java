package io.github.jsoupcharset;

import io.github.jsoupcharset.encoding.Encoding;
import java.util.Objects;

/**
 * How the encoding of undeclared or late-declared pages is decided. The defaults
 * ({@link #DEFAULTS}) decode declared pages as Chromium does and undeclared pages as their author
 * most likely wrote them. Immutable; use the {@code with…} methods to derive variants.
 *
 * @param metaScan how far into the document a {@code <meta>} declaration is looked for
 * @param detection what happens when nothing declares the encoding
 * @param defaultEncoding the encoding used when nothing declares it and detection gives nothing
 * @param textNormalization whether the decoded text is put into a Unicode normalization form
 */
public record SniffOptions(MetaScan metaScan, Detection detection, Encoding defaultEncoding,
        TextNormalization textNormalization) {

    /** Browser meta scan, author-intent detection, windows-1252 default, text as decoded. */
    public static final SniffOptions DEFAULTS =
            new SniffOptions(MetaScan.BROWSER_HEAD_SCAN, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252,
                    TextNormalization.NONE);

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
     * Checks the arguments.
     *
     * @param metaScan how far into the document a {@code <meta>} declaration is looked for
     * @param detection what happens when nothing declares the encoding
     * @param defaultEncoding the encoding used when nothing declares it and detection gives nothing
     * @param textNormalization whether the decoded text is put into a Unicode normalization form
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code defaultEncoding} is not ASCII-compatible
     *     (UTF-16BE, UTF-16LE, ISO-2022-JP, replacement) or is x-user-defined; no browser falls
     *     back to any of these, and a page that declares nothing would become unreadable markup
     */
    public SniffOptions {
        Objects.requireNonNull(metaScan, "metaScan");
        Objects.requireNonNull(detection, "detection");
        Objects.requireNonNull(defaultEncoding, "defaultEncoding");
        Objects.requireNonNull(textNormalization, "textNormalization");
        if (!defaultEncoding.isAsciiCompatible() || defaultEncoding == Encoding.X_USER_DEFINED)
            throw new IllegalArgumentException("defaultEncoding must be an ASCII-compatible encoding, not "
                    + defaultEncoding.name());
    }

    /**
     * These options with another meta scan.
     *
     * @param metaScan how far into the document a {@code <meta>} declaration is looked for
     * @return new options; these are unchanged
     */
    public SniffOptions withMetaScan(MetaScan metaScan) {
        return new SniffOptions(metaScan, detection, defaultEncoding, textNormalization);
    }

    /**
     * These options with another detection mode.
     *
     * @param detection what happens when nothing declares the encoding
     * @return new options; these are unchanged
     */
    public SniffOptions withDetection(Detection detection) {
        return new SniffOptions(metaScan, detection, defaultEncoding, textNormalization);
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
        return new SniffOptions(metaScan, detection, defaultEncoding, textNormalization);
    }

    /**
     * These options with another text normalization.
     *
     * @param textNormalization whether the decoded text is put into a Unicode normalization form
     * @return new options; these are unchanged
     */
    public SniffOptions withTextNormalization(TextNormalization textNormalization) {
        return new SniffOptions(metaScan, detection, defaultEncoding, textNormalization);
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
         * deduplicating text, see {@link io.github.jsoupcharset.ComparisonKey}, which folds much
         * more.
         */
        NFC
    }
}
