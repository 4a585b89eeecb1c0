package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Undeclared pages partly UTF-8 and partly windows-1251, longer than the stream look-ahead: the
 * file entry points give the decision and the text of the {@code byte[]} ones (whether the page is
 * mixed, the share of each part, the confidence it bounds, and the part decided for, all the
 * whole body's); a stream gives them where the look-ahead's decision keeps its encoding, and says
 * where the whole body contradicted it where it does not, and a buffered {@code Connection.Response}
 * so contradicted is parsed again from its bytes.
 */
class LongMixedPageEntryPointsTest {
    private static final String UTF8_TEXT = "<p>Москва — столица России, город федерального значения.</p>\n";
    private static final String LEGACY_TEXT = "<p>Петербург — второй по численности населения город России.</p>\n";

    @TempDir
    Path dir;

    /** About {@code utf8} bytes of UTF-8 text, then about {@code legacy} bytes of windows-1251 (or the other way round). */
    private static byte[] page(int utf8, int legacy, boolean legacyFirst) {
        ByteArrayOutputStream u = new ByteArrayOutputStream();
        while (u.size() < utf8) u.writeBytes(UTF8_TEXT.getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream l = new ByteArrayOutputStream();
        while (l.size() < legacy) l.writeBytes(LEGACY_TEXT.getBytes(Charset.forName("windows-1251")));
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes("<html><head><title>t</title></head><body>\n".getBytes(StandardCharsets.US_ASCII));
        o.writeBytes(legacyFirst ? l.toByteArray() : u.toByteArray());
        o.writeBytes(legacyFirst ? u.toByteArray() : l.toByteArray());
        o.writeBytes("</body></html>".getBytes(StandardCharsets.US_ASCII));
        return o.toByteArray();
    }

    /** What a decision says of the page, the look-ahead and the U+FFFD count left out. */
    private static String judged(EncodingDecision d) {
        return d.encoding() + " " + d.source() + " " + d.detectorConfidence() + " " + d.detectorRunnerUp() + " " + d.mixture();
    }

    @Test
    void aFileIsJudgedAsTheWholeBody() throws IOException {
        int[][] shapes = {{100_000, 700_000, 0}, {20_000, 1_000_000, 0}, {400_000, 500_000, 0}, {30_000, 600_000, 1},
            {300_000, 600_000, 1}, {600_000, 300_000, 0}};
        for (int[] shape : shapes) {
            byte[] page = page(shape[0], shape[1], shape[2] == 1);
            ParsedHtml whole = BrowserCharsetJsoup.parseWithDecision(page, "text/html", "http://example.com/");
            Path file = dir.resolve("page.html");
            Files.write(file, page);
            ParsedHtml fromFile = BrowserCharsetJsoup.parseWithDecision(file, "text/html", "http://example.com/");
            String what = java.util.Arrays.toString(shape);
            assertThat(what, judged(fromFile.decision()), equalTo(judged(whole.decision())));
            assertThat(what, fromFile.document().text(), equalTo(whole.document().text()));
            assertThat(what, fromFile.decision().lookahead().orElseThrow().bytes(), equalTo((long) BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT));
        }
    }

    @Test
    void aStreamIsJudgedAsTheWholeBodyOrSaysWhereItWasContradicted() throws IOException {
        // the look-ahead's part decided for is the whole body's: the whole body's share and confidence
        byte[] page = page(100_000, 700_000, false);
        EncodingDecision whole = BrowserCharsetJsoup.sniff(page, "text/html");
        EncodingDecision stream = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(page), "text/html",
                "http://example.com/").decision();
        assertThat(judged(stream), equalTo(judged(whole)));
        assertThat(whole.mixture().orElseThrow().sharePercent(), equalTo(7));
        assertThat(stream.lookahead().orElseThrow().contradictedAt(), equalTo(OptionalLong.empty()));
        // UTF-8 is the look-ahead's bulk, windows-1251 the body's: the stream, read once, is UTF-8,
        // contradicted from the first byte after its look-ahead
        page = page(400_000, 500_000, false);
        whole = BrowserCharsetJsoup.sniff(page, "text/html");
        stream = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(page), "text/html", "http://example.com/")
                .decision();
        assertThat(whole.encoding(), equalTo(Encoding.WINDOWS_1251));
        assertThat(stream.encoding(), equalTo(Encoding.UTF_8));
        assertThat(stream.replacementCount().orElseThrow(), greaterThan(100_000));
        assertThat(stream.lookahead().orElseThrow().contradictedAt(),
                equalTo(OptionalLong.of(BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT)));
    }

    @Test
    void aBufferedResponseContradictedByItsWholeBodyIsParsedAgainFromItsBytes() throws IOException {
        byte[] page = page(400_000, 500_000, false);
        EncodingDecision whole = BrowserCharsetJsoup.sniff(page, "text/html");
        com.sun.net.httpserver.HttpServer server = EntryPointEquivalence.serve(
                java.util.Map.of("page", new EntryPointEquivalence.Page("page", "text/html", page)));
        try {
            org.jsoup.Connection.Response response = org.jsoup.Jsoup.connect("http://127.0.0.1:" + server.getAddress().getPort()
                    + "/page").maxBodySize(0).execute();
            response.readBody(); // buffered: it can be read again
            ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(response);
            assertThat(judged(parsed.decision()), equalTo(judged(whole)));
            assertThat(parsed.document().text(), equalTo(BrowserCharsetJsoup.parseWithDecision(page, "text/html",
                    "http://example.com/").document().text()));
        } finally {
            server.stop(0);
        }
    }
}
