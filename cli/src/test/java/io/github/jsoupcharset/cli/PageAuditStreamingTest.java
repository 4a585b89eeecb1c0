package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.SharedData;
import io.github.jsoupcharset.decision.SniffOptions;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

/**
 * {@link PageAudit#of} streams every text and digests each document's text so that a big page
 * fits in a small heap; these tests hold it to the plain algorithm that keeps every text as a
 * String (written out here as the reference), on real and hostile pages in both modes.
 */
class PageAuditStreamingTest {

    /** The audit as it was before it streamed: every text a String, compared with equals. */
    static PageAudit reference(String url, List<String> contentTypes, byte[] body, SniffOptions options) {
        String contentType = contentTypes.isEmpty() ? null : String.join(", ", contentTypes);
        DecodedHtml ours = BrowserCharsetJsoup.withOptions(options).decode(body, contentType);
        EncodingDecision d = ours.decision();
        String browser = ours.text();
        String author = ours.text();
        if (d.misdeclared()) {
            boolean checked = options.declarations() == SniffOptions.Declarations.CHECKED;
            String other = BrowserCharsetJsoup.withOptions(options.withDeclarations(checked
                    ? SniffOptions.Declarations.BROWSER : SniffOptions.Declarations.CHECKED)).decode(body, contentType).text();
            if (checked) browser = other;
            else author = other;
        }
        String requestsLabel = PageAudit.requestsCharset(contentType);
        Charset requestsCharset = PageAudit.jdkCharset(requestsLabel);
        PageAudit.Naive requests = naive(requestsCharset == null ? "UTF-8 (unknown: " + requestsLabel + ")" : requestsLabel,
                body, requestsCharset == null ? StandardCharsets.UTF_8 : requestsCharset, browser, author);
        String jsoupCharset = PageAudit.jsoupCharset(contentType);
        String jsoupText;
        try {
            jsoupText = Jsoup.parse(new ByteArrayInputStream(body), jsoupCharset, url).text();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        String browserDocument = Jsoup.parse(browser, url).text();
        String authorDocument = author.equals(browser) ? browserDocument : Jsoup.parse(author, url).text();
        PageAudit.Naive jsoup = new PageAudit.Naive(jsoupCharset == null ? "(sniffed)" : jsoupCharset,
                !jsoupText.equals(browserDocument), jsoupText.equals(authorDocument));
        String label = d.headerLabel().or(d::metaLabel).orElse(null);
        PageAudit.Naive declared;
        if (label == null) {
            declared = naive("UTF-8 (none declared)", body, StandardCharsets.UTF_8, browser, author);
        } else {
            Charset cs = PageAudit.jdkCharset(label);
            declared = cs == null ? new PageAudit.Naive("unsupported: " + label, true, false) : naive(label, body, cs, browser, author);
        }
        return new PageAudit(url, PageAudit.topLevelDomain(url), contentType, body.length, d, requests, jsoup, declared);
    }

    private static PageAudit.Naive naive(String name, byte[] body, Charset charset, String browser, String author) {
        String text = new String(body, charset);
        return new PageAudit.Naive(name, differs(text, browser), !differs(text, author));
    }

    private static boolean differs(String text, String ours) {
        if (text.equals(ours)) return false;
        return !(text.length() == ours.length() + 1 && text.charAt(0) == '\uFEFF' && text.regionMatches(1, ours, 0, ours.length()));
    }

    private static final List<SniffOptions> MODES = List.of(SniffOptions.DEFAULTS,
            SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED),
            SniffOptions.DEFAULTS.withTextNormalization(SniffOptions.TextNormalization.NFC));

    private static void assertSame(String url, List<String> contentTypes, byte[] body) {
        for (SniffOptions mode : MODES) {
            assertThat(url + " " + contentTypes + " " + mode, PageAudit.of(url, contentTypes, body, mode),
                    is(reference(url, contentTypes, body, mode)));
        }
    }

    @Test
    void theSamplesPagesAuditAsWithWholeTexts() throws IOException {
        int pages = 0;
        try (WarcReader reader = new WarcReader(Main.sampleWarc())) {
            for (WarcRecord record : reader) {
                if (!(record instanceof WarcResponse response) || !response.contentType().base().toString().equals("application/http")) continue;
                HttpResponse http = response.http();
                byte[] body = http.body().stream().readAllBytes();
                List<String> types = http.headers().all("Content-Type");
                if (http.status() != 200 || !WarcAudit.isHtml(types, body)) continue;
                assertSame(response.target(), types, body);
                pages++;
            }
        }
        assertThat(pages, is(38));
    }

