package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

/** The byte a character comes from in windows-1252, as the double-encoding scan undoes it. */
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
}
