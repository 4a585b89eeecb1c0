package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.sameInstance;

class TerminalTest {
    @Test
    void everyControlATerminalObeysIsEscaped() {
        assertThat(Terminal.safe("a\u001b[31mb\u009b31mc\u0085d\u007fe\u00a0f"), equalTo("a\\x1b[31mb\\x9b31mc\\x85d\\x7fe\u00a0f"));
        for (char c = 0; c < 0x100; c++) {
            boolean control = c < 0x20 || c >= 0x7F && c <= 0x9F;
            assertThat(Integer.toHexString(c), Terminal.safe(String.valueOf(c)).startsWith("\\x"), equalTo(control));
        }
    }

    @Test
    void everyBidiControlIsEscapedSoNoneReordersWhatFollows() {
        // a URL that would read "http://example.com/exe.txt" on a terminal that obeys U+202E
        assertThat(Terminal.safe("http://example.com/\u202Etxt.exe"), equalTo("http://example.com/\\u202etxt.exe"));
        String bidi = "\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
        for (char c : bidi.toCharArray()) {
            assertThat(Integer.toHexString(c), Terminal.safe("a" + c + "b"), equalTo(String.format("a\\u%04xb", (int) c)));
        }
        // other format characters that do not reorder text stay (a zero-width joiner in an emoji, a soft hyphen)
        assertThat(Terminal.safe("\u200D\u00AD\u200B"), equalTo("\u200D\u00AD\u200B"));
        assertThat(HtmlReport.esc("x\u202Ey"), equalTo("x\\u202ey"));
    }

    @Test
    void textWithoutControlsIsLeftAsItIs() {
        String s = "Привет, .рф, 日本語";
        assertThat(Terminal.safe(s), sameInstance(s));
    }

    @Test
    void jsonEscapesC1ControlsToo() {
        assertThat(new Json().field("label", "\u009b31m").end(), equalTo("{\"label\":\"\\u009b31m\"}"));
    }
}
