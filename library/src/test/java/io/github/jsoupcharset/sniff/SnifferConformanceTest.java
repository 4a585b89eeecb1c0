package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.SharedData;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.decision.SniffOptions.Detection;
import io.github.jsoupcharset.decision.SniffOptions.MetaScan;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

/**
 * The sniffer against the shared conformance data: html5lib-tests' encoding tests and the wpt
 * charset, xmldecl and input-byte-stream tests, read from the real files. Without the data, each
 * factory gives one skipped test saying so.
 */
class SnifferConformanceTest {
    /** What html5lib's tests assume: no detection, windows-1252 default. */
    private static final SniffOptions HTML5LIB =
            SniffOptions.DEFAULTS.withDetection(Detection.NONE).withMetaScan(MetaScan.SPEC);

    /** What the wpt expectations are: browsers, without detection (windows-1252 default). */
    private static final SniffOptions WPT = SniffOptions.DEFAULTS.withDetection(Detection.NONE);

    /**
     * Cases whose expectation we knowingly do not meet, with the reason. Each is still run and must
     * still fail, so a fix is noticed and the entry removed.
     */
    private static final Map<String, String> KNOWN_FAILURES = Map.of(
            "preparsed/tests1.dat #0",
            "the test is named \"1025 characters\" but its data is 1023 bytes, so the whole <meta>"
                    + " (bytes 998-1022) lies inside the standard's 1024-byte prescan window and the"
                    + " prescan finds iso-8859-2; the expectation assumes the meta ends past byte 1024");

    @TestFactory
    List<DynamicTest> html5libTests1() throws Exception {
        return SharedData.dynamicTests(() -> html5lib("html5lib-encoding/encoding/tests1.dat", HTML5LIB));
    }

    @TestFactory
    List<DynamicTest> html5libTests2() throws Exception {
        return SharedData.dynamicTests(() -> html5lib("html5lib-encoding/encoding/tests2.dat", HTML5LIB));
    }

    @TestFactory
    List<DynamicTest> html5libYahooJp() throws Exception {
        return SharedData.dynamicTests(() -> html5lib("html5lib-encoding/encoding/test-yahoo-jp.dat", HTML5LIB));
    }

    @TestFactory
    List<DynamicTest> html5libPreparsed() throws Exception {
        return SharedData.dynamicTests(() -> html5lib("html5lib-encoding/encoding/preparsed/tests1.dat",
                HTML5LIB.withMetaScan(MetaScan.SPEC_PRESCAN_1024)));
    }

    /** The html5lib format: "#data\n" DATA "\n#encoding\n" NAME "\n", tests separated by blank lines. */
    private static List<DynamicTest> html5lib(String relative, SniffOptions options) throws IOException {
        Path file = SharedData.file(relative);
        byte[] all = Files.readAllBytes(file);
        String text = new String(all, StandardCharsets.ISO_8859_1); // bytes preserved one to one
        List<DynamicTest> tests = new ArrayList<>();
        String fileName = relative.substring("html5lib-encoding/encoding/".length());
        int from = 0;
        int number = 0;
        while (true) {
            int data = text.indexOf("#data\n", from);
            if (data < 0) break;
            int encodingLine = text.indexOf("\n#encoding\n", data);
            // the data's final newline is removed: it is the "\n" before "#encoding"
            byte[] bytes = text.substring(data + "#data\n".length(), encodingLine).getBytes(StandardCharsets.ISO_8859_1);
            int nameStart = encodingLine + "\n#encoding\n".length();
            int nameEnd = text.indexOf('\n', nameStart);
            String expected = text.substring(nameStart, nameEnd < 0 ? text.length() : nameEnd).trim();
            from = nameStart;
            String key = fileName + " #" + number++;
            tests.add(check(key, key + ": " + preview(bytes), () -> {
                Encoding want = Encoding.forLabel(expected).orElseThrow();
                EncodingDecision d = Sniffer.sniff(bytes, 0, bytes.length, null, options);
                assertThat(d.toString(), d.encoding(), equalTo(want));
            }));
        }
        assertThat("tests found in " + relative, tests.isEmpty(), equalTo(false));
        return tests;
    }

    /** CHARSET-EXPECTED.tsv, standalone column, over html/syntax/charset/*.html. */
    @TestFactory
    List<DynamicTest> wptCharset() throws Exception {
        return SharedData.dynamicTests(SnifferConformanceTest::wptCharsetCases);
    }

