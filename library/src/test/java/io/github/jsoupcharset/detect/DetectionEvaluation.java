package io.github.jsoupcharset.detect;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;
import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.encoding.Encoding;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Measures detection on the development set ({@link DetectionCorpus}): for each undeclared page,
 * whether the text we decode equals the text in its true encoding, beside ICU4J's detector alone.
 *
 * <p>Usage: {@code DetectionEvaluation [CASEDIR OUTDIR]}. With the two folders it also writes an
 * oracle case folder (CASEDIR/cases.jsonl, one scenario per true encoding) and OUTDIR/truth.jsonl
 * and OUTDIR/icu4j.jsonl, so that {@code run_all.sh CASEDIR OUTDIR --ref truth} adds Chromium and
 * the project (over HTTP) to the same table.
 */
public final class DetectionEvaluation {
    private DetectionEvaluation() {}

    /** Per-encoding counts: cases, ours correct, ICU4J correct. */
    public record Row(int n, int ours, int icu) {
        Row plus(boolean o, boolean i) {
            return new Row(n + 1, ours + (o ? 1 : 0), icu + (i ? 1 : 0));
        }
    }

    /** The true text: the bytes decoded with their true encoding, as a browser told it would. */
    static String truthText(DetectionCorpus.Case c) {
        return BrowserCharsetJsoup.decode(c.bytes(), "text/html; charset=" + c.truth().name()).text();
    }

    /** ICU4J alone: its best answer, mapped to the WHATWG encoding of that label, decoding the bytes. */
    static Optional<Encoding> icuAlone(byte[] bytes) {
        CharsetDetector d = new CharsetDetector();
        d.setText(bytes);
        CharsetMatch m = d.detect();
        return m == null ? Optional.empty() : Encoding.forLabel(m.getName());
    }

    static String decodeAs(byte[] bytes, Optional<Encoding> e) {
        return e.map(enc -> BrowserCharsetJsoup.decode(bytes, "text/html; charset=" + enc.name()).text()).orElse(null);
    }

    /** Evaluates every case; encoding name → counts, plus "ALL". */
    public static Map<String, Row> evaluate(List<DetectionCorpus.Case> cases) {
        Map<String, Row> rows = new TreeMap<>();
        for (DetectionCorpus.Case c : cases) {
            String truth = truthText(c);
            boolean ours = truth.equals(BrowserCharsetJsoup.decode(c.bytes(), "text/html").text());
            boolean icu = truth.equals(decodeAs(c.bytes(), icuAlone(c.bytes())));
            rows.merge(c.truth().name(), new Row(0, 0, 0).plus(ours, icu),
                    (a, b) -> new Row(a.n + b.n, a.ours + b.ours, a.icu + b.icu));
            rows.merge("ALL", new Row(0, 0, 0).plus(ours, icu),
                    (a, b) -> new Row(a.n + b.n, a.ours + b.ours, a.icu + b.icu));
        }
        return rows;
    }

    public static void main(String[] args) throws IOException {
        Path corpus = Paths.get(System.getProperty("jsoupcharset.shared", "../shared"), "corpus/chardet");
        List<DetectionCorpus.Case> cases = DetectionCorpus.load(corpus);
        Map<String, Row> rows = evaluate(cases);
        System.out.println("| true encoding | pages | jsoup-charset | ICU4J alone |");
        System.out.println("|---|---|---|---|");
        rows.forEach((k, r) -> System.out.printf("| %s | %d | %d (%.0f%%) | %d (%.0f%%) |%n", k, r.n,
                r.ours, 100.0 * r.ours / r.n, r.icu, 100.0 * r.icu / r.n));
        if (Boolean.getBoolean("verbose")) {
            for (DetectionCorpus.Case c : cases) {
                io.github.jsoupcharset.DecodedHtml d = BrowserCharsetJsoup.decode(c.bytes(), "text/html");
                if (!d.text().equals(truthText(c))) {
                    System.out.println("MISS " + c.path() + " truth=" + c.truth() + " got " + d.decision());
                }
            }
        }
        if (args.length >= 2) writeOracleCases(cases, Paths.get(args[0]), Paths.get(args[1]));
    }

    static void writeOracleCases(List<DetectionCorpus.Case> cases, Path caseDir, Path outDir) throws IOException {
        Files.createDirectories(caseDir.resolve("bodies"));
        Files.createDirectories(outDir);
        try (Writer cj = Files.newBufferedWriter(caseDir.resolve("cases.jsonl"), StandardCharsets.UTF_8);
             Writer tj = Files.newBufferedWriter(outDir.resolve("truth.jsonl"), StandardCharsets.UTF_8);
             Writer ij = Files.newBufferedWriter(outDir.resolve("icu4j.jsonl"), StandardCharsets.UTF_8)) {
            for (DetectionCorpus.Case c : cases) {
                String body = "bodies/" + c.id() + ".html";
                Files.write(caseDir.resolve(body), c.bytes());
                cj.write("{\"id\": " + json(c.id()) + ", \"body\": " + json(body) + ", \"content_type\": null, "
                        + "\"scenario\": " + json("undeclared-" + c.truth().name()) + ", \"truth\": "
                        + json(c.truth().name()) + "}\n");
                String truth = truthText(c);
                tj.write(record(c.id(), "truth", c.truth().name(), truth));
                Optional<Encoding> icu = icuAlone(c.bytes());
                ij.write(record(c.id(), "icu4j", icu.map(Encoding::name).orElse("?"), decodeAs(c.bytes(), icu)));
            }
        }
    }

    private static String record(String id, String tool, String encoding, String text) {
        long fffd = text == null ? 0 : text.chars().filter(ch -> ch == 0xFFFD).count();
        return "{\"id\": " + json(id) + ", \"tool\": " + json(tool) + ", \"encoding\": " + json(encoding)
                + ", \"encoding_raw\": " + json(encoding) + ", \"text\": " + (text == null ? "null" : json(text))
                + ", \"fffd\": " + fffd + ", \"error\": " + (text == null ? "\"no WHATWG encoding\"" : "null") + "}\n";
    }

    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\\') b.append('\\').append(ch);
            else if (ch < 0x20 || ch > 0x7E) b.append(String.format("\\u%04x", (int) ch));
            else b.append(ch);
        }
        return b.append('"').toString();
    }
}
