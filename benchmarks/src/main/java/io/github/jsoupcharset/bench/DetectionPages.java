package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.encoding.Encoding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The undeclared legacy pages detection is measured on: the documents of the development set
 * ({@code ../shared/corpus/chardet}; the library's {@code detect.DetectionCorpus}, rebuilt here the
 * same way since benchmarks do not see test classes) whose true encoding is a legacy WHATWG
 * encoding (not UTF-8, no BOM), every declaration removed, wrapped as an HTML page, grouped by
 * script family as DETECTION.md's tables are; and, as the family {@link #REAL_WEB}, the real
 * crawled and saved pages of {@code ../shared/corpus/realweb} that declare nothing and are not
 * valid UTF-8 (mostly ASCII with a few legacy bytes, some partly UTF-8: the pages detection
 * meets on the web), with Chromium's decision standing for their truth.
 */
final class DetectionPages {
    private DetectionPages() {}

    private static final Pattern XML_DECL_ENCODING =
            Pattern.compile("(<\\?xml[^>]*?)\\s+encoding\\s*=\\s*(\"[^\"]*\"|'[^']*')", Pattern.CASE_INSENSITIVE);
    private static final Pattern META = Pattern.compile("<meta\\b[^>]*charset[^>]*>", Pattern.CASE_INSENSITIVE);

    /** One undeclared page: its corpus path, true encoding, family and bytes. */
    record Page(String path, Encoding truth, String family, byte[] bytes) {}

    /** The real pages' family: not in "all", which is the development set's pages. */
    static final String REAL_WEB = "RealWeb";

    /** The families, in DETECTION.md's order, then {@link #REAL_WEB}; "all" is every page of the development set. */
    static final List<String> FAMILIES = List.of("Arabic", "CentralEuropean", "ChineseSimplified",
            "ChineseTraditional", "Cyrillic", "Greek", "Hebrew", "Japanese", "Korean", "Thai", "Turkish", "Western",
            REAL_WEB);

    /** Whether a page of {@code family} counts in the family {@code of} ("all": the development set's pages). */
    static boolean in(String family, String of) {
        return of.equals("all") ? !family.equals(REAL_WEB) : family.equals(of);
    }

    /**
     * The indices of {@code pages} in each family that has any, in {@link #FAMILIES}' order, then
     * "all" (the development set's pages): the rows of a table per family.
     */
    static Map<String, List<Integer>> byFamily(List<Page> pages) {
        Map<String, List<Integer>> rows = new LinkedHashMap<>();
        List<String> families = new ArrayList<>(FAMILIES);
        families.add("all");
        for (String family : families) {
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < pages.size(); i++) {
                if (in(pages.get(i).family(), family)) members.add(i);
            }
            if (!members.isEmpty()) rows.put(family, members);
        }
        return rows;
    }

    /** The script family of an encoding, as DETECTION.md groups them. */
    static String family(Encoding e) {
        switch (e.name()) {
            case "ISO-8859-6": case "windows-1256": return "Arabic";
            case "ISO-8859-2": case "windows-1250": return "CentralEuropean";
            case "GBK": case "gb18030": return "ChineseSimplified";
            case "Big5": return "ChineseTraditional";
            case "IBM866": case "ISO-8859-5": case "KOI8-R": case "KOI8-U": case "windows-1251": case "x-mac-cyrillic":
                return "Cyrillic";
            case "ISO-8859-7": case "windows-1253": return "Greek";
            case "windows-1255": case "ISO-8859-8": return "Hebrew";
            case "EUC-JP": case "ISO-2022-JP": case "Shift_JIS": return "Japanese";
            case "EUC-KR": return "Korean";
            case "windows-874": return "Thai";
            case "windows-1254": return "Turkish";
            default: return "Western";
        }
    }

    /** The pages of {@code family} ("all" for every page of the development set). */
    static List<Page> of(String family) {
        List<Page> pages = new ArrayList<>();
        for (Page p : all()) {
            if (in(p.family(), family)) pages.add(p);
        }
        if (pages.isEmpty()) throw new IllegalArgumentException("no pages in family " + family);
        return pages;
    }

    static List<Page> all() {
        try {
            List<Page> pages = new ArrayList<>();
            List<String> lines = Files.readAllLines(Corpus.dir().resolve("MANIFEST.tsv"), StandardCharsets.UTF_8);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split("\t", -1);
                String bom = f.length > 7 ? f[7] : "";
                Optional<Encoding> truth = Encoding.forLabel(f[2]);
                if (!bom.isEmpty() || truth.isEmpty() || truth.get() == Encoding.UTF_8 || truth.get() == Encoding.REPLACEMENT
                        || !truth.get().isAsciiCompatible() && truth.get() != Encoding.ISO_2022_JP) continue;
                byte[] raw = Files.readAllBytes(Corpus.dir().resolve(f[0]));
                pages.add(new Page(f[0], truth.get(), family(truth.get()), undeclared(raw, f[5])));
            }
            pages.addAll(realWeb());
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the corpus at " + Corpus.dir().toAbsolutePath()
                    + " (run from the project root, or set -Djsoupcharset.corpus=...)", e);
        }
    }

    static Path realWebDir() {
        return Paths.get(System.getProperty("jsoupcharset.realweb", "../shared/corpus/realweb"));
    }

    /**
     * The real pages ({@link #REAL_WEB}) that declare nothing and are not valid UTF-8, as served,
     * with Chromium's decision as their truth (a reference: {@code chromium.tsv}).
     */
    static List<Page> realWeb() {
        Path dir = realWebDir();
        try {
            Map<String, String> chromium = new HashMap<>();
            for (String line : Files.readAllLines(dir.resolve("chromium.tsv"), StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", -1);
                if (f.length > 1) chromium.put(f[0], f[1]);
            }
            List<Page> pages = new ArrayList<>();
            for (String line : Files.readAllLines(dir.resolve("cases.jsonl"), StandardCharsets.UTF_8)) {
                if (!line.contains("\"declared\": \"none\"") || !line.contains("\"valid_utf8\": false")) continue;
                Matcher id = JSON_ID.matcher(line);
                Matcher body = JSON_BODY.matcher(line);
                if (!id.find() || !body.find()) throw new IOException("a case without id or body: " + line);
                Optional<Encoding> truth = Encoding.forLabel(chromium.getOrDefault(id.group(1), ""));
                if (truth.isEmpty()) continue; // no decision recorded
                pages.add(new Page(id.group(1), truth.get(), REAL_WEB, Files.readAllBytes(dir.resolve(body.group(1)))));
            }
            if (pages.isEmpty()) throw new IOException("no undeclared real pages that are not UTF-8");
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the real pages at " + dir.toAbsolutePath()
                    + " (run from the project root, or set -Djsoupcharset.realweb=...)", e);
        }
    }

    private static final Pattern JSON_ID = Pattern.compile("\"id\": \"([^\"]+)\"");
    private static final Pattern JSON_BODY = Pattern.compile("\"body\": \"([^\"]+)\"");

    /** The document with its declarations removed, as an HTML page that declares nothing (as DetectionCorpus does). */
    static byte[] undeclared(byte[] raw, String kind) {
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
}
