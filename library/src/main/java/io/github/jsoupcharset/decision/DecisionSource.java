package io.github.jsoupcharset.decision;

/**
 * The rule of the HTML Standard's encoding sniffing algorithm that decided a document's encoding,
 * in the order the rules apply.
 */
public enum DecisionSource {
    /** A byte order mark (UTF-8, UTF-16LE or UTF-16BE) at the start of the body; beats everything. */
    BOM,
    /** The {@code charset} parameter of the HTTP {@code Content-Type} header. */
    HTTP_HEADER,
    /**
     * A {@code <meta>} starting in the first 1024 bytes (found by the browsers' meta scan, or by the
     * standard's prescan under {@link SniffOptions.MetaScan#SPEC}).
     */
    META_PRESCAN,
    /**
     * An XML declaration ({@code <?xml … encoding="…"?>}) at byte 0, or the UTF-16 patterns of a
     * BOM-less {@code <?xml}, as "get an XML encoding when sniffing" reads them.
     */
    XML_DECLARATION,
    /**
     * A {@code <meta>} after the first 1024 bytes but still in {@code <head>}, which Chromium and
     * Firefox honour (the spec's "change the encoding" while parsing).
     */
    LATE_META,
    /**
     * Only under {@link SniffOptions.Declarations#CHECKED}: the declaration that would have decided
     * (header, {@code <meta>} or XML declaration) is plainly contradicted by the bytes, which are
     * decoded as what they look like instead; {@link EncodingDecision#misdeclaration()} says which
     * declaration, what it declared and why. Bytes declared as a single-byte legacy encoding that
     * are valid UTF-8 with many multi-byte sequences are UTF-8; bytes declared UTF-8 that are mostly
     * errors and decode cleanly in a legacy encoding are in that encoding.
     */
    DECLARATION_OVERRIDDEN,
    /**
     * Nothing was declared and the bytes are valid UTF-8 with at least one non-ASCII sequence (a
     * sequence cut off at the end counts against it, unless the body is known to be cut off there).
     */
    UTF8_VALIDITY,
    /** Nothing was declared and statistical detection chose the encoding. */
    DETECTION,
    /** Nothing was declared and nothing could be detected: the default encoding. */
    DEFAULT
}
