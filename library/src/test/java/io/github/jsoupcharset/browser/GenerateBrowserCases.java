package io.github.jsoupcharset.browser;

import io.github.jsoupcharset.encoding.Encoding;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Writes a case folder for the browser oracle ({@code ../shared/oracle}, format in its README:
 * {@code cases.jsonl} and {@code bodies/}) from the chardet test corpus
 * ({@code ../shared/corpus/chardet}, whose {@code MANIFEST.tsv} gives each file's true encoding).
 *
 * <p>Usage: {@code GenerateBrowserCases CORPUS_DIR OUT_DIR [DOCS_PER_ENCODING]} (default 3). The
 * corpus is never copied into the repository; {@code tools/browser-suite} generates into
 * {@code target/}.
 *
 * <p>Each chosen document is reduced to its content (its BOM, {@code <?xml … ?>} declaration and
 * {@code <meta>} charset declarations removed, byte for byte) and wrapped in a small HTML page, which
 * is then served once per scenario:
 * <ul>
 *   <li>{@code header}: the label in {@code Content-Type}, no declaration in the page;</li>
 *   <li>{@code meta-charset}: {@code <meta charset=label>}, first thing in head;</li>
 *   <li>{@code meta-http-equiv}: {@code <meta http-equiv=Content-Type content="text/html; charset=label">};</li>
 *   <li>{@code xml-declaration}: {@code <?xml version="1.0" encoding="label"?>} at byte 0;</li>
 *   <li>{@code late-meta}: {@code <meta charset=label>} in head after more than 1024 bytes of head;</li>
 *   <li>{@code conflict}: the label in the header and a wrong {@code <meta charset>} (the header wins);</li>
 *   <li>{@code utf8-meta}: the text re-encoded to UTF-8 with {@code <meta charset=utf-8>} only;</li>
 *   <li>{@code utf8-bom}: the text re-encoded to UTF-8 with a BOM and no other declaration;</li>
 *   <li>{@code utf16-bom}: (UTF-16 documents only) the original bytes with their own BOM;</li>
 *   <li>{@code undeclared}: the original bytes with no declaration at all (detection).</li>
 * </ul>
 *
 * <p>Deliberate choices:
 * <ul>
 *   <li>Encodings browsers do not support are skipped: UTF-32 (HTML forbids it; its LE BOM reads as
 *   UTF-16LE), EUC-TW, Johab and IBM855 (no WHATWG encoding: the label is ignored, so there is no
 *   declared behaviour to check).</li>
 *   <li>ISO-2022-KR is a label of the replacement encoding: its declared scenarios are kept (the
 *   whole page must become one U+FFFD) but not the UTF-8 re-encodings, whose text would need an
 *   ISO-2022-KR decoder browsers do not have.</li>
 *   <li>UTF-16 documents get {@code header}, {@code xml-declaration} (the BOM-less {@code <?x}
 *   pattern), {@code utf16-bom}, the UTF-8 re-encodings and {@code undeclared}; a {@code <meta>}
 *   written in UTF-16 is invisible to the byte-level prescan, so the meta scenarios would only be
 *   undeclared pages under another name.</li>
 *   <li>The label served is the corpus folder's label when it is a WHATWG label of the true encoding
 *   ({@code SHIFT_JIS}, {@code GB2312}, {@code TIS-620}, {@code ascii}), else the canonical name
 *   ({@code CP932} and {@code MacCyrillic} are no labels).</li>
 *   <li>The UTF-8 re-encodings decode the original with the nearest JDK charset: their text is then
 *   exactly what the UTF-8 bytes say, whatever small differences that charset has from WHATWG's.</li>
 * </ul>
 * Documents are chosen deterministically: per true encoding, in path order, first one of each kind
 * (html, text, xml, xhtml), then more, up to DOCS_PER_ENCODING, preferring files with non-ASCII
 * bytes and under 64 KiB and letting the corpus's folders (labels) of one encoding take turns. A
 * document longer than 32 KiB is cut at a line end (its text still has a true encoding).
 */
public final class GenerateBrowserCases {
    private GenerateBrowserCases() {}

    static final int DEFAULT_DOCS_PER_ENCODING = 3;
    static final int PREFERRED_MAX_BYTES = 64 * 1024;
    /** Longer documents are cut at the last line end before this many bytes (code units for UTF-16). */
    static final int MAX_CONTENT = 32 * 1024;

    /** Wrong {@code <meta>} labels for the conflict scenario, tried in turn; one equal to the truth is skipped. */
    static final List<String> WRONG_META = List.of("utf-8", "windows-1251", "shift_jis", "iso-8859-2", "big5",
            "koi8-r", "euc-kr", "windows-1252");

    /** The JDK charset closest to each WHATWG encoding, used only to re-encode a document to UTF-8. */
    static final Map<String, String> JDK_CHARSET = Map.ofEntries(
            Map.entry("Big5", "Big5-HKSCS"), Map.entry("Shift_JIS", "windows-31j"), Map.entry("EUC-JP", "EUC-JP"),
            Map.entry("ISO-2022-JP", "ISO-2022-JP"), Map.entry("EUC-KR", "x-windows-949"),
            Map.entry("GBK", "GB18030"), Map.entry("gb18030", "GB18030"), Map.entry("IBM866", "IBM866"),
            Map.entry("KOI8-R", "KOI8-R"), Map.entry("KOI8-U", "KOI8-U"), Map.entry("x-mac-cyrillic", "x-MacCyrillic"),
            Map.entry("macintosh", "x-MacRoman"), Map.entry("windows-874", "x-windows-874"),
            Map.entry("UTF-8", "UTF-8"), Map.entry("UTF-16LE", "UTF-16LE"), Map.entry("UTF-16BE", "UTF-16BE"));

    private static final Pattern XML_DECL = Pattern.compile("<\\?xml\\s[^>]*>");
    private static final Pattern META_DECL = Pattern.compile("(?i)<meta\\s[^>]*charset[^>]*>");

    /** One row of MANIFEST.tsv that browsers can decode. */
    record Doc(String path, String label, String encoding, String kind, String bom) {
        String key() {
            return path.replaceFirst("^tests/", "").replaceAll("[^A-Za-z0-9_.-]", "_");
        }

        boolean utf16() {
            return encoding.startsWith("UTF-16");
        }
    }

    /** One case: its line in cases.jsonl and its body. */
    record Case(String id, String scenario, String contentType, String truth, Doc doc, byte[] body) {}

    public static void main(String[] args) throws IOException {
        Path corpus = Paths.get(args.length > 0 ? args[0] : "../shared/corpus/chardet");
        Path out = Paths.get(args.length > 1 ? args[1] : "target/browser-cases");
        int perEncoding = args.length > 2 ? Integer.parseInt(args[2]) : DEFAULT_DOCS_PER_ENCODING;
        List<Doc> docs = choose(readManifest(corpus), corpus, perEncoding);
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < docs.size(); i++) cases.addAll(casesFor(docs.get(i), Files.readAllBytes(corpus.resolve(docs.get(i).path())), i));
        write(out, cases);
        Map<String, Integer> perScenario = new TreeMap<>();
        for (Case c : cases) perScenario.merge(c.scenario(), 1, Integer::sum);
        System.out.printf("wrote %d cases from %d documents (%d encodings) to %s: %s%n", cases.size(), docs.size(),
                docs.stream().map(Doc::encoding).distinct().count(), out, perScenario);
    }

    /** The manifest's rows whose true encoding browsers support, with UTF-16 resolved by its BOM. */
    static List<Doc> readManifest(Path corpus) throws IOException {
        List<Doc> docs = new ArrayList<>();
        List<String> lines = Files.readAllLines(corpus.resolve("MANIFEST.tsv"), StandardCharsets.UTF_8);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            if (f.length < 8) continue;
            String path = f[0], label = f[1], whatwg = f[2], ok = f[4], kind = f[5], bom = f[7];
            if (whatwg.startsWith("-") || !"yes".equals(ok)) continue; // UTF-32, EUC-TW, Johab, IBM855
            if (whatwg.startsWith("UTF-16 ")) {                        // "UTF-16 (BOM decides: ...)"
                whatwg = "utf-16be".equals(bom) ? "UTF-16BE" : "UTF-16LE";
            }
            docs.add(new Doc(path, label, whatwg, kind, bom));
        }
        return docs;
    }

    static List<Doc> choose(List<Doc> all, Path corpus, int perEncoding) throws IOException {
        Map<String, List<Doc>> byEncoding = new TreeMap<>();
        for (Doc d : all) byEncoding.computeIfAbsent(d.encoding(), k -> new ArrayList<>()).add(d);
        List<Doc> chosen = new ArrayList<>();
        for (List<Doc> group : byEncoding.values()) {
            group.sort((a, b) -> a.path().compareTo(b.path()));
            // interesting first: files with non-ASCII bytes and under the size limit; folders
            // (the corpus's labels, e.g. ascii, iso-8859-1 and windows-1252) take turns
            Map<String, Integer> seenInFolder = new LinkedHashMap<>();
            Map<Doc, Integer> rank = new LinkedHashMap<>();
            for (Doc d : group) {
                byte[] bytes = Files.readAllBytes(corpus.resolve(d.path()));
                boolean nonAscii = false;
                for (byte x : bytes) nonAscii |= x < 0;
                int folderTurn = seenInFolder.merge(d.path().replaceFirst("/[^/]*$", ""), 1, Integer::sum);
                rank.put(d, (nonAscii || d.utf16() ? 0 : 2) + (bytes.length <= PREFERRED_MAX_BYTES ? 0 : 1));
                rank.put(d, rank.get(d) * 1000 + folderTurn);
            }
            List<Doc> ordered = new ArrayList<>(group);
            ordered.sort((a, b) -> rank.get(a) != rank.get(b).intValue() ? rank.get(a) - rank.get(b) : a.path().compareTo(b.path()));
            List<Doc> pick = new ArrayList<>();
            for (String kind : List.of("html", "text", "xml", "xhtml")) {
                ordered.stream().filter(d -> d.kind().equals(kind) && rank.get(d) < 1000).findFirst().ifPresent(pick::add);
            }
            for (Doc d : ordered) if (!pick.contains(d)) pick.add(d);
            chosen.addAll(pick.subList(0, Math.min(perEncoding, pick.size())));
        }
        return chosen;
    }

    /** The label to serve: the corpus's own label when browsers read it as the true encoding. */
    static String labelFor(Doc d) {
        Optional<Encoding> given = Encoding.forLabel(d.label());
        return given.isPresent() && given.get().name().equals(d.encoding()) ? d.label() : d.encoding();
    }

    static List<Case> casesFor(Doc d, byte[] raw, int ordinal) {
        String label = labelFor(d);
        String enc = d.encoding();
        String wrong = WRONG_META.get(ordinal % WRONG_META.size());
        if (Encoding.forLabel(wrong).map(Encoding::name).orElse("").equals(enc)) {
            wrong = WRONG_META.get((ordinal + 1) % WRONG_META.size());
        }
        Charset pageCharset = d.utf16() ? Charset.forName(enc) : StandardCharsets.ISO_8859_1;
        String content = content(d, raw);  // chars: code units for UTF-16, bytes as Latin-1 otherwise
        String header = "text/html; charset=" + label;
        boolean replacement = "replacement".equals(enc);

        List<Case> cases = new ArrayList<>();
        String k = d.key();
        cases.add(new Case(k + ".header", "header", header, enc, d, page(pageCharset, "", content, "")));
        if (!d.utf16()) {
            cases.add(new Case(k + ".meta-charset", "meta-charset", null, enc, d,
                    page(pageCharset, "", content, "<meta charset=\"" + label + "\">\n")));
            cases.add(new Case(k + ".meta-http-equiv", "meta-http-equiv", null, enc, d, page(pageCharset, "", content,
                    "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=" + label + "\">\n")));
            cases.add(new Case(k + ".late-meta", "late-meta", null, enc, d,
                    page(pageCharset, "", content, lateHeadPadding() + "<meta charset=\"" + label + "\">\n")));
            cases.add(new Case(k + ".conflict", "conflict", header, enc, d,
                    page(pageCharset, "", content, "<meta charset=\"" + wrong + "\">\n")));
        }
        cases.add(new Case(k + ".xml-declaration", "xml-declaration", null, enc, d,
                page(pageCharset, "<?xml version=\"1.0\" encoding=\"" + label + "\"?>\n", content, "")));
        if (d.utf16()) {
            byte[] bom = enc.equals("UTF-16LE") ? new byte[] {(byte) 0xFF, (byte) 0xFE} : new byte[] {(byte) 0xFE, (byte) 0xFF};
            cases.add(new Case(k + ".utf16-bom", "utf16-bom", null, enc, d, concat(bom, page(pageCharset, "", content, ""))));
        }
        if (!replacement) {
            String text = d.utf16() ? content : decode(content.getBytes(StandardCharsets.ISO_8859_1), enc);
            cases.add(new Case(k + ".utf8-meta", "utf8-meta", null, "UTF-8", d,
                    page(StandardCharsets.UTF_8, "", text, "<meta charset=\"utf-8\">\n")));
            cases.add(new Case(k + ".utf8-bom", "utf8-bom", null, "UTF-8", d,
                    concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, page(StandardCharsets.UTF_8, "", text, ""))));
        }
        cases.add(new Case(k + ".undeclared", "undeclared", null, enc, d, page(pageCharset, "", content, "")));
        return cases;
    }

    /**
     * The document without its own declarations: the BOM, any {@code <?xml …?>} declaration and any
     * {@code <meta>} mentioning a charset are removed. For ASCII-compatible encodings this works on
     * the bytes (seen as Latin-1, so they come back unchanged); for UTF-16 on the decoded text.
     */
    static String content(Doc d, byte[] raw) {
        String s;
        if (d.utf16()) {
            s = new String(raw, Charset.forName(d.encoding()));
            if (s.startsWith("\uFEFF")) s = s.substring(1);
        } else {
            s = new String(raw, StandardCharsets.ISO_8859_1);
            if (s.startsWith("\u00EF\u00BB\u00BF")) s = s.substring(3);
        }
        s = XML_DECL.matcher(s).replaceAll("");
        s = META_DECL.matcher(s).replaceAll("");
        // keep the pages small and quick to load: cut long documents at a line end
        if (s.length() > MAX_CONTENT) {
            int cut = s.lastIndexOf('\n', MAX_CONTENT);
            s = s.substring(0, cut > 0 ? cut + 1 : MAX_CONTENT);
        }
        return s;
    }

    /** A small HTML page around the content; {@code head} goes first in {@code <head>}. */
    static byte[] page(Charset cs, String prolog, String content, String head) {
        String markup = prolog + "<!DOCTYPE html>\n<html><head>\n" + head + "<title>browser case</title>\n</head><body>\n";
        String end = "\n</body></html>\n";
        if (cs == StandardCharsets.ISO_8859_1 || cs == StandardCharsets.UTF_8) {
            // markup is ASCII, so its bytes are the same in every ASCII-compatible encoding
            return concat(markup.getBytes(StandardCharsets.US_ASCII), content.getBytes(cs),
                    end.getBytes(StandardCharsets.US_ASCII));
        }
        return (markup + content + end).getBytes(cs);
    }

    /** More than 1024 bytes of head before the late {@code <meta>}, in elements allowed in head. */
    static String lateHeadPadding() {
        StringBuilder b = new StringBuilder();
        int n = 0;
        while (b.length() < 1100) {
            b.append("<meta name=\"keywords\" content=\"padding ").append(n++)
                    .append(": this head is long, so the declaration comes after the first 1024 bytes\">\n");
        }
        return b.toString();
    }

    static String decode(byte[] bytes, String whatwg) {
        String jdk = JDK_CHARSET.getOrDefault(whatwg, whatwg);
        try {
            return Charset.forName(jdk).newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] all = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    static void write(Path out, List<Case> cases) throws IOException {
        Path bodies = out.resolve("bodies");
        Files.createDirectories(bodies);
        try (var old = Files.list(bodies)) {
            for (Path p : (Iterable<Path>) old::iterator) Files.delete(p);
        }
        try (Writer w = Files.newBufferedWriter(out.resolve("cases.jsonl"), StandardCharsets.UTF_8)) {
            for (Case c : cases) {
                Files.write(bodies.resolve(c.id() + ".html"), c.body());
                Map<String, String> line = new LinkedHashMap<>();
                line.put("id", c.id());
                line.put("body", "bodies/" + c.id() + ".html");
                line.put("content_type", c.contentType());
                line.put("scenario", c.scenario());
                line.put("truth", c.truth());
                line.put("doc", c.doc().key());
                line.put("source", c.doc().path());
                w.write(json(line));
                w.write('\n');
            }
        }
    }

    static String json(Map<String, String> m) {
        StringBuilder b = new StringBuilder("{");
        for (Map.Entry<String, String> e : m.entrySet()) {
            if (b.length() > 1) b.append(", ");
            b.append('"').append(e.getKey()).append("\": ");
            if (e.getValue() == null) {
                b.append("null");
                continue;
            }
            b.append('"');
            for (char ch : e.getValue().toCharArray()) {
                if (ch == '"' || ch == '\\') b.append('\\').append(ch);
                else if (ch < 0x20 || ch > 0x7E) b.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
                else b.append(ch);
            }
            b.append('"');
        }
        return b.append('}').toString();
    }
}
