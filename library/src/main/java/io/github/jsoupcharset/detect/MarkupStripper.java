package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.markup.AsciiBytes;

/**
 * The text of an HTML byte stream as detection weighs it: tags, comments, and the contents of
 * script and style elements left out (markup is ASCII and would only dilute the evidence), the
 * text of CDATA sections kept (feeds carry their text in them), and of start tags the quoted
 * attribute values that hold bytes beyond ASCII (titles, alt texts). Internal; stateless.
 *
 * <p>Why not one of the sniffing scans' tokenizers ({@code sniff.Prescan}, {@code
 * sniff.HeadMetaScanner}): those decide what a page declares and must read markup exactly as the
 * standard's prescan or a browser's tokenizer does, quotes in attribute values included. This one
 * only has to leave out most markup cheaply, and reads differently on purpose: a tag ends at its
 * first {@code >} whatever the quotes, a comment at the first {@code -->} after its {@code <!--}
 * ({@code <!-->} does not close it), raw text at the first {@code </script} or {@code </style}
 * whatever follows, and an unclosed construct swallows the rest of the window. Changing any of
 * these would change which text is weighed, hence decisions; what the three share is the byte
 * helpers of {@link AsciiBytes}.
 */
final class MarkupStripper {
    private MarkupStripper() {}

    /**
     * Copies the text of an HTML byte stream into {@code out}, leaving out tags, comments, and the
     * contents of script and style elements (markup is ASCII and would only dilute the evidence).
     * Each left-out span becomes one space. Returns the number of bytes written.
     */
    static int withoutMarkup(byte[] b, int off, int len, byte[] out) {
        return withoutMarkup(b, off, len, out, out.length);
    }

    /**
     * As {@link #withoutMarkup(byte[], int, int, byte[])}, stopping once {@code max} bytes of text
     * are written (the text weighed is bounded, so the rest of the window need not be read): the
     * first {@code max} bytes are the same; {@code out} needs room for {@code max + 1}.
     */
    static int withoutMarkup(byte[] b, int off, int len, byte[] out, int max) {
        int end = off + len;
        int n = 0;
        int i = off;
        while (i < end && n < max) {
            byte c = b[i];
            if (c == ']' && i + 2 < end && b[i + 1] == ']' && b[i + 2] == '>') {
                i += 3; // the end of a CDATA section
                continue;
            }
            if (c != '<' || i + 1 >= end) {
                // the text up to the next byte that may begin or end markup, copied at once
                int to = Math.min(AsciiBytes.indexOfEither(b, i + 1, end, (byte) '<', (byte) ']'), i + max - n);
                System.arraycopy(b, i, out, n, to - i);
                n += to - i;
                i = to;
                continue;
            }
            byte d = b[i + 1];
            int skipTo;
            if (d == '!' && AsciiBytes.startsWithIgnoringAsciiCase(b, i, end, "<![cdata[")) {
                // feeds carry their text in CDATA sections: keep it, drop the delimiters
                i += 9;
                continue;
            } else if (d == '!' && i + 3 < end && b[i + 2] == '-' && b[i + 3] == '-') {
                skipTo = AsciiBytes.indexOf(b, i + 4, end, "-->");
                skipTo = skipTo < 0 ? end : skipTo + 3;
            } else if (AsciiBytes.isAsciiLetter(d) || d == '/' || d == '!' || d == '?') {
                skipTo = afterOrEnd(AsciiBytes.after(b, i + 1, end, (byte) '>'), end);
                if (AsciiBytes.isAsciiLetter(d)) n = attributeText(b, i + 2, skipTo, out, n, max);
                String raw = rawTextElement(b, i + 1, end);
                if (raw != null && skipTo < end) {
                    int close = AsciiBytes.indexOfIgnoringAsciiCase(b, skipTo, end, raw);
                    skipTo = close < 0 ? end : afterOrEnd(AsciiBytes.after(b, close, end, (byte) '>'), end);
                }
            } else {
                out[n++] = c;
                i++;
                continue;
            }
            if (n > 0 && out[n - 1] != ' ') out[n++] = ' ';
            i = skipTo;
        }
        return n;
    }

    /**
     * Appends to {@code out[n, max)} the quoted attribute values of the start tag whose name and
     * attributes are {@code b[from, to)} that hold a byte beyond ASCII, each after a space: a
     * title, an alt text, a meta description are text the author wrote, and on a page whose
     * prose is ASCII (or that names a counter "Рейтинг@Mail.ru") they are all that tells its
     * encoding. Values of ASCII only are left out (they would only dilute the evidence). Gives
     * the new length.
     */
    private static int attributeText(byte[] b, int from, int to, byte[] out, int n, int max) {
        if (AsciiBytes.firstNonAscii(b, from, to) >= to) return n; // most tags: nothing beyond ASCII
        for (int i = from; i < to && n < max; i++) {
            byte quote = b[i];
            if ((quote != '"' && quote != '\'') || b[i - 1] != '=' && b[i - 1] != ' ') continue;
            int close = AsciiBytes.indexOf(b, i + 1, to, quote);
            if (close < 0) return n;
            if (AsciiBytes.firstNonAscii(b, i + 1, close) < close) {
                if (n > 0 && out[n - 1] != ' ') out[n++] = ' ';
                for (int k = i + 1; k < close && n < max; k++) out[n++] = b[k];
                if (n < max) out[n++] = ' ';
            }
            i = close;
        }
        return n;
    }

    /** {@code after}, or {@code end} when it is -1 (an unclosed construct runs to the end). */
    private static int afterOrEnd(int after, int end) {
        return after < 0 ? end : after;
    }

    /** "</script" or "</style" if a start tag named script or style begins at {@code i}, else null. */
    private static String rawTextElement(byte[] b, int i, int end) {
        byte first = (byte) (b[i] | 0x20);
        if (first != 's') return null; // most tags: one comparison
        for (int k = 0; k < RAW_TEXT.length; k++) {
            String name = RAW_TEXT[k];
            int after = i + name.length();
            if (after < end && AsciiBytes.startsWithIgnoringAsciiCase(b, i, end, name) && !AsciiBytes.isAsciiLetter(b[after])) {
                return RAW_TEXT_CLOSE[k];
            }
        }
        return null;
    }

    private static final String[] RAW_TEXT = {"script", "style"};
    private static final String[] RAW_TEXT_CLOSE = {"</script", "</style"};
}
