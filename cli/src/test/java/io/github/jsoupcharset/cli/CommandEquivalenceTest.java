package io.github.jsoupcharset.cli;

import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.EntryPointEquivalence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Every page of the shared corpora through the command's inputs, run in-process: a FILE, stdin, a
 * URL (a local server) and a WARC record: every page longer than the look-ahead, which the command
 * reads as a file from each input, and every other page held whole (the command then decides it
 * with the {@code byte[]} entry points); every page in the WARC. {@code sniff --json} of a page prints the same decision
 * from each of the first three (a URL: every page longer than the look-ahead, every eighth of the
 * others), and, for a page that ends within the look-ahead, the decision of
 * its bytes field by field ({@code sniff(byte[])}, with its U+FFFD count); a longer page is read as
 * a file from each, and its decision differs from its bytes' only where the look-ahead bound
 * applied (the line says {@code "wholePage":false}). {@code decode} prints the same text from each
 * (every page longer than the look-ahead, every eighth of the others), the text of the bytes where
 * the decision is theirs. {@code audit} of a WARC of every page records
 * each page's bytes' decision.
 */
class CommandEquivalenceTest {
    private static final Pattern ENCODING = Pattern.compile("\"encoding\":\"([^\"]*)\",\"rule\":\"([^\"]*)\"");

    @TempDir
    Path dir;

