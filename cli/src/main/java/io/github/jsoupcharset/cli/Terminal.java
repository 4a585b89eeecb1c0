package io.github.jsoupcharset.cli;

/**
 * Text from pages, headers, URLs and WARC records made safe to print on a terminal: every C0
 * control, DEL and every C1 control (U+0080-U+009F; a terminal reading UTF-8 obeys U+009B as CSI
 * just as it obeys ESC [) is written as {@code \xNN}, so nothing a page or a server sends can move
 * the cursor, recolour or retitle the terminal; and every bidirectional format control (U+061C,
 * U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) is written as a backslash, {@code u} and four hex
 * digits, so none can reorder
 * what is printed after it (a URL that reads backwards, a file name that hides its extension).
 * The command's own output (the decoded text of {@code decode}, the matches of {@code select}) is
 * data and is left as it is.
 */
final class Terminal {
    private Terminal() {}

    /** Whether a char is a control a terminal may act on (C0, DEL or C1), or a bidirectional format control. */
    static boolean isControl(char c) {
        return c < 0x20 || c >= 0x7F && c <= 0x9F || isBidiControl(c);
    }

    /** Whether a char is one of the Unicode bidirectional format controls, which reorder the text around them. */
    static boolean isBidiControl(char c) {
        return c == 0x061C || c == 0x200E || c == 0x200F || c >= 0x202A && c <= 0x202E || c >= 0x2066 && c <= 0x2069;
    }

    /** A control as it is printed: {@code \xNN} below U+0100, else a backslash, {@code u} and four hex digits. */
    static String escape(char c) {
        return c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c);
    }

    /** {@code s} with every control written as {@link #escape escaped}; {@code s} itself when it has none. */
    static String safe(String s) {
        int i = 0;
        while (i < s.length() && !isControl(s.charAt(i))) i++;
        if (i == s.length()) return s;
        StringBuilder b = new StringBuilder(s.length() + 8).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isControl(c)) b.append(escape(c));
            else b.append(c);
        }
        return b.toString();
    }
}