    private static List<DynamicTest> wptCharsetCases() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String[] row : tsv("wpt/CHARSET-EXPECTED.tsv")) {
            String test = row[0];
            String standalone = row[4];
            Path file = SharedData.file("wpt/html/syntax/charset/" + test);
            tests.add(check("wpt charset " + test, () -> {
                byte[] bytes = Files.readAllBytes(file);
                EncodingDecision d = Sniffer.sniff(bytes, 0, bytes.length, null, WPT);
                if (standalone.startsWith("not windows-1251")) {
                    assertThat(d.toString(), d.encoding(), not(equalTo(Encoding.WINDOWS_1251)));
                } else {
                    assertThat(standalone, standalone.startsWith("windows-1251"), equalTo(true));
                    assertThat(d.toString(), d.encoding(), equalTo(Encoding.WINDOWS_1251));
                }
            }));
        }
        return tests;
    }

    /**
     * XMLDECL-EXPECTED.tsv over html/syntax/xmldecl/support/. The frames' parent is windows-1252 and
     * undeclared frames inherit it; standalone, our default is windows-1252 too, so the expected
     * values hold without inheritance.
     */
    @TestFactory
    List<DynamicTest> wptXmlDeclaration() throws Exception {
        return SharedData.dynamicTests(SnifferConformanceTest::wptXmlDeclarationCases);
    }

    private static List<DynamicTest> wptXmlDeclarationCases() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String[] row : tsv("wpt/XMLDECL-EXPECTED.tsv")) {
            String frame = row[2];
            String header = charsetParameter(row[3]);
            String expected = row[4];
            tests.add(check("wpt xmldecl " + frame + (header == null ? "" : " (header " + header + ")"), () -> {
                byte[] bytes = frame.endsWith("trickle.py")
                        ? trickleBody()
                        : Files.readAllBytes(SharedData.file("wpt/html/syntax/xmldecl/" + frame));
                EncodingDecision d = Sniffer.sniff(bytes, 0, bytes.length, header, WPT);
                assertThat(d.toString(), d.encoding(), equalTo(Encoding.forLabel(expected).orElseThrow()));
            }));
        }
        return tests;
    }

    /** support/trickle.py serves these bytes one at a time; we get them whole. */
    private static byte[] trickleBody() throws IOException {
        Path script = SharedData.file("wpt/html/syntax/xmldecl/support/trickle.py");
        String py = Files.readString(script, StandardCharsets.ISO_8859_1);
        assertThat("trickle.py still serves the bytes this test assumes",
                py.contains("b'<?xml version=\"1.0\" encoding=\"windows-1251\"?'"), equalTo(true));
        String body = "<?xml version=\"1.0\" encoding=\"windows-1251\"?"
                + ">\n<p>Normal XML declation as slow byte-by-byte trickle</p>\n<p>Test: \u00E6</p>\n"
                + "<p>If &#x0436;, XML decl takes effect</p>";
        return body.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** INPUT-BYTE-STREAM-EXPECTED.tsv over html/syntax/parsing-html-fragments/, with the header given. */
    @TestFactory
    List<DynamicTest> wptInputByteStream() throws Exception {
        return SharedData.dynamicTests(SnifferConformanceTest::wptInputByteStreamCases);
    }

    private static List<DynamicTest> wptInputByteStreamCases() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String[] row : tsv("wpt/INPUT-BYTE-STREAM-EXPECTED.tsv")) {
            String test = row[0];
            String header = charsetParameter(row[1]);
            String expected = row[4].split(" ")[0];
            tests.add(check("wpt " + test.substring(test.lastIndexOf('/') + 1)
                    + (header == null ? "" : " (header " + header + ")"), () -> {
                byte[] bytes = Files.readAllBytes(SharedData.file("wpt/" + test));
                EncodingDecision d = Sniffer.sniff(bytes, 0, bytes.length, header, WPT);
                assertThat(d.toString(), d.encoding(), equalTo(Encoding.forLabel(expected).orElseThrow()));
            }));
        }
        return tests;
    }

    /** A test, or for a known failure a test that it still fails. */
    private static DynamicTest check(String name, ThrowingRunnable body) {
        return check(name, name, body);
    }

    /** As {@link #check(String, ThrowingRunnable)}, with a display name other than the key. */
    private static DynamicTest check(String key, String name, ThrowingRunnable body) {
        String reason = KNOWN_FAILURES.get(key);
        if (reason == null) return DynamicTest.dynamicTest(name, body::run);
        return DynamicTest.dynamicTest(name + " [known failure: " + reason + "]", () -> {
            boolean passed;
            try {
                body.run();
                passed = true;
            } catch (AssertionError expectedFailure) {
                passed = false;
            }
            assertThat("passes now; remove it from KNOWN_FAILURES", passed, equalTo(false));
        });
    }

    private interface ThrowingRunnable {
        void run() throws Throwable;
    }

    private static List<String[]> tsv(String relative) throws IOException {
        List<String> lines = Files.readAllLines(SharedData.file(relative), StandardCharsets.UTF_8);
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (!line.isBlank()) rows.add(line.split("\t", -1));
        }
        return rows;
    }

    /** The charset parameter of a Content-Type value (with or without "Content-Type:"), or null. */
    static String charsetParameter(String contentType) {
        String lower = contentType.toLowerCase(Locale.ROOT);
        int i = lower.indexOf("charset=");
        if (i < 0) return null;
        String value = contentType.substring(i + "charset=".length());
        int semicolon = value.indexOf(';');
        if (semicolon >= 0) value = value.substring(0, semicolon);
        value = value.trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) value = value.substring(1, value.length() - 1);
        return value;
    }

    private static String preview(byte[] bytes) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < bytes.length && b.length() < 60; i++) {
            int c = bytes[i] & 0xFF;
            if (c == '\n') b.append("\\n");
            else if (c < 0x20 || c >= 0x7F) b.append(String.format("\\x%02X", c));
            else b.append((char) c);
        }
        if (b.length() >= 60) b.append('…');
        return b.toString();
    }
}
