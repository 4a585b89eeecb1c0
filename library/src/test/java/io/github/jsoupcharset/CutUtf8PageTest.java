package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.detect.DetectionCorpus;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

/**
 * A UTF-8 page cut short by one to three bytes (a crawl's size limit, a broken download, and the
 * body handed over as if whole): valid UTF-8 with many multi-byte sequences and one unfinished
 * sequence at its very end is UTF-8 with one U+FFFD, from every entry point and in the command's
 * {@code decode}; only thin UTF-8 evidence ({@code <p>Voila, ol\u00E9}, in {@code
 * BrowserCharsetJsoupTest}) may be read as a legacy encoding.
 */
class CutUtf8PageTest {
    @TempDir
    Path dir;

    /** Real pages: the corpus's Russian, Greek, Hebrew and Hungarian UTF-8 pages, and two Japanese ones written as UTF-8. */
    private static List<String> texts() throws IOException {
        List<String> texts = new ArrayList<>();
        // the pages as detection sees them: declarations removed (DetectionCorpus)
        List<String> paths = List.of("tests/utf-8/_ude_russian.txt", "tests/utf-8/_ude_greek.txt",
                "tests/utf-8/_ude_he2.txt", "tests/utf-8/weblabor.hu.xml", "tests/SHIFT_JIS/_ude_1.txt",
                "tests/EUC-JP/aivy.co.jp.xml");
        for (DetectionCorpus.Case c : DetectionCorpus.development()) {
            if (paths.contains(c.path())) texts.add(new String(c.bytes(), c.truth().charset()));
        }
        assertThat(texts.size(), equalTo(6));
        // synthetic: Cyrillic, CJK, and CJK with characters beyond the BMP (four bytes each, so
        // that a cut can leave three of them)
        texts.add("<p>" + "Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(6));
        texts.add("<p>" + "いろはにほへと ちりぬるを 日本語の文章です。".repeat(12));
        texts.add("<p>" + "\uD842\uDFB7野家で牛丼を食べた\uD83D\uDE00 ".repeat(20));
        return texts;
    }

    /**
     * The text up to the last character whose UTF-8 form is at least {@code cut + 1} bytes long,
     * that character cut by {@code cut} bytes; null when there is none.
     */
    private static byte[] cutPage(String text, int cut) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int end = bytes.length;
        while (true) {
            // the start of the last multi-byte character before end
            int lead = end - 1;
            while (lead >= 0 && (bytes[lead] & 0xC0) != 0xC0) lead--;
            if (lead < 0) return null; // no character that long (Cyrillic has no three-byte ones)
            int length;
            int b = bytes[lead] & 0xFF;
            length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
            if (length > cut) return Arrays.copyOf(bytes, lead + length - cut);
            end = lead;
        }
    }

    private static String decodedText(byte[] page) {
        return new String(page, StandardCharsets.UTF_8); // the unfinished sequence: one U+FFFD
    }

    @Test
    void aUtf8PageCutShortIsUtf8FromEveryEntryPoint() throws Exception {
        int pages = 0;
        for (String text : texts()) {
            for (int cut = 1; cut <= 3; cut++) {
                byte[] page = cutPage(text, cut);
                if (page == null) continue;
                String expected = decodedText(page);
                String what = text.substring(0, 20) + " cut by " + cut;
                assertThat(what, expected.endsWith("\uFFFD"), is(true));
                EncodingDecision d = BrowserCharsetJsoup.sniff(page, "text/html");
                assertThat(what, d.encoding(), equalTo(Encoding.UTF_8));
                assertThat(what, d.source(), equalTo(DecisionSource.UTF8_VALIDITY));
                DecodedHtml decoded = BrowserCharsetJsoup.decode(page, "text/html");
                assertThat(what, decoded.text(), equalTo(expected));
                assertThat(what, decoded.decision().replacementCount().getAsInt(), equalTo(1));
                try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(new ByteArrayInputStream(page), "text/html")) {
                    assertThat(what, read(r), equalTo(expected));
                    assertThat(what, r.decision().encoding(), equalTo(Encoding.UTF_8));
                }
                Path file = Files.write(dir.resolve("page.html"), page);
                try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(file, "text/html")) {
                    assertThat(what, read(r), equalTo(expected));
                    assertThat(what, r.decision().encoding(), equalTo(Encoding.UTF_8));
                }
                ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(file, null, "");
                assertThat(what, parsed.decision().encoding(), equalTo(Encoding.UTF_8));
                pages++;
            }
        }
        assertThat("pages: " + pages, pages >= 14, is(true));
    }

    /** A page over the stream look-ahead, cut by one byte: the end must not contradict the UTF-8 decision. */
    @Test
    void aLongUtf8PageCutShortIsNotDecidedAgain() throws Exception {
        String line = "<p>Съешь же ещё этих мягких французских булок, да выпей чаю. 日本語の文章です。</p>\n";
        String text = line.repeat(BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT / line.length() + 2000);
        byte[] page = cutPage(text, 1);
        assertThat(page.length > BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT, is(true));
        String expected = decodedText(page);
        Path file = Files.write(dir.resolve("long.html"), page);
        try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(file, "text/html")) {
            assertThat("the author's text", read(r).equals(expected), is(true));
            EncodingDecision d = r.decision();
            assertThat(d.encoding(), equalTo(Encoding.UTF_8));
            assertThat(d.lookahead().orElseThrow().contradicted(), is(false));
            assertThat(d.replacementCount().getAsInt(), equalTo(1));
        }
        try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(new ByteArrayInputStream(page), "text/html")) {
            assertThat("the author's text", read(r).equals(expected), is(true));
            assertThat(r.decision().lookahead().orElseThrow().contradicted(), is(false));
        }
        // the command's decode: CutUtf8DecodeTest in the command's module
    }

    @Test
    void thinUtf8EvidenceBeforeACutIsNoUtf8() {
        // seven whole sequences and a lead byte at the end: too little to call UTF-8 cut short
        byte[] page = ("<p>" + "\u00e9".repeat(7) + "\u00e9").getBytes(StandardCharsets.UTF_8);
        page = Arrays.copyOf(page, page.length - 1);
        assertThat(BrowserCharsetJsoup.sniff(page, "text/html").source(), not(equalTo(DecisionSource.UTF8_VALIDITY)));
        byte[] eight = ("<p>" + "\u00e9".repeat(8) + "\u00e9").getBytes(StandardCharsets.UTF_8);
        eight = Arrays.copyOf(eight, eight.length - 1);
        assertThat(BrowserCharsetJsoup.sniff(eight, "text/html").source(), equalTo(DecisionSource.UTF8_VALIDITY));
        // an error before the cut: no UTF-8, however many sequences
        byte[] broken = ("<p>" + "\u00e9".repeat(20) + "\u00ff" + "\u00e9".repeat(20) + "\u00e9")
                .getBytes(StandardCharsets.UTF_8);
        broken[3 + 40] = (byte) 0xFF; // the ÿ's lead made invalid
        broken = Arrays.copyOf(broken, broken.length - 1);
        assertThat(BrowserCharsetJsoup.sniff(broken, "text/html").source(), not(equalTo(DecisionSource.UTF8_VALIDITY)));
    }

    private static String read(Reader r) throws IOException {
        StringWriter w = new StringWriter();
        r.transferTo(w);
        return w.toString();
    }
}
