package io.github.jsoupcharset.cli;

/**
 * Text from pages, headers, URLs and WARC records made safe to print on a terminal: every C0
 * control, DEL and every C1 control (U+0080-U+009F; a terminal reading UTF-8 obeys U+009B as CSI
 * just as it obeys ESC [) is written as {@code \xNN}, so nothing a page or a server sends can move
 * the cursor, recolour or retitle the terminal. The command's own output (the decoded text of
 * {@code decode}, the matches of {@code select}) is data and is left as it is.
 */
final class Terminal {
    private Terminal() {}

    /** Whether a char is a control a terminal may act on: C0, DEL or C1. */
    static boolean isControl(char c) {
        return c < 0x20 || c >= 0x7F && c <= 0x9F;
    }

    /** {@code s} with every control written as {@code \xNN}; {@code s} itself when it has none. */
    static String safe(String s) {
        int i = 0;
        while (i < s.length() && !isControl(s.charAt(i))) i++;
        if (i == s.length()) return s;
        StringBuilder b = new StringBuilder(s.length() + 8).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isControl(c)) b.append(String.format("\\x%02x", (int) c));
            else b.append(c);
        }
        return b.toString();
    }
}
