package io.github.jsoupcharset;

import java.nio.charset.StandardCharsets;

/**
 * Run by {@link GuaranteesTest} in a JVM with a small heap: sniffs and decodes 10 MB of each
 * pathological input. Memory must stay proportional to the input with a small factor (the body,
 * its text, a scratch copy); a scanner that kept every attribute of a ten-megabyte tag would not fit.
 */
public final class SmallHeapCheck {
    private SmallHeapCheck() {}

    public static void main(String[] args) {
        int size = 10 << 20;
        for (String unit : new String[] {"<", "<meta ", "<!--", "\u0081", "<meta charset=", "<head><meta a=", "<a b=c "}) {
            byte[] body = unit.repeat(size / unit.length()).getBytes(StandardCharsets.ISO_8859_1);
            BrowserCharsetJsoup.sniff(body, null);
            BrowserCharsetJsoup.decode(body, null);
        }
        BrowserCharsetJsoup.sniff(new byte[] {'x'}, "text/html" + "; charset=x".repeat(size / 11));
        System.out.println("ok");
    }
}
