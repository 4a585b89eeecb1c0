package io.github.jsoupcharset.decision;

/** The confidence the HTML Standard attaches to a sniffed encoding. */
public enum Confidence {
    /**
     * The encoding may not change any more: it came from a byte order mark or the HTTP header, or a
     * {@code <meta>} found while parsing confirmed it.
     */
    CERTAIN,
    /** The encoding was found by the prescan, by detection or by default; a later meta could change it. */
    TENTATIVE
}
