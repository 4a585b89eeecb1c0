package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.encoding.Encoding;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Guarantee 5: every public entry point is safe to call from many threads. Eight threads go
 * through the chardet corpus and the oracle's smoke bodies, each in its own order, through
 * {@code decode}, {@code parseWithDecision} and the encodings' {@code Charset}s, and every result
 * must equal the single-threaded one.
 */
class ConcurrencyTest {
    private static final int THREADS = 8;

    private record Page(String name, byte[] body, String contentType) {}

    /** Everything a call returns, as a comparable value. */
    private record Result(String text, EncodingDecision decision, String html, EncodingDecision parsedDecision, String viaCharset) {}

    @Test
    void eightThreadsGetTheSingleThreadedResults() throws Exception {
        List<Page> pages = pages();
        assertThat(pages.size(), greaterThan(400));
        List<Result> expected = new ArrayList<>();
        for (Page p : pages) expected.add(run(p));

        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long seed = t;
                futures.add(pool.submit(() -> {
                    List<Integer> order = new ArrayList<>();
                    for (int i = 0; i < pages.size(); i++) order.add(i);
                    Collections.shuffle(order, new Random(seed));
                    start.await();
                    List<String> differences = new ArrayList<>();
                    // each page is decoded by two of the threads at once, each thread in its own order
                    for (int k = 0; k < order.size(); k++) {
                        if (k % 4 != seed % 4) continue;
                        int i = order.get(k);
                        if (!run(pages.get(i)).equals(expected.get(i))) differences.add(pages.get(i).name());
                    }
                    return differences;
                }));
            }
            List<String> differences = new ArrayList<>();
            for (Future<List<String>> f : futures) differences.addAll(f.get());
            assertThat("pages decoded differently under concurrency", differences, equalTo(List.of()));
        } finally {
            pool.shutdownNow();
        }
    }

    private static Result run(Page p) {
        DecodedHtml decoded = BrowserCharsetJsoup.decode(p.body, p.contentType);
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(p.body, p.contentType, "http://example.com/" + p.name);
        Encoding e = decoded.decision().encoding();
        String viaCharset = e == Encoding.REPLACEMENT ? "" : e.charset().decode(ByteBuffer.wrap(p.body)).toString();
        return new Result(decoded.text(), decoded.decision(), parsed.document().outerHtml(), parsed.decision(), viaCharset);
    }

    private static List<Page> pages() throws IOException {
        List<Page> pages = new ArrayList<>();
        Path corpus = SharedData.file("corpus/chardet");
        List<String> manifest = Files.readAllLines(corpus.resolve("MANIFEST.tsv"), StandardCharsets.UTF_8);
        for (String line : manifest.subList(1, manifest.size())) {
            String path = line.split("\t", -1)[0];
            pages.add(new Page(path, Files.readAllBytes(corpus.resolve(path)), null));
        }
        Path smoke = SharedData.file("oracle/smoke");
        try (Stream<String> lines = Files.lines(smoke.resolve("cases.jsonl"))) {
            for (String line : (Iterable<String>) lines::iterator) {
                String body = field(line, "body");
                pages.add(new Page(body, Files.readAllBytes(smoke.resolve(body)), field(line, "content_type")));
            }
        }
        return pages;
    }

    /** A string field of one line of cases.jsonl (null for JSON null); enough JSON for that file. */
    private static String field(String json, String name) {
        int at = json.indexOf("\"" + name + "\": ");
        int start = at + name.length() + 4;
        if (json.startsWith("null", start)) return null;
        StringBuilder value = new StringBuilder();
        for (int i = start + 1; json.charAt(i) != '"'; i++) {
            char c = json.charAt(i);
            if (c == '\\') {
                c = json.charAt(++i);
                if (c == 'u') {
                    c = (char) Integer.parseInt(json.substring(i + 1, i + 5), 16);
                    i += 4;
                }
            }
            value.append(c);
        }
        return value.toString();
    }
}
