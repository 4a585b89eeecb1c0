package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.BrowserCharsetParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

/**
 * {@code decode} of a UTF-8 file longer than the look-ahead and cut by one byte: its unfinished
 * last sequence does not contradict the UTF-8 decision, so the file is not decided again (it was
 * "decided again: GBK" and written as Chinese mojibake).
 */
class CutUtf8DecodeTest {
    @TempDir
    Path dir;

    @Test
    void aLongUtf8FileCutShortIsDecodedAsUtf8() throws Exception {
        String line = "<p>Съешь же ещё этих мягких французских булок, да выпей чаю. 日本語の文章です。</p>\n";
        byte[] whole = (line.repeat(BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT / line.length() + 2000) + "<p>終わり。")
                .getBytes(StandardCharsets.UTF_8);
        byte[] page = Arrays.copyOf(whole, whole.length - 1); // 。 (E3 80 82) loses its last byte
        Path file = Files.write(dir.resolve("cut.html"), page);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"decode", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(stderr, status, equalTo(0));
        assertThat(stderr, not(containsString("decided again")));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat("the author's text", text.contains("французских булок"), is(true));
        assertThat("one U+FFFD at the end", text.endsWith("\uFFFD") || text.endsWith("\uFFFD\n"), is(true));
    }
}
