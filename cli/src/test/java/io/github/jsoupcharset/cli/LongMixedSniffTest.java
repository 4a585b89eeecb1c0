package io.github.jsoupcharset.cli;

import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.decision.EncodingDecision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

/**
 * {@code sniff} of an undeclared page partly UTF-8 and partly windows-1251, longer than the
 * look-ahead, as a FILE and as a URL: the decision of its bytes (the mixture's share and the
 * confidence counted over the whole body), not the look-ahead's alone (10% UTF-8 at 69%).
 */
class LongMixedSniffTest {
    @TempDir
    Path dir;

    @Test
    void aLongMixedPageIsSniffedAsItsBytesDecideIt() throws Exception {
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        page.writeBytes("<html><head><title>t</title></head><body>\n".getBytes(StandardCharsets.US_ASCII));
        while (page.size() < 100_000) page.writeBytes("<p>Москва — столица России.</p>\n".getBytes(StandardCharsets.UTF_8));
        while (page.size() < 800_000) page.writeBytes("<p>Петербург — второй город России.</p>\n".getBytes(Charset.forName("windows-1251")));
        byte[] bytes = page.toByteArray();
        EncodingDecision whole = BrowserCharsetJsoup.sniff(bytes, "text/html");
        String expected = "\"encoding\":\"windows-1251\",\"rule\":\"DETECTION\",\"confidence\":\"TENTATIVE\",\"detectorConfidence\":"
                + whole.detectorConfidence().getAsInt() + ",";
        assertThat(whole.mixture().orElseThrow().sharePercent(), is(7));

        Path file = dir.resolve("mixed.html");
        Files.write(file, bytes);
        String fromFile = run("sniff", "--json", "--content-type", "text/html", file.toString());
        assertThat(fromFile, containsString(expected));
        assertThat(fromFile, containsString("\"mixedShare\":7"));

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        try {
            String fromUrl = run("sniff", "--json", "http://127.0.0.1:" + server.getAddress().getPort() + "/mixed.html");
            assertThat(fromUrl, containsString(expected));
            assertThat(fromUrl, containsString("\"mixedShare\":7"));
        } finally {
            server.stop(0);
        }
    }

    private static String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
        assertThat(err.toString(StandardCharsets.UTF_8), status, is(0));
        return out.toString(StandardCharsets.UTF_8);
    }
}
