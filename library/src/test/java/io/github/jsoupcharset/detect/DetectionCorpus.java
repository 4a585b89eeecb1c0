package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.SharedData;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The detection development set: the documents of {@code ../shared/corpus/chardet} whose true
 * encoding is a WHATWG encoding that detection can be asked for, with every declaration stripped
 * and wrapped as an undeclared HTML page. Documents with a BOM (decided by the BOM, not detection),
 * encodings browsers do not support, and replacement are left out.
 */
public final class DetectionCorpus {
    /** One undeclared page: its corpus path, its true encoding and its bytes. */
    public record Case(String path, Encoding truth, byte[] bytes) {
        /** A URL-safe id for the oracle. */
        public String id() {
            return path.replaceFirst("^tests/", "").replaceAll("[^A-Za-z0-9_.-]", "_");
        }
    }

    private static final Pattern XML_DECL_ENCODING =
            Pattern.compile("(<\\?xml[^>]*?)\\s+encoding\\s*=\\s*(\"[^\"]*\"|'[^']*')", Pattern.CASE_INSENSITIVE);
    private static final Pattern META =
            Pattern.compile("<meta\\b[^>]*charset[^>]*>", Pattern.CASE_INSENSITIVE);

    private static List<Case> development;

    private DetectionCorpus() {}

    /**
     * The cases of {@code corpus/chardet} in the shared data, read once per test run; where the data
     * is missing, the calling test is skipped with the reason. (Called from each test rather than
     * from {@code @BeforeAll}: a class whose {@code @BeforeAll} skips reports no tests at all.)
     */
    public static synchronized List<Case> development() throws IOException {
        if (development == null) development = List.copyOf(load(SharedData.file("corpus/chardet")));
        return development;
    }

    /** Loads the cases from the corpus folder (the one holding MANIFEST.tsv). */
    public static List<Case> load(Path corpus) throws IOException {
        List<Case> cases = new ArrayList<>();
        List<String> lines = Files.readAllLines(corpus.resolve("MANIFEST.tsv"), StandardCharsets.UTF_8);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            String path = f[0];
            String name = f[2];
            String bom = f.length > 7 ? f[7] : "";
            if (!bom.isEmpty()) continue;
            Optional<Encoding> truth = Encoding.forLabel(name);
            if (truth.isEmpty() || truth.get() == Encoding.REPLACEMENT || !truth.get().isAsciiCompatible()
                    && truth.get() != Encoding.ISO_2022_JP) continue;
            byte[] raw = Files.readAllBytes(corpus.resolve(path));
            cases.add(new Case(path, truth.get(), undeclared(raw, f[5])));
        }
        return cases;
    }

    /** The document with its declarations removed, as an HTML page that declares nothing. */
    static byte[] undeclared(byte[] raw, String kind) {
        // ISO-8859-1 maps each byte to one char and back, so byte patterns survive the round trip
        String s = new String(raw, StandardCharsets.ISO_8859_1);
        s = XML_DECL_ENCODING.matcher(s).replaceAll("$1");
        s = META.matcher(s).replaceAll("");
        String page;
        if (kind.equals("html") || kind.equals("xhtml")) {
            page = s;
        } else if (kind.equals("xml")) {
            page = "<!DOCTYPE html><html><head><title>feed</title></head><body>\n" + s + "\n</body></html>";
        } else {
            page = "<!DOCTYPE html><html><head><title>text</title></head><body><pre>\n" + s + "\n</pre></body></html>";
        }
        return page.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The text detection weighs for a page, as {@link Detector#guess} extracts it. */
    static byte[] evidenceText(byte[] page) {
        byte[] out = new byte[page.length];
        int n = MarkupStripper.withoutMarkup(page, 0, page.length, out);
        return java.util.Arrays.copyOf(out, Math.min(n, Detector.EVIDENCE_BYTES));
    }
}
