package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Detection measured on thin evidence: undeclared pages of English text (the British English and
 * the {@code en@quot} translations of programs' messages, {@link TranslationText}) with a handful
 * of the bytes beyond ASCII the web's pages really hold, in the encoding such a page is in:
 * <ul>
 *   <li>{@code quotes}: the {@code en@quot} messages as they are, their quotes “ ” ‘ ’ in
 *       windows-1252;</li>
 *   <li>{@code symbols}: a dash, a no-break space run, ©, ®, °, ±, ½, £ or ´ (for an apostrophe)
 *       put into English, one to four of them, in windows-1252;</li>
 *   <li>{@code name}: one word of French, German or Spanish (its translations) with letters beyond
 *       ASCII, in windows-1252;</li>
 *   <li>{@code cyrillic}: two or three Russian words (its translations) in windows-1251 and in
 *       KOI8-R, in the text or only in a {@code title} attribute;</li>
 *   <li>{@code ideographic space}: one U+3000 in Shift_JIS.</li>
 * </ul>
 * A page counts when its decoded text is the author's exact text. Nothing here was tuned on: the
 * messages are chosen by a fixed seed. The same pages are also served with their bytes behind
 * {@code charset=utf-8} and decoded in checked mode ({@link #evaluateMisdeclared}): the author's
 * text, left as declared, or read otherwise.
 *
 * <p>Usage: {@code ThinEvidenceEvaluation [locale folder, default /usr/share/locale]}; {@code
 * -Dverbose=true} lists the misses.
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

    private static final String[] SYMBOLS = {" \u2013 ", "\u00a0\u00a0\u00a0", " \u00a9 2006", "\u00ae", " 20\u00b0C",
        " \u00b12", " \u00bd", " \u00a350", "\u00b4s"};

    /** The pages, built from the catalogues under {@code localeDir}; none where they are missing. */
    static List<Page> pages(Path localeDir) throws IOException {
        List<String> english = all(TranslationText.messages(localeDir, "en_GB"));
        english.removeIf(m -> !m.chars().allMatch(c -> c < 0x80) || m.length() < 20);
        List<String> quoted = all(TranslationText.messages(localeDir, "en@quot"));
        quoted.removeIf(m -> m.chars().noneMatch(c -> c == 0x201C || c == 0x2018 || c == 0x2019)
                || !Charset.forName("windows-1252").newEncoder().canEncode(m));
        List<String> names = new ArrayList<>();
        for (String language : List.of("fr", "de", "es")) {
            for (String m : all(TranslationText.messages(localeDir, language))) {
                for (String w : m.split("[^\\p{L}]+")) {
                    if (w.length() >= 4 && w.chars().anyMatch(c -> c >= 0x80) && w.chars().allMatch(c -> c < 0x100)) names.add(w);
                }
            }
        }
        List<String> russian = new ArrayList<>();
        for (String m : all(TranslationText.messages(localeDir, "ru"))) {
            for (String w : m.split("[^\\p{IsCyrillic}]+")) if (w.length() >= 4) russian.add(w);
        }
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
        Path locale = Paths.get(args.length > 0 ? args[0] : "/usr/share/locale");
        List<Page> pages = pages(locale);
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
