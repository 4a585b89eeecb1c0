package examples.spark;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.ParsedHtml;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link CleanText} submitted as {@code spark-submit} submits it, even with {@code --master
 * local[2]}: the JVM's class path is Spark's alone, {@code SparkSubmit} loads the jar with a class
 * loader of its own, and the tasks run with it. jsoup's {@code OutputSettings.clone()} used to look
 * the page's charset up again by name, which sees only the system class loader's charsets, so
 * cloning failed there. A page in every encoding goes through the job: its clone, its {@code <meta
 * charset>} and its HTML in the page's charset; the clean HTML, read again here without a header,
 * must give the page's text without its scripts and styles.
 */
class CleanTextIT {
    /** Characters whose bytes differ between the JDK's CJK charsets and the Encoding Standard. */
    private static final String TRICKY = "\u00A2\u00A3\u00A5\u00A6\u00AC\u2014\u2015\u2016\u2212\u301C\uFF5E\u203E";

    @TempDir
    Path dir;

    private record Page(Encoding encoding, String contentType, byte[] body) {}

    @Test
    void everyEncodingsPageIsCleanedAndReadsBackTheSameWhenSparkSubmitLoadsTheJar() throws Exception {
        assertTrue(Files.isRegularFile(Cluster.JAR) && Files.isRegularFile(Cluster.SPARK_ICU4J), "run mvn verify: the jar and Spark's ICU4J");
        Map<String, Page> pages = new LinkedHashMap<>();
        ByteArrayOutputStream warc = new ByteArrayOutputStream();
        for (Encoding e : Encoding.all()) {
            String url = "http://example.com/" + e.name();
            // "replacement" is a name, not a label
            Page page = new Page(e, "text/html; charset=" + (e == Encoding.REPLACEMENT ? e.labels().get(0) : e.name()), page(e));
            pages.put(url, page);
            SparkAuditTest.record(warc, true, "response", "application/http; msgtype=response", url,
                    SparkAuditTest.http(page.contentType(), page.body()));
        }
        // and records that are not pages to clean: skipped, the broken and the big one reported
        SparkAuditTest.record(warc, true, "response", "application/http; msgtype=response", "http://example.com/gone",
                "HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\n\r\n<p>gone".getBytes(StandardCharsets.US_ASCII));
        SparkAuditTest.record(warc, true, "response", "application/http; msgtype=response", "http://example.com/logo.png",
                SparkAuditTest.http("image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'}));
        SparkAuditTest.record(warc, true, "response", "text/dns", "dns:example.com",
                "example.com. 300 IN A 192.0.2.1\n".getBytes(StandardCharsets.US_ASCII));
        SparkAuditTest.record(warc, true, "response", "application/http; msgtype=response", "http://big.example.com/",
                SparkAuditTest.http("text/html", ("<p>" + "a".repeat(CleanText.MAX_BODY)).getBytes(StandardCharsets.US_ASCII)));
        SparkAuditTest.record(warc, true, "response", "application/http; msgtype=response", "http://broken.example.com/",
                "HTTP/1.1 200\0OK\r\n\0\r\n\r\n<p>".getBytes(StandardCharsets.ISO_8859_1));
        Path input = Files.write(dir.resolve("encodings.warc.gz"), warc.toByteArray());
        Path out = dir.resolve("clean");

        // nothing on the JVM's class path can load the library or the job: only Spark's loader can
        List<String> classPath = Cluster.sparkClassPath();
        try (URLClassLoader system = new URLClassLoader(urls(classPath), ClassLoader.getPlatformClassLoader())) {
            Class.forName("org.apache.spark.deploy.SparkSubmit", false, system);
            for (String c : List.of(Encoding.class.getName(), CleanText.class.getName(), Document.class.getName())) {
                assertThrows(ClassNotFoundException.class, () -> Class.forName(c, false, system), c);
            }
        }
        List<String> command = Cluster.java();
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classPath), "org.apache.spark.deploy.SparkSubmit",
                "--verbose", "--master", "local[2]", "--conf", "spark.ui.enabled=false", "--class", CleanText.class.getName(),
                Cluster.JAR.toString(), out.toString(), input.toString()));
        Path stderr = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "spark-submit still running");
        String log = new String(Files.readAllBytes(stderr), StandardCharsets.UTF_8); // malformed bytes replaced, never thrown
        assertEquals(0, p.exitValue(), () -> "exit status; stderr:\n" + Cluster.firstExceptionAndTail(stderr));
        assertTrue(stdout.contains(pages.size() + " pages cleaned"), stdout);
        for (String skipped : List.of("http://big.example.com/: body over", "http://broken.example.com/: ")) {
            assertTrue(log.lines().anyMatch(l -> l.contains(skipped) && l.endsWith("; record skipped")), () -> skipped + "\n" + Cluster.tail(stderr));
        }
        // spark-submit's own account: the jar is on the class path of its loader, not of the JVM
        assertTrue(log.contains("Classpath elements:\nfile:" + Cluster.JAR.toAbsolutePath()), () -> Cluster.tail(stderr));

        SparkSession spark = SparkSession.builder().master("local[1]").appName("CleanTextIT").config("spark.ui.enabled", "false").getOrCreate();
        List<Row> rows;
        try {
            rows = spark.read().parquet(out.toString()).collectAsList();
        } finally {
            spark.stop();
        }
        TreeSet<String> urls = new TreeSet<>();
        rows.forEach(r -> urls.add(r.getAs("url")));
        assertEquals(new TreeSet<>(pages.keySet()), urls);
        assertEquals(pages.size(), rows.size());

        List<String> failures = new ArrayList<>();
        for (Row row : rows) {
            String url = row.getAs("url");
            Page page = pages.get(url);
            Encoding e = page.encoding();
            Encoding charset = e.outputEncoding() == Encoding.X_USER_DEFINED ? Encoding.UTF_8 : e.outputEncoding();
            // what the job must keep: the page parsed here, without its scripts and styles
            Document expected = BrowserCharsetJsoup.parse(page.body(), page.contentType(), url);
            expected.select("script, style").remove();
            String text = expected.text();
            expect(failures, e, "encoding", row.getAs("encoding"), e.name());
            expect(failures, e, "charset", row.getAs("charset"), charset.name());
            expect(failures, e, "text", row.getAs("text"), text);

            byte[] html = row.getAs("html"); // typed: the byte[], Path and InputStream overloads all accept getAs's T
            ParsedHtml back = BrowserCharsetJsoup.parseWithDecision(html, null, url);
            expect(failures, e, "clean HTML's encoding", back.decision().encoding(), charset);
            expect(failures, e, "clean HTML's decoding errors", back.decision().replacementCount().orElse(-1), 0);
            expect(failures, e, "clean HTML's text", back.document().text(), text);
            expect(failures, e, "clean HTML's scripts and styles", back.document().select("script, style").size(), 0);
        }
        assertEquals(List.of(), failures);
    }

    /**
     * A page in {@code e}: ASCII markup around text decoded from a spread of bytes (every byte
     * 0x80-0xFF, and lead and trail bytes that make characters of the multi-byte encodings), the
     * tricky characters raw, as numeric references and as {@code &cent;}, in the text and in a script.
     */
    private static byte[] page(Encoding e) {
        ByteArrayOutputStream sample = new ByteArrayOutputStream();
        for (int b = 0x80; b <= 0xFF; b++) {
            sample.write(b);
            sample.write(' ');
        }
        for (int lead : new int[] {0x81, 0x88, 0x8E, 0xA1, 0xA4, 0xB0, 0xC8, 0xE0, 0xF9, 0xFE}) {
            for (int trail = 0x40; trail <= 0xFE; trail += 3) {
                sample.write(lead);
                sample.write(trail);
            }
            sample.write(' ');
        }
        String decoded = new String(sample.toByteArray(), e == Encoding.UTF_16BE || e == Encoding.UTF_16LE
                ? Encoding.WINDOWS_1252.charset() : e.charset());
        StringBuilder text = new StringBuilder();
        decoded.codePoints().filter(c -> c >= 0xA0 || c == ' ').forEach(text::appendCodePoint);
        StringBuilder refs = new StringBuilder();
        TRICKY.chars().forEach(c -> refs.append("&#").append(c).append(';'));
        String html = "<!doctype html><html><head><title>" + e.name() + "</title><style>p { color: #333 }</style>"
                + "<script>var tricky = \"" + TRICKY + "\";</script></head><body><p>ASCII &amp; " + text
                + "</p><p>" + refs + " &cent; " + TRICKY + "</p><script>if (1 < 2) document.title += \" " + TRICKY
                + "\";</script></body></html>";
        Charset cs = e == Encoding.REPLACEMENT ? Encoding.UTF_8.charset() : e.charset();
        return html.getBytes(cs);
    }

    private static URL[] urls(List<String> classPath) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath) urls.add(new File(entry).toURI().toURL());
        return urls.toArray(new URL[0]);
    }

    private static void expect(List<String> failures, Encoding e, String what, Object actual, Object expected) {
        if (expected == null ? actual != null : !expected.equals(actual)) {
            String a = String.valueOf(actual);
            String x = String.valueOf(expected);
            failures.add(e + ": " + what + ": " + (a.length() > 200 ? firstDifference(a, x) : a + " (expected " + x + ")"));
        }
    }

    private static String firstDifference(String a, String x) {
        int i = 0;
        while (i < a.length() && i < x.length() && a.charAt(i) == x.charAt(i)) i++;
        return String.format("differs at %d: U+%04X (expected U+%04X)", i,
                i < a.length() ? (int) a.charAt(i) : -1, i < x.length() ? (int) x.charAt(i) : -1);
    }
}
