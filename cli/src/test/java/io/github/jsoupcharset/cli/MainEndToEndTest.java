package io.github.jsoupcharset.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

/** Runs the command as a user does: a new JVM, arguments, exit status, stdout and stderr. */
class MainEndToEndTest {
    private static final Charset CP1251 = Charset.forName("windows-1251");
    private static final Path SAMPLE = Main.sampleWarc();
    private static HttpServer server;
    private static String baseUrl;

    @TempDir
    static Path dir;

    record Run(int status, String out, String err) {}

    static Run run(String... args) {
        return runJvm(List.of(), args);
    }

    /** Runs the command in a JVM started with these options (e.g. a heap limit). */
    static Run runJvm(List<String> jvmOptions, String... args) {
        // surefire may run the tests from a manifest-only jar; this property has the real classpath
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", cp, "-Djsoupcharset.home=" + Path.of(System.getProperty("jsoupcharset.home", "..")).toAbsolutePath(), Main.class.getName()));
        command.addAll(Arrays.asList(args));
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread errReader = new Thread(() -> copy(p.getErrorStream(), err));
            errReader.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            errReader.join();
            return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void copy(InputStream in, OutputStream out) {
        try {
            in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path file(String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }

    private static byte[] russianPage() {
        return ("<html><head><meta charset=\"windows-1251\"><title>Новости</title></head><body>"
                + "<p class=\"price\">100 руб.</p><p class=\"price\">250 руб.</p><a href=\"/next\">Далее</a></body></html>").getBytes(CP1251);
    }

    @BeforeAll
    static void startServer() throws IOException {
        byte[] page = russianPage();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html"); // charset only in the meta
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page);
            }
        });
        // the same page gzipped, and under a coding nobody can undo
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(gzipped)) {
            gz.write(page);
        }
        for (String coding : List.of("gzip", "zstd")) {
            byte[] body = coding.equals("gzip") ? gzipped.toByteArray() : page;
            server.createContext("/" + coding + "/", exchange -> {
                exchange.getResponseHeaders().add("Content-Type", "text/html");
                exchange.getResponseHeaders().add("Content-Encoding", coding);
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
        }
        // hostile servers: headers and then nothing; a body that trickles in; a body too big
        server.createContext("/stall", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, 1000);
            exchange.getResponseBody().write(page, 0, 10);
            exchange.getResponseBody().flush();
            sleep(8000);
            exchange.close();
        });
        server.createContext("/trickle", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < page.length && i < 60; i++) {
                    out.write(page[i]);
                    out.flush();
                    sleep(200);
                }
            } catch (IOException e) {
                // the client gave up, as it should
            }
        });
        server.createContext("/big", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, 0); // chunked
            try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < 64; i++) out.write(new byte[16 << 10]);
            } catch (IOException e) {
                // the client gave up, as it should
            }
        });
        // a redirect loop, and a redirect with nowhere to go
        server.createContext("/loop", exchange -> {
            exchange.getResponseHeaders().add("Location", "/loop");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        server.createContext("/nowhere", exchange -> {
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
        baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    static void stopServer() {
        server.stop(0);
    }

    @Test
    void helpEverywhereAndUsageErrorsExitWith2() {
        Run help = run("--help");
        assertThat(help.status(), is(0));
        assertThat(help.out(), containsString("audit [WARC...]"));
        for (String command : List.of("sniff", "decode", "select", "audit")) {
            Run r = run(command, "--help");
            assertThat(command, r.status(), is(0));
            assertThat(command, r.out(), startsWith("usage: jsoup-charset " + command));
        }
        assertThat(run().status(), is(2));
        Run unknown = run("frobnicate");
        assertThat(unknown.status(), is(2));
        assertThat(unknown.err(), containsString("unknown command 'frobnicate'"));
        Run badOption = run("decode", "--json", "x.html");
        assertThat(badOption.status(), is(2));
        assertThat(badOption.err(), containsString("decode has no option --json"));
        Run noValue = run("sniff", "x.html", "--content-type");
        assertThat(noValue.status(), is(2));
        assertThat(noValue.err(), containsString("--content-type needs a value"));
        Run badSelector = run("select", "p[", "x.html");
        assertThat(badSelector.status(), is(2));
        assertThat(badSelector.err(), containsString("invalid CSS selector 'p['"));
    }

    @Test
    void sniffPrintsTheDecisionAndGoesOnAfterAMissingFile() throws IOException {
        Path page = file("ru.html", russianPage());
        Run r = run("sniff", dir.resolve("missing.html").toString(), page.toString());
        assertThat(r.status(), is(1));
        assertThat(r.err(), containsString("missing.html: no such file"));
        assertThat(r.out(), containsString("encoding    windows-1251"));
        assertThat(r.out(), containsString("rule        META_PRESCAN"));
    }

    @Test
    void sniffJsonWithAContentTypeForTheFile() throws IOException {
        Path page = file("ru-json.html", russianPage());
        Run r = run("sniff", "--json", "--content-type", "text/html; charset=koi8-r", page.toString());
        assertThat(r.status(), is(0));
        assertThat(r.out(), containsString("\"encoding\":\"KOI8-R\",\"rule\":\"HTTP_HEADER\""));
        assertThat(r.out(), containsString("\"conflict\":true"));
        assertThat(r.out().strip().lines().count(), is(1L));
    }

    @Test
    void decodeWritesTheTextAsUtf8() throws IOException {
        Path page = file("ru-decode.html", russianPage());
        Run r = run("decode", page.toString());
        assertThat(r.status(), is(0));
        assertThat(r.out(), is(new String(russianPage(), CP1251)));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aStalledATricklingAndAnOversizedServerAreEachReportedAndTheRestRead() throws IOException {
        Path big = file("big.html", new byte[5000]);
        Run r = run("select", "--read-timeout", "1", "--timeout", "3", "--max-body", "100000", ".price",
                baseUrl + "/stall", baseUrl + "/trickle", baseUrl + "/big", big.toString(), baseUrl + "/shop");
        assertThat(r.err(), r.status(), is(1));
        assertThat(r.err(), containsString(baseUrl + "/stall: the server sent nothing for 1 s (see --read-timeout); 10 bytes"));
        assertThat(r.err(), containsString(baseUrl + "/trickle: not read whole within 3 s (see --timeout)"));
        assertThat(r.err(), containsString(baseUrl + "/big: body over --max-body 100000 bytes; not read"));
        assertThat(r.out(), is(baseUrl + "/shop: 100 руб.\n" + baseUrl + "/shop: 250 руб.\n"));
        Run file = run("decode", "--max-body", "4999", big.toString());
        assertThat(file.status(), is(1));
        assertThat(file.err(), containsString("file of 5000 bytes is over --max-body 4999; not read"));
    }

    @Test
    void controlsFromAPageNeverReachTheTerminalRaw() throws IOException {
        // a label with CSI (byte 0x9B, read as U+009B) and ESC: they would recolour a terminal
        Path page = file("csi.html", new byte[] {'<', 'm', 'e', 't', 'a', ' ', 'c', 'h', 'a', 'r', 's', 'e', 't', '=', '"',
                (byte) 0x9B, '3', '1', 'm', 0x1B, '[', '0', 'm', '"', '>'});
        for (String[] args : new String[][] {{"sniff", page.toString()}, {"sniff", "--json", page.toString()}}) {
            Run r = run(args);
            assertThat(r.out(), r.out().chars().noneMatch(c -> c < 0x20 && c != '\n' || c >= 0x7F && c <= 0x9F), is(true));
            assertThat(r.out(), containsString(args[1].equals("--json") ? "\\u009b31m\\u001b[0m" : "\"\\x9b31m\\x1b[0m\""));
        }
    }

    @Test
    void everyNumberALimitTakesIsHonouredOrRefused() {
        for (String[] bad : new String[][] {{"audit", "--max-body", "9223372036854775807"}, {"audit", "--max-body", "0"},
                {"sniff", "--max-body", "-1", "x"}, {"sniff", "--timeout", "1e3", "x"}, {"decode", "--read-timeout", "0", "x"},
                {"decode", "--max-body", "9223372036854775808", "x"}, {"select", "--max-body", "99999999999999999999", "p", "x"}}) {
            Run r = run(bad);
            assertThat(String.join(" ", bad), r.status(), is(2));
            assertThat(r.err(), containsString(bad[1]));
        }
        // a number too large for a long is a number all the same: the message says the range
        assertThat(run("decode", "--max-body", "9223372036854775808", "x").err(),
                containsString("--max-body must be from 1 to 9223372036854775807, not 9223372036854775808"));
        assertThat(run("audit", "--max-body", "2147483640").err(), containsString("--max-body must be from 1 to 2147483639"));
    }

    @Test
    void aCompressedBodyIsDecompressedAndAnUnknownCodingIsReported() {
        Run r = run("select", "--no-filename", ".price", baseUrl + "/zstd/shop", baseUrl + "/gzip/shop");
        assertThat(r.status(), is(1));
        assertThat(r.err(), containsString(baseUrl + "/zstd/shop: unsupported content coding \"zstd\""));
        assertThat(r.out(), is("100 руб.\n250 руб.\n"));
    }

    @Test
    void selectFetchesAUrlAndReportsAnUnreachableOne() {
        Run r = run("select", "--no-filename", ".price", "http://127.0.0.1:1/", baseUrl + "/shop");
        assertThat(r.status(), is(1));
        assertThat(r.err(), containsString("http://127.0.0.1:1/: cannot connect"));
        assertThat(r.out(), is("100 руб.\n250 руб.\n"));

        Run links = run("select", "a", "--attr", "abs:href", baseUrl + "/shop");
        assertThat(links.status(), is(0));
        assertThat(links.out(), is(baseUrl + "/next\n"));
    }

    @Test
    void auditWithoutArgumentsAuditsTheSample() throws IOException {
        Path jsonl = dir.resolve("pages.jsonl");
        Run r = run("audit", "--jsonl", jsonl.toString());
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.err(), containsString("auditing the sample"));
        assertThat(r.out(), containsString("\nTLD  all  not UTF-8  requests  jsoup  JDK  pages  r/j/J  cut  doubled  not UTF-8, by encoding\n"));
        assertThat(AuditTableTest.cells(r.out(), ".ru").subList(0, 3), is(List.of(".ru", "7", "7")));
        assertThat(r.out(), containsString("decisions by rule"));
        assertThat(r.out(), containsString("records read 42: 38 HTML pages audited, 3 not HTML, 1 not 2xx, 0 over the size cap, 0 failed"));
        assertThat(Files.readAllLines(jsonl).size(), is(38));
    }

    @Test
    void auditReportsEveryBadInputAndStillAuditsTheRest() throws IOException {
        byte[] sample = Files.readAllBytes(SAMPLE);
        Path truncated = file("truncated.warc.gz", Arrays.copyOf(sample, sample.length / 2));
        Path notWarc = file("notes.txt", "these are not WARC records\n".getBytes(StandardCharsets.US_ASCII));
        Path broken = file("broken.warc", brokenHttpHeaderWarc());
        Path missing = dir.resolve("missing.warc.gz");

        Run r = run("audit", missing.toString(), truncated.toString(), notWarc.toString(), broken.toString(), SAMPLE.toString());
        assertThat(r.status(), is(1));
        assertThat(r.err(), containsString("missing.warc.gz: no such file"));
        assertThat(r.err(), containsString("truncated.warc.gz: truncated or corrupt"));
        assertThat(r.err(), containsString("notes.txt: not a readable WARC file"));
        assertThat(r.err(), containsString("broken.warc: record at offset 0 (http://broken.example.net/): broken HTTP header block"));
        assertThat(r.err(), not(containsString("Exception in thread")));
        // the good record after the broken one, and the whole sample, were still audited
        assertThat(AuditTableTest.cells(r.out(), ".net").subList(0, 3), is(List.of(".net", "1", "1")));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) HTML pages audited").matcher(r.out());
        assertThat(m.find(), is(true));
        assertThat("the sample's 38, the good record, and those before the truncation", Integer.parseInt(m.group(1)) > 39, is(true));
        assertThat(r.out(), containsString("1 failed;\n0 malformed; "));
        assertThat(r.out(), containsString("; 3 of 5 files could not be read to the end"));
    }

    @Test
    void declarationsCheckedGivesTheAuthorsTextOfAMisdeclaredPage() throws IOException {
        String text = "<p>Café crème, déjà vu, naïve façade, über Größe</p>\n";
        Path page = file("cafe.html", text.getBytes(StandardCharsets.UTF_8));
        String latin1 = "text/html; charset=iso-8859-1";
        Run browser = run("decode", "--content-type", latin1, page.toString());
        assertThat(browser.status(), is(0));
        assertThat(browser.out(), containsString("CafÃ©"));
        Run checked = run("decode", "--content-type", latin1, "--declarations", "checked", page.toString());
        assertThat(checked.out(), is(text));
        Run sniff = run("sniff", "--content-type", latin1, page.toString());
        assertThat(sniff.out(), containsString("misdeclared HTTP_HEADER windows-1252 looks wrong, bytes look like UTF-8"));
        Run json = run("sniff", "--json", "--declarations=checked", "--content-type", latin1, page.toString());
        assertThat(json.out(), containsString("\"encoding\":\"UTF-8\",\"rule\":\"DECLARATION_OVERRIDDEN\""));
        assertThat(json.out(), containsString("\"misdeclared\":true,\"misdeclaredWhere\":\"HTTP_HEADER\",\"bytesLookLike\":\"UTF-8\""));
        Run select = run("select", "--content-type", latin1, "--declarations", "checked", "p", page.toString());
        assertThat(select.out(), is("Café crème, déjà vu, naïve façade, über Größe\n"));
        Run bad = run("decode", "--declarations", "trusting", page.toString());
        assertThat(bad.status(), is(2));
        assertThat(bad.err(), containsString("--declarations is browser or checked, not 'trusting'"));
        Run audit = run("audit", "--declarations", "checked", SAMPLE.toString());
        assertThat(audit.err(), audit.status(), is(0));
        assertThat(audit.out(), containsString("misdeclared"));
    }

    @Test
    void auditSkipsAndReportsBodiesOverTheCap() {
        Run r = run("audit", "--max-body", "1000", SAMPLE.toString());
        // each skipped record is reported, so the status says some inputs were not audited
        assertThat(r.status(), is(1));
        assertThat(r.err(), containsString("body over 1000 bytes; record skipped"));
        assertThat(r.out(), not(containsString(" 0 over the size cap")));
    }

    @Test
    void aSixteenMebibytePageAuditsIn256MegabytesOfHeapBesideOrdinaryPages() throws IOException {
        Path warc = dir.resolve("big-page.warc.gz");
        SampleWarc.write(warc, 1, 16 << 20); // the sample's 38 pages and one of 16 MiB, many small elements
        Run r = runJvm(List.of("-Xmx256m"), "audit", warc.toString());
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.out(), containsString("records read 43: 39 HTML pages audited, 3 not HTML, 1 not 2xx, 0 over the size cap, 0 failed"));
        assertThat(r.out(), org.hamcrest.Matchers.matchesPattern("(?s).*\n\\.ru +8 +8 .*"));
        // in a heap too small for it, the big page is refused before it is read, and the rest audited
        Run small = runJvm(List.of("-Xmx96m"), "audit", warc.toString());
        assertThat(small.err(), small.status(), is(1));
        assertThat(small.err(), containsString("(https://big.example.ru/): body of "));
        assertThat(small.err(), containsString("is too big to audit in this JVM's heap"));
        assertThat(small.err(), not(containsString("OutOfMemoryError")));
        assertThat(small.out(), containsString("records read 43: 38 HTML pages audited, 3 not HTML, 1 not 2xx, 1 over the size cap"));
    }

    @Test
    void aRedirectLoopAndARedirectWithoutLocationAreSaidSo() {
        Run r = run("sniff", "--timeout", "10", baseUrl + "/loop", baseUrl + "/nowhere", baseUrl + "/shop");
        assertThat(r.status(), is(1));
        assertThat(r.err(), org.hamcrest.Matchers.matchesPattern("(?s).*/loop: too many redirects \\(\\d+\\) starting at " + baseUrl + "/loop\n.*"));
        assertThat(r.err(), containsString(baseUrl + "/nowhere: redirect without a Location header"));
        assertThat(r.err(), not(containsString("HTTP status 302")));
        assertThat(r.out(), containsString("encoding    windows-1251"));
    }

    @Test
    void aFileOverMaxBodyIsRefusedBeforeItIsReadAndTheNextOneRead() throws IOException {
        Path huge = dir.resolve("3gb.html");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30); // sparse: no disk used, no bytes read
        }
        Path page = file("after-big.html", russianPage());
        Run r = runJvm(List.of("-Xmx64m"), "select", "--max-body", "2147483639", ".price", huge.toString(), page.toString());
        assertThat(r.err(), r.status(), is(1));
        assertThat(r.err(), containsString("3gb.html: file of 3221225472 bytes is over --max-body 2147483639; not read"));
        assertThat(r.out(), is(page + ": 100 руб.\n" + page + ": 250 руб.\n"));
        // streamed, a page is not held: the heap no longer bounds --max-body (MainStreamingTest reads 300 MB at -Xmx64m)
        Run any = runJvm(List.of("-Xmx64m"), "select", "--max-body", "9223372036854775807", ".price", page.toString());
        assertThat(any.err(), any.status(), is(0));
        assertThat(any.out(), is("100 руб.\n250 руб.\n"));
    }

    @Test
    void aCorruptGzipMemberInTheMiddleCostsOnlyItsRecord() throws IOException {
        byte[] warc = Files.readAllBytes(SAMPLE);
        // the member that holds the middle of the file: each record is a gzip member of its own
        int member = -1;
        for (int i = warc.length / 2; i > 0 && member < 0; i--) {
            if ((warc[i] & 0xFF) == 0x1F && (warc[i + 1] & 0xFF) == 0x8B && warc[i + 2] == 8) member = i;
        }
        for (int k = member + 24; k < member + 60; k++) warc[k] ^= 0x33;
        Path broken = file("corrupt-middle.warc.gz", warc);
        Run r = run("audit", broken.toString());
        assertThat(r.status(), is(1));
        assertThat(r.err(), containsString("corrupt-middle.warc.gz: corrupt at offset " + member + ": "));
        assertThat(r.err(), containsString("bytes to the next gzip member holding a record, at offset "));
        assertThat(r.out(), containsString("records read 41: "));
        assertThat(r.out(), containsString("; 1 corrupt stretches skipped ("));
        assertThat(r.out(), containsString("; 0 of 1 files could not be read to the end"));
    }

    @Test
    void onlyMissingWarcsIsAnErrorWithoutATable() {
        Run r = run("audit", dir.resolve("gone.warc.gz").toString(), dir.toString());
        assertThat(r.status(), is(1));
        assertThat(r.err(), containsString("gone.warc.gz: no such file"));
        assertThat(r.err(), containsString(": is a directory"));
        assertThat(r.out(), is(""));
    }

    /** A plain WARC: a response whose HTTP header block is garbage, then a good windows-1251 page. */
    private static byte[] brokenHttpHeaderWarc() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeRecord(out, "http://broken.example.net/", "this is not an HTTP response\r\n\0\0\r\n\r\n<html>".getBytes(StandardCharsets.ISO_8859_1));
        byte[] body = russianPage();
        byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] block = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, block, head.length, body.length);
        writeRecord(out, "http://good.example.net/", block);
        return out.toByteArray();
    }

    @Test
    void aBombUnderALargeMaxBodyIsRefusedForItsDecodedSize() throws IOException {
        // 48 MB of page gzipped to about 47 KB, audited in a 64 MB heap that can audit about 4 MB
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(gzipped)) {
            gz.write("<html><p>".getBytes(StandardCharsets.US_ASCII));
            byte[] spaces = new byte[1 << 20];
            java.util.Arrays.fill(spaces, (byte) ' ');
            for (int i = 0; i < 48; i++) gz.write(spaces);
        }
        byte[] body = gzipped.toByteArray();
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: " + body.length
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        block.writeBytes(body);
        ByteArrayOutputStream warc = new ByteArrayOutputStream();
        writeRecord(warc, "https://bomb.example.ru/", block.toByteArray());
        writeRecord(warc, "https://ok.example.ru/", ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>ok")
                .getBytes(StandardCharsets.US_ASCII));
        Path file = file("bomb.warc", warc.toByteArray());
        Run r = runJvm(List.of("-Xmx64m"), "audit", "--max-body", "100000000", file.toString());
        assertThat(r.err(), r.status(), is(1));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(https://bomb\\.example\\.ru/\\): decoded body \\(its gzip coding "
                + "undone\\) is over (\\d+) bytes, too big to audit in this JVM's heap .*; the body as sent is " + body.length
                + " bytes; record skipped").matcher(r.err());
        assertThat(r.err(), m.find(), is(true));
        long quoted = Long.parseLong(m.group(1));
        // the decoded size the heap can audit (64 MB less a reserve, over 13 bytes a byte), not the 47 KB sent
        assertThat(r.err(), quoted > 1_000_000 && quoted <= (64L << 20) / WarcAudit.HEAP_PER_BODY_BYTE, is(true));
        assertThat(r.err(), not(containsString("OutOfMemoryError")));
        assertThat(r.out(), containsString("records read 2: 1 HTML pages audited, 0 not HTML, 0 not 2xx, 1 over the size cap"));
        // under a --max-body the heap can hold, the limit is quoted
        Run capped = runJvm(List.of("-Xmx64m"), "audit", "--max-body", "1000000", file.toString());
        assertThat(capped.err(), containsString("(https://bomb.example.ru/): decoded body (its gzip coding undone) is over 1000000 bytes; "
                + "the body as sent is " + body.length + " bytes; record skipped (see --max-body)"));
    }

    @Test
    void aRecordWithAHugeHeaderAndASmallBodyIsAuditedWhateverTheMaxBody() throws IOException {
        // the record's block (20 MB of HTTP header, a 60-byte body) was taken for its body: audited
        // under the default --max-body, "body of 20971645 bytes is too big" under a large one
        byte[] body = "<meta charset=windows-1251><p>\u00cf\u00f0\u00e8\u00e2\u00e5\u00f2, \u00ec\u00e8\u00f0</p>"
                .getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Padding: ").getBytes(StandardCharsets.US_ASCII));
        byte[] padding = new byte[20 << 20];
        java.util.Arrays.fill(padding, (byte) 'x');
        block.writeBytes(padding);
        block.writeBytes(("\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        block.writeBytes(body);
        ByteArrayOutputStream warc = new ByteArrayOutputStream();
        writeRecord(warc, "https://header.example.ru/", block.toByteArray());
        writeRecord(warc, "https://ok.example.ru/", ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>ok")
                .getBytes(StandardCharsets.US_ASCII));
        Path file = file("header.warc", warc.toByteArray());
        for (String maxBody : List.of("16777216", "2147483639")) {
            Run r = runJvm(List.of("-Xmx256m"), "audit", "--max-body", maxBody, "--jsonl", dir.resolve("h.jsonl").toString(),
                    file.toString());
            assertThat(maxBody + ": " + r.err(), r.status(), is(0));
            assertThat(maxBody, r.out(), containsString("records read 2: 2 HTML pages audited"));
            assertThat(maxBody, Files.readString(dir.resolve("h.jsonl")), containsString("\"encoding\":\"windows-1251\""));
        }
    }

    private static void writeRecord(ByteArrayOutputStream out, String uri, byte[] block) {
        String header = "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: " + uri + "\r\nWARC-Date: 2024-05-01T12:00:00Z\r\n"
                + "WARC-Record-ID: <urn:uuid:" + java.util.UUID.nameUUIDFromBytes(uri.getBytes(StandardCharsets.UTF_8)) + ">\r\n"
                + "Content-Type: application/http; msgtype=response\r\nContent-Length: " + block.length + "\r\n\r\n";
        out.writeBytes(header.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(block);
        out.writeBytes("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    }
}
