import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecidedStreamParser;
import io.github.jsoupcharset.ParsedHtml;
import io.github.jsoupcharset.decision.DecisionSource;

import com.sun.net.httpserver.HttpServer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The library with an older jsoup than it is built with (the consumer project's POM pins it): every
 * entry point that takes jsoup's objects works; only what needs a newer jsoup is left out (a body
 * jsoup cut off at its maxBodySize is reported as truncated from jsoup 1.24.1).
 */
class JsoupConsumerTest {
    static final String TEXT = "Привет, мир";
    static final byte[] PAGE = ("<html><head><title>t</title></head><body><p>" + TEXT + "</p>" + "<p>x</p>".repeat(2000)
            + "</body></html>").getBytes(Charset.forName("windows-1251"));
    static HttpServer server;

    @BeforeAll
    static void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=windows-1251");
            exchange.sendResponseHeaders(200, PAGE.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(PAGE);
            }
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    static String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    @Test
    void theJsoupIsTheOnePinned() {
        assertEquals(System.getProperty("consumer.jsoup"), Jsoup.class.getPackage().getImplementationVersion());
    }

    @Test
    void everyEntryPointThatTakesJsoupsObjectsWorks() throws Exception {
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url()).execute());
        assertEquals(TEXT, parsed.document().selectFirst("p").text());
        assertEquals(DecisionSource.HTTP_HEADER, parsed.decision().source());
        assertEquals(TEXT, BrowserCharsetJsoup.get(Jsoup.connect(url())).selectFirst("p").text());
        assertEquals(TEXT, BrowserCharsetJsoup.parse(PAGE, "text/html; charset=windows-1251", "").selectFirst("p").text());
        assertEquals(TEXT, BrowserCharsetJsoup.parse(new ByteArrayInputStream(PAGE), "text/html; charset=windows-1251", "")
                .selectFirst("p").text());
        try (DecidedStreamParser stream = BrowserCharsetJsoup.streamParser(Jsoup.connect(url()).execute())) {
            Element first = stream.selectNext("p");
            assertEquals(TEXT, first.text());
        }
    }

    @Test
    void aBodyCutAtMaxBodySizeIsParsedButCannotBeReportedAsTruncated() throws Exception {
        ParsedHtml cut = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url()).maxBodySize(1000).execute());
        assertEquals(TEXT, cut.document().selectFirst("p").text());
        // jsoup before 1.24.1 has no Response.isTruncated(): the cut cannot be told from the end
        assertFalse(cut.truncated());
    }
}