    private record Run(int status, byte[] out, String err) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    private static Run run(byte[] stdin, String... args) {
        InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream(stdin));
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Main.run(args, new PrintStream(out, false, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), false);
            return new Run(status, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setIn(saved);
        }
    }

    /** The decision's fields as sniff --json and the audit print them, without the braces. */
    private static String decisionFields(io.github.jsoupcharset.decision.EncodingDecision d) {
        String j = PageAudit.decisionJson(new Json(), d).end();
        return j.substring(1, j.length() - 1);
    }

    @Test
    void everyInputOfTheCommandDecidesEveryPageAsItsBytesDecide() throws Exception {
        List<EntryPointEquivalence.Page> pages = EntryPointEquivalence.pages();
        ConcurrentHashMap<String, EntryPointEquivalence.Page> served = new ConcurrentHashMap<>();
        HttpServer server = EntryPointEquivalence.serve(served);
        List<String> differences = new ArrayList<>();
        ByteArrayOutputStream warc = new ByteArrayOutputStream();
        List<String> want = new ArrayList<>();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            for (int i = 0; i < pages.size(); i++) {
                EntryPointEquivalence.Page page = pages.get(i);
                byte[] body = page.bytes();
                String type = page.contentType();
                String key = Integer.toString(i);
                DecodedHtml bytes = BrowserCharsetJsoup.decode(body, type);
                boolean whole = body.length <= BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT;
                String url = "http://page" + i + ".corpus.invalid/";
                writeRecord(warc, url, type, body);
                String essence = type.split(";")[0].strip().toLowerCase(java.util.Locale.ROOT);
                if (essence.equals("text/html") || essence.equals("application/xhtml+xml")) {
                    want.add("\"url\":\"" + url + "\"" + " " + decisionFields(bytes.decision()));
                }
                // every page longer than the look-ahead (read as a file from each input), every other page
                // held whole (the command then calls the byte[] entry points), to keep it quick
                if (whole && i % 2 == 1) continue;
                served.put(key, page);
                String file = Files.write(dir.resolve("page.html"), body).toString();

                // a URL (a new HTTP client each run): every page read as a file, every eighth of the others
                boolean all = !whole || i % 8 == 0;
                Run fromFile = run(new byte[0], "sniff", "--json", "--content-type", type, file);
                Run fromStdin = run(body, "sniff", "--json", "--content-type", type, "-");
                Run fromUrl = all ? run(new byte[0], "sniff", "--json", base + key)
                        : new Run(fromFile.status(), fromFile.text().replace("\"input\":\"" + file + "\"",
                                "\"input\":\"" + base + key + "\"").getBytes(StandardCharsets.UTF_8), "");
                String line = fromFile.text().replace("\"input\":\"" + file + "\"", "\"input\":\"IN\"");
                if (!fromStdin.text().replace("\"input\":\"-\"", "\"input\":\"IN\"").equals(line)) {
                    differences.add(page.id() + ": sniff - " + fromStdin.text() + " against the file's " + line);
                }
                if (!fromUrl.text().replace("\"input\":\"" + base + key + "\"", "\"input\":\"IN\"").equals(line)) {
                    differences.add(page.id() + ": sniff URL " + fromUrl.text() + " against the file's " + line);
                }
                if (whole && !line.contains(decisionFields(bytes.decision()))) {
                    differences.add(page.id() + ": sniff " + line + " against the bytes' " + decisionFields(bytes.decision()));
                }
                Matcher m = ENCODING.matcher(line);
                boolean sameEncoding = m.find() && m.group(1).equals(bytes.decision().encoding().name())
                        && m.group(2).equals(bytes.decision().source().name());
                if (!whole && !sameEncoding && !line.contains("\"lookaheadCut\":true")) {
                    differences.add(page.id() + ": sniff of a long page " + line + " against the bytes' "
                            + decisionFields(bytes.decision()));
                }

                Run decodedFile = run(new byte[0], "decode", "--content-type", type, file);
                // the text from stdin and a URL: every page read as a file (longer than the look-ahead),
                // and every eighth of the others (held whole, as sniff's lines above show), to keep it quick
                Run decodedStdin = all ? run(body, "decode", "--content-type", type, "-") : decodedFile;
                Run decodedUrl = all ? run(new byte[0], "decode", base + key) : decodedFile;
                if (!java.util.Arrays.equals(decodedStdin.out(), decodedFile.out())
                        || !java.util.Arrays.equals(decodedUrl.out(), decodedFile.out())) {
                    differences.add(page.id() + ": decode of stdin or the URL differs from the file's");
                }
                if (sameEncoding && !decodedFile.text().equals(bytes.text())) {
                    differences.add(page.id() + ": decode differs from the text of the bytes");
                }
                if (fromFile.status() + fromStdin.status() + fromUrl.status() + decodedFile.status() + decodedStdin.status()
                        + decodedUrl.status() != 0) {
                    differences.add(page.id() + ": exit status not 0: " + fromStdin.err() + decodedStdin.err() + decodedUrl.err());
                }
                served.remove(key);

            }
        } finally {
            server.stop(0);
        }

        Path warcFile = Files.write(dir.resolve("corpus.warc"), warc.toByteArray());
        Path jsonl = dir.resolve("corpus.jsonl");
        Run audit = run(new byte[0], "audit", "--jsonl", jsonl.toString(), warcFile.toString());
        List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
        for (String w : want) {
            String url = w.substring(0, w.indexOf(' '));
            String fields = w.substring(w.indexOf(' ') + 1);
            String got = lines.stream().filter(l -> l.contains(url)).findFirst().orElse(null);
            if (got == null || !got.contains(fields)) differences.add("WARC record " + url + ": " + got + " against the bytes' " + fields);
        }
        assertThat(audit.err(), lines.size(), greaterThan(1000));
        assertThat(pages.size(), greaterThan(1000));
        assertThat(String.join("\n", differences.subList(0, Math.min(20, differences.size()))), differences, empty());
    }

    private static void writeRecord(ByteArrayOutputStream out, String uri, String contentType, byte[] body) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        block.writeBytes(body);
        String header = "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: " + uri + "\r\nWARC-Date: 2024-05-01T12:00:00Z\r\n"
                + "WARC-Record-ID: <urn:uuid:" + java.util.UUID.nameUUIDFromBytes(uri.getBytes(StandardCharsets.UTF_8)) + ">\r\n"
                + "Content-Type: application/http; msgtype=response\r\nContent-Length: " + block.size() + "\r\n\r\n";
        out.writeBytes(header.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(block.toByteArray());
        out.writeBytes("\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
    }
}
