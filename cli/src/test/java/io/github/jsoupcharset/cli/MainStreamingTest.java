package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

/**
 * sniff, decode and select read their input as a stream: a page far larger than the heap is
 * decoded and selected from in a JVM of 64 MiB, and sniff reads no more than the look-ahead.
 * The command runs in a child JVM; what it writes is counted and checksummed as it comes, never
 * held.
 */
class MainStreamingTest {
    @TempDir
    static Path dir;

    /** One block of the big page: 100 items of UTF-8 text (Cyrillic) in paragraphs, a price in each. */
    private static final String BLOCK;
    /** The prices of one block, one a line, as select prints them. */
    private static final String BLOCK_PRICES;
    private static final String HEAD = "<!DOCTYPE html>\n<html><head><title>Каталог</title></head><body>\n";
    private static final String TAIL = "</body></html>\n";
    private static final int BLOCKS;

    static {
        StringBuilder block = new StringBuilder();
        StringBuilder prices = new StringBuilder();
        // paragraphs of 2 KB: jsoup's StreamParser spends its time per element, the decoder per byte
        String text = "чай, сахар, «кофе», ".repeat(60);
        for (int i = 0; i < 100; i++) {
            block.append("<div class=item><p>Товар номер ").append(i).append(": ").append(text).append("</p>\n<p class=price>")
                    .append(i * 7).append(" руб.</p></div>\n");
            prices.append(i * 7).append(" руб.\n");
        }
        BLOCK = block.toString();
        BLOCK_PRICES = prices.toString();
        BLOCKS = (int) (300_000_000L / BLOCK.getBytes(StandardCharsets.UTF_8).length);
    }

    private static Path big;
    private static long bigSize;

    @BeforeAll
    static void writeBigPage() throws IOException {
        big = dir.resolve("300mb.html");
        byte[] block = BLOCK.getBytes(StandardCharsets.UTF_8);
        // 16 blocks a write: about 4 MB
        ByteBuffer many = ByteBuffer.allocate(block.length * 16);
        for (int i = 0; i < 16; i++) many.put(block);
        try (FileChannel f = FileChannel.open(big, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            f.write(ByteBuffer.wrap(HEAD.getBytes(StandardCharsets.UTF_8)));
            for (int i = 0; i < BLOCKS; i += 16) {
                int n = Math.min(16, BLOCKS - i);
                many.position(0).limit(n * block.length);
                while (many.hasRemaining()) f.write(many);
            }
            f.write(ByteBuffer.wrap(TAIL.getBytes(StandardCharsets.UTF_8)));
            bigSize = f.size();
        }
    }

    /** What a run wrote to stdout: how many bytes, their CRC-32 and the first few KiB; and the rest. */
    record Run(int status, long outBytes, long outCrc, String outStart, String err, long millis) {}

    /** Runs the command in a child JVM with {@code -Xmx64m}, stdout counted as it comes, stdin from {@code stdin}. */
    private static Run run(byte[] stdin, boolean keepStdinOpen, String... args) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", cp, Main.class.getName()));
        command.addAll(Arrays.asList(args));
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errReader = new Thread(() -> copy(p.getErrorStream(), err));
        errReader.start();
        Thread feeder = new Thread(() -> {
            try {
                OutputStream in = p.getOutputStream();
                in.write(stdin);
                in.flush();
                if (!keepStdinOpen) in.close();
            } catch (IOException gone) {
                // the command stopped reading: it may
            }
        });
        feeder.start();
        CRC32 crc = new CRC32();
        long count = 0;
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        try (InputStream out = p.getInputStream()) {
            int n;
            while ((n = out.read(buf)) > 0) {
                crc.update(buf, 0, n);
                if (first.size() < 4096) first.write(buf, 0, Math.min(n, 4096 - first.size()));
                count += n;
            }
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        errReader.join();
        p.getOutputStream().close();
        return new Run(p.exitValue(), count, crc.getValue(), first.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8), (System.nanoTime() - start) / 1_000_000);
    }

    private static void copy(InputStream in, OutputStream out) {
        try {
            in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** CRC-32 and length of a text repeated: a head, the block {@code BLOCKS} times, a tail, as UTF-8. */
    private static long[] expected(String head, String block, String tail) {
        CRC32 crc = new CRC32();
        byte[] h = head.getBytes(StandardCharsets.UTF_8);
        byte[] b = block.getBytes(StandardCharsets.UTF_8);
        byte[] t = tail.getBytes(StandardCharsets.UTF_8);
        crc.update(h);
        for (int i = 0; i < BLOCKS; i++) crc.update(b);
        crc.update(t);
        return new long[] {h.length + (long) b.length * BLOCKS + t.length, crc.getValue()};
    }

    @Test
    void decodeWritesAPageFiveTimesTheHeapToStdoutAsItIsDecoded() throws Exception {
        Run r = run(new byte[0], false, "decode", "--max-body", "1000000000", big.toString());
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.err(), is(""));
        long[] want = expected(HEAD, BLOCK, TAIL);
        assertThat(r.outBytes(), is(want[0]));
        assertThat(r.outBytes(), is(bigSize)); // UTF-8 in, UTF-8 out
        assertThat(r.outCrc(), is(want[1]));
        System.out.println("decode of " + bigSize + " bytes at -Xmx64m: " + r.millis() + " ms");
    }

    @Test
    void selectFindsEveryMatchOfAPageFiveTimesTheHeap() throws Exception {
        Run r = run(new byte[0], false, "select", "--max-body", "1000000000", "p.price", big.toString());
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.err(), is(""));
        long[] want = expected("", BLOCK_PRICES, "");
        assertThat(r.outBytes(), is(want[0]));
        assertThat(r.outCrc(), is(want[1]));
        assertThat(r.outStart(), containsString("0 руб.\n7 руб.\n14 руб.\n"));
        System.out.println("select of " + bigSize + " bytes at -Xmx64m: " + r.millis() + " ms");
    }

