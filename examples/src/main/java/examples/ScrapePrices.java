package examples;

import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.BrowserCharsetJsoup;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;

/**
 * Scrape product names and prices with CSS selectors from a shop whose pages are Shift_JIS, declared
 * only in a {@code <meta>} after a long head (past the 1024 bytes of the standard's prescan).
 */
public final class ScrapePrices {
    public static void main(String[] args) throws Exception {
        StringBuilder head = new StringBuilder();
        for (int i = 0; i < 20; i++) head.append("<link rel=\"stylesheet\" href=\"/css/part-").append(i).append(".css\">\n");
        byte[] page = ("<html><head>" + head + "<meta charset=\"shift_jis\"><title>家電ショップ</title></head><body>"
                + "<div class=\"item\"><h2>炊飯器</h2><span class=\"price\">￥12,800</span></div>"
                + "<div class=\"item\"><h2>電子レンジ</h2><span class=\"price\">￥9,980</span></div>"
                + "<div class=\"item\"><h2>掃除機</h2><span class=\"price\">￥15,400</span></div>"
                + "</body></html>").getBytes(Charset.forName("windows-31j"));

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html"); // no charset in the header
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page);
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/shop";
            Document doc = BrowserCharsetJsoup.parse(Jsoup.connect(url).execute());

            System.out.println(doc.title());
            List<String> rows = new ArrayList<>();
            for (Element item : doc.select("div.item")) {
                String row = item.selectFirst("h2").text() + "\t" + item.selectFirst(".price").text();
                rows.add(row);
                System.out.println("  " + row);
            }
            if (!rows.equals(List.of("炊飯器\t￥12,800", "電子レンジ\t￥9,980", "掃除機\t￥15,400"))) {
                throw new AssertionError("unexpected rows " + rows);
            }

            // keep a trimmed copy in the page's own encoding: the clone keeps the document's charset
            // (Shift_JIS, as browsers name it) even here, where exec:java runs this class in a class
            // loader of its own, and what it writes reads back as the same text
            Document copy = doc.clone();
            copy.select("link").remove();
            copy.charset(copy.charset()); // a <meta charset> naming it
            byte[] saved = copy.html().getBytes(copy.charset());
            System.out.println("copy: " + saved.length + " bytes in " + copy.charset().name());
            Document reread = BrowserCharsetJsoup.parse(saved, null, url);
            if (!copy.charset().name().equals("Shift_JIS") || !reread.select("div.item").text().equals(doc.select("div.item").text())) {
                throw new AssertionError("the copy did not read back: " + reread.select("div.item").text());
            }
        } finally {
            server.stop(0);
        }
    }
}
