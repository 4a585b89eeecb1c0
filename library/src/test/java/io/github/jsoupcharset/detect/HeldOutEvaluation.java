package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.detect.TextEvidence.Weights;
import io.github.jsoupcharset.encoding.Encoding;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Detection measured on pages held out from everything fitted on the development set ({@link
 * DetectionCorpus}): leave-one-source-out (a site's pages in every encoding it appears in, or one
 * test suite's strings, are held out together: the same text in KOI8-R and windows-1251 is one
 * source) and leave-one-language-out.
 *
 * <p>What is fitted on the corpus, and how a fold refits it:
 * <ul>
 *   <li>the confidence's calibration ({@link Calibration}: three coefficients of a logistic model,
 *       fitted on whole and cut pages): refitted on the other folds' pages, and the reliability of
 *       the held-out fold's probabilities measured;</li>
 *   <li>the scoring's hand-set weights (implausible shapes 3, C1 controls 5, ICU4J's opinion 0.2
 *       of the letters, the priors by prevalence): chosen again per fold, by the most pages right
 *       on the other folds, from a grid around them (each weight ×½, ×1, ×2), and the held-out
 *       fold decided with the fold's choice. Scores are recomputed from each candidate's parts on
 *       all the evidence with ICU4J asked for every candidate ({@code Ranking.rank}'s exhaustive
 *       form), which the tool checks decides every page as the detector does;</li>
 *   <li>the stage-two shortcut's threshold (a settled lead) was set on the corpus: the tool counts
 *       the pages where the shortcut's winner differs from the exhaustive one's.</li>
 * </ul>
 * The exemplar sets, character properties and ICU4J's n-gram models are not fitted on the corpus.
 *
 * <p>Usage: {@code HeldOutEvaluation} prints, per family, the pages right on the corpus and on the
 * held-out folds (source and language), and the calibration's reliability on the held-out folds.
 */
public final class HeldOutEvaluation {
    private HeldOutEvaluation() {}

    /** The family of a true encoding, as DETECTION.md's tables group them. */
    static String family(Encoding e) {
        return switch (e.name()) {
            case "ISO-8859-6", "windows-1256" -> "Arabic";
            case "ISO-8859-2", "windows-1250" -> "Central European";
            case "GBK", "gb18030" -> "Chinese (simplified)";
            case "Big5" -> "Chinese (traditional)";
            case "IBM866", "ISO-8859-5", "KOI8-R", "KOI8-U", "windows-1251", "x-mac-cyrillic" -> "Cyrillic";
            case "ISO-8859-7", "windows-1253" -> "Greek";
            case "ISO-8859-8", "windows-1255" -> "Hebrew";
            case "EUC-JP", "ISO-2022-JP", "Shift_JIS" -> "Japanese";
            case "EUC-KR" -> "Korean";
            case "windows-874" -> "Thai";
            case "windows-1254" -> "Turkish";
            case "UTF-8" -> "Unicode";
            default -> "Western";
        };
    }

    /**
     * The page's source: the site its file is named after (without a numbered variant's {@code
     * .2}), or the test suite its strings come from ({@code _ude_}, {@code _mozilla_}, {@code
     * _chromium_}), across every encoding folder.
     */
    static String source(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (name.startsWith("_ude_")) return "ude";
        if (name.startsWith("_mozilla_")) return "mozilla";
        if (name.startsWith("_chromium_")) return "chromium";
        name = name.replaceFirst("\\.(xml|html|txt|srt)$", "").replaceFirst("\\.\\d+$", "");
        return name;
    }

    /** The page's language: its folder's suffix, or the one language of its encoding's family. */
    static String language(String path, Encoding truth) {
        String folder = path.split("/")[1];
        int dash = folder.lastIndexOf('-');
        if (dash > 0) {
            String suffix = folder.substring(dash + 1);
            if (suffix.chars().allMatch(Character::isLetter) && suffix.length() > 3 && !suffix.equals("sig")) return suffix;
        }
        return switch (family(truth)) {
            case "Japanese" -> "japanese";
            case "Korean" -> "korean";
            case "Chinese (simplified)", "Chinese (traditional)" -> "chinese";
            case "Cyrillic" -> "russian";
            case "Thai" -> "thai";
            case "Unicode" -> "utf-8 (several)";
            default -> "western (several)";
        };
    }

