package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.RealWebCorpus;
import io.github.jsoupcharset.decision.DecisionSource;
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

/**
 * Detection measured on real pages ({@link RealWebCorpus}, {@code ../shared/corpus/realweb}): every
 * undeclared page (nothing in its header, nothing in its markup) decoded as we decode it, against
 * the text Chromium shows. There is no ground truth; Chromium is a reference. Pages are split into
 * those our UTF-8 rule decides (valid UTF-8: Chromium shows them as windows-1252 by design, and is
 * wrong there), those where we and Chromium give the same text, and the disagreements outside the
 * UTF-8 rule. For a disagreement, a reviewed truth ({@code realweb-truth.tsv}: the page's text read
 * both ways by a person, one line of reason) says who gives the author's text.
 *
 * <p>Whole source repositories are held out as folds ({@link RealWebCorpus.Case#fold(int)},
 * {@link #FOLDS} of them): nothing in detection is fitted on this corpus, and the figures per fold
 * show whether a change helps on sources it was not looked at on.
 *
 * <p>Usage: {@code RealWebEvaluation}; {@code -Dverbose=true} lists the disagreements.
 */
public final class RealWebEvaluation {
    private RealWebEvaluation() {}

    /** The folds sources are split into. */
    static final int FOLDS = 5;

    private static final BrowserCharsetParser PARSER = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);

    /** What happened on one undeclared page. */
    enum Outcome {
        /** Decided by our UTF-8 rule (valid UTF-8), whatever Chromium shows. */
        UTF8_RULE,
        /** Our text is Chromium's. */
        AGREE,
        /** We differ from Chromium and the reviewed truth is ours. */
        OURS_RIGHT,
        /** We differ from Chromium and the reviewed truth is Chromium's. */
        CHROMIUM_RIGHT,
        /** We differ from Chromium and no reviewed truth says who is right (or neither is). */
        UNREVIEWED
    }

    /** One page's outcome, with what we decided and how sure we said we were. */
    record Result(RealWebCorpus.Case page, Outcome outcome, DecodedHtml ours, String chromiumText) {}

    /** The reviewed truths: id to WHATWG encoding name. */
    static Map<String, String> truths() {
        Map<String, String> m = new LinkedHashMap<>();
        try (InputStream in = RealWebEvaluation.class.getResourceAsStream("realweb-truth.tsv");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\t", 3);
                m.put(f[0], f[1]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return m;
    }

    /** The outcomes of every undeclared page with a Chromium decision. */
    static List<Result> results(List<RealWebCorpus.Case> cases) {
        Map<String, String> truths = truths();
        List<Result> out = new ArrayList<>();
        for (RealWebCorpus.Case c : cases) {
            if (!c.undeclared() || c.chromium().isEmpty()) continue;
            byte[] bytes = c.bytes();
            DecodedHtml ours = PARSER.decode(bytes, c.servedContentType());
            String chromium = PARSER.decode(bytes, "text/html; charset=" + c.chromium()).text();
            Outcome o;
            if (ours.decision().source() == DecisionSource.UTF8_VALIDITY) {
                o = Outcome.UTF8_RULE;
            } else if (ours.text().equals(chromium)) {
                o = Outcome.AGREE;
            } else {
                String truth = truths.get(c.id());
                String truthText = truth == null ? null : PARSER.decode(bytes, "text/html; charset=" + truth).text();
                o = truthText == null ? Outcome.UNREVIEWED : truthText.equals(ours.text()) ? Outcome.OURS_RIGHT
                        : truthText.equals(chromium) ? Outcome.CHROMIUM_RIGHT : Outcome.UNREVIEWED;
            }
            out.add(new Result(c, o, ours, chromium));
        }
        return out;
    }

    /** Counts of outcomes per fold (index {@link #FOLDS}: all). */
    static int[][] tally(List<Result> results) {
        int[][] t = new int[FOLDS + 1][Outcome.values().length];
        for (Result r : results) {
            t[r.page().fold(FOLDS)][r.outcome().ordinal()]++;
            t[FOLDS][r.outcome().ordinal()]++;
        }
        return t;
    }

    /** Prints the table per fold (markdown) and, with {@code -Dverbose=true}, the disagreements. */
    public static void main(String[] args) throws IOException {
        List<Result> results = results(RealWebCorpus.cases());
        int[][] t = tally(results);
        System.out.println("| fold | undeclared pages | UTF-8 rule | same text as Chromium | differ: ours right"
                + " | differ: Chromium right | differ: unreviewed |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int f = 0; f <= FOLDS; f++) {
            int[] row = t[f];
            int pages = 0;
            for (int v : row) pages += v;
            System.out.printf("| %s | %d | %d | %d | %d | %d | %d |%n", f == FOLDS ? "**all**" : String.valueOf(f), pages,
                    row[0], row[1], row[2], row[3], row[4]);
        }
        for (Result r : results) {
            if (r.outcome() == Outcome.UTF8_RULE || r.outcome() == Outcome.AGREE) continue;
            if (!Boolean.getBoolean("verbose") && r.outcome() == Outcome.OURS_RIGHT) continue;
            System.out.printf("%s\t%s\tfold %d\tours %s %s\tchromium %s\t%s%n", r.outcome(), r.page().id(),
                    r.page().fold(FOLDS), r.ours().decision().encoding().name(),
                    r.ours().decision().detectorConfidence(), r.page().chromium(), r.page().source());
        }
    }
}
