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

    /** The command run with {@code stdin} as its standard input. */
    private static String[] runWithStdin(byte[] stdin, String... args) {
        java.io.InputStream saved = System.in;
        System.setIn(new java.io.ByteArrayInputStream(stdin));
        try {
            return run(args);
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void stdinIsHeldAsAFileIs() throws IOException {
        // stdin was a stream: sniff - said windows-1252 (its look-ahead's default) where sniff FILE
        // said windows-1251, and decode - and select - exited 1 on the late contradiction
        byte[] page = latePage();
        String file = Files.write(dir.resolve("late.html"), page).toString();
        String[] fromFile = run("sniff", "--json", file);
        String[] fromStdin = runWithStdin(page, "sniff", "--json", "-");
        assertThat(fromStdin[2], fromStdin[0], equalTo("0"));
        assertThat(fromStdin[1], containsString("\"encoding\":\"windows-1251\""));
        assertThat(fromStdin[1], containsString("\"rule\":\"LATE_META\""));
        assertThat(fromStdin[1].replace("\"input\":\"-\"", "\"input\":\"" + file + "\""), equalTo(fromFile[1]));
        String[] text = runWithStdin(page, "sniff", "-");
        assertThat(text[1], containsString("encoding    windows-1251"));
        String[] select = runWithStdin(page, "select", "p", "-");
        assertThat(select[2], select[0], equalTo("0"));
        assertThat(select[1], equalTo(RUSSIAN + "\n"));
        String[] decode = runWithStdin(page, "decode", "-");
        assertThat(decode[2], decode[0], equalTo("0"));
        assertThat(decode[1].endsWith(RUSSIAN), equalTo(true));
        // the spool is held to --max-body: the byte after it is refused, nothing printed
        String[] over = runWithStdin(page, "decode", "--max-body", "600000", "-");
        assertThat(over[0], equalTo("1"));
        assertThat(over[1], equalTo(""));
        assertThat(over[2], containsString("-: more than 600000 bytes (see --max-body); not read"));
    }

    @Test
    void aWholePageFromStdinIsNotTruncated() throws IOException {
        // a 600 KB page read whole from stdin said "truncated":true (its look-ahead was cut, not the page)
        byte[] page = latePage();
        String[] json = runWithStdin(page, "sniff", "--json", "-");
        assertThat(json[1], containsString("\"truncated\":false"));
        assertThat(json[1], containsString("\"wholePage\":false"));
    }

    /** 600 KB of head, then {@code <meta charset=windows-1251>}, more head and Russian in windows-1251. */
    private static byte[] latePage() {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes("<html><head><title>t</title>\n".getBytes(StandardCharsets.US_ASCII));
        while (o.size() < 600_000) o.writeBytes("<script>var x = 1; // padding padding padding</script>\n".getBytes(StandardCharsets.US_ASCII));
        o.writeBytes("<meta charset=windows-1251>".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 40; i++) o.writeBytes("<script>var y = 2;</script>\n".getBytes(StandardCharsets.US_ASCII));
        o.writeBytes("</head><body>".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 300; i++) o.writeBytes("<a href=/x>nav link</a> ".getBytes(StandardCharsets.US_ASCII));
        o.writeBytes(("<p>" + RUSSIAN).getBytes(Charset.forName("windows-1251")));
        return o.toByteArray();
    }

    @Test
    void sniffDecodeAndSelectOfAFileAgree() throws IOException {
        String file = Files.write(dir.resolve("late.html"), latePage()).toString();

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
