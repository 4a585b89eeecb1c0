package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.markup.AsciiBytes;

import io.github.jsoupcharset.EncodingDecision;

/** Labels as a decision keeps them: bounded in length whatever a page or header sends. Internal. */
public final class Labels {
    private Labels() {}

    /**
     * {@code label} as a decision keeps it: unchanged up to {@link EncodingDecision#MAX_LABEL_LENGTH}
     * characters; longer, without its leading and trailing ASCII whitespace (which "get an encoding"
     * ignores), and if still longer cut to {@code MAX_LABEL_LENGTH - 1} characters followed by
     * {@code "…"}. The result is never longer than {@code MAX_LABEL_LENGTH}, and bounding it again
     * leaves it as it is.
     */
    public static String bounded(String label) {
        int max = EncodingDecision.MAX_LABEL_LENGTH;
        if (label.length() <= max) return label;
        int from = 0;
        int to = label.length();
        while (from < to && AsciiBytes.isAsciiWhitespace(label.charAt(from))) from++;
        while (to > from && AsciiBytes.isAsciiWhitespace(label.charAt(to - 1))) to--;
        if (to - from <= max) return label.substring(from, to);
        int cut = from + max - 1;
        // a surrogate pair is kept whole or not at all
        if (Character.isHighSurrogate(label.charAt(cut - 1))) cut--;
        return label.substring(from, cut) + "\u2026";
    }
}
