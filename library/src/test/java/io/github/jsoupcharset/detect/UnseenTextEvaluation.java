package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;

import java.io.IOException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Detection and the checked mode measured on text nobody tuned on: pages built from the
 * translations of programs' messages ({@link TranslationText}), in every legacy encoding that
 * writes their language, served undeclared, misdeclared (legacy bytes behind {@code
 * charset=utf-8}, UTF-8 bytes behind {@code charset=windows-1252}), declared right, and two
 * controls declared UTF-8: UTF-8 with two broken sequences, and UTF-8 whose only two non-ASCII
 * characters are broken ({@link Breakage}, four ways).
 *
 * <p>The sources (a package's translations into one language) are split in two by a hash of the
 * package's name: changes to detection are looked at on the first half only ({@code dev}); the
 * second ({@code test}) is the figure that counts. A page holds a package's messages in a shuffled
 * but fixed order, those the encoding writes, up to a length: short (about 150 characters of
 * text), medium (1,000) and long (5,000).
 *
 * <p>Usage: {@code UnseenTextEvaluation [locale folder, default /usr/share/locale]}; {@code
 * -Dverbose=true} lists the misses, {@code -Dhalf=dev|test|all} chooses the sources (default all,
 * both reported).
 */
public final class UnseenTextEvaluation {
    private UnseenTextEvaluation() {}

    /** The legacy encodings each language was written in on the web. */
    static final Map<String, List<Encoding>> WRITTEN_IN = writtenIn();

    private static Map<String, List<Encoding>> writtenIn() {
        Map<String, List<Encoding>> m = new LinkedHashMap<>();
        List<Encoding> western = List.of(Encoding.WINDOWS_1252, Encoding.ISO_8859_15);
        for (String l : List.of("fr", "de", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "ca", "ga", "eu", "gl",
                "af", "br", "oc", "wa")) {
            m.put(l, western);
        }
        m.put("is", List.of(Encoding.WINDOWS_1252, Encoding.ISO_8859_15, Encoding.ISO_8859_10));
        m.put("fo", List.of(Encoding.WINDOWS_1252, Encoding.ISO_8859_10));
        List<Encoding> central = List.of(Encoding.WINDOWS_1250, Encoding.ISO_8859_2);
        for (String l : List.of("cs", "sk", "pl", "hu", "sl", "hr", "bs", "sq")) m.put(l, central);
        m.put("ro", List.of(Encoding.WINDOWS_1250, Encoding.ISO_8859_2, Encoding.ISO_8859_16));
        List<Encoding> baltic = List.of(Encoding.WINDOWS_1257, Encoding.ISO_8859_13, Encoding.ISO_8859_4);
        m.put("lt", baltic);
        m.put("lv", baltic);
        m.put("et", List.of(Encoding.WINDOWS_1257, Encoding.ISO_8859_13, Encoding.ISO_8859_15, Encoding.ISO_8859_4));
        m.put("mt", List.of(Encoding.ISO_8859_3));
        m.put("eo", List.of(Encoding.ISO_8859_3));
        m.put("tr", List.of(Encoding.WINDOWS_1254, Encoding.ISO_8859_3));
        m.put("cy", List.of(Encoding.ISO_8859_14));
        m.put("gd", List.of(Encoding.ISO_8859_14));
        m.put("el", List.of(Encoding.WINDOWS_1253, Encoding.ISO_8859_7));
        m.put("he", List.of(Encoding.WINDOWS_1255, Encoding.ISO_8859_8));
        m.put("yi", List.of(Encoding.WINDOWS_1255));
        m.put("ru", List.of(Encoding.WINDOWS_1251, Encoding.KOI8_R, Encoding.ISO_8859_5, Encoding.IBM866,
                Encoding.X_MAC_CYRILLIC));
        m.put("uk", List.of(Encoding.WINDOWS_1251, Encoding.KOI8_U, Encoding.X_MAC_CYRILLIC));
        m.put("be", List.of(Encoding.WINDOWS_1251));
        m.put("bg", List.of(Encoding.WINDOWS_1251, Encoding.ISO_8859_5));
        m.put("sr", List.of(Encoding.WINDOWS_1251, Encoding.ISO_8859_5));
        m.put("mk", List.of(Encoding.WINDOWS_1251, Encoding.ISO_8859_5));
        m.put("ar", List.of(Encoding.WINDOWS_1256, Encoding.ISO_8859_6));
        m.put("fa", List.of(Encoding.WINDOWS_1256));
        m.put("th", List.of(Encoding.WINDOWS_874));
        m.put("ja", List.of(Encoding.SHIFT_JIS, Encoding.EUC_JP));
        m.put("ko", List.of(Encoding.EUC_KR));
        m.put("zh_CN", List.of(Encoding.GBK));
        m.put("zh_TW", List.of(Encoding.BIG5));
        return m;
    }

    /** Page lengths, in characters of text. */
    static final int[] LENGTHS = {150, 1000, 5000};

    /** One page: its source, language, encoding, length class and text. */
    record Page(String pkg, String language, Encoding encoding, int length, String html) {
        boolean test() {
            return half(pkg).equals("test");
        }
    }

    /** The half of the sources a package falls in: {@code dev} or {@code test}. */
    static String half(String pkg) {
        int h = 0;
        for (int i = 0; i < pkg.length(); i++) h = 31 * h + pkg.charAt(i);
        return (Integer.rotateRight(h * 0x9E3779B9, 7) & 1) == 0 ? "dev" : "test";
    }

    /** The pages of every language {@code localeDir} holds that {@link #WRITTEN_IN} knows. */
    static List<Page> pages(Path localeDir) throws IOException {
        List<Page> pages = new ArrayList<>();
        for (Map.Entry<String, List<Encoding>> e : WRITTEN_IN.entrySet()) {
            String language = e.getKey();
            Map<String, List<String>> byPackage = TranslationText.messages(localeDir, language);
            for (Map.Entry<String, List<String>> p : byPackage.entrySet()) {
                List<String> messages = new ArrayList<>(p.getValue());
                Collections.shuffle(messages, new Random((p.getKey() + "/" + language).hashCode()));
                for (Encoding encoding : e.getValue()) {
                    CharsetEncoder enc = encoding.charset().newEncoder()
                            .onUnmappableCharacter(CodingErrorAction.REPORT).onMalformedInput(CodingErrorAction.REPORT);
                    List<String> writable = new ArrayList<>();
                    for (String m : messages) {
                        // what the encoding writes and reads back as it was (a few characters share bytes)
                        if (enc.canEncode(m) && new String(m.getBytes(encoding.charset()), encoding.charset()).equals(m)) {
                            writable.add(m);
                        }
                    }
                    int start = 0;
                    for (int length : LENGTHS) {
                        StringBuilder body = new StringBuilder();
                        int i = start;
                        while (i < writable.size() && body.length() < length) {
                            body.append("<p>").append(escape(writable.get(i++))).append("</p>\n");
                        }
                        if (body.length() < length * 3 / 4) break;
                        start = i; // each length its own messages
                        String html = "<!DOCTYPE html>\n<html><head><title>" + p.getKey() + "</title></head><body>\n"
                                + body + "</body></html>\n";
                        if (html.chars().allMatch(c -> c < 0x80)) continue;
                        pages.add(new Page(p.getKey(), language, encoding, length, html));
                    }
                }
            }
        }
        return pages;
    }

    /**
     * The text with its first two non-ASCII characters kept and the others written in ASCII (their
     * marks removed) or left out: a page a UTF-8 page broken in two places can leave with no
     * whole sequence, the hardest control for the checked mode.
     */
    static String onlyTwoNonAscii(String text) {
        StringBuilder b = new StringBuilder();
        int kept = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (c < 0x80 || kept < 2) {
                if (c >= 0x80) kept++;
                b.appendCodePoint(c);
            } else {
                b.append(java.text.Normalizer.normalize(new String(Character.toChars(c)), java.text.Normalizer.Form.NFD)
                        .replaceAll("[^\\x00-\\x7F]", ""));
            }
        }
        return b.toString();
    }

    /** Ways a UTF-8 sequence breaks (the checked mode's controls; {@code DeclarationCheckTest}'s too). */
    public enum Breakage {
        /** Its last byte lost (a cut). */
        LAST_BYTE_LOST,
        /** All but its lead lost. */
        LEAD_ONLY,
        /** Its lead lost. */
        LEAD_LOST,
        /** A stray 0xFF after its lead. */
        STRAY_BYTE_INSIDE,
        /** Its lead overwritten with 0xFF. */
        LEAD_OVERWRITTEN;

        /** The UTF-8 bytes with each multi-byte sequence broken this way. */
        public byte[] breakEach(byte[] utf8) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            for (int i = 0; i < utf8.length; ) {
                int b = utf8[i] & 0xFF;
                int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
                if (n > 1) {
                    switch (this) {
                        case LAST_BYTE_LOST -> out.write(utf8, i, n - 1);
                        case LEAD_ONLY -> out.write(b);
                        case LEAD_LOST -> out.write(utf8, i + 1, n - 1);
                        case STRAY_BYTE_INSIDE -> {
                            out.write(b);
                            out.write(0xFF);
                            out.write(utf8, i + 1, n - 1);
                        }
                        case LEAD_OVERWRITTEN -> {
                            out.write(0xFF);
                            out.write(utf8, i + 1, n - 1);
                        }
                    }
                } else {
                    out.write(b);
                }
                i += n;
            }
            return out.toByteArray();
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;");
    }

    private static final BrowserCharsetParser BROWSER = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);
    private static final BrowserCharsetParser CHECKED =
            BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));

    /** Rows of a table: pages and right ones, by key. */
    static final class Tally {
        final Map<String, int[]> rows = new TreeMap<>();

        boolean count(String key, boolean right) {
            int[] r = rows.computeIfAbsent(key, k -> new int[2]);
            r[0]++;
            if (right) r[1]++;
            return right;
        }

        void print(String title) {
            System.out.println("\n" + title);
            int[] all = new int[2];
            rows.forEach((k, r) -> {
                System.out.printf("  %-44s %5d %5d  %5.1f%%%n", k, r[0], r[1], 100.0 * r[1] / r[0]);
                all[0] += r[0];
                all[1] += r[1];
            });
            System.out.printf("  %-44s %5d %5d  %5.1f%%%n", "all", all[0], all[1], 100.0 * all[1] / Math.max(1, all[0]));
        }
    }

    public static void main(String[] args) throws IOException {
        Path locale = Paths.get(args.length > 0 ? args[0] : "/usr/share/locale");
        boolean verbose = Boolean.getBoolean("verbose");
        String only = System.getProperty("half", "all");
        List<Page> pages = pages(locale);
        String explain = System.getProperty("explain"); // language/encoding/length/package
        if (explain != null) {
            for (Page p : pages) {
                if (!explain.equals(p.language() + "/" + p.encoding().name() + "/" + p.length() + "/" + p.pkg())) continue;
                byte[] legacy = p.html().getBytes(p.encoding().charset());
                byte[] text = Detector.evidenceWindow(legacy, 0, legacy.length);
                System.out.println(p.html());
                for (Ranking.Scored s : Ranking.rank(text, text.length, true)) {
                    Candidates.Candidate c = Candidates.of(s.encoding());
                    String decoded = new String(text, s.encoding().charset());
                    char[] chars = decoded.toCharArray();
                    System.out.println(s + " " + TextEvidence.parts(chars, chars.length, 0, c) + " icu "
                            + IcuOpinion.confidences(text, text.length).get(s.encoding()));
                }
            }
            return;
        }
        System.out.println(pages.size() + " pages from " + locale + " (" + TranslationText.fingerprint(locale) + ")");
        Map<String, Tally> tallies = new LinkedHashMap<>();
        for (String half : List.of("dev", "test")) {
            for (String t : List.of("undeclared legacy, by encoding", "undeclared legacy, by language",
                    "undeclared legacy, by length", "undeclared UTF-8", "legacy behind charset=utf-8, checked",
                    "UTF-8 behind charset=windows-1252, checked", "control: UTF-8 with 2 broken, checked",
                    "control: UTF-8 whose only 2 non-ASCII characters are broken, checked",
                    "declared right, changed by checked")) {
                tallies.put(half + ": " + t, new Tally());
            }
        }
        Map<String, int[]> calibration = new TreeMap<>(); // guesses, stated percent summed, right
        for (Page p : pages) {
            String half = p.test() ? "test" : "dev";
            if (!only.equals("all") && !only.equals(half)) continue;
            String what = p.language() + " " + p.encoding().name() + " " + p.length() + " " + p.pkg();
            byte[] legacy = p.html().getBytes(p.encoding().charset());
            DecodedHtml got = BROWSER.decode(legacy, "text/html");
            boolean right = got.text().equals(p.html());
            tallies.get(half + ": undeclared legacy, by encoding").count(p.encoding().name(), right);
            tallies.get(half + ": undeclared legacy, by language").count(p.language(), right);
            tallies.get(half + ": undeclared legacy, by length").count(String.format("%5d", p.length()), right);
            java.util.OptionalInt confidence = got.decision().detectorConfidence();
            if (got.decision().source() == io.github.jsoupcharset.decision.DecisionSource.DETECTION
                    && confidence.isPresent()) {
                int stated = confidence.getAsInt();
                int[] bin = calibration.computeIfAbsent(half + (stated >= 99 ? " 99-100%" : stated >= 90 ? " 90-99%"
                        : String.format(" %d-%d%%", stated / 10 * 10, stated / 10 * 10 + 10)), k -> new int[3]);
                bin[0]++;
                bin[1] += stated;
                if (right) bin[2]++;
            }
            if (!right && verbose) {
                byte[] text = Detector.evidenceWindow(legacy, 0, legacy.length);
                Encoding exhaustive = Ranking.rank(text, text.length, true).get(0).encoding();
                System.out.println("  miss " + half + ": " + what + " -> " + got.decision().encoding().name()
                        + " (" + got.decision().source() + " " + got.decision().detectorConfidence().orElse(-1)
                        + "%; scoring every candidate in full: "
                        + (new String(legacy, exhaustive.charset()).equals(p.html()) ? "right" : exhaustive.name()) + ")");
            }
            byte[] utf8 = p.html().getBytes(StandardCharsets.UTF_8);
            if (p.encoding() == WRITTEN_IN.get(p.language()).get(0)) { // once per page text's language and source
                tallies.get(half + ": undeclared UTF-8").count(p.language(),
                        BROWSER.decode(utf8, "text/html").text().equals(p.html()));
                boolean r = CHECKED.decode(utf8, "text/html; charset=windows-1252").text().equals(p.html());
                tallies.get(half + ": UTF-8 behind charset=windows-1252, checked").count(p.language(), r);
                if (!r && verbose) System.out.println("  miss " + half + " utf-8 as windows-1252: " + what);
                byte[] broken = new byte[utf8.length + 2];
                int a = utf8.length / 3;
                int b = 2 * utf8.length / 3;
                System.arraycopy(utf8, 0, broken, 0, a);
                broken[a] = (byte) 0xFF;
                System.arraycopy(utf8, a, broken, a + 1, b - a);
                broken[b + 1] = (byte) 0xFF;
                System.arraycopy(utf8, b, broken, b + 2, utf8.length - b);
                String browser = BROWSER.decode(broken, "text/html; charset=utf-8").text();
                tallies.get(half + ": control: UTF-8 with 2 broken, checked").count(p.language(),
                        CHECKED.decode(broken, "text/html; charset=utf-8").text().equals(browser));
                byte[] whole = onlyTwoNonAscii(p.html()).getBytes(StandardCharsets.UTF_8);
                String author = BROWSER.decode(whole, "text/html; charset=utf-8").text();
                for (Breakage how : Breakage.values()) {
                    byte[] onlyTwo = how.breakEach(whole);
                    // unchanged, or the author's text: a two-byte sequence of U+00A0-U+00BF that
                    // lost its lead leaves the byte windows-1252 writes the same symbol with ("«")
                    String checked = CHECKED.decode(onlyTwo, "text/html; charset=utf-8").text();
                    boolean same = checked.equals(BROWSER.decode(onlyTwo, "text/html; charset=utf-8").text())
                            || checked.equals(author);
                    tallies.get(half + ": control: UTF-8 whose only 2 non-ASCII characters are broken, checked")
                            .count(how.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '), same);
                    if (!same && verbose) System.out.println("  changed " + half + " " + how + ": " + what);
                }
            }
            boolean r = CHECKED.decode(legacy, "text/html; charset=utf-8").text().equals(p.html());
            tallies.get(half + ": legacy behind charset=utf-8, checked").count(p.encoding().name(), r);
            if (!r && verbose) System.out.println("  miss " + half + " legacy as utf-8: " + what);
            String declared = "text/html; charset=" + p.encoding().name();
            tallies.get(half + ": declared right, changed by checked").count(p.encoding().name(),
                    !CHECKED.decode(legacy, declared).text().equals(BROWSER.decode(legacy, declared).text()));
        }
        tallies.forEach((k, t) -> { if (!t.rows.isEmpty()) t.print(k); });
        System.out.println("\ndetector confidence, undeclared legacy pages decided by detection\n\n"
                + "| half, stated | guesses | mean stated | observed right | wrong |\n|---|---|---|---|---|");
        calibration.forEach((k, b) -> System.out.printf("| %s | %d | %.2f | %.2f | %d |%n", k, b[0], b[1] / 100.0 / b[0],
                (double) b[2] / b[0], b[0] - b[2]));
        if (only.equals("all")) markdown(tallies);
    }

    /** Each kind of page as a table of both halves: pages and right ones, by row. */
    private static void markdown(Map<String, Tally> tallies) {
        for (String key : tallies.keySet()) {
            if (!key.startsWith("dev: ")) continue;
            String kind = key.substring(5);
            Tally dev = tallies.get(key);
            Tally test = tallies.get("test: " + kind);
            System.out.println("\n" + kind + "\n\n| | dev pages | dev right | test pages | test right |\n|---|---|---|---|---|");
            java.util.TreeSet<String> keys = new java.util.TreeSet<>(dev.rows.keySet());
            keys.addAll(test.rows.keySet());
            int[] all = new int[4];
            for (String k : keys) {
                int[] d = dev.rows.getOrDefault(k, new int[2]);
                int[] t = test.rows.getOrDefault(k, new int[2]);
                System.out.printf("| %s | %d | %d | %d | %d |%n", k.strip(), d[0], d[1], t[0], t[1]);
                all[0] += d[0];
                all[1] += d[1];
                all[2] += t[0];
                all[3] += t[1];
            }
            System.out.printf("| **all** | %d | %d (%.1f%%) | %d | %d (%.1f%%) |%n", all[0], all[1], 100.0 * all[1] / Math.max(1, all[0]),
                    all[2], all[3], 100.0 * all[3] / Math.max(1, all[2]));
        }
    }
}
