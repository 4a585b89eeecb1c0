package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.RealWebCorpus;
import io.github.jsoupcharset.SharedData;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.Jsoup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Detection measured on thin evidence: undeclared pages of English text (sentences of the
 * declared real pages of {@code ../shared/corpus/realweb} that are ASCII) with a handful of the
 * bytes beyond ASCII the web's pages really hold, in the encoding such a page is in:
 * <ul>
 *   <li>{@code quotes}: a sentence of those pages that holds curly quotes “ ” ‘ ’ (and nothing
 *       else beyond ASCII), in windows-1252;</li>
 *   <li>{@code symbols}: a dash, a no-break space run, ©, ®, °, ±, ½, £ or ´ (for an apostrophe)
 *       put into English, one to four of them, in windows-1252;</li>
 *   <li>{@code name}: one word with letters beyond ASCII from the ISO-8859-1 and windows-1252
 *       pages of {@code ../shared/corpus/chardet}, in windows-1252;</li>
 *   <li>{@code cyrillic}: two or three Russian words from that corpus's Russian pages, in
 *       windows-1251 and in KOI8-R, in the text or only in a {@code title} attribute;</li>
 *   <li>{@code ideographic space}: one U+3000 in Shift_JIS.</li>
 * </ul>
 * A page counts when its decoded text is the author's exact text. Nothing here was tuned on: the
 * sentences and words are chosen by a fixed seed, from data that is the same on every machine. The
 * same pages are also served with their bytes behind {@code charset=utf-8} and decoded in checked
 * mode ({@link #evaluateMisdeclared}): the author's text, left as declared, or read otherwise.
 *
 * <p>Usage: {@code ThinEvidenceEvaluation} with {@code -Djsoupcharset.shared=../../shared};
 * {@code -Dverbose=true} lists the misses.
 */
public final class ThinEvidenceEvaluation {
    private ThinEvidenceEvaluation() {}

    private static final BrowserCharsetParser PARSER = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);
    private static final BrowserCharsetParser CHECKED = BrowserCharsetJsoup.withOptions(
            SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));

    /** One page: its class, its encoding and its text. */
    record Page(String kind, Encoding encoding, String html) {}

    /** Pages per class and encoding. */
    static final int PAGES = 60;

    /** Where a sentence ends in a page's text. */
    private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z\u201C\u2018])");
    /** A sentence of English: one of its commonest words. */
    private static final Pattern ENGLISH = Pattern.compile("\\b(the|and|of|to|is|with|for)\\b");

    private static final String[] SYMBOLS = {" \u2013 ", "\u00a0\u00a0\u00a0", " \u00a9 2006", "\u00ae", " 20\u00b0C",
        " \u00b12", " \u00bd", " \u00a350", "\u00b4s"};

    /**
     * The pages, built from the shared data (skipped where it is missing, see {@link SharedData}):
     * English sentences, with and without curly quotes, from the declared real pages of {@code
     * corpus/realweb}; Western and Russian words from the pages of {@code corpus/chardet}, read in
     * their true encoding.
     */
    static List<Page> pages() throws IOException {
        Set<String> english = new LinkedHashSet<>();
        Set<String> quoted = new LinkedHashSet<>();
        for (RealWebCorpus.Case c : RealWebCorpus.cases()) {
            if (c.undeclared()) continue; // a declared page: its text is what its author wrote
            String text = PARSER.decode(c.bytes(), c.servedContentType()).text();
            for (String sentence : SENTENCE.split(text)) {
                if (sentence.length() < 20 || sentence.length() > 200 || !ENGLISH.matcher(sentence).find()) continue;
                boolean quotes = false;
                boolean plain = true;
                for (int i = 0; i < sentence.length() && plain; i++) {
                    char ch = sentence.charAt(i);
                    if (ch == '\u2018' || ch == '\u2019' || ch == '\u201C' || ch == '\u201D') quotes = true;
                    else plain = ch >= 0x20 && ch < 0x7F;
                }
                if (plain) (quotes ? quoted : english).add(sentence);
            }
        }
        List<String> names = new ArrayList<>();
        List<String> russian = new ArrayList<>();
        for (DetectionCorpus.Case c : DetectionCorpus.development()) {
            boolean western = c.path().startsWith("tests/iso-8859-1/") || c.path().startsWith("tests/windows-1252/");
            boolean cyrillic = c.path().contains("russian") || c.path().startsWith("tests/KOI8-R/")
                    || c.path().startsWith("tests/IBM866/") || c.path().startsWith("tests/MacCyrillic/");
            if (!western && !cyrillic) continue;
            String text = Jsoup.parse(new String(c.bytes(), c.truth().charset())).text();
            for (String w : text.split(western ? "[^\\p{L}]+" : "[^\\p{IsCyrillic}]+")) {
                if (w.length() < 4) continue;
                if (!western) russian.add(w);
                else if (w.chars().anyMatch(ch -> ch >= 0x80) && w.chars().allMatch(ch -> ch < 0x100)) names.add(w);
            }
        }
        return pages(List.copyOf(english), List.copyOf(quoted), names, russian);
    }

    /** The pages, from English sentences, English sentences with curly quotes, Western words and Russian words. */
    static List<Page> pages(List<String> english, List<String> quoted, List<String> names, List<String> russian) {
        List<Page> pages = new ArrayList<>();
        if (english.size() < 100) return pages;
        Random r = new Random(36);
        for (int k = 0; k < PAGES; k++) {
            if (!quoted.isEmpty()) {
                String text = prose(english, r, 4) + " " + quoted.get(r.nextInt(quoted.size())) + " " + prose(english, r, 4);
                pages.add(new Page("quotes", Encoding.WINDOWS_1252, html(text, null)));
            }
            StringBuilder s = new StringBuilder(prose(english, r, 8));
            for (int n = 1 + r.nextInt(4); n > 0; n--) {
                int at = s.indexOf(" ", r.nextInt(s.length()));
                if (at > 0) s.insert(at, SYMBOLS[r.nextInt(SYMBOLS.length)]);
            }
            pages.add(new Page("symbols", Encoding.WINDOWS_1252, html(s.toString(), null)));
            if (!names.isEmpty()) {
                pages.add(new Page("name", Encoding.WINDOWS_1252, html(prose(english, r, 4) + " "
                        + names.get(r.nextInt(names.size())) + " " + prose(english, r, 4), null)));
            }
            if (russian.size() > 10) {
                String words = russian.get(r.nextInt(russian.size())) + " " + russian.get(r.nextInt(russian.size()))
                        + (r.nextBoolean() ? " " + russian.get(r.nextInt(russian.size())) : "");
                String text = prose(english, r, 6);
                for (Encoding e : List.of(Encoding.WINDOWS_1251, Encoding.KOI8_R)) {
                    pages.add(new Page("cyrillic", e, html(text + " " + words + ".", null)));
                    pages.add(new Page("cyrillic in an attribute", e, html(text, words)));
                }
            }
            pages.add(new Page("ideographic space", Encoding.SHIFT_JIS, html(prose(english, r, 3) + " \u3000 "
                    + prose(english, r, 3), null)));
        }
        return pages;
    }

    private static List<String> all(Map<String, List<String>> byPackage) {
        List<String> out = new ArrayList<>();
        byPackage.values().forEach(out::addAll);
        return out;
    }

    private static String prose(List<String> messages, Random r, int count) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) b.append(' ');
            b.append(messages.get(r.nextInt(messages.size())));
        }
        return b.toString();
    }

    private static String html(String text, String title) {
        return "<!DOCTYPE html>\n<html><head><title>Notes</title></head><body>\n<p"
                + (title == null ? "" : " title=\"" + title + "\"") + ">"
                + text.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;") + "</p>\n</body></html>\n";
    }

    /** Pages right and pages, by class. */
    static Map<String, int[]> evaluate(List<Page> pages, boolean verbose) {
        Map<String, int[]> tally = new LinkedHashMap<>();
        for (Page p : pages) {
            byte[] bytes = p.html().getBytes(p.encoding().charset());
            var got = PARSER.decode(bytes, "text/html");
            boolean right = got.text().equals(PARSER.decode(bytes, "text/html; charset=" + p.encoding().name()).text());
            int[] t = tally.computeIfAbsent(p.kind() + ", " + p.encoding().name(), k -> new int[2]);
            t[1]++;
            if (right) t[0]++;
            else if (verbose) System.out.println("MISS " + p.kind() + " " + p.encoding().name() + " -> " + got.decision()
                    + "\n  " + p.html().replaceAll("(?s).*<body>\n|</body>.*", ""));
        }
        return tally;
    }

    /**
     * The same pages misdeclared, their bytes behind {@code charset=utf-8}, in checked mode, by
     * class: pages, the author's text, left as declared (a browser's text, U+FFFD for the bytes),
     * and read otherwise (repaired to a wrong encoding).
     */
    static Map<String, int[]> evaluateMisdeclared(List<Page> pages, boolean verbose) {
        Map<String, int[]> tally = new LinkedHashMap<>();
        for (Page p : pages) {
            byte[] bytes = p.html().getBytes(p.encoding().charset());
            String author = PARSER.decode(bytes, "text/html; charset=" + p.encoding().name()).text();
            String browser = PARSER.decode(bytes, "text/html; charset=utf-8").text();
            var got = CHECKED.decode(bytes, "text/html; charset=utf-8");
            int[] t = tally.computeIfAbsent(p.kind() + ", " + p.encoding().name(), k -> new int[4]);
            t[0]++;
            int outcome = got.text().equals(author) ? 1 : got.text().equals(browser) ? 2 : 3;
            t[outcome]++;
            if (outcome != 1 && verbose) System.out.println((outcome == 2 ? "LEFT " : "WRONG ") + p.kind() + " " + p.encoding().name() + " -> "
                    + got.decision() + "\n  " + p.html().replaceAll("(?s).*<body>\n|</body>.*", ""));
        }
        return tally;
    }

    /** Prints the table (markdown). */
    public static void main(String[] args) throws IOException {
        List<Page> pages = pages();
        Map<String, int[]> tally = evaluate(pages, Boolean.getBoolean("verbose"));
        System.out.println("| thin evidence | pages | right |");
        System.out.println("|---|---|---|");
        int right = 0;
        int all = 0;
        for (Map.Entry<String, int[]> e : tally.entrySet()) {
            System.out.printf("| %s | %d | %d |%n", e.getKey(), e.getValue()[1], e.getValue()[0]);
            right += e.getValue()[0];
            all += e.getValue()[1];
        }
        System.out.printf("| **all** | **%d** | **%d (%.1f%%)** |%n", all, right, 100.0 * right / all);
        System.out.println();
        System.out.println("| behind charset=utf-8, checked | pages | author's text | left as declared | read otherwise |");
        System.out.println("|---|---|---|---|---|");
        int[] sum = new int[4];
        for (Map.Entry<String, int[]> e : evaluateMisdeclared(pages, Boolean.getBoolean("verbose")).entrySet()) {
            int[] t = e.getValue();
            System.out.printf("| %s | %d | %d | %d | %d |%n", e.getKey(), t[0], t[1], t[2], t[3]);
            for (int i = 0; i < 4; i++) sum[i] += t[i];
        }
        System.out.printf("| **all** | **%d** | **%d** | **%d** | **%d** |%n", sum[0], sum[1], sum[2], sum[3]);
    }
}
