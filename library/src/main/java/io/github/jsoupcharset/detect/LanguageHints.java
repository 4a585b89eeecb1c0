package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The hints a browser weighs beside the bytes: the URL's top-level domain (Firefox's detector
 * favours Japanese encodings under {@code .jp}, Cyrillic ones under {@code .ru}, …), the
 * {@code Content-Language} header and the page's {@code <html lang>}. Each becomes the languages
 * detection knows ({@link Candidates}: {@code ja}, {@code ru}, {@code zh_Hant}, …). They only
 * break ties ({@link #breakTie}): a candidate written in a hinted language is preferred to a leader
 * that is not only when its score is within {@link #TIE} (or {@link #TIE_SHARE} of the leader's)
 * of the leader's. Internal; stateless.
 */
public final class LanguageHints {
    private LanguageHints() {}

    /** A hinted candidate wins over the leader only within this many points of its score, or this share of it (the larger). */
    static final double TIE = 2;
    static final double TIE_SHARE = 0.01;

    /** Top-level domains whose pages are mostly in one set of languages (the languages detection knows). */
    private static final Map<String, List<String>> TLDS = Map.ofEntries(
            Map.entry("jp", List.of("ja")), Map.entry("cn", List.of("zh")), Map.entry("tw", List.of("zh_Hant")),
            Map.entry("hk", List.of("zh_Hant")), Map.entry("mo", List.of("zh_Hant")), Map.entry("kr", List.of("ko")),
            Map.entry("ru", List.of("ru")), Map.entry("su", List.of("ru")), Map.entry("by", List.of("be", "ru")),
            Map.entry("ua", List.of("uk", "ru")), Map.entry("bg", List.of("bg")), Map.entry("rs", List.of("sr")),
            Map.entry("mk", List.of("mk")), Map.entry("kz", List.of("ru")), Map.entry("gr", List.of("el")),
            Map.entry("cy", List.of("el")), Map.entry("il", List.of("he")), Map.entry("th", List.of("th")),
            Map.entry("tr", List.of("tr")), Map.entry("az", List.of("az")), Map.entry("vn", List.of("vi")),
            Map.entry("pl", List.of("pl")), Map.entry("cz", List.of("cs")), Map.entry("sk", List.of("sk")),
            Map.entry("hu", List.of("hu")), Map.entry("si", List.of("sl")), Map.entry("hr", List.of("hr")),
            Map.entry("ro", List.of("ro")), Map.entry("ba", List.of("bs", "hr", "sr")), Map.entry("al", List.of("sq")),
            Map.entry("lt", List.of("lt")), Map.entry("lv", List.of("lv")), Map.entry("ee", List.of("et")),
            Map.entry("sa", List.of("ar")), Map.entry("eg", List.of("ar")), Map.entry("ae", List.of("ar")),
            Map.entry("iq", List.of("ar")), Map.entry("jo", List.of("ar")), Map.entry("ma", List.of("ar")),
            Map.entry("dz", List.of("ar")), Map.entry("ir", List.of("fa")), Map.entry("pk", List.of("ur")),
            Map.entry("de", List.of("de")), Map.entry("at", List.of("de")), Map.entry("fr", List.of("fr")),
            Map.entry("es", List.of("es")), Map.entry("it", List.of("it")), Map.entry("pt", List.of("pt")),
            Map.entry("br", List.of("pt")), Map.entry("nl", List.of("nl")), Map.entry("se", List.of("sv")),
            Map.entry("dk", List.of("da")), Map.entry("no", List.of("nb")), Map.entry("fi", List.of("fi")),
            Map.entry("is", List.of("is")));

    /**
     * The languages hinted by a URL's top-level domain and a {@code Content-Language} header value
     * (either may be null), in that order, without repeats; empty when neither says anything
     * detection knows.
     */
    public static List<String> of(String url, String contentLanguage) {
        Set<String> hints = new LinkedHashSet<>();
        if (contentLanguage != null) {
            for (String tag : contentLanguage.split(",")) {
                String language = language(tag.trim());
                if (language != null) hints.add(language);
            }
        }
        String tld = topLevelDomain(url);
        if (tld != null) hints.addAll(TLDS.getOrDefault(tld, List.of()));
        return List.copyOf(hints);
    }

    /** The language detection knows for a BCP 47 tag ("zh-TW" and "zh-Hant" are zh_Hant, "pt-BR" pt), or null. */
    static String language(String tag) {
        if (tag.isEmpty()) return null;
        String t = tag.replace('_', '-').toLowerCase(Locale.ROOT);
        String[] parts = t.split("-");
        String primary = parts[0];
        if (primary.equals("zh")) {
            for (String p : parts) {
                if (p.equals("hant") || p.equals("tw") || p.equals("hk") || p.equals("mo")) return "zh_Hant";
            }
            return "zh";
        }
        if (primary.equals("no") || primary.equals("nn")) primary = "nb";
        if (primary.equals("iw")) primary = "he";
        return Exemplars.SETS.containsKey(primary) ? primary : null;
    }

    /** The last label of a URL's host, lower-cased, or null. */
    static String topLevelDomain(String url) {
        if (url == null) return null;
        try {
            String host = java.net.URI.create(url.trim()).getHost();
            if (host == null || host.isEmpty()) return null;
            if (host.endsWith(".")) host = host.substring(0, host.length() - 1);
            int dot = host.lastIndexOf('.');
            if (dot < 0) return null;
            return host.substring(dot + 1).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return null; // not a URL: no hint
        }
    }

    /**
     * The language of the page's root element, {@code <html lang=…>} (or {@code xml:lang}), read
     * from the first {@code <html} start tag in the first {@code limit} bytes; null if none or not
     * one detection knows.
     */
    static String htmlLang(byte[] b, int off, int len, int limit) {
        int end = off + Math.min(len, limit);
        for (int i = AsciiBytes.indexOfIgnoringAsciiCase(b, off, end, "<html"); i >= 0 && i + 5 < end; ) {
            if (AsciiBytes.isAsciiLetter(b[i + 5])) {
                i = AsciiBytes.indexOfIgnoringAsciiCase(b, i + 5, end, "<html");
                continue;
            }
            int close = AsciiBytes.indexOf(b, i, end, (byte) '>');
            int tagEnd = close < 0 ? end : close;
            int at = AsciiBytes.indexOfIgnoringAsciiCase(b, i, tagEnd, "lang");
            while (at >= 0) {
                // "lang" as an attribute name (also xml:lang), then =, then the value
                int k = at + 4;
                boolean nameStart = at > 0 && (b[at - 1] == ' ' || b[at - 1] == ':' || b[at - 1] == '\t' || b[at - 1] == '\n');
                while (k < tagEnd && (b[k] == ' ' || b[k] == '\t')) k++;
                if (nameStart && k < tagEnd && b[k] == '=') {
                    k++;
                    while (k < tagEnd && (b[k] == ' ' || b[k] == '\t')) k++;
                    byte quote = k < tagEnd && (b[k] == '"' || b[k] == '\'') ? b[k++] : 0;
                    int v = k;
                    while (k < tagEnd && b[k] != quote && (quote != 0 || b[k] != ' ' && b[k] != '/')) k++;
                    return language(AsciiBytes.latin1(b, v, k).trim());
                }
                at = AsciiBytes.indexOfIgnoringAsciiCase(b, at + 4, tagEnd, "lang");
            }
            return null;
        }
        return null;
    }

    /**
     * The ranking with a hint applied: if the leader is written in none of the {@code hints}
     * languages and a candidate that is comes within {@link #TIE} (or {@link #TIE_SHARE} of the
     * leader's score, the larger) of it, the best such candidate leads and the old leader is
     * second. Otherwise the ranking as it was. Never more than a tie-break.
     */
    static List<Ranking.Scored> breakTie(List<Ranking.Scored> ranked, List<String> hints) {
        if (hints.isEmpty() || ranked.size() < 2) return ranked;
        Ranking.Scored leader = ranked.get(0);
        if (writtenIn(Candidates.of(leader.encoding()), hints)) return ranked;
        double tie = Math.max(TIE, TIE_SHARE * Math.abs(leader.score()));
        for (int i = 1; i < ranked.size(); i++) {
            Ranking.Scored c = ranked.get(i);
            if (c.score() < leader.score() - tie) break;
            if (!writtenIn(Candidates.of(c.encoding()), hints)) continue;
            List<Ranking.Scored> result = new ArrayList<>(ranked);
            result.remove(i);
            result.add(0, c);
            return result;
        }
        return ranked;
    }

    private static boolean writtenIn(Candidate c, List<String> hints) {
        for (String language : c.languages()) {
            if (hints.contains(language)) return true;
        }
        return false;
    }
}
