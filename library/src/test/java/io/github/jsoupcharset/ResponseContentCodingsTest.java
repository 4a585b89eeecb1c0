package io.github.jsoupcharset;

import io.github.jsoupcharset.contentcoding.ContentCodingException;
import io.github.jsoupcharset.contentcoding.ContentCodings;
import io.github.jsoupcharset.decision.SniffOptions;
import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.Connection;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.github.jsoupcharset.Coded.PAGE;
import static io.github.jsoupcharset.Coded.PAGE_BR;
import static io.github.jsoupcharset.Coded.deflate;
import static io.github.jsoupcharset.Coded.gzip;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The response entry points undo every content coding, whoever left it undone: jsoup's responses
 * (jsoup undoes one gzip or raw deflate itself), {@code java.net.http}'s with a byte[] body and with
 * a stream; and they hold a compression bomb to the parser's bound.
 */
class ResponseContentCodingsTest {
    private static final String TITLE = "\u041F\u0440\u0438\u0432\u0435\u0442";
    private static HttpServer server;
    private static String base;
    /** path → the Content-Encoding header lines, then the body. */
    private static final Map<String, Object[]> PAGES = new java.util.HashMap<>();

    @BeforeAll
    static void serve() throws IOException {
        PAGES.put("/gzip", new Object[] {List.of("gzip"), gzip(PAGE)});
        PAGES.put("/deflate-gzip", new Object[] {List.of("deflate, gzip"), gzip(deflate(PAGE, false))});
        PAGES.put("/deflate-then-gzip-lines", new Object[] {List.of("deflate", "gzip"), gzip(deflate(PAGE, false))});
        PAGES.put("/gzip-gzip", new Object[] {List.of("gzip, gzip"), gzip(gzip(PAGE))});
        PAGES.put("/br", new Object[] {List.of("br"), PAGE_BR});
        PAGES.put("/x-gzip", new Object[] {List.of("x-gzip"), gzip(PAGE)});
        PAGES.put("/raw-deflate", new Object[] {List.of("deflate"), deflate(PAGE, true)});
        PAGES.put("/zlib-deflate", new Object[] {List.of("deflate"), deflate(PAGE, false)});
        PAGES.put("/broken-br", new Object[] {List.of("br"), PAGE});
        StringBuilder noise = new StringBuilder();
        java.util.Random random = new java.util.Random(9);
        for (int i = 0; i < 40_000; i++) noise.append((char) ('a' + random.nextInt(26)));
        byte[] long1251;
        java.io.ByteArrayOutputStream longPage = new java.io.ByteArrayOutputStream();
        longPage.writeBytes(PAGE);
        longPage.writeBytes(("<p>" + noise).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        long1251 = gzip(deflate(longPage.toByteArray(), false));
        PAGES.put("/long-deflate-gzip", new Object[] {List.of("deflate, gzip"), long1251});
        PAGES.put("/bomb", new Object[] {List.of("deflate, gzip"), gzip(deflate(new byte[8 << 20], false))});
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            Object[] page = PAGES.get(exchange.getRequestURI().getPath());
            @SuppressWarnings("unchecked")
            List<String> codings = (List<String>) page[0];
            byte[] body = (byte[]) page[1];
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            for (String c : codings) exchange.getResponseHeaders().add("Content-Encoding", c);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static Connection.Response jsoup(String path) throws IOException {
        return Jsoup.connect(base + path).execute();
    }

    private static <T> HttpResponse<T> javaNet(String path, HttpResponse.BodyHandler<T> handler) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + path)).build(), handler);
    }

    private static void assertPage(ParsedHtml parsed, String what) {
        assertThat(what, parsed.document().title(), equalTo(TITLE));
        assertThat(what, parsed.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
        assertThat(what, parsed.decision().looksBinary(), equalTo(false));
    }

    @Test
    void aJsoupResponseHasEveryCodingUndoneThatJsoupLeft() throws IOException {
        // jsoup undoes a header "gzip" or "deflate" (raw) itself, and leaves "deflate, gzip", "br",
        // "x-gzip" and the second of two gzips as they came (an empty document flagged binary, macintosh)
        for (String path : List.of("/gzip", "/deflate-gzip", "/deflate-then-gzip-lines", "/gzip-gzip", "/br", "/x-gzip",
                "/raw-deflate")) {
            assertPage(BrowserCharsetJsoup.parseWithDecision(jsoup(path)), path);
            try (DecidedStreamParser p = BrowserCharsetJsoup.streamParser(jsoup(path))) {
                assertThat(path, p.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
                assertThat(path, p.selectFirst("title").text(), equalTo(TITLE));
            }
            // a body jsoup buffered first is undone the same
            Connection.Response buffered = jsoup(path);
            buffered.readFully();
            assertPage(BrowserCharsetJsoup.parseWithDecision(buffered), path + " buffered");
        }
    }

    @Test
    void aBodyJsoupCutOffInsideACodingItLeftEndsWhereItWasCut() throws IOException {
        // jsoup's maxBodySize cuts the deflate stream it did not undo: the cut, not a broken body
        ParsedHtml cut = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(base + "/long-deflate-gzip").maxBodySize(4000)
                .execute());
        assertThat(cut.truncated(), equalTo(true));
        assertThat(cut.document().title(), equalTo(TITLE));
        ParsedHtml whole = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(base + "/long-deflate-gzip").maxBodySize(0)
                .execute());
        assertThat(whole.truncated(), equalTo(false));
        assertThat(whole.document().text().length(), greaterThan(cut.document().text().length()));
    }

    @Test
    void aZlibDeflateBodyJsoupCannotReadIsAContentCodingError() throws IOException {
        // jsoup reads deflate as raw deflate only: it threw an UncheckedIOException from parse
        Connection.Response r = jsoup("/zlib-deflate");
        ContentCodingException e = assertThrows(ContentCodingException.class, () -> BrowserCharsetJsoup.parse(r));
        assertThat(e.coding(), equalTo("deflate"));
        assertThat(e.getMessage(), containsString("jsoup undoes deflate as raw deflate only"));
        assertThat(assertThrows(ContentCodingException.class, () -> BrowserCharsetJsoup.streamParser(jsoup("/zlib-deflate")))
                .coding(), equalTo("deflate"));
        // java.net.http hands over the bytes, which are undone
        assertPage(assertDoesNotThrowParse("/zlib-deflate"), "/zlib-deflate java.net.http");
        assertThat(assertThrows(ContentCodingException.class, () -> BrowserCharsetJsoup.parse(jsoup("/broken-br"))).coding(),
                equalTo("br"));
    }

    private static ParsedHtml assertDoesNotThrowParse(String path) {
        try {
            return BrowserCharsetJsoup.parseWithDecision(javaNet(path, HttpResponse.BodyHandlers.ofByteArray()));
        } catch (Exception e) {
            throw new AssertionError(path, e);
        }
    }

    @Test
    void aJavaNetHttpResponseStreamIsDecodedAsItArrives() throws Exception {
        for (String path : List.of("/gzip", "/deflate-gzip", "/deflate-then-gzip-lines", "/gzip-gzip", "/br", "/x-gzip",
                "/raw-deflate", "/zlib-deflate")) {
            HttpResponse<InputStream> streamed = javaNet(path, HttpResponse.BodyHandlers.ofInputStream());
            ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(streamed);
            assertPage(parsed, path + " stream");
            assertThat(path, parsed.decision().lookahead().isPresent(), equalTo(true));
            assertPage(BrowserCharsetJsoup.parseWithDecision(javaNet(path, HttpResponse.BodyHandlers.ofByteArray())), path);
        }
        HttpResponse<InputStream> broken = javaNet("/broken-br", HttpResponse.BodyHandlers.ofInputStream());
        assertThat(assertThrows(ContentCodingException.class, () -> BrowserCharsetJsoup.parse(broken)).coding(), equalTo("br"));
        // neither bytes nor a stream
        HttpResponse<String> text = javaNet("/gzip", HttpResponse.BodyHandlers.ofString());
        assertThat(assertThrows(IllegalArgumentException.class, () -> BrowserCharsetJsoup.parse(text)).getMessage(),
                containsString("ofInputStream()"));
    }

    @Test
    void theParserBoundsWhatACodedBodyMayDecodeTo() throws Exception {
        BrowserCharsetParser small = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS).withMaxDecodedBytes(1 << 16);
        assertThat(BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS).maxDecodedBytes(),
                equalTo(ContentCodings.DEFAULT_MAX_DECODED_BYTES));
        assertThat(small.maxDecodedBytes(), equalTo(1L << 16));
        // 8 MiB of zeros, deflated then gzipped: every route refuses it at the bound
        List<ContentCodingException> refused = new ArrayList<>();
        refused.add(assertThrows(ContentCodingException.class,
                () -> small.parse(javaNet("/bomb", HttpResponse.BodyHandlers.ofByteArray()))));
        refused.add(assertThrows(ContentCodingException.class,
                () -> small.parse(javaNet("/bomb", HttpResponse.BodyHandlers.ofInputStream()))));
        refused.add(assertThrows(ContentCodingException.class, () -> small.parse(jsoup("/bomb"))));
        for (ContentCodingException e : refused) {
            assertThat(e.getMessage(), e.overLimit(), equalTo(true));
            assertThat(e.getMessage(), containsString("more than 65536 bytes"));
        }
        // a body within the bound parses; the language hints of a response keep the bound
        byte[] zeros = new byte[1 << 16];
        ParsedHtml within = small.parseWithDecision(FakeHttpResponse.of(gzip(zeros), "Content-Encoding", "gzip",
                "Content-Language", "ru"));
        assertThat(within.decision().encoding(), equalTo(Encoding.WINDOWS_1252));
        assertThat(small.parse(FakeHttpResponse.of(gzip(PAGE), "Content-Encoding", "gzip", "Content-Language", "ru")).title(),
                equalTo(TITLE));
        assertThrows(ContentCodingException.class, () -> small.parse(FakeHttpResponse.of(gzip(new byte[(1 << 16) + 1]),
                "Content-Encoding", "gzip", "Content-Language", "ru")));
        for (long bad : new long[] {0, -1, Integer.MAX_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> small.withMaxDecodedBytes(bad));
        }
        // a body without a coding is not held to it
        assertThat(small.parse(FakeHttpResponse.of(new ByteArrayInputStream(new byte[1 << 17]))).body().text(), equalTo(""));
    }

    @Test
    void aGibibyteBombIsRefusedInASmallHeap() throws Exception {
        // 1 MB of gzip decoding to 1 GiB: the byte[] route ran out of memory at -Xmx512m before its
        // bound (256 MiB, held as chunks and then copied); now the default bound, 32 MiB, is reached
        // in a buffer that never outgrows it
        assertThat(fork("-Xmx256m", String.valueOf(1L << 30)), endsWith("ok\n"));
    }

    @Test
    void aGibibyteBombThatJsoupUndoesItselfIsRefusedInASmallHeap() throws Exception {
        // the one gzip jsoup undoes itself was not held to the bound: with maxBodySize(0) a 1 MB gzip
        // of 1 GiB ran jsoup's tokenizer out of memory at -Xmx256m; a brotli bomb was refused
        assertThat(fork("-Xmx256m", "jsoup"), endsWith("ok\n"));
    }

    @Test
    void aPageAtTheDefaultBoundParsesInA512MegabyteHeap() throws Exception {
        // the default fits the heap: 32 MiB of dense markup (150,000 elements) parses in -Xmx512m
        assertThat(fork("-Xmx512m", "page"), endsWith("ok\n"));
    }

    private static String fork(String heap, String arg) throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
                "-cp", System.getProperty("java.class.path"), CompressionBombCheck.class.getName(), arg);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(output, p.waitFor(), equalTo(0));
        return output;
    }
}