    @Test
    void selectFromAGzippedUrlOfAHundredMegabytesAtTheSameHeap() throws Exception {
        // the body is gzipped once, here; the command undoes the coding as the bytes arrive
        int blocks = 100_000_000 / BLOCK.getBytes(StandardCharsets.UTF_8).length;
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz, 1 << 16)) {
            out.write(HEAD.getBytes(StandardCharsets.UTF_8));
            byte[] block = BLOCK.getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < blocks; i++) out.write(block);
            out.write(TAIL.getBytes(StandardCharsets.UTF_8));
        }
        byte[] body = gz.toByteArray();
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/big", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.getResponseHeaders().add("Content-Encoding", "gzip");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            } catch (IOException gone) {
                // the client stopped reading
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/big";
            Run r = run(new byte[0], false, "select", "--max-body", "200000000", "p.price", url);
            assertThat(r.err(), r.status(), is(0));
            CRC32 crc = new CRC32();
            byte[] prices = BLOCK_PRICES.getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < blocks; i++) crc.update(prices);
            assertThat(r.outBytes(), is((long) prices.length * blocks));
            assertThat(r.outCrc(), is(crc.getValue()));
            // the limit applies to the decoded bytes too
            Run over = run(new byte[0], false, "decode", "--max-body", "50000000", url);
            assertThat(over.status(), is(1));
            assertThat(over.err(), containsString(url + ": body over --max-body 50000000 bytes once its content coding is undone"));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void sniffReadsOnlyTheLookAheadOfABigFile() throws Exception {
        Run r = run(new byte[0], false, "sniff", "--max-body", "1000000000", big.toString());
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.outStart(), containsString("  encoding    UTF-8\n  rule        UTF8_VALIDITY\n"));
        assertThat(r.outStart(), containsString("  U+FFFD      not counted (only the look-ahead was read)\n"));
        assertThat(r.outStart(), containsString("  read        the first 524288 bytes of a longer page (the look-ahead)\n"));
        Run json = run(new byte[0], false, "sniff", "--json", "--max-body", "1000000000", big.toString());
        assertThat(json.outStart(), containsString("\"ignoredCount\":0,\"replacementCount\":null,\"misdeclared\":false"));
        assertThat(json.outStart().split("\"replacementCount\"", -1).length, is(2));
        assertThat(json.outStart(), containsString("\"wholePage\":false,\"bytesRead\":524288,\"lookaheadCut\":false}"));
    }

    @Test
    void sniffOfAStreamThatDoesNotEndReturnsOnceItHasTheLookAhead() throws Exception {
        // stdin stays open after 2 MB: a command that read on would wait for ever
        byte[] page = (HEAD + BLOCK.repeat(20)).getBytes(StandardCharsets.UTF_8);
        Run r = run(page, true, "sniff", "-");
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.outStart(), containsString("  encoding    UTF-8\n"));
        assertThat(r.outStart(), containsString("  read        the first 524288 bytes of a longer page (the look-ahead)\n"));
    }

    @Test
    void aLateContradictionOnStdinIsDecidedAgainAsInAFile() throws Exception {
        // valid UTF-8 for the look-ahead, then a windows-1252 byte: stdin is held as a file is (spooled),
        // so it is read to its end before any text is written and decided again; it was decoded as
        // UTF-8 with the byte reported and exit status 1
        byte[] page = lateContradiction();
        int good = page.length - 12;
        Path file = dir.resolve("late-stdin.html");
        java.nio.file.Files.write(file, page);
        Run fromFile = run(new byte[0], false, "decode", file.toString());
        Run r = run(page, false, "decode", "-");
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.err(), containsString("-: byte " + (good + 3) + " contradicted the decision made from the first "
                + "524288 bytes; decided again"));
        assertThat(r.outBytes(), is(fromFile.outBytes()));
        assertThat(r.outCrc(), is(fromFile.outCrc()));
        Run s = run(page, false, "select", "p.price", "-");
        assertThat(s.err(), s.status(), is(0));
        assertThat(s.err(), containsString("decided again"));
        assertThat(s.err(), not(containsString("Exception")));
    }

    @Test
    void aFileContradictedLateIsDecidedAgainBeforeItsTextIsWritten() throws Exception {
        // the same page as a file: read to its end before any text is written, and decided again
        byte[] page = lateContradiction();
        int good = page.length - 12;
        Path file = dir.resolve("late.html");
        java.nio.file.Files.write(file, page);
        io.github.jsoupcharset.decision.EncodingDecision again;
        try (io.github.jsoupcharset.DecodedHtmlReader reader = io.github.jsoupcharset.BrowserCharsetJsoup.decode(file, null)) {
            again = reader.decision();
        }
        assertThat(again.lookahead().orElseThrow().decodedAgain(), is(true));
        // a UTF-8 page with a legacy "café" at its end is mixed: decided for its bulk, UTF-8, by detection
        assertThat(again.source(), is(io.github.jsoupcharset.decision.DecisionSource.DETECTION));
        assertThat(again.mixture().isPresent(), is(true));
        // what the whole body held as bytes gets
        assertThat(again.encoding(), is(io.github.jsoupcharset.BrowserCharsetJsoup.sniff(page, null).encoding()));
        Run r = run(new byte[0], false, "decode", file.toString());
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.err(), containsString("late.html: byte " + (good + 3) + " contradicted the decision made from the first "
                + "524288 bytes; decided again: " + again.encoding().name() + " by " + again.source()));
        StringBuilder want = new StringBuilder();
        try (java.io.Reader text = io.github.jsoupcharset.BrowserCharsetJsoup.decode(file, null)) {
            char[] buf = new char[8192];
            for (int n; (n = text.read(buf, 0, buf.length)) >= 0; ) want.append(buf, 0, n);
        }
        byte[] wantBytes = want.toString().getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(wantBytes);
        assertThat(r.outBytes(), is((long) wantBytes.length));
        assertThat(r.outCrc(), is(crc.getValue()));
        Run s = run(new byte[0], false, "select", "p.price", file.toString());
        assertThat(s.err(), s.status(), is(0));
        assertThat(s.err(), containsString("decided again"));
    }

    /** Valid UTF-8 longer than the look-ahead, then "café" in windows-1252. */
    private static byte[] lateContradiction() {
        byte[] g = (HEAD + BLOCK.repeat(10)).getBytes(StandardCharsets.UTF_8);
        byte[] page = Arrays.copyOf(g, g.length + 12);
        System.arraycopy("caf\u00e9</body>\n".getBytes(StandardCharsets.ISO_8859_1), 0, page, g.length, 12);
        return page;
    }

    @Test
    void selectPrintsWhatTheWholeTreesSelectPrintsStreamedOrNot() throws IOException {
        String html = "<html><head><base href=\"http://x.example/d/\"><title>t</title></head><body>\n"
                + "<ul><li>a<ul><li>b</li><li>b2</li></ul></li>\n<li>c</li></ul>\n<h2>t</h2>\n<p>x <a href=\"p.html\">l</a></p>\n<p>y</p>"
                + "<div class=item><p>n</p><p class=price>1</p></div><div class=item><p class=price>2</p></div>"
                + "<table><tr><td>1<table><tr><td>2</td></tr></table></td></tr></table></body></html>";
        Path file = dir.resolve("shapes.html");
        java.nio.file.Files.writeString(file, html);
        org.jsoup.nodes.Document whole = org.jsoup.Jsoup.parse(html, "");
        for (String css : List.of("li", "ul li", "ul > li", "li, p", "div.item > p.price", "td", "table td", "a[href]",
                "[href^=p.]", "h2 + p", "p:nth-child(2)", "li:has(ul)", "p ~ p")) {
            StringBuilder want = new StringBuilder();
            for (org.jsoup.nodes.Element e : whole.select(css)) want.append(e.text()).append('\n');
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            int status = Main.run(new String[] {"select", css, file.toString()}, new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                    new java.io.PrintStream(err, true, StandardCharsets.UTF_8), false);
            assertThat(css + ": " + err, status, is(0));
            assertThat(css, out.toString(StandardCharsets.UTF_8), is(want.toString()));
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        Main.run(new String[] {"select", "--attr", "abs:href", "a", file.toString()}, new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                System.err, false);
        assertThat(out.toString(StandardCharsets.UTF_8), is("http://x.example/d/p.html\n"));
    }

    @Test
    void onlySelectorsThatLookAtAnElementAndItsAncestorsAreStreamed() {
        for (String css : List.of("div.item > p.price", "a[href]", "[href^=http:]", "a[title='a:b+c~d']", "h1, h2", "#x .y")) {
            assertThat(css, Main.streamable(css), is(true));
        }
        for (String css : List.of("h2 + p", "p ~ p", "p:nth-child(2)", "li:has(ul)", "p:contains(x)", "a[href]:first-child")) {
            assertThat(css, Main.streamable(css), is(false));
        }
    }
}
