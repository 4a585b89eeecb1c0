package io.github.jsoupcharset;

import io.github.jsoupcharset.contentcoding.ContentCodingException;
import io.github.jsoupcharset.contentcoding.ContentCodings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;

/**
 * Run by {@link ResponseContentCodingsTest} in a JVM with a small heap: a gzip body of about 1 MB
 * that decodes to 1 GiB of zeros, given to the default parser as a {@code java.net.http} response
 * with a byte[] body and with a stream, must be refused with a {@link ContentCodingException}
 * over the bound, not run the heap out.
 */
public final class CompressionBombCheck {
    private CompressionBombCheck() {}

    public static void main(String[] args) throws IOException {
        if (args[0].equals("page")) {
            // a markup-dense page just under the default bound parses in the heap it names
            String unit = "<div class=item><h2><a href=\"/news/12345\">A headline of some length</a></h2><p>Some text"
                    + " with a <b>bold</b> word and a <a href=\"/x\">link</a>, then more words.</p><ul><li>one<li>two</ul></div>\n";
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                byte[] u = unit.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                for (long n = 0; n + u.length <= ContentCodings.DEFAULT_MAX_DECODED_BYTES; n += u.length) gz.write(u);
            }
            int items = BrowserCharsetJsoup.parse(FakeHttpResponse.of(out.toByteArray(), "Content-Encoding", "gzip"))
                    .select("div.item").size();
            System.out.println(items > 100_000 ? "ok" : "only " + items + " items");
            return;
        }
        if (args[0].equals("jsoup")) {
            jsoupResponses(gzipOfZeros(1L << 30));
            return;
        }
        long decoded = Long.parseLong(args[0]);
        byte[] bomb = gzipOfZeros(decoded);
        for (boolean stream : new boolean[] {false, true}) {
            Object body = stream ? new ByteArrayInputStream(bomb) : bomb;
            try {
                BrowserCharsetJsoup.parseWithDecision(FakeHttpResponse.of(body, "Content-Type", "text/html",
                        "Content-Encoding", "gzip"));
                System.out.println("parsed, not refused");
                return;
            } catch (ContentCodingException e) {
                if (!e.overLimit()) throw e;
            }
        }
        System.out.println("ok");
    }

    /**
     * The bomb served gzipped, which jsoup undoes itself, fetched with no body limit and with a
     * limit far over the bound, through both jsoup entry points: each refused over the bound.
     */
    private static void jsoupResponses(byte[] bomb) throws IOException {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.getResponseHeaders().add("Content-Encoding", "gzip");
            exchange.sendResponseHeaders(200, bomb.length);
            try (java.io.OutputStream out = exchange.getResponseBody()) {
                out.write(bomb);
            } catch (IOException gone) {
                // the client stopped reading
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            for (int maxBodySize : new int[] {0, 100 << 20}) {
                for (boolean streamParser : new boolean[] {false, true}) {
                    org.jsoup.Connection.Response response = org.jsoup.Jsoup.connect(url).maxBodySize(maxBodySize)
                            .timeout(0).execute();
                    try {
                        if (streamParser) {
                            try (DecidedStreamParser p = BrowserCharsetJsoup.streamParser(response)) {
                                p.complete();
                            }
                        } else {
                            BrowserCharsetJsoup.parseWithDecision(response);
                        }
                        System.out.println("parsed, not refused (maxBodySize " + maxBodySize + ")");
                        return;
                    } catch (IOException | RuntimeException e) {
                        // the stream parser hands on what its reader threw, wrapped
                        Throwable t = e;
                        while (t != null && !(t instanceof ContentCodingException)) t = t.getCause();
                        if (t == null || !((ContentCodingException) t).overLimit()) throw e;
                    }
                }
            }
        } finally {
            server.stop(0);
        }
        System.out.println("ok");
    }

    /**
     * gzip of {@code size} zero bytes (a multiple of 64 MiB): one member of 64 MiB, repeated, as
     * gzip allows members to follow one another; never held decoded.
     */
    static byte[] gzipOfZeros(long size) throws IOException {
        ByteArrayOutputStream member = new ByteArrayOutputStream();
        byte[] zeros = new byte[1 << 20];
        try (GZIPOutputStream gz = new GZIPOutputStream(member, 1 << 16)) {
            for (int i = 0; i < 64; i++) gz.write(zeros);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long left = size; left > 0; left -= 64L << 20) member.writeTo(out);
        return out.toByteArray();
    }
}