    @Test
    void hostileAndTrickyPagesAuditAsWithWholeTexts() {
        Charset cp1251 = Charset.forName("windows-1251");
        String ru = "<title>Новости</title><p>Новости дня</p>";
        assertSame("http://a.ru/", List.of("text/html"), ("<meta charset=windows-1251>" + ru).getBytes(cp1251));
        assertSame("http://a.ru/", List.of("text/html; charset=utf-8"), ru.getBytes(cp1251)); // misdeclared
        assertSame("http://a.fr/", List.of("text/html; charset=iso-8859-1"), "<p>Caf\u00e9 \u00e9t\u00e9 d\u00e9j\u00e0 cr\u00e8me</p>".getBytes(StandardCharsets.UTF_8));
        assertSame("http://a.com/", List.of(), "\uFEFF<p>bom \u2713</p>".getBytes(StandardCharsets.UTF_8));
        assertSame("http://a.com/", List.of(), "\uFEFF\uFEFF<p>two boms</p>".getBytes(StandardCharsets.UTF_8));
        assertSame("http://a.com/", List.of("text/html; charset=utf-16"), "\uFEFF<p>utf-16</p>".getBytes(StandardCharsets.UTF_16LE));
        assertSame("http://a.com/", List.of("text/html; charset=x-nonsense"), "<p>x</p>".getBytes(StandardCharsets.US_ASCII));
        assertSame("http://a.com/", List.of("text/html; charset=\"utf-7\""), "<p>+AGEAYgBj-</p>".getBytes(StandardCharsets.US_ASCII));
        assertSame("http://a.com/", List.of(), new byte[0]);
        assertSame("http://a.com/", List.of("text/html; charset=shift_jis"), "<p>\u6771\u4eac \uff5e</p>".getBytes(Charset.forName("Shift_JIS")));
        assertSame("http://a.com/", List.of(), "<p>Cafe\u0301 e\u0301te\u0301</p>".getBytes(StandardCharsets.UTF_8)); // NFC changes it
        // malformed and truncated sequences, at and across the 8192-char chunk boundaries
        Random random = new Random(15);
        for (int size : new int[] {1, 100, 8191, 8192, 8193, 20000}) {
            byte[] noise = new byte[size];
            random.nextBytes(noise);
            for (String ct : List.of("text/html", "text/html; charset=utf-8", "text/html; charset=gb18030", "text/html; charset=euc-jp")) {
                assertSame("http://noise.example/", List.of(ct), noise);
            }
        }
        StringBuilder big = new StringBuilder("<meta charset=utf-8>");
        while (big.length() < 30000) big.append("<p>Новости дня \u2713 caf\u00e9</p>\n");
        byte[] utf8 = big.toString().getBytes(StandardCharsets.UTF_8);
        assertSame("http://big.example.ru/", List.of("text/html"), utf8);
        assertSame("http://big.example.ru/", List.of("text/html; charset=windows-1251"), utf8);
        utf8[utf8.length - 1] = (byte) 0xD0; // a cut-off sequence at the very end
        assertSame("http://big.example.ru/", List.of("text/html"), utf8);
    }

    @Test
    void realPagesAuditAsWithWholeTexts() throws IOException {
        Path corpus = SharedData.file("corpus/chardet/tests");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(corpus)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        int checked = 0;
        for (int i = 0; i < files.size(); i += 8) { // an eighth of the corpus: every encoding, in a few seconds
            byte[] body = Files.readAllBytes(files.get(i));
            String label = files.get(i).getParent().getFileName().toString();
            assertSame("http://corpus.example/" + files.get(i).getFileName(), List.of("text/html"), body);
            assertSame("http://corpus.example/" + files.get(i).getFileName(), List.of("text/html; charset=" + label), body);
            checked++;
        }
        assertThat(checked, greaterThan(40));
    }

    @Test
    void sameCharsReadsReadersOfAnyChunking() {
        assertThat(PageAudit.sameChars(new StringReader("abc"), new StringReader("abc")), is(true));
        assertThat(PageAudit.sameChars(new StringReader("abc"), new StringReader("abcd")), is(false));
        assertThat(PageAudit.sameChars(new StringReader("abcd"), new StringReader("abc")), is(false));
        assertThat(PageAudit.sameChars(new StringReader(""), new StringReader("")), is(true));
        String long1 = "x".repeat(20000);
        assertThat(PageAudit.sameChars(new StringReader(long1), new StringReader(long1)), is(true));
        assertThat(PageAudit.sameChars(new StringReader(long1), new StringReader(long1.substring(1) + "y")), is(false));
        for (int chunk : new int[] {1, 3, 64}) {
            assertThat(PageAudit.sameChars(new StringReader(long1), new StringReader(long1), chunk), is(true));
            assertThat(PageAudit.sameChars(new StringReader(long1 + "a"), new StringReader(long1 + "b"), chunk), is(false));
            assertThat(PageAudit.sameChars(new StringReader(long1), new StringReader(long1 + "b"), chunk), is(false));
        }
    }
}
