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
    void textWithoutControlsIsLeftAsItIs() {
        String s = "Привет, .рф, 日本語";
        assertThat(Terminal.safe(s), sameInstance(s));
    }

    @Test
    void jsonEscapesC1ControlsToo() {
        assertThat(new Json().field("label", "\u009b31m").end(), equalTo("{\"label\":\"\\u009b31m\"}"));
    }
}
