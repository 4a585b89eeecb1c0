import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.ParsedHtml;
import io.github.jsoupcharset.decision.DecisionSource;

import com.sun.net.httpserver.HttpServer;
import org.apache.tika.detect.AutoDetectReader;
import org.apache.tika.detect.EncodingDetector;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.sax.BodyContentHandler;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.Reader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Tika application's view of jsoup-charset-tika, built as users build it (the consumer project's
 * POM says which Tika, and whether the plug-in is declared before or after it): Tika's own entry
 * points give the browser's text and the decision's metadata, and the library works with the jsoup
 * Maven's mediation picked.
 */
class TikaConsumerTest {
    /** The page of the report: the header says UTF-8, a stale meta windows-1251 (Tika 3 alone read windows-1251). */
    static final String RUSSIAN_TEXT = "Привет, мир: новости дня";
    static final byte[] RUSSIAN = ("<html><head><meta charset=\"windows-1251\"><title>Новости</title></head><body><p>"
            + RUSSIAN_TEXT + "</p></body></html>").getBytes(StandardCharsets.UTF_8);
    static final String RUSSIAN_TYPE = "text/html; charset=utf-8";

    /** iso-8859-9 is windows-1254 in browsers (0x80 is €); Tika 4 alone read the JDK's ISO-8859-9. */
    static final String TURKISH_TEXT = "Fiyat: €5 — çağ";
    static final byte[] TURKISH = ("<html><head><title>Fiyat</title></head><body><p>" + TURKISH_TEXT + "</p></body></html>")
            .getBytes(Charset.forName("windows-1254"));
    static final String TURKISH_TYPE = "text/html; charset=iso-8859-9";

    static final boolean TIKA_4 = present("org.apache.tika.detect.MetaEncodingDetector");
    static final String ORDER = System.getProperty("consumer.order");

    static boolean present(String name) {
        try {
            Class.forName(name);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static Metadata metadata(String contentType) {
        Metadata metadata = new Metadata();
        metadata.set("Content-Type", contentType);
        return metadata;
    }

    static String parse(byte[] page, Metadata metadata) throws Exception {
        BodyContentHandler handler = new BodyContentHandler(-1);
        try (TikaInputStream in = TikaInputStream.get(page)) {
            new AutoDetectParser().parse(in, handler, metadata, new ParseContext());
        }
        return handler.toString();
    }

    @Test
    void autoDetectParserGivesTheBrowsersTextAndTheDecision() throws Exception {
        Metadata russian = metadata(RUSSIAN_TYPE);
        assertTrue(parse(RUSSIAN, russian).contains(RUSSIAN_TEXT), "the header's UTF-8, not the meta's windows-1251");
        assertEquals("HTTP_HEADER", russian.get("jsoup-charset:rule"));
        assertEquals("true", russian.get("jsoup-charset:conflict"));

        Metadata turkish = metadata(TURKISH_TYPE);
        assertTrue(parse(TURKISH, turkish).contains(TURKISH_TEXT), "iso-8859-9 read as windows-1254");
        assertEquals("windows-1254", turkish.get("jsoup-charset:encoding"));
    }

    /**
     * Tika's reader. Tika 3's two-argument constructor asks the class path's chain, which its
     * configuration does not reach: with the plug-in declared after Tika, the reader is given the
     * configured chain (docs/tika.md).
     */
    @Test
    void autoDetectReaderDecodesWithTheBrowsersCharset() throws Exception {
        for (Object[] page : new Object[][] {{RUSSIAN, RUSSIAN_TYPE, RUSSIAN_TEXT}, {TURKISH, TURKISH_TYPE, TURKISH_TEXT}}) {
            Metadata metadata = metadata((String) page[1]);
            try (Reader reader = reader((byte[]) page[0], metadata)) {
                StringBuilder text = new StringBuilder();
                char[] buffer = new char[4096];
                for (int n; (n = reader.read(buffer)) > 0; ) text.append(buffer, 0, n);
                assertTrue(text.toString().contains((String) page[2]), text.toString());
            }
            assertEquals("HTTP_HEADER", metadata.get("jsoup-charset:rule"));
        }
    }

    static AutoDetectReader reader(byte[] page, Metadata metadata) throws Exception {
        if (TIKA_4 || "first".equals(ORDER)) return new AutoDetectReader(TikaInputStream.get(page), metadata);
        // Tika 3: TikaConfig.getDefaultConfig().getEncodingDetector(), which -Dtika.config set
        Object config = Class.forName("org.apache.tika.config.TikaConfig").getMethod("getDefaultConfig").invoke(null);
        EncodingDetector chain = (EncodingDetector) config.getClass().getMethod("getEncodingDetector").invoke(config);
        return new AutoDetectReader(TikaInputStream.get(page), metadata, chain);
    }

    /** The library with the jsoup Maven picked (Tika 3's HTML module brings 1.22.2, older than the library's). */
    @Test
    void theLibraryWorksWithTheJsoupMavenPicked() throws Exception {
        assertEquals(System.getProperty("consumer.jsoup"), Jsoup.class.getPackage().getImplementationVersion());
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", RUSSIAN_TYPE);
            exchange.sendResponseHeaders(200, RUSSIAN.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(RUSSIAN);
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(url).execute());
            assertEquals(RUSSIAN_TEXT, parsed.document().selectFirst("p").text());
            assertEquals(DecisionSource.HTTP_HEADER, parsed.decision().source());
            assertEquals(RUSSIAN_TEXT, BrowserCharsetJsoup.get(Jsoup.connect(url)).selectFirst("p").text());
        } finally {
            server.stop(0);
        }
    }
}
