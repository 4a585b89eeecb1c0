package io.github.jsoupcharset;

import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.decision.EncodingDecision;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Every page of the shared corpora through every library entry point: {@code sniff}, {@code
 * decode} and {@code parseWithDecision} of the bytes, {@code decode} of a stream and a file (whose
 * {@code parseWithDecision} and {@code streamParser} open the same input through the same pipeline), a {@code java.net.http}
 * response with a byte[] body and with a stream, and a jsoup {@code Connection.Response} fetched
 * from a local server. Each gives the decision of the page's bytes, field by field, but where the
 * documented look-ahead bound applied and the decision says so ({@link EntryPointEquivalence}).
 */
class EntryPointEquivalenceTest {
    @TempDir
    Path dir;

    @Test
    void everyEntryPointDecidesEveryPageAsItsBytesDecide() throws Exception {
        List<EntryPointEquivalence.Page> pages = EntryPointEquivalence.pages();
        ConcurrentHashMap<String, EntryPointEquivalence.Page> served = new ConcurrentHashMap<>();
        HttpServer server = EntryPointEquivalence.serve(served);
        List<String> differences = new ArrayList<>();
        int compared = 0;
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            for (int i = 0; i < pages.size(); i++) {
                EntryPointEquivalence.Page page = pages.get(i);
                byte[] body = page.bytes();
                String type = page.contentType();
                // the reference: the decision of the bytes, with the U+FFFD count of all of them
                EncodingDecision bytes = BrowserCharsetJsoup.decode(body, type).decision();
                List<String> found = new ArrayList<>();
                check(found, "sniff(byte[])", bytes, BrowserCharsetJsoup.sniff(body, type), body);
                check(found, "parseWithDecision(byte[])", bytes, BrowserCharsetJsoup.parseWithDecision(body, type, "").decision(), body);
                try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(new ByteArrayInputStream(body), type)) {
                    r.transferTo(java.io.Writer.nullWriter());
                    check(found, "decode(InputStream)", bytes, r.decision(), body);
                }
                Path file = Files.write(dir.resolve("page.html"), body);
                try (DecodedHtmlReader r = BrowserCharsetJsoup.decode(file, type)) {
                    r.transferTo(java.io.Writer.nullWriter());
                    check(found, "decode(Path)", bytes, r.decision(), body);
                }
                check(found, "HttpResponse<byte[]>", bytes, BrowserCharsetJsoup.parseWithDecision(
                        FakeHttpResponse.of(body, "Content-Type", type)).decision(), body);
                check(found, "HttpResponse<InputStream>", bytes, BrowserCharsetJsoup.parseWithDecision(
                        FakeHttpResponse.of(new ByteArrayInputStream(body), "Content-Type", type)).decision(), body);
                String key = Integer.toString(i);
                served.put(key, page);
                check(found, "Connection.Response", bytes, BrowserCharsetJsoup.parseWithDecision(Jsoup.connect(base + key)
                        .maxBodySize(0).ignoreContentType(true).execute()).decision(), body);
                served.remove(key);
                for (String f : found) differences.add(page.id() + ": " + f);
                compared++;
            }
        } finally {
            server.stop(0);
        }
        assertThat(compared, greaterThan(1000));
        assertThat(String.join("\n", differences.subList(0, Math.min(40, differences.size()))), differences, empty());
    }

    private static void check(List<String> found, String entryPoint, EncodingDecision bytes, EncodingDecision other,
            byte[] body) {
        found.addAll(EntryPointEquivalence.differences(entryPoint, bytes, other, body.length));
    }
}