    /** The grid of weights tried around those in use ({@link Weights#DEFAULT}): each ×½, ×1, ×2 (the errors' weight kept). */
    static List<Weights> weightGrid() {
        Weights d = Weights.DEFAULT;
        List<Weights> grid = new ArrayList<>();
        for (double a : new double[] {0.5, 1, 2}) {
            for (double b : new double[] {0.5, 1, 2}) {
                for (double i : new double[] {0.5, 1, 2}) {
                    for (double p : new double[] {0.5, 1, 2}) {
                        grid.add(new Weights(d.implausible() * a, d.c1() * b, d.error(), d.icu() * i, d.prior() * p));
                    }
                }
            }
        }
        return grid;
    }

    /** One page: its keys, and per candidate its parts on all the evidence, ICU4J's confidence and whether it decodes the page right. */
    record Page(DetectionCorpus.Case c, String family, String source, String language, boolean detectorRight,
            boolean shortcutAgrees, List<Candidates.Candidate> candidates, List<TextEvidence.Parts> parts, int[] icu,
            boolean[] right) {
        /** Whether the candidate the weights rank first decodes the page right (the first in candidate order on a tie). */
        boolean right(Weights w) {
            int best = -1;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < candidates.size(); i++) {
                double s = parts.get(i).score(candidates.get(i), icu[i], w);
                if (s > bestScore) {
                    bestScore = s;
                    best = i;
                }
            }
            return right[best];
        }
    }

    static List<Page> pages(List<DetectionCorpus.Case> cases) {
        List<Page> pages = new ArrayList<>();
        for (DetectionCorpus.Case c : cases) {
            String truth = DetectionEvaluation.truthText(c);
            boolean detectorRight = truth.equals(BrowserCharsetJsoup.decode(c.bytes(), "text/html").text());
            String family = family(c.truth());
            if (Detector.utf8Validity(c.bytes(), 0, c.bytes().length, true) != Detector.Utf8.INVALID) {
                // decided by UTF-8 validity or as ASCII: nothing fitted takes part
                pages.add(new Page(c, family, source(c.path()), language(c.path(), c.truth()), detectorRight, true,
                        null, null, null, null));
                continue;
            }
            byte[] text = Detector.evidenceWindow(c.bytes(), 0, c.bytes().length);
            String truthOfText = Decoders.decodeToString(c.truth().name(), text, 0, text.length);
            Map<Encoding, Integer> icu = IcuOpinion.confidences(text, text.length, null);
            List<Candidates.Candidate> candidates = Candidates.ALL;
            List<TextEvidence.Parts> parts = new ArrayList<>();
            int[] icuOf = new int[candidates.size()];
            boolean[] right = new boolean[candidates.size()];
            for (int i = 0; i < candidates.size(); i++) {
                Candidates.Candidate cand = candidates.get(i);
                String decoded = Decoders.decodeToString(cand.encoding().name(), text, 0, text.length);
                long errors = decoded.chars().filter(ch -> ch == 0xFFFD).count();
                parts.add(TextEvidence.parts(decoded.toCharArray(), decoded.length(), errors, cand));
                icuOf[i] = icu.getOrDefault(cand.encoding(), 0);
                // right when it decodes the page as the true encoding does
                right[i] = decoded.equals(truthOfText) && truth.equals(
                        BrowserCharsetJsoup.decode(c.bytes(), "text/html; charset=" + cand.encoding().name()).text());
            }
            List<Ranking.Scored> fast = Ranking.rank(text, text.length);
            List<Ranking.Scored> all = Ranking.rank(text, text.length, true);
            boolean agrees = Decoders.decodeToString(fast.get(0).encoding().name(), text, 0, text.length)
                    .equals(Decoders.decodeToString(all.get(0).encoding().name(), text, 0, text.length));
            pages.add(new Page(c, family, source(c.path()), language(c.path(), c.truth()), detectorRight, agrees,
                    candidates, parts, icuOf, right));
        }
        return pages;
    }

    private static boolean right(Page p, Weights w) {
        return p.candidates() == null ? p.detectorRight() : p.right(w);
    }

    /** Per family, the pages right when each fold (by {@code key}) is decided with the weights chosen on the others. */
    static Map<String, int[]> heldOut(List<Page> pages, Function<Page, String> key, Map<String, Weights> chosen) {
        List<Weights> grid = weightGrid();
        Map<String, List<Page>> folds = new TreeMap<>();
        for (Page p : pages) folds.computeIfAbsent(key.apply(p), k -> new ArrayList<>()).add(p);
        // per page and weights: right or not
        Map<Page, boolean[]> rightBy = new LinkedHashMap<>();
        for (Page p : pages) {
            boolean[] r = new boolean[grid.size()];
            for (int g = 0; g < grid.size(); g++) r[g] = right(p, grid.get(g));
            rightBy.put(p, r);
        }
        int[] total = new int[grid.size()];
        for (boolean[] r : rightBy.values()) for (int g = 0; g < r.length; g++) if (r[g]) total[g]++;
        Map<String, int[]> byFamily = new TreeMap<>();
        int defaultIndex = grid.indexOf(Weights.DEFAULT);
        for (Map.Entry<String, List<Page>> fold : folds.entrySet()) {
            int[] training = total.clone();
            for (Page p : fold.getValue()) {
                boolean[] r = rightBy.get(p);
                for (int g = 0; g < r.length; g++) if (r[g]) training[g]--;
            }
            int best = defaultIndex; // the weights in use win a tie
            for (int g = 0; g < grid.size(); g++) if (training[g] > training[best]) best = g;
            chosen.put(fold.getKey(), grid.get(best));
            for (Page p : fold.getValue()) {
                int[] row = byFamily.computeIfAbsent(p.family(), f -> new int[2]);
                row[0]++;
                if (rightBy.get(p)[best]) row[1]++;
            }
        }
        return byFamily;
    }

    public static void main(String[] args) throws IOException {
        Path corpus = Paths.get(System.getProperty("jsoupcharset.shared", "../shared"), "corpus/chardet");
        List<Page> pages = pages(DetectionCorpus.load(corpus));
        long offlineDiffers = pages.stream().filter(p -> p.candidates() != null
                && p.right(Weights.DEFAULT) != p.detectorRight()).count();
        long shortcutDiffers = pages.stream().filter(p -> !p.shortcutAgrees()).count();
        System.out.println("pages: " + pages.size() + "; the exhaustive scores with the weights in use decide "
                + (pages.size() - offlineDiffers) + " as the detector does; the stage-two shortcut changes the text of "
                + shortcutDiffers);
        Map<String, Weights> bySource = new TreeMap<>();
        Map<String, Weights> byLanguage = new TreeMap<>();
        Map<String, int[]> source = heldOut(pages, Page::source, bySource);
        Map<String, int[]> language = heldOut(pages, Page::language, byLanguage);
        Map<String, int[]> corpusRight = new TreeMap<>();
        for (Page p : pages) {
            int[] row = corpusRight.computeIfAbsent(p.family(), f -> new int[2]);
            row[0]++;
            if (p.detectorRight()) row[1]++;
        }
        System.out.println("\n| family | pages | corpus | held out by source | held out by language |");
        System.out.println("|---|---|---|---|---|");
        int[] sum = new int[4];
        for (String f : corpusRight.keySet()) {
            int[] c = corpusRight.get(f);
            System.out.printf("| %s | %d | %d | %d | %d |%n", f, c[0], c[1], source.get(f)[1], language.get(f)[1]);
            sum[0] += c[0];
            sum[1] += c[1];
            sum[2] += source.get(f)[1];
            sum[3] += language.get(f)[1];
        }
        System.out.printf("| **all** | %d | %d (%.1f%%) | %d (%.1f%%) | %d (%.1f%%) |%n", sum[0], sum[1],
                100.0 * sum[1] / sum[0], sum[2], 100.0 * sum[2] / sum[0], sum[3], 100.0 * sum[3] / sum[0]);
        System.out.println("\nfolds: " + bySource.size() + " sources, " + byLanguage.size() + " languages; folds whose"
                + " weights chosen on the others differ from those in use: by source "
                + bySource.values().stream().filter(w -> !w.equals(Weights.DEFAULT)).count() + ", by language "
                + byLanguage.values().stream().filter(w -> !w.equals(Weights.DEFAULT)).count());
        if (Boolean.getBoolean("verbose")) {
            bySource.forEach((k, w) -> { if (!w.equals(Weights.DEFAULT)) System.out.println("  source " + k + ": " + w); });
            byLanguage.forEach((k, w) -> { if (!w.equals(Weights.DEFAULT)) System.out.println("  language " + k + ": " + w); });
            for (Page p : pages) if (!p.detectorRight()) System.out.println("  miss: " + p.c().path());
            for (Page p : pages) {
                if (p.candidates() == null || p.right(Weights.DEFAULT) == p.detectorRight()) continue;
                byte[] text = Detector.evidenceWindow(p.c().bytes(), 0, p.c().bytes().length);
                List<Ranking.Scored> r = Ranking.rank(text, text.length, true);
                System.out.println("  offline differs: " + p.c().path() + " exhaustive " + r.subList(0, 3));
            }
        }
        System.out.println("\nweights of the grid (" + weightGrid().size() + ") that decide as many corpus pages right as"
                + " those in use: " + weightGrid().stream().filter(w -> pages.stream().filter(p -> right(p, w)).count()
                        == pages.stream().filter(p -> right(p, Weights.DEFAULT)).count()).count());
        transcoded(DetectionCorpus.load(corpus));
        calibration(DetectionCorpus.load(corpus));
    }

    /**
     * The corpus's text in the encodings it lacks, where the issue's misses were: each page whose
     * text the other encoding of its script writes in full, written in it (Western pages as
     * ISO-8859-15, Central European ones in the other of ISO-8859-2 and windows-1250, Greek as
     * windows-1253, Hebrew as ISO-8859-8), and CJK pages cut to their first few dozen characters.
     * The distinctions between these encodings were never tuned on them.
     */
    static void transcoded(List<DetectionCorpus.Case> cases) {
        Map<String, int[]> rows = new TreeMap<>();
        for (DetectionCorpus.Case c : cases) {
            String text = DetectionEvaluation.truthText(c);
            String page = new String(c.bytes(), c.truth().charset()); // the undeclared page, markup and all
            List<Encoding> targets = switch (c.truth().name()) {
                case "windows-1252" -> List.of(Encoding.ISO_8859_15);
                case "ISO-8859-2" -> List.of(Encoding.WINDOWS_1250);
                case "windows-1250" -> List.of(Encoding.ISO_8859_2);
                case "ISO-8859-7" -> List.of(Encoding.WINDOWS_1253);
                case "windows-1255" -> List.of(Encoding.ISO_8859_8);
                default -> List.of();
            };
            for (Encoding target : targets) {
                java.nio.charset.CharsetEncoder enc = target.charset().newEncoder()
                        .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
                if (!enc.canEncode(page)) continue;
                byte[] bytes = page.getBytes(target.charset());
                if (java.util.Arrays.equals(bytes, c.bytes())) continue; // no byte differs: nothing to tell apart
                io.github.jsoupcharset.DecodedHtml got = BrowserCharsetJsoup.decode(bytes, "text/html");
                if (!count(rows, c.truth().name() + " text as " + target.name(), text, got.text())
                        && Boolean.getBoolean("verbose")) {
                    System.out.println("  transcoded miss: " + c.path() + " as " + target.name() + ": " + got.decision());
                }
            }
            if (family(c.truth()).startsWith("Chinese") || family(c.truth()).equals("Japanese")
                    || family(c.truth()).equals("Korean")) {
                if (c.truth() == Encoding.ISO_2022_JP) continue;
                // its text (markup left out) up to its 10th, 20th, 40th non-ASCII character, in a page of its own
                String body = org.jsoup.Jsoup.parse(text).text();
                for (int characters : new int[] {10, 20, 40}) {
                    String shortPage = shortPage(body, characters);
                    if (shortPage == null) continue;
                    byte[] bytes = shortPage.getBytes(c.truth().charset());
                    io.github.jsoupcharset.DecodedHtml got = BrowserCharsetJsoup.decode(bytes, "text/html");
                    String key = String.format("%s cut to %02d characters", family(c.truth()), characters);
                    if (!count(rows, key, shortPage, got.text()) && Boolean.getBoolean("verbose")) {
                        System.out.println("  short miss: " + c.path() + " (" + characters + "): " + got.decision());
                    }
                }
            }
        }
        System.out.println("\n| the corpus's text | pages | right |");
        System.out.println("|---|---|---|");
        rows.forEach((k, r) -> System.out.printf("| %s | %d | %d |%n", k, r[0], r[1]));
    }

    /** A page of {@code text} up to its {@code characters}-th non-ASCII character, or null if it has fewer. */
    static String shortPage(String text, int characters) {
        int seen = 0;
        int end = 0;
        while (end < text.length() && seen < characters) if (text.charAt(end++) >= 0x80) seen++;
        if (seen < characters) return null;
        return "<!DOCTYPE html><html><body><p>" + text.substring(0, end) + "</p></body></html>";
    }

    private static boolean count(Map<String, int[]> rows, String key, String truth, String got) {
        int[] row = rows.computeIfAbsent(key, k -> new int[2]);
        row[0]++;
        if (truth.equals(got)) row[1]++;
        return truth.equals(got);
    }

    /** The calibration refitted per fold and measured on the fold. */
    static void calibration(List<DetectionCorpus.Case> cases) {
        List<ConfidenceCalibration.Sample> all = ConfidenceCalibration.samples(cases);
        for (String how : List.of("source", "language")) {
            ConfidenceCalibration.print("calibration held out by " + how + " (refitted without the fold)",
                    heldOutCalibration(cases, all, how.equals("source")));
        }
        ConfidenceCalibration.print("calibration in use, all samples (fitted on half of them)", all);
    }

    /**
     * The calibration samples ({@link ConfidenceCalibration#samples}), each with the model fitted
     * without its fold: by source, or by language.
     */
    static List<ConfidenceCalibration.Sample> heldOutCalibration(List<DetectionCorpus.Case> cases,
            List<ConfidenceCalibration.Sample> all, boolean bySource) {
        Map<String, Encoding> truths = new java.util.HashMap<>();
        for (DetectionCorpus.Case c : cases) truths.put(c.path(), c.truth());
        Map<String, List<Integer>> folds = new TreeMap<>();
        for (int i = 0; i < all.size(); i++) {
            String path = all.get(i).path();
            folds.computeIfAbsent(bySource ? source(path) : language(path, truths.get(path)), k -> new ArrayList<>()).add(i);
        }
        List<ConfidenceCalibration.Sample> heldOut = new ArrayList<>();
        for (List<Integer> fold : folds.values()) {
            java.util.Set<Integer> in = new java.util.HashSet<>(fold);
            List<ConfidenceCalibration.Sample> training = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) if (!in.contains(i)) training.add(all.get(i));
            double[] w = ConfidenceCalibration.fit(training);
            for (int i : fold) heldOut.add(all.get(i).withModel(w));
        }
        return heldOut;
    }
}
