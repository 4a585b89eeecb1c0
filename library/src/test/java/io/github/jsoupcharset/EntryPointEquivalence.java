package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.detect.DetectionCorpus;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What "the same decision from every entry point" means, for the equivalence tests of the library
 * ({@code EntryPointEquivalenceTest}), the command and the Tika detector: the pages of the shared
 * corpora, the fields of a decision, and the differences between an entry point's decision and the
 * decision of the page's bytes ({@code parseWithDecision(byte[], …)}) that a documented look-ahead
 * bound allows, and only when the decision says it applied.
 */
public final class EntryPointEquivalence {
    private EntryPointEquivalence() {}

    /**
     * One page of the shared corpora.
     *
     * @param id where it comes from ({@code chardet/…} or {@code realweb/…})
     * @param contentType the Content-Type it is served with
     * @param bytes the body
     */
    public record Page(String id, String contentType, byte[] bytes) {}

    /**
     * Every page of {@code corpus/chardet} (as {@link DetectionCorpus} loads it: undeclared pages)
     * and of {@code corpus/realweb} (as {@link RealWebCorpus} loads it, with its Content-Type);
     * the calling test is skipped where the shared data is missing (it fails when it is required).
     *
     * @return the pages, chardet's first
     * @throws IOException if a corpus cannot be read
     */
    public static List<Page> pages() throws IOException {
        List<Page> pages = new ArrayList<>();
        for (DetectionCorpus.Case c : DetectionCorpus.development()) pages.add(new Page("chardet/" + c.path(), "text/html", c.bytes()));
        for (RealWebCorpus.Case c : RealWebCorpus.cases()) pages.add(new Page("realweb/" + c.id(), c.servedContentType(), c.bytes()));
        return pages;
    }

    /**
     * A local HTTP server, started, that serves each page of {@code served} at {@code /KEY} with
     * its Content-Type; stop it when done.
     *
     * @param served the pages by key, filled and emptied as the caller goes
     * @return the server
     * @throws IOException if it cannot listen
     */
    public static HttpServer serve(Map<String, Page> served) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            Page page = served.get(exchange.getRequestURI().getPath().substring(1));
            exchange.getResponseHeaders().add("Content-Type", page.contentType());
            // a connection a request: a kept-alive one waits on delayed acknowledgements, 40 ms a page
            exchange.getResponseHeaders().add("Connection", "close");
            exchange.sendResponseHeaders(200, page.bytes().length == 0 ? -1 : page.bytes().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page.bytes());
            }
        });
        server.start();
        return server;
    }

    /** The fields that the look-ahead's evidence weighs: an early decision may weigh fewer bytes. */
    private static final Set<String> EVIDENCE = Set.of("confidence", "misdeclaration", "detectorConfidence",
            "detectorRunnerUp", "binaryEvidence", "doubleEncoding");

    /**
     * A decision's fields, by name, as the equivalence compares them (the look-ahead, which only a
     * stream's decision has, left out).
     *
     * @param d the decision
     * @return the fields in a fixed order
     */
    public static Map<String, Object> fields(EncodingDecision d) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("encoding", d.encoding());
        f.put("rule", d.source());
        f.put("confidence", d.confidence());
        f.put("headerLabel", d.headerLabel());
        f.put("headerEncoding", d.headerEncoding());
        f.put("metaLabel", d.metaLabel());
        f.put("metaEncoding", d.metaEncoding());
        f.put("metaSource", d.metaSource());
        f.put("conflict", d.conflict());
        f.put("ignoredLabels", d.ignoredLabels());
        f.put("ignoredLabelCount", d.ignoredLabelCount());
        f.put("misdeclaration", d.misdeclaration());
        f.put("detectorConfidence", d.detectorConfidence());
        f.put("detectorRunnerUp", d.detectorRunnerUp());
        f.put("binaryEvidence", d.binaryEvidence());
        f.put("doubleEncoding", d.doubleEncoding());
        f.put("truncated", d.truncated());
        f.put("replacementCount", d.replacementCount());
        return f;
    }

    /**
     * How {@code other}, an entry point's decision of a page, differs from {@code bytes}, the
     * decision of its bytes, beyond what the documented look-ahead bound allows: none when the
     * decision was made from the whole page. A decision made from a look-ahead shorter than the
     * page (it says so: {@link EncodingDecision.Lookahead#bytes()}) may weigh other evidence
     * (confidence, misdeclaration, detector figures, binary and double-encoding evidence); one the
     * bound cut short ({@link EncodingDecision.Lookahead#cut()}) or one later bytes contradicted may
     * differ in anything. The U+FFFD count is compared where both count it.
     *
     * @param entryPoint the entry point's name, for the message
     * @param bytes the decision of the page's bytes
     * @param other the entry point's decision
     * @param pageLength the page's length in bytes
     * @return one line per field that differs, empty when they agree
     */
    public static List<String> differences(String entryPoint, EncodingDecision bytes, EncodingDecision other,
            long pageLength) {
        EncodingDecision.Lookahead lookahead = other.lookahead().orElse(null);
        boolean prefix = lookahead != null && lookahead.bytes() < pageLength;
        if (prefix && (lookahead.cut() || lookahead.contradicted())) return List.of(); // the bound, and it says so
        Map<String, Object> want = fields(bytes);
        Map<String, Object> got = fields(other);
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : want.entrySet()) {
            String field = e.getKey();
            if (prefix && EVIDENCE.contains(field)) continue;
            if (field.equals("replacementCount") && (bytes.replacementCount().isEmpty() || other.replacementCount().isEmpty())) {
                continue;
            }
            if (!Objects.equals(e.getValue(), got.get(field))) {
                out.add(entryPoint + ": " + field + " " + got.get(field) + ", the bytes' " + e.getValue());
            }
        }
        return out;
    }
}
