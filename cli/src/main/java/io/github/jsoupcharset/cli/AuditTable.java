package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.decision.DecisionSource;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Adds up {@link PageAudit}s into the article's table: per top-level domain, the pages, those not
 * UTF-8 (by encoding), how many each naive decoding corrupts, and the misdeclared pages (the bytes
 * plainly contradict the declaration) with how many of them each naive decoding got the author's
 * text of; then decisions by rule,
 * header/meta conflicts, {@code <meta>}s after the first 1024 bytes and pages with U+FFFD.
 *
 * <p>It also keeps a list of the pages a naive decoding corrupts and of the pages with U+FFFD, the
 * first {@link #listLimit()} of each by URL (so that merged tables list the same pages whatever the
 * order they were merged in).
 *
 * <p>A mutable accumulator, not thread-safe: give each thread (or partition) its own and
 * {@link #merge} them. Its memory grows with the number of top-level domains and encodings and with
 * the list limit, never with the number of pages (unless the limit is unbounded).
 * Serializable, so that a batch job can send each task's table to be merged.
 */
public final class AuditTable implements Serializable {

    /**
     * One row of the table (a snapshot).
     *
     * @param tld the top-level domain, or "all" for the total
     * @param pages HTML pages audited
     * @param notUtf8 pages decoded as something other than UTF-8
     * @param notUtf8ByEncoding those pages by encoding name, most frequent first
     * @param requestsCorrupt pages {@code requests}' {@code .text} corrupts
     * @param jsoupCorrupt pages jsoup's {@code Connection.Response.parse()} corrupts
     * @param declaredCorrupt pages the JDK charset of the declared label corrupts
     * @param misdeclared pages whose declaration the bytes plainly contradict
     *     ({@link PageAudit#misdeclared()})
     * @param misdeclaredRequestsAuthor of those, pages {@code requests}' {@code .text} gets the
     *     author's text of
     * @param misdeclaredJsoupAuthor of those, pages jsoup's {@code Connection.Response.parse()} gets
     *     the author's text of
     * @param misdeclaredDeclaredAuthor of those, pages the JDK charset of the declared label gets the
     *     author's text of
     */
    public record Row(String tld, long pages, long notUtf8, Map<String, Long> notUtf8ByEncoding,
                      long requestsCorrupt, long jsoupCorrupt, long declaredCorrupt, long misdeclared,
                      long misdeclaredRequestsAuthor, long misdeclaredJsoupAuthor, long misdeclaredDeclaredAuthor) {
        /**
         * Copies the map, keeping its order, so that a row is a snapshot the table's later
         * additions do not change.
         *
         * @param tld the top-level domain, or "all" for the total
         * @param pages HTML pages audited
         * @param notUtf8 pages decoded as something other than UTF-8
         * @param notUtf8ByEncoding those pages by encoding name, in the order to print them
         * @param requestsCorrupt pages {@code requests}' {@code .text} corrupts
         * @param jsoupCorrupt pages jsoup's {@code Connection.Response.parse()} corrupts
         * @param declaredCorrupt pages the JDK charset of the declared label corrupts
         * @param misdeclared pages whose declaration the bytes plainly contradict
         * @param misdeclaredRequestsAuthor of those, pages {@code requests} gets the author's text of
         * @param misdeclaredJsoupAuthor of those, pages jsoup gets the author's text of
         * @param misdeclaredDeclaredAuthor of those, pages the declared label gets the author's text of
         */
        public Row {
            notUtf8ByEncoding = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(notUtf8ByEncoding));
        }
    }

    /**
     * A page the table lists: one a naive decoding corrupts, or one whose decoding produced U+FFFD.
     * Ordered by URL, then by the other fields, so that every table lists the same pages.
     *
     * @param url the page's URL
     * @param encoding the encoding it was decoded with
     * @param rule the rule that decided it
     * @param requestsCorrupt whether {@code requests}' {@code .text} corrupts it
     * @param jsoupCorrupt whether jsoup's {@code Connection.Response.parse()} corrupts it
     * @param declaredCorrupt whether the JDK charset of the declared label corrupts it
     * @param replacementCount how many U+FFFD the browser's decoding produced
     */
    public record ListedPage(String url, String encoding, DecisionSource rule, boolean requestsCorrupt,
                             boolean jsoupCorrupt, boolean declaredCorrupt, int replacementCount)
            implements Comparable<ListedPage> {
        private static final java.util.Comparator<ListedPage> ORDER = java.util.Comparator.comparing(ListedPage::url)
                .thenComparing(ListedPage::encoding).thenComparing(ListedPage::rule)
                .thenComparing(ListedPage::requestsCorrupt).thenComparing(ListedPage::jsoupCorrupt)
                .thenComparing(ListedPage::declaredCorrupt).thenComparingInt(ListedPage::replacementCount);

        /**
         * Checks the arguments.
         *
         * @param url the page's URL
         * @param encoding the encoding it was decoded with
         * @param rule the rule that decided it
         * @param requestsCorrupt whether {@code requests} corrupts it
         * @param jsoupCorrupt whether jsoup corrupts it
         * @param declaredCorrupt whether the declared label's JDK charset corrupts it
         * @param replacementCount how many U+FFFD the browser's decoding produced
         * @throws NullPointerException if {@code url}, {@code encoding} or {@code rule} is null
         */
        public ListedPage {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(encoding, "encoding");
            Objects.requireNonNull(rule, "rule");
        }

        /**
         * The naive decodings that corrupt the page, as the table names them.
         *
         * @return e.g. {@code "requests jsoup"}, or an empty string if none does
         */
        public String corruptedBy() {
            StringBuilder b = new StringBuilder();
            if (requestsCorrupt) b.append("requests");
            if (jsoupCorrupt) b.append(b.length() > 0 ? " " : "").append("jsoup");
            if (declaredCorrupt) b.append(b.length() > 0 ? " " : "").append("JDK");
            return b.toString();
        }

        @Override
        public int compareTo(ListedPage o) {
            return ORDER.compare(this, o);
        }
    }

    /** A listed page as a table stores it (serializable, unlike the public snapshot). */
    private record Stored(String url, String encoding, DecisionSource rule, boolean requestsCorrupt,
                          boolean jsoupCorrupt, boolean declaredCorrupt, int replacementCount)
            implements Serializable, Comparable<Stored> {
        ListedPage page() {
            return new ListedPage(url, encoding, rule, requestsCorrupt, jsoupCorrupt, declaredCorrupt, replacementCount);
        }

        @Override
        public int compareTo(Stored o) {
            return page().compareTo(o.page());
        }
    }

    /** The first {@code limit} pages added, by their order; holds at most twice the limit between trims. */
    private static final class Listed implements Serializable {
        private final List<Stored> pages = new ArrayList<>();
        private long count;

        void add(ListedPage p, int limit) {
            count++;
            if (limit == 0) return;
            pages.add(new Stored(p.url(), p.encoding(), p.rule(), p.requestsCorrupt(), p.jsoupCorrupt(), p.declaredCorrupt(),
                    p.replacementCount()));
            if (pages.size() >= 2 * (long) limit) trim(limit);
        }

        void addAll(Listed other, int limit) {
            count += other.count;
            pages.addAll(other.pages);
            trim(limit);
        }

        void trim(int limit) {
            Collections.sort(pages);
            if (pages.size() > limit) pages.subList(limit, pages.size()).clear();
        }

        List<ListedPage> first(int limit) {
            List<Stored> copy = new ArrayList<>(pages);
            Collections.sort(copy);
            List<ListedPage> first = new ArrayList<>();
            for (Stored s : copy.size() > limit ? copy.subList(0, limit) : copy) first.add(s.page());
            return List.copyOf(first);
        }
    }

    /** How many corrupted pages, and pages with U+FFFD, a table lists unless told otherwise. */
    public static final int DEFAULT_LIST_LIMIT = 20;

    /** The widest line {@link #render()} writes, in characters. */
    public static final int WIDTH = 100;

    private static final class Counts implements Serializable {
        long pages;
        long notUtf8;
        final Map<String, Long> byEncoding = new TreeMap<>();
        long requests;
        long jsoup;
        long declared;
        long misdeclared;
        long misdeclaredRequests;
        long misdeclaredJsoup;
        long misdeclaredDeclared;

        void add(Counts o) {
            pages += o.pages;
            notUtf8 += o.notUtf8;
            o.byEncoding.forEach((k, v) -> byEncoding.merge(k, v, Long::sum));
            requests += o.requests;
            jsoup += o.jsoup;
            declared += o.declared;
            misdeclared += o.misdeclared;
            misdeclaredRequests += o.misdeclaredRequests;
            misdeclaredJsoup += o.misdeclaredJsoup;
            misdeclaredDeclared += o.misdeclaredDeclared;
        }

        Row row(String tld) {
            List<Map.Entry<String, Long>> entries = new ArrayList<>(byEncoding.entrySet());
            entries.sort(Map.Entry.<String, Long>comparingByValue().reversed()); // stable: ties stay by name
            Map<String, Long> sorted = new java.util.LinkedHashMap<>();
            for (Map.Entry<String, Long> e : entries) sorted.put(e.getKey(), e.getValue());
            return new Row(tld, pages, notUtf8, sorted, requests, jsoup, declared, misdeclared, misdeclaredRequests,
                    misdeclaredJsoup, misdeclaredDeclared);
        }
    }

    /** The counts of each top-level domain, by name (sorted, so rows come out in order). */
    private final Map<String, Counts> byTld = new TreeMap<>();
    /** Pages by the rule that decided their encoding; a rule no page used is absent. */
    private final Map<DecisionSource, Long> byRule = new EnumMap<>(DecisionSource.class);
    /** Pages whose header (or BOM) and document declared different encodings. */
    private long conflicts;
    /** Pages with a {@code <meta>} after the first 1024 bytes. */
    private long lateMetas;
    /** Pages whose encoding such a late {@code <meta>} decided. */
    private long lateMetasDeciding;
    /** Pages whose decoding produced at least one U+FFFD. */
    private long withReplacement;
    /** Pages whose body does not look like text. */
    private long looksBinary;
    /** The pages at least one naive decoding corrupts, the first of them by URL. */
    private final Listed corrupted = new Listed();
    /** The pages whose decoding produced U+FFFD, the first of them by URL. */
    private final Listed replaced = new Listed();
    /** How many pages each list keeps. */
    private final int listLimit;

    /** An empty table that lists the first {@link #DEFAULT_LIST_LIMIT} corrupted pages and pages with U+FFFD. */
    public AuditTable() {
        this(DEFAULT_LIST_LIMIT);
    }

    /**
     * An empty table that lists the first {@code listLimit} corrupted pages and pages with U+FFFD,
     * by URL.
     *
     * @param listLimit how many of each to list; {@link Integer#MAX_VALUE} lists every one (its
     *     memory then grows with the number of such pages)
     * @throws IllegalArgumentException if {@code listLimit} is negative
     */
    public AuditTable(int listLimit) {
        if (listLimit < 0) throw new IllegalArgumentException("listLimit must not be negative: " + listLimit);
        this.listLimit = listLimit;
    }

    /**
     * How many corrupted pages, and pages with U+FFFD, this table lists.
     *
     * @return the limit given when the table was made
     */
    public int listLimit() {
        return listLimit;
    }

    /**
     * Adds one page to its top-level domain's row and to the counts below the table.
     *
     * @param page the audit of one HTML page
     */
    public void add(PageAudit page) {
        Objects.requireNonNull(page, "page must not be null");
        Counts c = byTld.computeIfAbsent(page.tld(), t -> new Counts());
        c.pages++;
        if (page.notUtf8()) {
            c.notUtf8++;
            c.byEncoding.merge(page.decision().encoding().name(), 1L, Long::sum);
        }
        if (page.requests().corrupt()) c.requests++;
        if (page.jsoup().corrupt()) c.jsoup++;
        if (page.declared().corrupt()) c.declared++;
        if (page.misdeclared()) {
            c.misdeclared++;
            if (page.requests().authorText()) c.misdeclaredRequests++;
            if (page.jsoup().authorText()) c.misdeclaredJsoup++;
            if (page.declared().authorText()) c.misdeclaredDeclared++;
        }
        byRule.merge(page.decision().source(), 1L, Long::sum);
        if (page.decision().conflict()) conflicts++;
        if (page.decision().metaSource().orElse(null) == DecisionSource.LATE_META) lateMetas++;
        if (page.decision().source() == DecisionSource.LATE_META) lateMetasDeciding++;
        if (page.decision().replacementCount().orElse(0) > 0) withReplacement++;
        if (page.decision().looksBinary()) looksBinary++;
        boolean anyCorrupt = page.requests().corrupt() || page.jsoup().corrupt() || page.declared().corrupt();
        int replacements = page.decision().replacementCount().orElse(0);
        if (anyCorrupt || replacements > 0) {
            ListedPage listed = new ListedPage(page.url(), page.decision().encoding().name(), page.decision().source(),
                    page.requests().corrupt(), page.jsoup().corrupt(), page.declared().corrupt(), replacements);
            if (anyCorrupt) corrupted.add(listed, listLimit);
            if (replacements > 0) replaced.add(listed, listLimit);
        }
    }

    /**
     * Adds everything another table counted, as if its pages had been added to this one: how a
     * batch job combines the tables of its partitions. The other table is left as it was.
     *
     * @param other a table counted elsewhere (another thread, partition or file)
     * @return this table, for chaining ({@code tables.reduce(new AuditTable(), AuditTable::merge)})
     */
    public AuditTable merge(AuditTable other) {
        Objects.requireNonNull(other, "other must not be null");
        other.byTld.forEach((tld, c) -> byTld.computeIfAbsent(tld, t -> new Counts()).add(c));
        other.byRule.forEach((rule, n) -> byRule.merge(rule, n, Long::sum));
        conflicts += other.conflicts;
        lateMetas += other.lateMetas;
        lateMetasDeciding += other.lateMetasDeciding;
        withReplacement += other.withReplacement;
        looksBinary += other.looksBinary;
        corrupted.addAll(other.corrupted, listLimit);
        replaced.addAll(other.replaced, listLimit);
        return this;
    }

    /**
     * The rows, one per top-level domain, in alphabetical order.
     *
     * @return a new, modifiable list of snapshots; the total is {@link #total()}
     */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        byTld.forEach((tld, c) -> rows.add(c.row(tld)));
        return rows;
    }

    /**
     * The total over every top-level domain.
     *
     * @return a snapshot row named "all"
     */
    public Row total() {
        Counts all = new Counts();
        byTld.values().forEach(all::add);
        return all.row("all");
    }

    /**
     * Pages by the rule that decided their encoding, in the order the rules apply (zeros included).
     *
     * @return a new map with an entry for every {@link DecisionSource}
     */
    public Map<DecisionSource, Long> byRule() {
        Map<DecisionSource, Long> m = new EnumMap<>(DecisionSource.class);
        for (DecisionSource s : DecisionSource.values()) m.put(s, byRule.getOrDefault(s, 0L));
        return m;
    }

    /**
     * Pages whose header (or BOM) and document declared different encodings.
     *
     * @return the number of pages whose decision has {@link io.github.jsoupcharset.decision.EncodingDecision#conflict()}
     */
    public long conflicts() {
        return conflicts;
    }

    /**
     * Pages with a {@code <meta>} declaration after the first 1024 bytes (in head), which the
     * HTML Standard's prescan alone would miss.
     *
     * @return the number of pages whose declaration was a {@link DecisionSource#LATE_META}, whether
     *     or not it decided
     */
    public long lateMetas() {
        return lateMetas;
    }

    /**
     * Pages whose encoding a {@code <meta>} after the first 1024 bytes decided (no BOM or header
     * charset overruled it).
     *
     * @return the number of pages decided by {@link DecisionSource#LATE_META}
     */
    public long lateMetasDeciding() {
        return lateMetasDeciding;
    }

    /**
     * Pages whose decoding produced at least one U+FFFD: broken pages, or a wrong decision.
     *
     * @return the number of pages with a replacement count above 0
     */
    public long withReplacement() {
        return withReplacement;
    }

    /**
     * Total pages.
     *
     * @return the number of pages added, over every table merged in
     */
    public long pages() {
        return total().pages();
    }

    /**
     * Pages whose body does not look like text (an image or other binary data sent as HTML).
     *
     * @return the number of pages whose decision {@link io.github.jsoupcharset.decision.EncodingDecision#looksBinary()}
     */
    public long looksBinary() {
        return looksBinary;
    }

    /**
     * Pages at least one naive decoding corrupts.
     *
     * @return the number of pages whose text {@code requests}, jsoup or the declared label's JDK
     *     charset gets wrong
     */
    public long corruptedByAny() {
        return corrupted.count;
    }

    /**
     * The pages at least one naive decoding corrupts: the first {@link #listLimit()} by URL.
     *
     * @return an unmodifiable list, in URL order; {@link #corruptedByAny()} counts them all
     */
    public List<ListedPage> corruptedPages() {
        return corrupted.first(listLimit);
    }

    /**
     * The pages whose decoding produced U+FFFD: the first {@link #listLimit()} by URL.
     *
     * @return an unmodifiable list, in URL order; {@link #withReplacement()} counts them all
     */
    public List<ListedPage> pagesWithReplacement() {
        return replaced.first(listLimit);
    }

    /**
     * The headline: how many pages each naive decoding corrupts, in one sentence, e.g.
     * {@code requests' .text corrupts 27 of 38 pages, jsoup 5, the JDK 6; 31 of the 38 are not UTF-8.}
     *
     * @return one sentence, without a line break
     */
    public String headline() {
        Row all = total();
        if (all.pages() == 0) return "No HTML page was audited.";
        return "requests' .text corrupts " + n(all.requestsCorrupt()) + " of " + n(all.pages())
                + (all.pages() == 1 ? " page" : " pages") + ", jsoup " + n(all.jsoupCorrupt()) + ", the JDK "
                + n(all.declaredCorrupt()) + "; " + n(all.notUtf8()) + " of the " + n(all.pages()) + " "
                + (all.notUtf8() == 1 ? "is" : "are") + " not UTF-8.";
    }

    /** A count with thousands separators, e.g. {@code 1,234,567}. */
    private static String n(long count) {
        return String.format(java.util.Locale.ROOT, "%,d", count);
    }

    /** Words wrapped to {@link #WIDTH}, each line ending with a line break. */
    private static void wrapWords(StringBuilder b, String text) {
        int lineStart = b.length();
        for (String word : text.split(" ")) {
            if (b.length() > lineStart && b.length() - lineStart + 1 + word.length() > WIDTH) {
                b.append('\n');
                lineStart = b.length();
            } else if (b.length() > lineStart) {
                b.append(' ');
            }
            b.append(word);
        }
        b.append('\n');
    }

    /**
     * The table as text, as the {@code audit} command prints it, no line wider than {@link #WIDTH}:
     * the {@link #headline()}, a legend, a row per top-level domain and the total, the encodings
     * other than UTF-8, the decisions by rule and the counts above, then the corrupted pages (the
     * first {@link #listLimit()} by URL, each with the naive decodings that corrupt it).
     *
     * @return several lines, each ending with a line break
     */
    public String render() {
        StringBuilder b = new StringBuilder();
        wrapWords(b, headline());
        b.append('\n');
        b.append("Per top-level domain: HTML pages, how many of them are not UTF-8, and how many each naive\n")
                .append("decoding corrupts (its text differs from the browser's):\n")
                .append("  requests = Python requests' .text (header charset, else ISO-8859-1)\n")
                .append("  jsoup    = jsoup's Connection.Response.parse()\n")
                .append("  JDK      = the JDK charset of the declared label (header, else meta; UTF-8 if none)\n")
                .append("misdeclared = pages whose bytes plainly contradict their declaration; r/j/J = how many of\n")
                .append("  them requests/jsoup/JDK decode to the author's text\n\n");
        List<Row> rows = rows();
        Row total = total();
        List<Row> all = new ArrayList<>(rows);
        all.add(total);
        // each column as wide as its widest value or heading; a TLD is cut past 16 characters
        int tldWidth = 3;
        for (Row r : rows) tldWidth = Math.max(tldWidth, Math.min(16, 1 + Terminal.safe(r.tld()).length()));
        String[] heads = {"all", "not UTF-8", "requests", "jsoup", "JDK", "pages", "r/j/J"};
        int[] w = new int[heads.length];
        for (int i = 0; i < heads.length; i++) w[i] = heads[i].length();
        for (Row r : all) {
            String[] cells = cells(r);
            for (int i = 0; i < cells.length; i++) w[i] = Math.max(w[i], cells[i].length());
        }
        StringBuilder groups = new StringBuilder(" ".repeat(tldWidth));
        groups.append(' ').append(center("HTML pages", w[0] + 2 + w[1]));
        groups.append("  ").append(center("corrupted by", w[2] + 2 + w[3] + 2 + w[4]));
        groups.append("  ").append(center("misdeclared", w[5] + 2 + w[6]));
        StringBuilder head = new StringBuilder(pad("TLD", tldWidth));
        for (int i = 0; i < heads.length; i++) head.append(i == 0 ? " " : "  ").append(left(heads[i], w[i], i == 6));
        int used = head.length();
        int encodingWidth = WIDTH - used - 2;
        boolean encodingColumn = encodingWidth >= 12;
        if (encodingColumn) head.append("  ").append(cut("not UTF-8, by encoding", encodingWidth));
        b.append(groups.toString().stripTrailing()).append('\n').append(head).append('\n');
        for (int i = 0; i < all.size(); i++) {
            Row r = all.get(i);
            boolean last = i == all.size() - 1;
            if (last) b.append("-".repeat(Math.min(WIDTH, encodingColumn ? WIDTH : used))).append('\n');
            StringBuilder line = new StringBuilder(pad(last ? "all" : cut("." + Terminal.safe(r.tld()), tldWidth), tldWidth));
            String[] cells = cells(r);
            for (int k = 0; k < cells.length; k++) line.append(k == 0 ? " " : "  ").append(left(cells[k], w[k], k == 6));
            if (encodingColumn) {
                String enc = last && r.notUtf8ByEncoding().size() > 1 ? "(below)" : encodings(r.notUtf8ByEncoding(), encodingWidth);
                line.append("  ").append(enc);
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        if (!total.notUtf8ByEncoding().isEmpty()) {
            b.append('\n');
            wrap(b, "not UTF-8, by encoding (all pages): ", total.notUtf8ByEncoding());
        }
        b.append("\ndecisions by rule\n");
        byRule().forEach((rule, n) -> b.append(String.format("  %-22s %7d%n", rule, n)));
        b.append(String.format("%nheader/meta conflicts      %7d%n", conflicts));
        b.append(String.format("metas after 1024 bytes     %7d (%d decided the encoding)%n", lateMetas, lateMetasDeciding));
        b.append(String.format("pages with U+FFFD          %7d%n", withReplacement));
        b.append(String.format("pages that look binary     %7d%n", looksBinary));
        List<ListedPage> listed = corruptedPages();
        b.append('\n');
        if (corrupted.count == 0) {
            b.append("No page is corrupted by a naive decoding.\n");
        } else {
            String which = listed.size() < corrupted.count ? "the first " + listed.size() + " by URL of " + n(corrupted.count)
                    + "; --all lists every one" : "all " + n(corrupted.count) + ", by URL";
            b.append(cut("Pages a naive decoding corrupts (" + which + "):", WIDTH)).append('\n');
            for (ListedPage p : listed) {
                String line = "  " + pad(p.corruptedBy(), 18) + "  " + Terminal.safe(p.url());
                b.append(cut(line, WIDTH)).append('\n');
            }
        }
        return b.toString();
    }

    /** The numeric cells of a row, in the order of the headings. */
    private static String[] cells(Row r) {
        return new String[] {Long.toString(r.pages()), Long.toString(r.notUtf8()), Long.toString(r.requestsCorrupt()),
                Long.toString(r.jsoupCorrupt()), Long.toString(r.declaredCorrupt()), Long.toString(r.misdeclared()),
                r.misdeclaredRequestsAuthor() + "/" + r.misdeclaredJsoupAuthor() + "/" + r.misdeclaredDeclaredAuthor()};
    }

    /** Encodings with their counts, cut (at an entry, with "…") to fit the width. */
    private static String encodings(Map<String, Long> byEncoding, int width) {
        StringBuilder enc = new StringBuilder();
        for (Map.Entry<String, Long> e : byEncoding.entrySet()) {
            String entry = (enc.length() == 0 ? "" : ", ") + Terminal.safe(e.getKey()) + " " + e.getValue();
            if (enc.length() + entry.length() > width - 2) {
                if (enc.length() == 0) return cut(entry, width);
                return enc.append(", \u2026").toString();
            }
            enc.append(entry);
        }
        return enc.toString();
    }

    /** Encodings with their counts after a heading, wrapped to {@link #WIDTH}. */
    private static void wrap(StringBuilder b, String heading, Map<String, Long> byEncoding) {
        StringBuilder line = new StringBuilder(heading);
        boolean first = true;
        for (Map.Entry<String, Long> e : byEncoding.entrySet()) {
            String entry = cut(Terminal.safe(e.getKey()), WIDTH - 20) + " " + e.getValue();
            String sep = first ? "" : ", ";
            if (line.length() + sep.length() + entry.length() + 1 > WIDTH) {
                b.append(line).append(",\n");
                line = new StringBuilder("  ").append(entry);
            } else {
                line.append(sep).append(entry);
            }
            first = false;
        }
        b.append(line).append('\n');
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** Right-aligned (numbers), or left-aligned. */
    private static String left(String s, int width, boolean leftAligned) {
        if (s.length() >= width) return s;
        return leftAligned ? s + " ".repeat(width - s.length()) : " ".repeat(width - s.length()) + s;
    }

    private static String center(String s, int width) {
        if (s.length() >= width) return s;
        int before = (width - s.length()) / 2;
        return " ".repeat(before) + s + " ".repeat(width - s.length() - before);
    }

    /** {@code s} cut to {@code width} characters, its last one "…" if it was cut (never inside a surrogate pair). */
    static String cut(String s, int width) {
        if (s.length() <= width) return s;
        int end = width - 1;
        if (end > 0 && Character.isHighSurrogate(s.charAt(end - 1))) end--;
        return s.substring(0, end) + "\u2026";
    }
}
