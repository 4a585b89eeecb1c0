package io.github.jsoupcharset.tika;

import io.github.jsoupcharset.compare.ComparisonKey;
import io.github.jsoupcharset.encoding.Encoding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Compares encoding-detector chains on the same pages: a chain reads a page (bytes and transport
 * Content-Type) into text, as Tika's parsers do ({@code AutoDetectReader} with the chain), and is
 * right on a page when that text is the browser's (compared by {@link ComparisonKey}, so that the
 * JDK's charsets and the Encoding Standard's may differ on look-alike characters). Knows nothing of
 * Tika: each Tika version's tests hand it their chains.
 */
public final class ChainComparison {
    private ChainComparison() {}

    /** A chain of encoding detectors, as Tika reads a page through it. */
    @FunctionalInterface
    public interface Chain {
        /**
         * The page's whole text as the chain decodes it.
         *
         * @param bytes the page
         * @param contentType the transport's Content-Type, or null
         * @return the text
         * @throws Exception if Tika throws
         */
        String read(byte[] bytes, String contentType) throws Exception;
    }

    /**
     * A page of the comparison and the text the browser shows for it.
     *
     * @param group the row it is counted in
     * @param name what it is
     * @param bytes the page
     * @param contentType the transport's Content-Type, or null
     * @param expected the browser's text (or a part of it, for {@code whole == false})
     * @param whole whether the chain's text must be {@code expected} (else contain it)
     */
    public record Case(String group, String name, byte[] bytes, String contentType, String expected, boolean whole) {}

    /** The built pages as cases, grouped by form. */
    public static List<Case> builtCases() {
        List<Case> cases = new ArrayList<>();
        for (Pages.Page p : Pages.all()) {
            cases.add(new Case(p.group(), p.name(), p.bytes(), p.contentType(), p.text(), false));
        }
        return cases;
    }

    /**
     * The HTML pages, XML documents (feeds) and texts of the shared chardet corpus in an
     * ASCII-compatible WHATWG encoding, served as HTML without a transport charset (texts inside a
     * minimal page), as they are: with whatever declaration they carry, right or wrong. What the
     * browser shows is taken to be the body decoded in its true encoding.
     *
     * @param corpus the corpus folder ({@code shared/corpus/chardet})
     * @return the cases, grouped as "corpus html", "corpus xml" and "corpus text"
     */
    public static List<Case> corpusCases(Path corpus) {
        List<Case> cases = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(corpus.resolve("MANIFEST.tsv"))) {
                String[] f = line.split("\t", -1);
                if (f.length < 6 || f[0].equals("path")) continue;
                Optional<Encoding> truth = Encoding.forLabel(f[2]);
                String kind = f[5];
                if (truth.isEmpty() || !truth.get().isAsciiCompatible() || truth.get() == Encoding.REPLACEMENT) continue;
                if (!kind.equals("html") && !kind.equals("text") && !kind.equals("xml")) continue;
                byte[] body = Files.readAllBytes(corpus.resolve(f[0]));
                byte[] page = kind.equals("text") ? wrap(body) : body;
                String expected = new String(page, truth.get().charset());
                cases.add(new Case("corpus " + kind, f[0] + " (" + truth.get().name() + ")", page, null, expected, true));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    private static byte[] wrap(byte[] text) {
        byte[] head = Pages.ascii("<!DOCTYPE html>\n<html><head><title>text</title></head><body><pre>\n");
        byte[] tail = Pages.ascii("\n</pre></body></html>\n");
        byte[] page = new byte[head.length + text.length + tail.length];
        System.arraycopy(head, 0, page, 0, head.length);
        System.arraycopy(text, 0, page, head.length, text.length);
        System.arraycopy(tail, 0, page, head.length + text.length, tail.length);
        return page;
    }

    /** Whether a chain reads a case as the browser shows it (an exception counts as wrong). */
    public static boolean right(Chain chain, Case c) {
        String text;
        try {
            text = chain.read(c.bytes(), c.contentType());
        } catch (Exception e) {
            return false;
        }
        String got = ComparisonKey.of(stripBom(text));
        String want = ComparisonKey.of(stripBom(c.expected()));
        return c.whole() ? got.equals(want) : got.contains(want);
    }

    private static String stripBom(String s) {
        return s.startsWith("\uFEFF") ? s.substring(1) : s;
    }

    /**
     * The comparison of two chains: per group, how many cases each reads right, and the cases only
     * the second reads right, and only the first.
     *
     * @param cases the cases
     * @param firstName the first chain's name (Tika's own)
     * @param first the first chain
     * @param secondName the second chain's name (with the browser's decision)
     * @param second the second chain
     * @return the figures
     */
    public static Result compare(List<Case> cases, String firstName, Chain first, String secondName, Chain second) {
        Map<String, int[]> rows = new LinkedHashMap<>(); // group -> {cases, first right, second right}
        Map<String, List<String>> onlySecond = new TreeMap<>();
        Map<String, List<String>> onlyFirst = new TreeMap<>();
        Map<String, List<String>> neither = new TreeMap<>();
        for (Case c : cases) {
            int[] row = rows.computeIfAbsent(c.group(), g -> new int[3]);
            boolean a = right(first, c);
            boolean b = right(second, c);
            row[0]++;
            if (a) row[1]++;
            if (b) row[2]++;
            if (b && !a) onlySecond.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c.name());
            if (a && !b) onlyFirst.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c.name());
            if (!a && !b) neither.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c.name());
        }
        return new Result(firstName, secondName, rows, onlySecond, onlyFirst, neither);
    }

    /**
     * The figures of {@link #compare}.
     *
     * @param firstName the first chain's name
     * @param secondName the second chain's name
     * @param rows per group: cases, right by the first, right by the second
     * @param onlySecond per group, the cases only the second reads right
     * @param onlyFirst per group, the cases only the first reads right
     * @param neither per group, the cases neither reads right
     */
    public record Result(String firstName, String secondName, Map<String, int[]> rows,
                         Map<String, List<String>> onlySecond, Map<String, List<String>> onlyFirst,
                         Map<String, List<String>> neither) {

        /** The cases in all groups. */
        public int total(int column) {
            return rows.values().stream().mapToInt(r -> r[column]).sum();
        }

        /** The figures as a Markdown table, then the cases where the two differ. */
        public String table() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "| pages | count | %s right | %s right |%n", firstName, secondName));
            sb.append("|---|---:|---:|---:|\n");
            rows.forEach((group, r) -> sb.append(String.format(Locale.ROOT, "| %s | %d | %d | %d |%n",
                    group, r[0], r[1], r[2])));
            sb.append(String.format(Locale.ROOT, "| all | %d | %d | %d |%n", total(0), total(1), total(2)));
            sb.append("\nRead right only by ").append(secondName).append(":\n");
            list(sb, onlySecond);
            sb.append("\nRead right only by ").append(firstName).append(":\n");
            list(sb, onlyFirst);
            sb.append("\nRead right by neither:\n");
            list(sb, neither);
            return sb.toString();
        }

        private static void list(StringBuilder sb, Map<String, List<String>> byGroup) {
            if (byGroup.isEmpty()) sb.append("  (none)\n");
            byGroup.forEach((group, names) -> sb.append("  ").append(group).append(" (").append(names.size())
                    .append("): ").append(String.join(", ", names)).append('\n'));
        }
    }
}
