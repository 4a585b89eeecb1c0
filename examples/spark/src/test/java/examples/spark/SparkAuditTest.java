package examples.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.jsoupcharset.cli.Main;
import io.github.jsoupcharset.cli.SampleWarc;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the job in Spark local mode and checks it against {@code jsoup-charset audit} run in-process
 * on the same files: the same table and records line, character for character, and the same pages
 * (each Parquet row equal to the command's {@code --jsonl} line).
 */
class SparkAuditTest {
    private static final Path SAMPLE = Path.of("..", "sample.warc.gz");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SparkSession spark;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSpark() {
        spark = SparkSession.builder().master("local[2]").appName("SparkAuditTest")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }

    private record Cli(int status, String out, String err, List<String> jsonl) {}

    /** {@code jsoup-charset audit --max-body MAX --jsonl FILE WARC...}, in this JVM. */
    private Cli cli(long maxBody, List<Path> warcs) throws IOException {
        Path jsonl = dir.resolve("cli.jsonl");
        List<String> args = new ArrayList<>(List.of("audit", "--max-body", Long.toString(maxBody), "--jsonl", jsonl.toString()));
        warcs.forEach(w -> args.add(w.toString()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        // the pages' lines; a skipped record's or file's line (with "error") is the command's alone
        List<String> pages = Files.readAllLines(jsonl).stream().filter(l -> !l.contains(",\"error\":")).toList();
        return new Cli(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), pages);
    }

    /** Runs both on the files, checks that they agree; returns the job's result. */
    private SparkAudit.Result assertSameAsCommand(long maxBody, List<Path> warcs) throws IOException {
        Path out = dir.resolve("job");
        SparkAudit.Result job = SparkAudit.run(spark, warcs.stream().map(w -> w.toUri().toString()).toList(), out.toUri().toString(), maxBody);
        Cli cli = cli(maxBody, warcs);

        assertEquals(cli.out(), job.report(), "the table and the records line");
        assertEquals(cli.out(), Files.readString(out.resolve("table.txt")));
        assertEquals(cli.err().lines().filter(l -> l.startsWith("jsoup-charset: ") && !l.startsWith("jsoup-charset: audit: ")).count(), job.audit().failures().size(),
                "failures reported (the command's, besides its progress line)\n" + cli.err() + "\n" + job.audit().failures());
        assertEquals(cli.status() == 0, job.audit().counts().ok());

        Dataset<Row> pages = spark.read().parquet(out.resolve("pages").toString());
        assertEquals(SparkAudit.SCHEMA.fieldNames().length, pages.schema().fieldNames().length);
        assertEquals(0, pages.filter("notUtf8 <> (encoding <> 'UTF-8')").count());
        List<String> rows = pages.drop("warc", "notUtf8").toJSON().collectAsList();
        // the command's warc is the path it was given, the job's the URI Spark names the file by
        assertEquals(multiset(cli.jsonl(), "schema", "warc"), multiset(rows), "the pages, as Parquet rows and as --jsonl lines");
        assertEquals(cli.jsonl().size(), job.audit().counts().pages());
        return job;
    }

    /** JSON objects without null fields (Spark leaves them out), counted: order does not matter. */
    static Map<JsonNode, Long> multiset(List<String> lines, String... without) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : lines) {
            ObjectNode node = (ObjectNode) JSON.readTree(line);
            node.remove(Arrays.asList(without));
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                if (it.next().getValue().isNull()) it.remove();
            }
            nodes.add(node);
        }
        return nodes.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }

    @Test
    void anExistingOutIsOneLineBeforeAnyWorkIsDone() throws IOException {
        Path out = Files.createDirectories(dir.resolve("exists"));
        SparkAudit.OutExists e = org.junit.jupiter.api.Assertions.assertThrows(SparkAudit.OutExists.class,
                () -> SparkAudit.run(spark, List.of(SAMPLE.toString()), out.toString(), SparkAudit.DEFAULT_MAX_BODY));
        assertTrue(e.getMessage().startsWith("OUT exists: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        try (var files = Files.list(out)) {
            assertEquals(0, files.count(), "nothing written");
        }
    }

    @Test
    void sampleCrawlGivesTheCommandsTableAndPages() throws IOException {
        SparkAudit.Result job = assertSameAsCommand(SparkAudit.DEFAULT_MAX_BODY, List.of(SAMPLE));
        assertEquals(38, job.audit().table().pages());
        assertTrue(job.report().contains("records read 42: 38 HTML pages audited, 3 not HTML, 1 not 2xx"), job.report());
    }

    @Test
    void generatedCrawlOfSeveralFilesWithBadRecordsGivesTheCommandsTableAndPages() throws IOException {
        Path copies = dir.resolve("copies.warc.gz");
        SampleWarc.write(copies, 5);
        Path plain = dir.resolve("plain.warc");
        SampleWarc.write(plain, 2);
        byte[] sample = Files.readAllBytes(SAMPLE);
        Path truncated = Files.write(dir.resolve("truncated.warc.gz"), Arrays.copyOf(sample, sample.length / 2));
        Path notWarc = Files.write(dir.resolve("notes.txt"), "these are not WARC records\n".getBytes(StandardCharsets.US_ASCII));
        Path odd = Files.write(dir.resolve("odd.warc"), oddRecords(false));
        Path oddGzip = Files.write(dir.resolve("odd.warc.gz"), oddRecords(true));

        SparkAudit.Result job = assertSameAsCommand(4096, List.of(copies, plain, truncated, notWarc, odd, oddGzip));
        assertEquals(6, job.audit().counts().files());
        assertEquals(2, job.audit().counts().failedFiles());
        assertEquals(4, job.audit().counts().failedRecords()); // two broken HTTP header blocks in each odd file
        assertEquals(2, job.audit().counts().oversized());
        // the record the crawler cut, and the double-encoded page, in both odd files
        assertEquals(2, job.audit().table().total().truncated());
        assertEquals(2, job.audit().table().total().doubleEncoded());
        Dataset<Row> cut = spark.read().parquet(dir.resolve("job").resolve("pages").toString()).filter("truncation = 'length'");
        assertEquals(2, cut.filter("truncated and encoding = 'UTF-8'").count());
        assertTrue(job.audit().table().pages() > 38 * 7, job.report());
    }

    @Test
    void aGlobReadsEveryMatchingFile() throws IOException {
        SampleWarc.write(dir.resolve("a.warc.gz"), 1);
        SampleWarc.write(dir.resolve("b.warc.gz"), 2);
        Path out = dir.resolve("glob");
        SparkAudit.Result job = SparkAudit.run(spark, List.of(dir.toUri() + "*.warc.gz"), out.toString(), SparkAudit.DEFAULT_MAX_BODY);
        assertEquals(2, job.audit().counts().files());
        assertEquals(38 * 3, spark.read().parquet(out.resolve("pages").toString()).count());
        assertEquals(2, spark.read().parquet(out.resolve("pages").toString()).select("warc").distinct().count());
    }

    /**
     * Records an audit meets in real crawls: a broken HTTP header block, a page over the size cap of
     * 4096 bytes, an undeclared windows-1251 page on an IP address, a UTF-8 page with invalid bytes,
     * a page with an unknown label, a resource record and a DNS response. With {@code gzip}, each
     * record is its own gzip member, as crawlers write them.
     */
    static byte[] oddRecords(boolean gzip) throws IOException {
        Charset cp1251 = Charset.forName("windows-1251");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        record(out, gzip, "response", "application/http; msgtype=response", "http://broken.example.net/",
                "this is not an HTTP response\r\n\0\0\r\n\r\n<html>".getBytes(StandardCharsets.ISO_8859_1));
        record(out, gzip, "response", "application/http; msgtype=response", "http://big.example.net/",
                http("text/html; charset=utf-8", ("<title>big</title>" + "<p>Grüße aus Köln</p>\n".repeat(300)).getBytes(StandardCharsets.UTF_8)));
        record(out, gzip, "response", "application/http; msgtype=response", "http://192.0.2.7/archive",
                http("text/html", ("<html><head><title>Архив</title></head><body><p>Новости дня: в Москве ожидается тёплая погода, "
                        + "а на выходных пройдёт фестиваль. Жители города обсуждают новые маршруты.</p></body></html>").getBytes(cp1251)));
        byte[] invalid = "<meta charset=utf-8><p>caf\u00e9 ".getBytes(StandardCharsets.UTF_8);
        invalid = Arrays.copyOf(invalid, invalid.length + 3);
        invalid[invalid.length - 3] = (byte) 0xE9; // windows-1252 bytes in a UTF-8 page
        invalid[invalid.length - 2] = (byte) 0xFF;
        invalid[invalid.length - 1] = '.';
        record(out, gzip, "response", "application/http; msgtype=response", "https://mixed.example.de/", http("text/html", invalid));
        record(out, gzip, "response", "application/http; msgtype=response", "https://seven.example.org/",
                http("text/html; charset=utf-7", "<p>+AGEAYgBj-".getBytes(StandardCharsets.US_ASCII)));
        record(out, gzip, "resource", "text/html", "file:///local/page.html", "<p>a resource".getBytes(StandardCharsets.US_ASCII));
        record(out, gzip, "response", "text/dns", "dns:example.net", "example.net. 300 IN A 192.0.2.1\n".getBytes(StandardCharsets.US_ASCII));
        record(out, gzip, "response", "application/http; msgtype=response", "http://broken2.example.net/",
                "HTTP/1.1 200\0OK\r\n\0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        // a page the crawler cut inside its last "é", and one double-encoded before it was served
        byte[] whole = "<title>Caf\u00e9</title><p>Cr\u00e8me br\u00fbl\u00e9e et th\u00e9 glac\u00e9 \u00e0 volont\u00e9.\u00e9"
                .getBytes(StandardCharsets.UTF_8);
        record(out, gzip, "response", "application/http; msgtype=response", "http://cut.example.fr/", "WARC-Truncated: length\r\n",
                http("text/html", Arrays.copyOf(whole, whole.length - 1)));
        String author = "Caf\u00e9 cr\u00e8me, d\u00e9j\u00e0 vu, na\u00efve fa\u00e7ade, l\u2019\u00e9t\u00e9 \u2014 \u20ac 3,50";
        record(out, gzip, "response", "application/http; msgtype=response", "http://doubled.example.fr/",
                http("text/html; charset=utf-8", ("<p>" + new String(author.getBytes(StandardCharsets.UTF_8),
                        io.github.jsoupcharset.encoding.Encoding.WINDOWS_1252.charset())).getBytes(StandardCharsets.UTF_8)));
        return out.toByteArray();
    }

    /** An HTTP response block: a 200 with the Content-Type, and the body. */
    static byte[] http(String contentType, byte[] body) {
        byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] block = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, block, head.length, body.length);
        return block;
    }

    /** A WARC record of the type, with the block; with {@code gzip}, as a gzip member of its own. */
    static void record(ByteArrayOutputStream out, boolean gzip, String type, String contentType, String uri, byte[] block)
            throws IOException {
        record(out, gzip, type, contentType, uri, "", block);
    }

    /** As {@link #record(ByteArrayOutputStream, boolean, String, String, String, byte[])}, with more WARC header lines. */
    static void record(ByteArrayOutputStream out, boolean gzip, String type, String contentType, String uri, String warcHeaders,
            byte[] block) throws IOException {
        ByteArrayOutputStream r = new ByteArrayOutputStream();
        String header = "WARC/1.1\r\nWARC-Type: " + type + "\r\nWARC-Target-URI: " + uri + "\r\n" + warcHeaders
                + "WARC-Date: 2024-05-01T12:00:00Z\r\n"
                + "WARC-Record-ID: <urn:uuid:" + UUID.nameUUIDFromBytes(uri.getBytes(StandardCharsets.UTF_8)) + ">\r\n"
                + "Content-Type: " + contentType + "\r\nContent-Length: " + block.length + "\r\n\r\n";
        r.writeBytes(header.getBytes(StandardCharsets.US_ASCII));
        r.writeBytes(block);
        r.writeBytes("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        if (!gzip) {
            out.writeBytes(r.toByteArray());
            return;
        }
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(r.toByteArray());
        }
    }
}
