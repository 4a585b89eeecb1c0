package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

/**
 * A page longer than the stream look-ahead, read whole, through each entry point: only a body
 * that was cut is truncated, and the labels the head scan ignores are counted alike.
 */
class WholePageEntryPointsTest {
    @TempDir
    Path dir;

    /**
     * 600 KB of head (scripts, no declaration), then UTF-8 text: the stream's look-ahead (512 KiB)
     * is cut short while the head goes on, and decided from what it holds.
     */
    private static byte[] longUtf8Page() {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes("<!doctype html><html><head><title>t</title>".getBytes(StandardCharsets.UTF_8));
        while (o.size() < 600_000) o.writeBytes("<script>var x = 1; // padding padding</script>\n".getBytes(StandardCharsets.UTF_8));
        o.writeBytes("</head><body>".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 100; i++) o.writeBytes("<p>Привет, мир! Grüße.</p>\n".getBytes(StandardCharsets.UTF_8));
        return o.toByteArray();
    }

    @Test
    void aWholePageLongerThanTheLookAheadIsNotTruncated() throws IOException {
        // the look-ahead's decision was made "not complete", which set truncated: true on a whole page
        byte[] page = longUtf8Page();
        Path file = Files.write(dir.resolve("long.html"), page);
        ParsedHtml stream = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(page), null, "");
        assertThat(stream.truncated(), is(false));
        assertThat(stream.decision().truncated(), is(false));
        assertThat(stream.decision().lookahead().orElseThrow().cut(), is(true));
        ParsedHtml fromFile = BrowserCharsetJsoup.parseWithDecision(file, null, "");
        assertThat(fromFile.truncated(), is(false));
        assertThat(fromFile.decision().truncated(), is(false));
        try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(new ByteArrayInputStream(page), null)) {
            assertThat(r.decision().truncated(), is(false));
        }
        try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(file, null)) {
            assertThat(r.decision().truncated(), is(false));
        }
        assertThat(BrowserCharsetJsoup.parseWithDecision(page, null, "").decision().truncated(), is(false));
        // a body that was cut says so, from every entry point that is told
        BrowserCharsetParser parser = new BrowserCharsetParser(SniffOptions.DEFAULTS);
        assertThat(parser.parseWithDecision(new ByteArrayInputStream(page), null, "", true).decision().truncated(), is(true));
        assertThat(parser.parseWithDecision(page, null, "", true).decision().truncated(), is(true));
    }

    @Test
    void theIgnoredLabelsOfAHeadLongerThanTheLookAheadAreCountedAsInTheBytes() throws IOException {
        // 100,000 unknown metas (1.7 MB of head): byte[] counted 100,000, a file 16,730 (those of
        // its look-ahead)
        String meta = "<meta charset=q>";
        byte[] page = ("<!doctype html><html><head>" + meta.repeat(100_000) + "</head><body>x")
                .getBytes(StandardCharsets.US_ASCII);
        Path file = Files.write(dir.resolve("labels.html"), page);
        EncodingDecision bytes = BrowserCharsetJsoup.parseWithDecision(page, null, "").decision();
        assertThat(bytes.ignoredLabelCount(), equalTo(100_000));
        EncodingDecision fromFile = BrowserCharsetJsoup.parseWithDecision(file, null, "").decision();
        assertThat(fromFile.ignoredLabelCount(), equalTo(100_000));
        assertThat(fromFile.ignoredLabels(), equalTo(bytes.ignoredLabels()));
        try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(file, null)) {
            assertThat(r.decision().ignoredLabelCount(), equalTo(100_000));
        }
        // a stream keeps its look-ahead bound, and its decision says the bound cut it short
        EncodingDecision stream = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(page), null, "")
                .decision();
        assertThat(stream.lookahead().orElseThrow().cut(), is(true));
        assertThat(stream.ignoredLabelCount() < 100_000, is(true));
    }
}
