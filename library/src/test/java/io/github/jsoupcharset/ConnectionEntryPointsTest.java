package io.github.jsoupcharset;

import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.HttpStatusException;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The entry points that take jsoup's {@code Connection} ({@code get}, the drop-in for {@code
 * Jsoup.connect(url).get()}) and the I/O failures of every response entry point, which surface as
 * jsoup's own {@code parse()} surfaces them: as an {@link IOException}.
 */
class ConnectionEntryPointsTest {
    private static HttpServer server;

    /** "Price: €5 — naïve" in windows-1252, served as iso-8859-1 (which browsers read as windows-1252). */
    private static final byte[] PRICE = "<title>Price: \u20ac5 \u2014 na\u00efve</title>".getBytes(Encoding.WINDOWS_1252.charset());

    @BeforeAll
    static void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/price", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=iso-8859-1");
            exchange.sendResponseHeaders(200, PRICE.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(PRICE);
            }
        });
        server.createContext("/missing", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.createContext("/dropped", exchange -> {
            // promises 1 MiB, sends 64 KiB, then the connection drops
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, 1 << 20);
            byte[] part = new byte[64 * 1024];
            Arrays.fill(part, (byte) 'a');
            OutputStream out = exchange.getResponseBody();
            out.write(part);
            out.flush();
            exchange.close();
        });
        server.start();
    }

    @AfterAll
    static void stopServer() {
        server.stop(0);
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Test
    void getIsTheDropInForJsoupsGet() throws IOException {
        Document jsoups = Jsoup.connect(url("/price")).get();
        assertThat("jsoup decodes iso-8859-1 as the JDK does", jsoups.title(), equalTo("Price: \u00805 \u0097 na\u00efve"));
        Document doc = BrowserCharsetJsoup.get(Jsoup.connect(url("/price")));
        assertThat(doc.title(), equalTo("Price: \u20ac5 \u2014 na\u00efve"));
        assertThat(doc.location(), equalTo(url("/price")));
    }

    @Test
    void getWithDecisionSaysWhichRuleDecided() throws IOException {
        ParsedHtml parsed = BrowserCharsetJsoup.withOptions(io.github.jsoupcharset.decision.SniffOptions.DEFAULTS)
                .getWithDecision(Jsoup.connect(url("/price")).method(org.jsoup.Connection.Method.POST));
        assertThat(parsed.decision().source(), is(DecisionSource.HTTP_HEADER));
        assertThat(parsed.decision().encoding(), is(Encoding.WINDOWS_1252));
        assertThat(parsed.document().title(), equalTo("Price: \u20ac5 \u2014 na\u00efve"));
    }

    @Test
    void getFailsOnAnErrorStatusAsJsoupsGetDoes() {
        HttpStatusException jsoups = assertThrows(HttpStatusException.class, () -> Jsoup.connect(url("/missing")).get());
        HttpStatusException ours = assertThrows(HttpStatusException.class,
                () -> BrowserCharsetJsoup.get(Jsoup.connect(url("/missing"))));
        assertThat(ours.getStatusCode(), equalTo(jsoups.getStatusCode()));
        assertThrows(NullPointerException.class, () -> BrowserCharsetJsoup.get(null));
    }

    @Test
    void aDroppedConnectionIsAnIOExceptionFromEveryResponseEntryPoint() throws Exception {
        // a caller's catch (IOException e) around jsoup's res.parse() still catches it after the switch
        assertThat(failure(() -> Jsoup.connect(url("/dropped")).execute().parse()), instanceOf(IOException.class));
        assertThat(failure(() -> BrowserCharsetJsoup.parse(Jsoup.connect(url("/dropped")).execute())),
                instanceOf(IOException.class));
        assertThat(failure(() -> BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url("/dropped")).execute())),
                instanceOf(IOException.class));
        assertThat(failure(() -> BrowserCharsetJsoup.get(Jsoup.connect(url("/dropped")))), instanceOf(IOException.class));
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<InputStream> streamed = client.send(HttpRequest.newBuilder(URI.create(url("/dropped"))).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(failure(() -> BrowserCharsetJsoup.parse(streamed)), instanceOf(IOException.class));
    }

    private interface Call {
        Object run() throws Exception;
    }

    /** What the call threw, or an AssertionError if it returned. */
    private static Throwable failure(Call call) {
        try {
            Object result = call.run();
            throw new AssertionError("expected a failure, got " + result);
        } catch (Exception e) {
            return e;
        }
    }
}
