package examples;

import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.ParsedHtml;
import org.jsoup.Connection;
import org.jsoup.Jsoup;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;

/**
 * Fetch a page whose charset is only in a {@code <meta>} (the server says just "text/html"), and
 * compare jsoup's own decoding with the browser's.
 */
public final class FetchAndDecide {
    public static void main(String[] args) throws Exception {
        byte[] page = ("<html><head><meta http-equiv='Content-Type' content='text/html; charset=windows-1251'>"
                + "<title>Новости дня</title></head><body><p>Привет, мир</p></body></html>")
                .getBytes(Charset.forName("windows-1251"));

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html"); // no charset
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page);
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/news";

            Connection.Response response = Jsoup.connect(url).execute();
            ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(response); // instead of response.parse()

            System.out.println("title:    " + parsed.document().title());
            System.out.println("decision: " + parsed.decision());
            System.out.println("rule:     " + parsed.decision().source());

            if (!parsed.document().title().equals("Новости дня")) {
                throw new AssertionError("unexpected title " + parsed.document().title());
            }
        } finally {
            server.stop(0);
        }
    }
}
