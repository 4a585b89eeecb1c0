package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.util.Optional;

/**
 * The HTML Standard's "algorithm for extracting a character encoding from a meta element"
 * (https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element),
 * which reads the label out of a {@code <meta content>} value, and what a label named by a meta
 * means for the document. Both meta scans ({@link Prescan}, {@link HeadMetaScanner}) use it.
 * Internal.
 */
public final class MetaContent {
    private MetaContent() {}

    /**
     * "Extracting a character encoding from a meta element", up to the label: the label the
     * {@code content} value {@code s} names, or empty when it names none. The caller applies "get
     * an encoding" to it.
     */
    public static Optional<String> extractLabelFromMeta(String s) {
        int n = s.length();
        // 1. position at the start of s.
        int position = 0;
        while (true) {
            // 2. Loop: the first ASCII case-insensitive "charset" after position.
            int found = indexOfCharsetIgnoringAsciiCase(s, position);
            if (found < 0) return Optional.empty();
            int p = found + 7;
            // 3. Skip ASCII whitespace after "charset".
            while (p < n && AsciiBytes.isAsciiWhitespace(s.charAt(p))) p++;
            // 4. Not "=": position just before that character, back to Loop.
            if (p >= n || s.charAt(p) != '=') {
                position = p;
                if (p >= n) return Optional.empty();
                continue;
            }
            p++;
            // 5. Skip ASCII whitespace after "=".
            while (p < n && AsciiBytes.isAsciiWhitespace(s.charAt(p))) p++;
            // 6. The next character.
            if (p >= n) return Optional.empty();
            char c = s.charAt(p);
            if (c == '"' || c == '\'') {
                int close = s.indexOf(c, p + 1);
                // an unmatched quote: nothing
                if (close < 0) return Optional.empty();
                return Optional.of(s.substring(p + 1, close));
            }
            int q = p;
            while (q < n && !AsciiBytes.isAsciiWhitespace(s.charAt(q)) && s.charAt(q) != ';') q++;
            return Optional.of(s.substring(p, q));
        }
    }

    /**
     * "Extracting a character encoding from a meta element": the encoding the {@code content}
     * value {@code s} names, or empty when it names none or names a label "get an encoding" does
     * not know.
     */
    public static Optional<Encoding> extractEncodingFromMeta(String s) {
        return extractLabelFromMeta(s).flatMap(Encoding::forLabel);
    }

    /**
     * What a meta naming {@code label} declares for the document (the prescan's steps 8-9, and
     * Blink's ClosestByteBasedEquivalent): UTF-16BE/LE mean UTF-8 (the meta was read as ASCII, so
     * the document is not UTF-16), x-user-defined means windows-1252; anything else itself.
     */
    static Encoding declaredByMeta(Encoding label) {
        return isUtf16(label) ? Encoding.UTF_8 : label == Encoding.X_USER_DEFINED ? Encoding.WINDOWS_1252 : label;
    }

    static boolean isUtf16(Encoding e) {
        return e == Encoding.UTF_16BE || e == Encoding.UTF_16LE;
    }

    private static int indexOfCharsetIgnoringAsciiCase(String s, int from) {
        for (int i = from; i + 7 <= s.length(); i++) {
            if (isAsciiLetterIgnoringCase(s.charAt(i), 'c') && startsWithCharsetAfterC(s, i)) return i;
        }
        return -1;
    }

    private static boolean startsWithCharsetAfterC(String s, int i) {
        return isAsciiLetterIgnoringCase(s.charAt(i + 1), 'h') && isAsciiLetterIgnoringCase(s.charAt(i + 2), 'a')
                && isAsciiLetterIgnoringCase(s.charAt(i + 3), 'r') && isAsciiLetterIgnoringCase(s.charAt(i + 4), 's')
                && isAsciiLetterIgnoringCase(s.charAt(i + 5), 'e') && isAsciiLetterIgnoringCase(s.charAt(i + 6), 't');
    }

    /**
     * Whether {@code c} is the lowercase ASCII letter {@code lower} or its uppercase: setting bit
     * 0x20 maps only those two chars to {@code lower}, so nothing non-ASCII folds to it (as the
     * Kelvin sign U+212A would under {@code regionMatches(true, ...)}).
     */
    private static boolean isAsciiLetterIgnoringCase(char c, char lower) {
        return (c | 0x20) == lower;
    }
}
