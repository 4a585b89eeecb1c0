package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * A FILE whose {@code <meta charset>} comes after more head than the look-ahead: every subcommand
 * gives the decision and the text of its bytes (sniff said windows-1252 while select printed Russian).
 */
class LateMetaCommandTest {
    private static final String RUSSIAN = "Привет, мир";

    @TempDir
    Path dir;

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new String[] {String.valueOf(status), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void sniffDecodeAndSelectOfAFileAgree() throws IOException {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes("<html><head><title>t</title>\n".getBytes(StandardCharsets.US_ASCII));
        while (o.size() < 600_000) o.writeBytes("<script>var x = 1; // padding padding padding</script>\n".getBytes(StandardCharsets.US_ASCII));
        o.writeBytes("<meta charset=windows-1251>".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 40; i++) o.writeBytes("<script>var y = 2;</script>\n".getBytes(StandardCharsets.US_ASCII));
        o.writeBytes("</head><body>".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 300; i++) o.writeBytes("<a href=/x>nav link</a> ".getBytes(StandardCharsets.US_ASCII));
        o.writeBytes(("<p>" + RUSSIAN).getBytes(Charset.forName("windows-1251")));
        String file = Files.write(dir.resolve("late.html"), o.toByteArray()).toString();

        String[] sniff = run("sniff", file);
        assertThat(sniff[1], sniff[0], equalTo("0"));
        assertThat(sniff[1], containsString("encoding    windows-1251"));
        assertThat(sniff[1], containsString("rule        LATE_META"));
        assertThat(sniff[1], containsString("cut short: the decision wanted more; the file read on: decided again at byte 600"));
        String[] json = run("sniff", "--json", file);
        assertThat(json[1], containsString("\"encoding\":\"windows-1251\""));
        assertThat(json[1], containsString("\"rule\":\"LATE_META\""));
        String[] select = run("select", "p", file);
        assertThat(select[2], select[1], equalTo(RUSSIAN + "\n"));
        String[] decode = run("decode", file);
        assertThat(decode[1].endsWith(RUSSIAN), equalTo(true));
        assertThat(select[0] + decode[0], equalTo("00"));
    }
}
