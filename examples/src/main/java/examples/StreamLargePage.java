package examples;

import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecidedStreamParser;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;

/**
 * Select every item of a large windows-1251 page as it arrives, with jsoup's StreamParser, the
 * encoding decided as a browser decides it from the first bytes (the server sends no charset). Each
 * item is removed with the text before it once used, so the tree stays small and the loop linear.
 */
public final class StreamLargePage {
    public static void main(String[] args) throws Exception {
        int items = 200_000;
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html"); // no charset
            exchange.sendResponseHeaders(200, 0); // chunked: the page is written as it is made
            Charset cp1251 = Charset.forName("windows-1251");
            try (OutputStream out = exchange.getResponseBody()) {
                out.write("<html><head><meta charset=windows-1251><title>Каталог</title></head><body>\n".getBytes(cp1251));
                for (int i = 0; i < items; i++) {
                    out.write(("<div class=item><h2>Товар " + i + "</h2><p>Цена: " + i + " руб.</p></div>\n").getBytes(cp1251));
                }
                out.write("</body></html>".getBytes(cp1251));
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/catalogue";
            int seen = 0;
            // maxBodySize(0): no limit; jsoup's default (2 MB) would stop the stream there, as for response.parse()
            try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(
                    Jsoup.connect(url).maxBodySize(0).execute())) {
                System.out.println("decision: " + parser.decision());
                Element item;
                while ((item = parser.selectNext("div.item")) != null) {
                    String title = item.selectFirst("h2").text();
                    if (!title.equals("Товар " + seen)) throw new AssertionError("unexpected " + title);
                    seen++;
                    // remove the item and the newline text before it: removing only the item leaves the
                    // text nodes behind, and jsoup then re-indexes a growing list on every insert
                    Node before = item.previousSibling();
                    item.remove();
                    while (before != null) {
                        Node earlier = before.previousSibling();
                        before.remove();
                        before = earlier;
                    }
                }
            }
            System.out.println("items:    " + seen);
            if (seen != items) throw new AssertionError("expected " + items + " items, got " + seen);
        } finally {
            server.stop(0);
        }
    }
}
