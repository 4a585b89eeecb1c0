package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * One page whose {@code <meta charset>} comes after more head than the stream look-ahead holds
 * (Chromium honours it: windows-1251): the {@code byte[]} entry points and the file entry points
 * give one decision and one text; a stream, which cannot be read again, decides from its
 * look-ahead and says that the bound cut it short and where later bytes contradicted it.
 */
class LateMetaEntryPointsTest {
    private static final String SCRIPT = "<script>var x = 1; // padding padding padding padding padding padding</script>\n";
    private static final String RUSSIAN = "Привет, мир! Это проверка кодировки страницы. ";

    @TempDir
    Path dir;

    /**
     * The page: a head of small scripts up to 600,000 bytes, or of one script up to {@code
     * longScriptTo} (longer than the look-ahead; past twice its length, longer than a stream's
     * watch holds at once), the meta, more head, ASCII, then Russian.
     */
    private static byte[] page(int longScriptTo) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(ascii("<!doctype html><html><head><title>t</title>\n"));
        if (longScriptTo > 0) {
            o.writeBytes(ascii("<script>\n"));
            while (o.size() < longScriptTo) o.writeBytes(ascii("var pad = 'padding padding padding'; if (a < b) { x = '</scrip'; }\n"));
            o.writeBytes(ascii("</script>\n"));
        } else {
            while (o.size() < 600_000) o.writeBytes(ascii(SCRIPT));
        }
        o.writeBytes(ascii("<meta charset=windows-1251>\n"));
        for (int i = 0; i < 40; i++) o.writeBytes(ascii(SCRIPT));
        o.writeBytes(ascii("</head><body>"));
        for (int i = 0; i < 300; i++) o.writeBytes(ascii("<a href=/x>nav link</a> "));
        o.writeBytes(ascii("<p>"));
        for (int i = 0; i < 50; i++) o.writeBytes(RUSSIAN.getBytes(java.nio.charset.Charset.forName("windows-1251")));
        return o.toByteArray();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static long metaOffset(byte[] page) {
        return new String(page, StandardCharsets.ISO_8859_1).indexOf("<meta charset=windows-1251>");
    }

    @Test
    void aFileGetsTheDecisionAndTheTextOfItsBytes() throws IOException {
        for (int longScriptTo : new int[] {0, 600_000, 1_600_000}) {
            byte[] page = page(longScriptTo);
            Path file = Files.write(dir.resolve("late-" + longScriptTo + ".html"), page);
            ParsedHtml bytes = BrowserCharsetJsoup.parseWithDecision(page, null, "");
            assertThat(bytes.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
            assertThat(bytes.decision().source(), equalTo(DecisionSource.LATE_META));
            String text = bytes.document().text();
            assertThat(text.contains(RUSSIAN.strip()), equalTo(true));

            String what = longScriptTo > 0 ? "one script of " + longScriptTo + " bytes" : "many scripts";
            ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(file, null, "");
            assertSameDecision(what + ": parseWithDecision(Path)", parsed.decision(), bytes.decision(), page);
            assertThat(what, parsed.document().text(), equalTo(text));

            String decoded;
            try (DecodedHtmlReader reader = BrowserCharsetJsoup.decode(file, null)) {
                assertSameDecision(what + ": decode(Path)", reader.decision(), bytes.decision(), page);
                decoded = read(reader);
            }
            assertThat(what, decoded, equalTo(BrowserCharsetJsoup.decode(page, null).text()));

            try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(file, null, "")) {
                assertSameDecision(what + ": streamParser(Path)", parser.decision(), bytes.decision(), page);
                assertThat(what, parser.complete().text(), equalTo(text));
            }

            // a stream cannot be read again: its decision says the bound cut it short, and where the
            // bytes after the look-ahead contradicted it
            ParsedHtml streamed = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(page), null, "");
            EncodingDecision.Lookahead l = streamed.decision().lookahead().orElseThrow();
            assertThat(what, l.cut(), equalTo(true));
            assertThat(what, l.bytes(), equalTo((long) BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT));
            assertThat(what, l.contradicted(), equalTo(true));
            assertThat(what, streamed.decision().encoding(), equalTo(Encoding.WINDOWS_1252));
            // the head scan went on as the rest was read, and names the meta that is why its bytes'
            // decision differs (the decision named nothing but the first Cyrillic byte)
            assertThat(what, streamed.decision().metaLabel(), equalTo(java.util.Optional.of("windows-1251")));
            assertThat(what, streamed.decision().metaSource(), equalTo(java.util.Optional.of(DecisionSource.LATE_META)));
            assertThat(what, l.contradictedAt().getAsLong(), equalTo(metaOffset(page)));
        }
    }

    private static void assertSameDecision(String what, EncodingDecision d, EncodingDecision bytes, byte[] page) {
        assertThat(what, d.encoding(), equalTo(bytes.encoding()));
        assertThat(what, d.source(), equalTo(bytes.source()));
        assertThat(what, d.confidence(), equalTo(bytes.confidence()));
        assertThat(what, d.metaLabel(), equalTo(bytes.metaLabel()));
        EncodingDecision.Lookahead l = d.lookahead().orElseThrow();
        // what it rests on: the look-ahead was cut, the head scan went on through the file, and the
        // meta it found there made the decision again
        assertThat(what, l.cut(), equalTo(true));
        assertThat(what, l.contradictedAt().getAsLong(), equalTo(metaOffset(page)));
        assertThat(what, l.decodedAgain(), equalTo(true));
    }

    private static String read(Reader reader) throws IOException {
        StringBuilder b = new StringBuilder();
        char[] buf = new char[8192];
        for (int n; (n = reader.read(buf)) >= 0; ) b.append(buf, 0, n);
        return b.toString();
    }

    @Test
    void aLongHeadWithoutAMetaIsReadAsBefore() throws IOException {
        // the head goes on past the look-ahead and ends without declaring anything: the file's decision
        // is the look-ahead's (then detection once a contradiction shows), not a scan's invention
        byte[] page = new String(page(0), StandardCharsets.ISO_8859_1).replace("<meta charset=windows-1251>", "<meta name=x>")
                .getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.write(dir.resolve("no-meta.html"), page);
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(file, null, "");
        assertThat(parsed.decision().source(), equalTo(DecisionSource.DETECTION));
        assertThat(parsed.decision().encoding(), equalTo(BrowserCharsetJsoup.sniff(page, null).encoding()));
        assertThat(parsed.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
        assertThat(parsed.decision().lookahead().orElseThrow().contradictedAt().getAsLong(), greaterThan(600_000L));
    }
}
