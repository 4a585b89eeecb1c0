package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

/** The byte a character comes from in windows-1252, as the double-encoding scan undoes it; what reads as double-encoded. */
class DoubleEncodingScanTest {
    @Test
    void everyWindows1252CharacterGoesBackToItsByteAndNothingElseHasOne() {
        int mapped = 0;
        for (int b = 0x80; b <= 0xFF; b++) {
            char c = new String(new byte[] {(byte) b}, Encoding.WINDOWS_1252.charset()).charAt(0);
            // above U+00FF: the byte the index gives it; the five bytes the index leaves as C1 controls: themselves
            assertThat(Integer.toHexString(b), DoubleEncodingScan.windows1252Byte(c), is(c > 0xFF ? b : c));
            if (c > 0xFF) mapped++;
        }
        assertThat(mapped, is(27));
        // ISO-8859-1's reading of 0x80-0x9F (U+0080-U+009F) is its bytes too
        for (int c = 0x80; c <= 0xFF; c++) assertThat(DoubleEncodingScan.windows1252Byte(c), is(c));
        for (int c : new int[] {0x100, 0x151, 0x2028, 0x20AD, 0xFFFD, 0x1F600}) {
            assertThat(Integer.toHexString(c), DoubleEncodingScan.windows1252Byte(c), is(-1));
        }
    }

    private static DoubleEncodingScan scan(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return DoubleEncodingScan.of(b, 0, b.length, true);
    }

    @Test
    void aTableOfMojibakeIsNoDoubleEncodedText() {
        // a UTF-8 page showing what accents look like misread: every "Ã©" alone in its cell
        StringBuilder table = new StringBuilder("<table><tr><th>misread</th></tr>");
        for (String m : new String[] {"\u00c3\u00a9", "\u00c3\u00a8", "\u00c3\u00a0", "\u00c3\u00bc", "\u00c3\u00b6",
            "\u00c3\u00a4", "\u00c3\u00a7", "\u00c3\u00b1", "\u00e2\u20ac\u2122"}) {
            table.append("<tr><td>").append(m).append("</td></tr>");
        }
        DoubleEncodingScan s = scan(table + "</table>");
        assertThat(s.sequences(), is(9));
        assertThat(s.wholeText(), is(false));
        // quoted in running text, each between quotes: no more
        assertThat(scan("<p>Misread, \"\u00c3\u00a9\" \"\u00c3\u00a8\" \"\u00c3\u00a0\" \"\u00c3\u00bc\" \"\u00c3\u00b6\" "
                + "\"\u00c3\u00a4\" \"\u00c3\u00a7\" \"\u00c3\u00b1\" are what UTF-8 becomes.</p>").wholeText(), is(false));
    }

    @Test
    void doubleEncodedWordsAreDoubleEncodedText() {
        DoubleEncodingScan s = scan("<p>Caf\u00c3\u00a9 cr\u00c3\u00a8me, d\u00c3\u00a9j\u00c3\u00a0 vu, na\u00c3\u00afve "
                + "fa\u00c3\u00a7ade, cr\u00c3\u00a8me br\u00c3\u00bbl\u00c3\u00a9e</p>");
        assertThat(s.sequences(), is(9));
        assertThat(s.wholeText(), is(true));
    }
}
