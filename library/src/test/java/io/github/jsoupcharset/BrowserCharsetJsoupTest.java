package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.Confidence;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.IgnoredLabel;
import io.github.jsoupcharset.decision.SniffOptions;


import io.github.jsoupcharset.encoding.Encoding;
import com.sun.net.httpserver.HttpServer;
import org.jsoup.Connection;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.lessThan;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The cases of the article this project follows, end to end: real HTTP over loopback where the
 * header matters, the decision checked, and the text compared with what a browser shows.
 */
class BrowserCharsetJsoupTest {
    private static HttpServer server;
    private static final Map<String, Page> PAGES = new ConcurrentHashMap<>();

    private record Page(byte[] body, List<String> contentTypes) {}

    @BeforeAll
    static void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            Page page = PAGES.get(exchange.getRequestURI().getPath());
            if (page == null) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            for (String ct : page.contentTypes) exchange.getResponseHeaders().add("Content-Type", ct);
            exchange.sendResponseHeaders(200, page.body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page.body);
            }
        });
        server.start();
    }

    @AfterAll
    static void stopServer() {
        server.stop(0);
    }

    private static String serve(String path, byte[] body, String... contentTypes) {
        PAGES.put(path, new Page(body, List.of(contentTypes)));
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            if (p instanceof String s) out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
            else if (p instanceof byte[] b) out.writeBytes(b);
            else if (p instanceof int[] ints) for (int i : ints) out.write(i);
            else throw new IllegalArgumentException(String.valueOf(p));
        }
        return out.toByteArray();
    }

    private static int[] b(int... bytes) {
        return bytes;
    }

    @Test
    void utf8PageWithCharsetOnlyInMetaFetchedOverHttp() throws IOException {
        byte[] body = bytes("<!doctype html><html><head><meta charset=\"utf-8\"><title>",
                "Café".getBytes(StandardCharsets.UTF_8), "</title></head><body><p>",
                "Crème brûlée".getBytes(StandardCharsets.UTF_8), "</p></body></html>");
        String url = serve("/cafe", body, "text/html");
        Connection.Response res = Jsoup.connect(url).execute();
        assertThat("jsoup itself has no charset from the header", res.charset(), equalTo(null));
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(res);
        assertThat(parsed.document().title(), equalTo("Café"));
        assertThat(parsed.document().selectFirst("p").text(), equalTo("Crème brûlée"));
        assertThat(parsed.decision().encoding(), is(Encoding.UTF_8));
        assertThat(parsed.decision().source(), is(DecisionSource.META_PRESCAN));
        assertThat(parsed.decision().confidence(), is(Confidence.TENTATIVE));
        assertThat(parsed.decision().headerLabel().isPresent(), is(false));
        assertThat(parsed.decision().metaLabel().get(), equalTo("utf-8"));
        assertThat(parsed.decision().replacementCount().getAsInt(), equalTo(0));
        assertThat(parsed.document().location(), equalTo(url));
        assertThat(parsed.document().charset(), equalTo(Encoding.UTF_8.charset()));
        // and the plain path loses it, which is the bug this library exists for
        assertThat(BrowserCharsetJsoup.parse(body, "text/html", url).title(), equalTo("Café"));
    }

    @Test
    void headerBeatsADisagreeingMeta() throws IOException {
        byte[] body = bytes("<html><head><meta charset=big5><title>",
                "日本語 café".getBytes(StandardCharsets.UTF_8), "</title></head></html>");
        String url = serve("/conflict", body, "text/html; charset=utf-8");
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url).execute());
        assertThat(parsed.document().title(), equalTo("日本語 café"));
        EncodingDecision d = parsed.decision();
        assertThat(d.encoding(), is(Encoding.UTF_8));
        assertThat(d.source(), is(DecisionSource.HTTP_HEADER));
        assertThat(d.confidence(), is(Confidence.CERTAIN));
        assertThat(d.headerLabel().get(), equalTo("utf-8"));
        assertThat(d.metaLabel().get(), equalTo("big5"));
        assertThat(d.metaEncoding().get(), is(Encoding.BIG5));
        assertThat(d.conflict(), is(true));
    }

    @Test
    void iso88591LabelMeansWindows1252WithEuroAndC1Passthrough() {
        byte[] body = bytes("<title>", b(0x80, 0x20, 0x81, 0x20, 0xE9), "</title>");
        DecodedHtml d = BrowserCharsetJsoup.decode(body, "text/html; charset=iso-8859-1");
        assertThat(d.decision().encoding(), is(Encoding.WINDOWS_1252));
        assertThat(d.text(), equalTo("<title>\u20AC \u0081 \u00E9</title>"));
        assertThat(d.decision().replacementCount().getAsInt(), equalTo(0));
        Document doc = BrowserCharsetJsoup.parse(body, "text/html; charset=iso-8859-1", "");
        assertThat(doc.title(), equalTo("\u20AC \u0081 \u00E9"));
    }

    @Test
    void shiftJisLabelDecodesTheWindowsVariant() {
        // 0x81 0x60 is U+FF5E FULLWIDTH TILDE in browsers (U+301C WAVE DASH in JIS X 0208)
        byte[] body = bytes("<p>", b(0x81, 0x60), "</p>");
        DecodedHtml d = BrowserCharsetJsoup.decode(body, "text/html; charset=shift_jis");
        assertThat(d.decision().encoding(), is(Encoding.SHIFT_JIS));
        assertThat(d.text(), equalTo("<p>\uFF5E</p>"));
    }

    @Test
    void gb2312LabelDecodesGbkOnlyCharacters() {
        // 0x81 0x40 is U+4E02, outside GB2312 but in GBK
        byte[] body = bytes("<p>", b(0x81, 0x40, 0xC4, 0xE3), "</p>");
        DecodedHtml d = BrowserCharsetJsoup.decode(body, "text/html; charset=gb2312");
        assertThat(d.decision().encoding(), is(Encoding.GBK));
        assertThat(d.text(), equalTo("<p>\u4E02\u4F60</p>"));
    }

    @Test
    void eucKrLabelDecodesUnifiedHangulCode() {
        // 똠 (U+B620) is 0x8C 0x63 in windows-949, not in EUC-KR proper
        byte[] body = bytes("<p>", b(0x8C, 0x63), "</p>");
        DecodedHtml d = BrowserCharsetJsoup.decode(body, "text/html; charset=euc-kr");
        assertThat(d.decision().encoding(), is(Encoding.EUC_KR));
        assertThat(d.text(), equalTo("<p>\uB620</p>"));
    }

    @Test
    void big5LabelDecodesHkscs() {
        // 嘅 (U+5605) and 𨋢 (U+282E2) are HKSCS characters
        byte[] hkscs = "嘅𨋢".getBytes(Charset.forName("Big5-HKSCS"));
        DecodedHtml d = BrowserCharsetJsoup.decode(bytes("<p>", hkscs, "</p>"), "text/html; charset=big5");
        assertThat(d.decision().encoding(), is(Encoding.BIG5));
        assertThat(d.text(), equalTo("<p>嘅𨋢</p>"));
    }

    @Test
    void undeclaredShiftJisIsDetected() {
        String text = "<html><head><title>日本語のページ</title></head><body><p>これは文字コードを宣言していない"
                + "日本語のページです。東京都は日本の首都であり、多くの人々が住んでいます。</p></body></html>";
        byte[] body = text.getBytes(Charset.forName("windows-31j"));
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(body, "text/html", "");
        assertThat(parsed.decision().encoding(), is(Encoding.SHIFT_JIS));
        assertThat(parsed.decision().source(), is(DecisionSource.DETECTION));
        assertThat(parsed.decision().confidence(), is(Confidence.TENTATIVE));
        assertThat(parsed.decision().detectorConfidence().isPresent(), is(true));
        assertThat(parsed.document().title(), equalTo("日本語のページ"));
    }

    @Test
    void utf8BomWithoutCharsetIsRemovedFromTheText() {
        byte[] body = bytes(b(0xEF, 0xBB, 0xBF), "<title>", "naïve".getBytes(StandardCharsets.UTF_8), "</title>");
        DecodedHtml d = BrowserCharsetJsoup.decode(body, "text/html");
        assertThat(d.decision().source(), is(DecisionSource.BOM));
        assertThat(d.decision().confidence(), is(Confidence.CERTAIN));
        assertThat(d.text(), equalTo("<title>naïve</title>"));
        assertThat(d.text().indexOf('\uFEFF'), equalTo(-1));
        // the BOM beats the header too
        assertThat(BrowserCharsetJsoup.decode(body, "text/html; charset=windows-1251").decision().encoding(),
                is(Encoding.UTF_8));
    }

    @Test
    void metaAfter1024BytesInHeadIsHonoured() {
        String padding = "<!-- " + "x".repeat(1500) + " -->";
        byte[] body = bytes("<html><head>", padding, "<meta charset=windows-1251><title>", b(0xCF, 0xF0, 0xE8),
                "</title></head><body></body></html>");
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(body, "text/html", "");
        assertThat(parsed.decision().encoding(), is(Encoding.WINDOWS_1251));
        assertThat(parsed.decision().source(), is(DecisionSource.LATE_META));
        assertThat(parsed.document().title(), equalTo("При"));
        // the standard's prescan alone stops at 1024 bytes
        EncodingDecision spec = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS
                .withMetaScan(SniffOptions.MetaScan.SPEC_PRESCAN_1024)).sniff(body, "text/html");
        assertThat(spec.source(), not(DecisionSource.LATE_META));
    }

    @Test
    void utf7InTheHeaderIsIgnored() {
        byte[] body = bytes("<p>+ZeVnLIqe-</p>");
        EncodingDecision d = BrowserCharsetJsoup.sniff(body, "text/html; charset=utf-7");
        assertThat(d.source(), not(DecisionSource.HTTP_HEADER));
        assertThat(d.headerLabel().get(), equalTo("utf-7"));
        assertThat(d.headerEncoding().isPresent(), is(false));
        assertThat(d.ignoredLabels(), contains(new IgnoredLabel("utf-7", DecisionSource.HTTP_HEADER)));
        assertThat(BrowserCharsetJsoup.decode(body, "text/html; charset=utf-7").text(), equalTo("<p>+ZeVnLIqe-</p>"));
    }

    @Test
    void iso2022KrIsTheReplacementEncoding() {
        byte[] body = bytes(b(0x1B, 0x24, 0x29, 0x43), "<script>alert(1)</script>");
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(body, "text/html; charset=iso-2022-kr", "");
        assertThat(parsed.decision().encoding(), is(Encoding.REPLACEMENT));
        assertThat(parsed.document().body().text(), equalTo("\uFFFD"));
        assertThat(parsed.document().select("script").size(), equalTo(0));
        assertThat(parsed.decision().replacementCount().getAsInt(), equalTo(1));
        assertThat(parsed.document().html(), containsString("\uFFFD"));
        assertThat(parsed.document().charset(), equalTo(StandardCharsets.UTF_8));
    }

    @Test
    void xUserDefinedFromHttpIsHonouredAndSerialises() {
        byte[] body = bytes("<p>", b(0x80, 0xFF), "</p>");
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(body, "text/html; charset=x-user-defined", "");
        assertThat(parsed.decision().encoding(), is(Encoding.X_USER_DEFINED));
        assertThat(parsed.document().selectFirst("p").text(), equalTo("\uF780\uF7FF"));
        assertThat(parsed.document().html(), containsString("<p>"));
        // in a meta it means windows-1252
        EncodingDecision meta = BrowserCharsetJsoup.sniff(bytes("<meta charset=x-user-defined>"), null);
        assertThat(meta.encoding(), is(Encoding.WINDOWS_1252));
    }

    @Test
    void selectorsOnALegacyEncodedPage() throws IOException {
        String html = "<html><head><meta http-equiv=Content-Type content='text/html; charset=windows-1251'>"
                + "<title>Магазин</title></head><body><ul>"
                + "<li class=item><span class=name>Чайник</span> <span class=price>1 200 руб.</span></li>"
                + "<li class=item><span class=name>Самовар</span> <span class=price>8 500 руб.</span></li>"
                + "</ul></body></html>";
        String url = serve("/shop", html.getBytes(Charset.forName("windows-1251")), "text/html");
        Document doc = BrowserCharsetJsoup.parse(Jsoup.connect(url).execute());
        List<String> names = doc.select("li.item .name").stream().map(Element::text).collect(Collectors.toList());
        List<String> prices = doc.select("li.item .price").stream().map(Element::text).collect(Collectors.toList());
        assertThat(names, contains("Чайник", "Самовар"));
        assertThat(prices, contains("1 200 руб.", "8 500 руб."));
        assertThat(doc.title(), equalTo("Магазин"));
    }

    @Test
    void javaNetHttpResponse() throws Exception {
        byte[] body = bytes("<title>", "Größe".getBytes(Charset.forName("windows-1252")), "</title>");
        String url = serve("/jnh", body, "text/html; charset=latin1");
        HttpResponse<byte[]> res = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(res);
        assertThat(parsed.document().title(), equalTo("Größe"));
        assertThat(parsed.decision().encoding(), is(Encoding.WINDOWS_1252));
        assertThat(parsed.document().location(), equalTo(url));
    }

    @Test
    void severalContentTypeHeadersFromAJsoupResponse() throws IOException {
        byte[] body = bytes("<title>", b(0xD0, 0xD2), "</title>");
        String url = serve("/two-headers", body, "text/html; charset=koi8-r", "text/html");
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url).execute());
        assertThat(parsed.decision().encoding(), is(Encoding.KOI8_R));
        assertThat(parsed.document().title(), equalTo("пр"));
    }

    @Test
    void aConsumedResponseBodyFailsWithAnExplanation() throws IOException {
        String url = serve("/consumed", bytes("<p>x</p>"), "text/html");
        Connection.Response res = Jsoup.connect(url).execute();
        res.parse();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> BrowserCharsetJsoup.parse(res));
        assertThat(e.getMessage(), containsString("already consumed"));
        assertThat(e.getMessage(), containsString("instead of response.parse()"));
    }

    @Test
    void aCustomParserIsUsed() {
        byte[] body = bytes("<?xml version='1.0' encoding='windows-1251'?><item><title>", b(0xCF), "</title></item>");
        Document doc = BrowserCharsetJsoup.parse(body, null, "", Parser.xmlParser());
        assertThat(doc.selectFirst("item > title").text(), equalTo("П"));
    }

    @Test
    void nullArgumentsAreNamed() {
        NullPointerException body = assertThrows(NullPointerException.class, () -> BrowserCharsetJsoup.decode((byte[]) null, null));
        assertThat(body.getMessage(), containsString("body"));
        NullPointerException base = assertThrows(NullPointerException.class,
                () -> BrowserCharsetJsoup.parse(new byte[0], null, null));
        assertThat(base.getMessage(), containsString("baseUri"));
        NullPointerException parser = assertThrows(NullPointerException.class,
                () -> BrowserCharsetJsoup.parse(new byte[0], null, "", null));
        assertThat(parser.getMessage(), containsString("parser"));
        assertThrows(NullPointerException.class, () -> BrowserCharsetJsoup.parse((Connection.Response) null));
        assertThrows(NullPointerException.class, () -> BrowserCharsetJsoup.withOptions(null));
    }

    @Test
    void emptyAndGarbageInputStillGiveADocumentAndADecision() {
        ParsedHtml empty = BrowserCharsetJsoup.parseWithDecision(new byte[0], "", "");
        assertThat(empty.decision().encoding(), is(Encoding.WINDOWS_1252));
        assertThat(empty.decision().source(), is(DecisionSource.DEFAULT));
        byte[] junk = new byte[4096];
        new java.util.Random(42).nextBytes(junk);
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(junk, "\u0000;;charset=\"", "");
        assertThat(parsed.document().body() != null, is(true));
    }

    @Test
    void everyEncodingGivesADocumentThatSerialises() {
        byte[] body = bytes("<html><head><title>t</title></head><body><p>a", b(0x80, 0xA4, 0xE9, 0xFF, 0x41), "</p></body></html>");
        for (Encoding e : Encoding.all()) {
            String label = e.labels().get(0);
            ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(body, "text/html; charset=" + label, "");
            assertThat(label, parsed.decision().encoding(), is(e));
            assertThat(label, parsed.document().charset(), equalTo(DocumentCharsets.forEncoding(e)));
            String html = parsed.document().html();
            assertThat(label, html.isEmpty(), is(false));
            assertThat(label, parsed.document().outerHtml().contains("<body>"), is(true));
        }
    }

    @Test
    void aBodyCutOffByJsoupsMaxBodySizeIsReportedAsTruncated() throws IOException {
        // 3000 bytes of UTF-8 "é" (C3 A9); jsoup keeps 1001 bytes, ending inside a sequence
        byte[] body = new byte[3000];
        for (int i = 0; i < body.length; i += 2) {
            body[i] = (byte) 0xC3;
            body[i + 1] = (byte) 0xA9;
        }
        String url = serve("/truncated", body, "text/html; charset=utf-8");
        ParsedHtml cut = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url).maxBodySize(1001).execute());
        assertThat(cut.truncated(), is(true));
        assertThat(cut.decision().replacementCount().getAsInt(), equalTo(1)); // the cut-off "é"
        assertThat(cut.document().body().text(), equalTo("\u00E9".repeat(500) + "\uFFFD"));
        ParsedHtml whole = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url).maxBodySize(0).execute());
        assertThat(whole.truncated(), is(false));
        assertThat(whole.decision().replacementCount().getAsInt(), equalTo(0));
        assertThat(BrowserCharsetJsoup.parseWithDecision(body, "text/html; charset=utf-8", url).truncated(), is(false));
    }

    @Test
    void aLetterCutOffAtTheEndOfAWholeBodyIsNoEvidenceOfUtf8() {
        // each page ends in a UTF-8 lead byte (with some of its continuation bytes) and nothing after:
        // in a body passed whole that is an error, so the page is not UTF-8 but windows-1252 text
        List<List<String>> pages = List.of(
                List.of("<p>Voila, ol\u00e9", "Voila, ol\u00e9"), // E9: a three-byte lead alone
                List.of("<p>Voila, ole\u00e9", "Voila, ole\u00e9"),
                List.of("<p>Voila, OL\u00c9", "Voila, OL\u00c9"), // C9: a two-byte lead
                List.of("<p>Voila, ol\u00e9\u00a0!", "Voila, ol\u00e9\u00a0!"), // not cut off: plain windows-1252
                List.of("<p>Voila, ol\u00e9\u00a0", "Voila, ol\u00e9\u00a0"), // E9 A0: a three-byte lead and one more
                List.of("<p>Canci\u00f3", "Canci\u00f3"), // F3: a four-byte lead
                List.of("<p>Canci\u00f3\u00a0\u00a0", "Canci\u00f3\u00a0\u00a0")); // F3 A0 A0: and two more
        for (List<String> page : pages) {
            byte[] body = page.get(0).getBytes(StandardCharsets.ISO_8859_1);
            String text = page.get(1);
            EncodingDecision sniffed = BrowserCharsetJsoup.sniff(body, null);
            assertThat(text, sniffed.encoding(), equalTo(Encoding.WINDOWS_1252));
            assertThat(text, sniffed.source(), not(equalTo(DecisionSource.UTF8_VALIDITY)));
            DecodedHtml decoded = BrowserCharsetJsoup.decode(body, "text/html");
            assertThat(decoded.text(), equalTo("<p>" + text));
            assertThat(decoded.decision().replacementCount().getAsInt(), equalTo(0));
            ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(body, null, "");
            assertThat(parsed.document().body().child(0).wholeText(), equalTo(text));
            assertThat(parsed.decision().replacementCount().getAsInt(), equalTo(0));
        }
    }

    @Test
    void aSequenceSplitByJsoupsMaxBodySizeIsNoEvidenceAgainstUtf8() throws IOException {
        // an undeclared page of UTF-8 "é" (C3 A9); jsoup keeps 1002 bytes, ending with the lead C3
        byte[] body = bytes("<p>", "\u00e9".repeat(1500).getBytes(StandardCharsets.UTF_8));
        String url = serve("/cut-utf8", body, "text/html");
        ParsedHtml cut = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url).maxBodySize(1002).execute());
        assertThat(cut.truncated(), is(true));
        assertThat(cut.decision().encoding(), equalTo(Encoding.UTF_8));
        assertThat(cut.decision().source(), equalTo(DecisionSource.UTF8_VALIDITY));
        assertThat(cut.decision().replacementCount().getAsInt(), equalTo(1)); // the cut-off "é"
        assertThat(cut.document().body().text(), equalTo("\u00e9".repeat(499) + "\uFFFD"));
        // the same bytes handed over as a whole body end in an error: not UTF-8
        byte[] same = java.util.Arrays.copyOf(body, 1002);
        assertThat(BrowserCharsetJsoup.sniff(same, "text/html").encoding(), not(equalTo(Encoding.UTF_8)));

        // only ASCII before the cut: nothing says UTF-8, the default decides
        byte[] ascii = bytes("<p>", "x".repeat(998), "\u00e9".repeat(10).getBytes(StandardCharsets.UTF_8));
        ParsedHtml asciiCut = BrowserCharsetJsoup.parseWithDecision(
                Jsoup.connect(serve("/cut-ascii", ascii, "text/html")).maxBodySize(1002).execute());
        assertThat(asciiCut.truncated(), is(true));
        assertThat(asciiCut.decision().source(), equalTo(DecisionSource.DEFAULT));
        assertThat(asciiCut.decision().encoding(), equalTo(Encoding.WINDOWS_1252));
    }

    @Test
    void aResponseIsStreamedAndContradictedLaterBytesAreReported() throws IOException {
        // undeclared: valid UTF-8 past the look-ahead's bound, then windows-1252 "é"
        int at = BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT + 100_000;
        byte[] body = bytes("<p>", "\u00e9".getBytes(StandardCharsets.UTF_8), "a".repeat(at - 5), b(0xE9), " caf", b(0xE9));
        String url = serve("/late-latin1", body, "text/html");
        ParsedHtml streamed = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url).execute());
        assertThat(streamed.decision().encoding(), equalTo(Encoding.UTF_8));
        assertThat(streamed.decision().lookahead().orElseThrow().contradictedAt().getAsLong(), equalTo((long) at));
        // a buffered body can be read again: it is decided from all of it, as a browser reloads
        Connection.Response buffered = Jsoup.connect(url).execute();
        buffered.bodyAsBytes(); // buffers the body
        ParsedHtml again = BrowserCharsetJsoup.parseWithDecision(buffered);
        assertThat(again.decision().encoding(), equalTo(BrowserCharsetJsoup.sniff(body, "text/html").encoding()));
        assertThat(again.decision().encoding(), not(equalTo(Encoding.UTF_8)));
        assertThat(again.decision().lookahead().isPresent(), is(false));
        assertThat(again.document().body().text(), endsWith("a\u00e9 caf\u00e9"));
    }

    @Test
    void theStreamParserOfAResponseHonoursMaxBodySize() throws IOException {
        StringBuilder page = new StringBuilder("<meta charset=windows-1251><ul>");
        for (int i = 0; i < 20_000; i++) page.append("<li>").append(i).append("\u0416</li>\n");
        byte[] body = page.toString().getBytes(java.nio.charset.Charset.forName("windows-1251"));
        String url = serve("/items", body, "text/html");
        int items = 0;
        try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(Jsoup.connect(url).maxBodySize(0).execute())) {
            assertThat(parser.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
            org.jsoup.nodes.Element li;
            while ((li = parser.selectNext("li")) != null) {
                assertThat(li.text(), equalTo(items + "\u0416"));
                items++;
                li.remove();
            }
        }
        assertThat(items, equalTo(20_000));
        Connection.Response cut = Jsoup.connect(url).maxBodySize(100_000).execute();
        int cutItems = 0;
        try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(cut)) {
            while (parser.selectNext("li") != null) cutItems++;
        }
        assertThat(cut.isTruncated(), is(true));
        assertThat(cutItems, lessThan(20_000));
        assertThat(cutItems, greaterThan(1000));
    }
}
