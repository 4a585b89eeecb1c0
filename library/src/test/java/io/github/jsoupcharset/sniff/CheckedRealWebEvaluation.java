package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.RealWebCorpus;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The checked mode on real pages ({@link RealWebCorpus}, served with their recorded Content-Type):
 * how many declared pages it changes, what each change was judged to be when the page was decoded
 * both ways and read ({@code checked-realweb-verdicts.tsv}: id, verdict, reason; a label per page,
 * never a rule), and how many browser mode reports as misdeclared and as possibly misdeclared; per
 * fold of source repositories ({@link RealWebCorpus.Case#fold(int)}).
 *
 * <p>Verdicts: {@code right} (the author's text), {@code right-encoding} (the bytes are in the
 * encoding chosen, but the text was damaged before it was encoded: double-encoded, a U+FFFD or a C1
 * control stored in it, so neither reading is the author's text), {@code unsure} (nothing visible
 * tells), {@code wrong}.
 *
 * <p>Usage: {@code CheckedRealWebEvaluation} with {@code -Djsoupcharset.shared=…}; {@code
 * -Dverbose=true} lists the pages changed and possibly misdeclared.
 */
public final class CheckedRealWebEvaluation {
    /** Source folds, as {@code RealWebCorpus} splits them. */
    static final int FOLDS = 5;

    private static final BrowserCharsetParser BROWSER = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);
    private static final BrowserCharsetParser CHECKED =
            BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));

    private CheckedRealWebEvaluation() {}

    /** One declared page decoded both ways. */
    record Outcome(RealWebCorpus.Case page, DecodedHtml browser, DecodedHtml checked) {
        boolean changed() {
            return !browser.text().equals(checked.text());
        }
    }

    /** A reviewed change. */
    record Verdict(String id, String verdict, String reason) {}

    /** Per fold: declared pages, changed by checked mode, misdeclared and possibly misdeclared in browser mode. */
    static final class Row {
        int declared;
        int changed;
        int misdeclared;
        int possibly;
        final Map<String, Integer> verdicts = new TreeMap<>();
    }

    /** Whether a declaration decided the page in browser mode (header, meta, XML declaration). */
    static boolean declared(EncodingDecision d) {
        return d.source() == DecisionSource.HTTP_HEADER || d.source() == DecisionSource.META_PRESCAN
                || d.source() == DecisionSource.LATE_META || d.source() == DecisionSource.XML_DECLARATION;
    }

    /** Every page a declaration decides, decoded in both modes. */
    static List<Outcome> outcomes(List<RealWebCorpus.Case> cases) {
        List<Outcome> out = new ArrayList<>();
        for (RealWebCorpus.Case c : cases) {
            byte[] body = c.bytes();
            DecodedHtml browser = BROWSER.decode(body, c.servedContentType());
            if (!declared(browser.decision())) continue;
            out.add(new Outcome(c, browser, CHECKED.decode(body, c.servedContentType())));
        }
        return out;
    }

    /** The reviewed verdicts, by id. */
    static Map<String, Verdict> verdicts() {
        Map<String, Verdict> m = new LinkedHashMap<>();
        try (InputStream in = CheckedRealWebEvaluation.class.getResourceAsStream("checked-realweb-verdicts.tsv");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\t", 3);
                m.put(f[0], new Verdict(f[0], f[1], f.length > 2 ? f[2] : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return m;
    }

    /** The rows per fold (and {@code all}). */
    static Map<String, Row> rows(List<Outcome> outcomes, Map<String, Verdict> verdicts) {
        Map<String, Row> rows = new TreeMap<>();
        for (Outcome o : outcomes) {
            for (String key : List.of("fold " + o.page().fold(FOLDS), "all")) {
                Row r = rows.computeIfAbsent(key, k -> new Row());
                r.declared++;
                if (o.browser().decision().misdeclared()) r.misdeclared++;
                if (o.browser().decision().possiblyMisdeclared()) r.possibly++;
                if (o.changed()) {
                    r.changed++;
                    Verdict v = verdicts.get(o.page().id());
                    r.verdicts.merge(v == null ? "unreviewed" : v.verdict(), 1, Integer::sum);
                }
            }
        }
        return rows;
    }

    /** The table as DETECTION.md shows it. */
    static String markdown(Map<String, Row> rows) {
        StringBuilder b = new StringBuilder("| fold | declared pages | changed by checked mode | reviewed: right / right encoding, "
                + "damaged text / unsure / wrong | misdeclared (browser mode) | possibly misdeclared |\n|---|---|---|---|---|---|\n");
        rows.forEach((k, r) -> b.append("| ").append(k).append(" | ").append(r.declared).append(" | ").append(r.changed)
                .append(" | ").append(r.verdicts.getOrDefault("right", 0)).append(" / ")
                .append(r.verdicts.getOrDefault("right-encoding", 0)).append(" / ").append(r.verdicts.getOrDefault("unsure", 0))
                .append(" / ").append(r.verdicts.getOrDefault("wrong", 0))
                .append(r.verdicts.containsKey("unreviewed") ? " (" + r.verdicts.get("unreviewed") + " unreviewed)" : "")
                .append(" | ").append(r.misdeclared).append(" | ").append(r.possibly).append(" |\n"));
        return b.toString();
    }

    /**
     * Prints the table; with {@code -Dverbose=true} each page changed (with its verdict) or possibly
     * misdeclared.
     *
     * @param args unused
     * @throws IOException if the corpus cannot be read
     */
    public static void main(String[] args) throws IOException {
        List<Outcome> outcomes = outcomes(RealWebCorpus.cases());
        Map<String, Verdict> verdicts = verdicts();
        System.out.print(markdown(rows(outcomes, verdicts)));
        if (!Boolean.getBoolean("verbose")) return;
        for (Outcome o : outcomes) {
            EncodingDecision d = o.browser().decision();
            if (o.changed()) {
                Verdict v = verdicts.get(o.page().id());
                System.out.println("changed " + o.page().id() + " fold " + o.page().fold(FOLDS) + " "
                        + (v == null ? "UNREVIEWED" : v.verdict() + ": " + v.reason()) + "\n    " + o.checked().decision());
            } else if (d.possiblyMisdeclared()) {
                System.out.println("possibly " + o.page().id() + " fold " + o.page().fold(FOLDS) + "\n    " + d);
            }
        }
    }
}
