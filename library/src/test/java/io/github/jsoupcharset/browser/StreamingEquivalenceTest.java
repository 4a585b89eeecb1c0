package io.github.jsoupcharset.browser;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.ChunkedInputStream;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.DecodedHtmlReader;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.ParsedHtml;
import io.github.jsoupcharset.SharedData;
import io.github.jsoupcharset.browser.GenerateBrowserCases.Case;
import io.github.jsoupcharset.browser.GenerateBrowserCases.Doc;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;

/**
 * The stream entry points decide and decode as the byte[] ones: every page of the corpus, as it is
 * and in every way the browser suite serves it, fed one byte a read, in random chunk sizes and in
 * one read, gives the same encoding, rule, text and U+FFFD count through {@code decode(InputStream)},
 * and the same document through {@code parseWithDecision(InputStream)} (random chunks).
 */
class StreamingEquivalenceTest {
    @Test
    void streamedPagesDecodeAsWholeBodies() throws IOException {
        Path corpus = SharedData.file("corpus/chardet");
        List<Doc> docs = GenerateBrowserCases.readManifest(corpus);
        List<String> differ = new ArrayList<>();
        int cases = 0;
        for (int i = 0; i < docs.size(); i++) {
            byte[] raw = Files.readAllBytes(corpus.resolve(docs.get(i).path()));
            List<Case> served = new ArrayList<>(GenerateBrowserCases.casesFor(docs.get(i), raw, i));
            served.add(new Case(docs.get(i).key() + ".as-is", "as-is", null, docs.get(i).encoding(), docs.get(i), raw));
            for (Case c : served) {
                cases++;
                DecodedHtml whole = BrowserCharsetJsoup.decode(c.body(), c.contentType());
                long seed = c.id().hashCode();
                compare(c, "one byte a read", whole, ChunkedInputStream::oneByte, differ);
                compare(c, "random chunks", whole, b -> ChunkedInputStream.randomChunks(b, seed), differ);
                compare(c, "one read", whole, ChunkedInputStream::oneRead, differ);
                ParsedHtml parsedWhole = BrowserCharsetJsoup.parseWithDecision(c.body(), c.contentType(), "http://example.com/");
                ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.randomChunks(c.body(), ~seed),
                        c.contentType(), "http://example.com/");
                if (!parsed.document().outerHtml().equals(parsedWhole.document().outerHtml())
                        || !parsed.document().charset().equals(parsedWhole.document().charset())
                        || !same(parsed.decision(), parsedWhole.decision())) {
                    differ.add(c.id() + " parsed: " + parsedWhole.decision() + " vs " + parsed.decision());
                }
            }
        }
        assertThat(cases, greaterThan(3500));
        assertThat(differ, empty());
    }

    private static void compare(Case c, String how, DecodedHtml whole, Function<byte[], InputStream> feed,
            List<String> differ) throws IOException {
        StringBuilder text = new StringBuilder();
        EncodingDecision decision;
        try (DecodedHtmlReader reader = BrowserCharsetJsoup.decode(feed.apply(c.body()), c.contentType())) {
            char[] buf = new char[4096];
            for (int n; (n = reader.read(buf, 0, buf.length)) >= 0; ) text.append(buf, 0, n);
            decision = reader.decision();
        }
        if (!text.toString().equals(whole.text()) || !same(decision, whole.decision())) {
            differ.add(c.id() + " " + how + ": " + whole.decision() + " vs " + decision);
        }
    }

    private static boolean same(EncodingDecision streamed, EncodingDecision whole) {
        return streamed.encoding() == whole.encoding() && streamed.source() == whole.source()
                && streamed.replacementCount().equals(whole.replacementCount())
                && streamed.lookahead().isPresent() && !streamed.lookahead().get().contradicted();
    }
}
