package io.github.jsoupcharset.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

/** What the command prints for several inputs, in JSON, for binary bodies, and in the audit's files: in this JVM. */
class MainOutputTest {
    private static final Charset CP1251 = Charset.forName("windows-1251");
    private static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
    private static HttpServer server;
    private static String baseUrl;

    @TempDir
    static Path dir;

    record Run(int status, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String file(String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content).toString();
    }

    private static byte[] page(String title, String... paragraphs) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html><meta charset=windows-1251><title>" + title + "</title>");
        for (String p : paragraphs) b.append("<p>").append(p);
        return b.toString().getBytes(CP1251);
    }

    @BeforeAll
    static void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/gone", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.createContext("/big", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(new byte[4096]);
            } catch (IOException e) {
                // the client gave up, as it should
            }
        });
        server.start();
        baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    static void stopServer() {
        server.stop(0);
    }

    @Test
    void selectSaysWhichInputAMatchCameFromWhenThereAreSeveral() throws IOException {
        String a = file("a.html", page("Новости", "один", "два"));
        String b = file("b.html", page("Погода", "три"));
        Run two = run("select", "p", a, b);
        assertThat(two.status(), is(0));
        assertThat(two.out(), is(a + ": один\n" + a + ": два\n" + b + ": три\n"));
        // one input: bare, as grep; and either can be asked for
        assertThat(run("select", "p", a).out(), is("один\nдва\n"));
        assertThat(run("select", "--no-filename", "p", a, b).out(), is("один\nдва\nтри\n"));
        assertThat(run("select", "--with-filename", "title", b).out(), is(b + ": Погода\n"));
        Run both = run("select", "--with-filename", "--no-filename", "p", a);
        assertThat(both.status(), is(2));
        assertThat(both.err(), containsString("--no-filename and --with-filename cannot go together"));
    }

    @Test
    void decodeSeparatesTheTextsOfSeveralInputs() throws IOException {
        String a = file("da.html", "<p>без перевода строки".getBytes(StandardCharsets.UTF_8));
        String b = file("db.html", "<p>second\n".getBytes(StandardCharsets.UTF_8));
        Run r = run("decode", a, b, dir.resolve("missing.html").toString());
        assertThat(r.status(), is(1));
        // each text under a header line; the second header starts a line even after a text without a line break
        assertThat(r.out(), is("==> " + a + " <==\n<p>без перевода строки\n==> " + b + " <==\n<p>second\n"));
        assertThat(r.err(), containsString("missing.html: no such file"));
        assertThat(run("decode", "--no-filename", a, b).out(), is("<p>без перевода строки<p>second\n"));
        assertThat(run("decode", b).out(), is("<p>second\n"));
    }

    @Test
    void everyInputGetsOneJsonLineFailuresIncluded() throws IOException {
        String ru = file("j1.html", page("Новости", "Сегодня в городе прошёл дождь, завтра обещают солнце."));
        // no declaration: the detector decides, and has a runner-up
        String undeclared = file("j2.html", ("<p>" + "Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(5))
                .getBytes(CP1251));
        String big = file("j3.html", new byte[2048]);
        Run r = run("sniff", "--json", "--max-body", "1024", ru, dir.resolve("nope.html").toString(), baseUrl + "/gone",
                big, baseUrl + "/big", undeclared, "");
        assertThat(r.status(), is(1));
        List<String> lines = r.out().lines().toList();
        assertThat(lines, hasSize(7));
        for (String line : lines) assertThat(line, startsWith("{\"schema\":1,\"input\":"));
        assertThat(lines.get(0), containsString("\"encoding\":\"windows-1251\",\"rule\":\"META_PRESCAN\""));
        assertThat(lines.get(0), containsString("\"detectorConfidence\":null,\"detectorRunnerUp\":null"));
        assertThat(lines.get(0), containsString("\"binary\":false,\"binaryEvidence\":null"));
        assertThat(lines.get(1), is("{\"schema\":1,\"input\":" + Json.string(dir.resolve("nope.html").toString())
                + ",\"error\":\"no such file\"}"));
        assertThat(lines.get(2), is("{\"schema\":1,\"input\":\"" + baseUrl + "/gone\",\"error\":\"HTTP status 404\"}"));
        assertThat(lines.get(3), containsString("\"error\":\"file of 2048 bytes is over --max-body 1024; not read\""));
        assertThat(lines.get(4), containsString("\"error\":\"body over --max-body 1024 bytes; not read\""));
        assertThat(lines.get(5), containsString("\"rule\":\"DETECTION\""));
        Matcher runnerUp = Pattern.compile("\"detectorConfidence\":(\\d+),\"detectorRunnerUp\":\"([^\"]+)\"").matcher(lines.get(5));
        assertThat(runnerUp.find(), is(true));
        assertThat(runnerUp.group(2), not(is("windows-1251")));
        assertThat(lines.get(6), is("{\"schema\":1,\"input\":\"\",\"error\":\"no such file (an empty name)\"}"));
        // the text form says the runner-up too
        assertThat(run("sniff", undeclared).out(), org.hamcrest.Matchers.matchesPattern("(?s).*\n  detector    " + runnerUp.group(1)
                + "% likely right( \\(unsure: treat as unknown\\))?, runner-up " + Pattern.quote(runnerUp.group(2)) + "\n.*"));
    }

    @Test
    void aBodyThatIsNotTextIsDecodedWithAWarning() throws IOException {
        String png = file("x.png", PNG);
        Run r = run("sniff", "--json", png);
        assertThat(r.status(), is(0)); // decoded: nothing failed, nothing lost
        assertThat(r.out(), containsString("\"binary\":true,\"binaryEvidence\":\"PNG image signature\""));
        assertThat(r.err(), is("jsoup-charset: " + png + ": does not look like text (PNG image signature); decoded as "
                + r.out().replaceAll("(?s).*\"encoding\":\"([^\"]+)\".*", "$1") + " all the same\n"));
        String sniffed = run("sniff", png).out();
        assertThat(sniffed, containsString("  binary      yes, does not look like text (PNG image signature)\n"));
        // detection's probability is calibrated on text; for a PNG it is not offered as one
        if (sniffed.contains("DETECTION")) {
            assertThat(sniffed, containsString("  detector    no confidence (the body does not look like text)"));
        }
        assertThat(sniffed, not(containsString("likely right")));
        Run decode = run("decode", png);
        assertThat(decode.err(), containsString("does not look like text (PNG image signature)"));
        assertThat(decode.out().length() > 40, is(true));
        assertThat(run("select", "p", png).err(), containsString("does not look like text"));
        // text is not flagged
        Run text = run("sniff", file("t.html", page("Новости", "текст")));
        assertThat(text.err(), is(""));
        assertThat(text.out(), containsString("  binary      no\n"));
        assertThat(text.out(), containsString("  doubled     no\n"));
    }

    @Test
    void sniffSaysWhenTheTextWasDoubleEncodedAndWhetherItWasRepaired() throws IOException {
        String once = "<p>Café, déjà vu, naïve façade, crème brûlée</p>";
        byte[] twice = new String(once.getBytes(StandardCharsets.UTF_8), Charset.forName("windows-1252"))
                .getBytes(StandardCharsets.UTF_8);
        Path page = dir.resolve("twice.html");
        Files.write(page, twice);
        assertThat(run("sniff", "--content-type", "text/html; charset=utf-8", page.toString()).out(),
                containsString("  doubled     8 UTF-8 sequences read as windows-1252, the whole text\n"));
        assertThat(run("sniff", "--declarations", "checked", "--content-type", "text/html; charset=utf-8", page.toString()).out(),
                containsString("  doubled     8 UTF-8 sequences read as windows-1252, the whole text; repaired\n"));
    }

    @Test
    void auditJsonlLinesSayWhichWarcAndRecordTheyCameFrom() throws IOException {
        Path sample = AuditTableTest.SAMPLE;
        Path jsonl = dir.resolve("audit.jsonl");
        Run r = run("audit", "--jsonl", jsonl.toString(), sample.toString());
        assertThat(r.status(), is(0));
        List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
        assertThat(lines, hasSize(38));
        Pattern where = Pattern.compile("^\\{\"schema\":1,\"warc\":(\"[^\"]*\"),\"offset\":(\\d+),\"url\":\"([^\"]*)\"");
        for (String line : lines) {
            Matcher m = where.matcher(line);
            assertThat(line, m.find(), is(true));
            assertThat(m.group(1), is(Json.string(sample.toString())));
            // the offset is where the record starts: a reader started there reads this page's record first
            try (FileChannel channel = FileChannel.open(sample)) {
                channel.position(Long.parseLong(m.group(2)));
                try (WarcReader reader = new WarcReader(channel)) {
                    WarcRecord record = reader.next().orElseThrow();
                    assertThat(((WarcResponse) record).target(), is(m.group(3)));
                }
            }
        }
    }

    @Test
    void aWarcTheAuditCouldNotReadHasItsJsonLine() throws IOException {
        Path jsonl = dir.resolve("failed.jsonl");
        String missing = dir.resolve("missing.warc.gz").toString();
        Run r = run("audit", "--jsonl", jsonl.toString(), missing, AuditTableTest.SAMPLE.toString());
        assertThat(r.status(), is(1));
        List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
        assertThat(lines, hasSize(39));
        assertThat(lines.get(0), is("{\"schema\":1,\"warc\":" + Json.string(missing) + ",\"error\":\"no such file\"}"));
        assertThat(lines.get(1), startsWith("{\"schema\":1,\"warc\":" + Json.string(AuditTableTest.SAMPLE.toString()) + ",\"offset\":"));
    }

    @Test
    void aFailureLineNamesItsOwnWarcWhenOneFileNameBeginsWithAnother() throws IOException {
        // "crawl" is a prefix of "crawl: part 2" followed by ": ": the line must name the file that failed
        Path first = Files.write(dir.resolve("crawl"), new byte[0]);
        Path second = Files.write(dir.resolve("crawl: part 2"), "not a WARC at all\r\n".getBytes(StandardCharsets.US_ASCII));
        Path jsonl = dir.resolve("prefix.jsonl");
        Run r = run("audit", "--jsonl", jsonl.toString(), first.toString(), second.toString());
        List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
        assertThat(r.err(), lines, hasSize(2));
        assertThat(lines.get(0), startsWith("{\"schema\":1,\"warc\":" + Json.string(first.toString()) + ",\"error\":\"warning: empty file"));
        assertThat(lines.get(1), startsWith("{\"schema\":1,\"warc\":" + Json.string(second.toString()) + ",\"error\":\""));
        assertThat(lines.get(1), not(containsString("part 2: ")));
    }

    @Test
    void auditPrintsItsHeadlineFirstAndTimingOnStderr() {
        Run r = run("audit", AuditTableTest.SAMPLE.toString());
        assertThat(r.out(), startsWith("requests' .text corrupts 27 of 38 pages, jsoup 5, the JDK 6; 31 of the 38 are not UTF-8.\n"));
        for (String line : r.out().split("\n")) assertThat(line, line.length() <= 100, is(true));
        assertThat(r.err(), containsString("jsoup-charset: audit: 38 pages (42 records, 0.02 MB) in "));
        assertThat(r.err(), containsString(" pages/s"));
        Run all = run("audit", "--all", AuditTableTest.SAMPLE.toString());
        assertThat(all.out(), containsString("Pages a naive decoding corrupts (all 27, by URL):"));
    }

    @Test
    void auditWritesItsHtmlReport() throws IOException {
        Path html = dir.resolve("report.html");
        Run r = run("audit", "--html", html.toString(), AuditTableTest.SAMPLE.toString());
        assertThat(r.status(), is(0));
        String report = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(report, containsString("requests&#39; .text corrupts 27 of 38 pages, jsoup 5, the JDK 6"));
        Run bad = run("audit", "--html", dir.resolve("no/such/dir/r.html").toString(), AuditTableTest.SAMPLE.toString());
        assertThat(bad.status(), is(1));
        assertThat(bad.err(), containsString("r.html: cannot write: "));
    }
}
