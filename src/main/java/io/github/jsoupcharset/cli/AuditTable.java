package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.DecisionSource;

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
 * <p>A mutable accumulator, not thread-safe: give each thread (or partition) its own and
 * {@link #merge} them. Its memory grows with the number of top-level domains and encodings, never
 * with the number of pages. Serializable, so that a batch job can send each task's table to be merged.
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

    /**
     * An empty table. (Written out only to carry this comment: javadoc from JDK 18 on warns about
     * an undocumented default constructor.)
     */
    public AuditTable() {}

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
     * @return the number of pages whose decision has {@link io.github.jsoupcharset.EncodingDecision#conflict()}
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
     * The table as text, as the {@code audit} command prints it: a legend, a row per top-level
     * domain and the total, then the decisions by rule and the counts above.
     *
     * @return several lines, each ending with a line break
     */
    public String render() {
        StringBuilder b = new StringBuilder();
        b.append("pages corrupted by a naive decoding (text differs from the browser's):\n")
                .append("  requests = Python requests' .text (header charset, else ISO-8859-1)\n")
                .append("  jsoup    = jsoup's Connection.Response.parse()\n")
                .append("  JDK      = the JDK charset of the declared label (header, else meta; UTF-8 if none)\n")
                .append("misdeclared = pages whose bytes plainly contradict their declaration; in brackets, how many\n")
                .append("  of them requests/jsoup/JDK decode to the author's text\n\n");
        String format = "%-8s %7s %9s %9s %7s %7s %20s  %s%n";
        b.append(String.format(format, "TLD", "pages", "not UTF-8", "requests", "jsoup", "JDK", "misdeclared",
                "not UTF-8 by encoding"));
        List<Row> rows = rows();
        rows.add(total());
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (i == rows.size() - 1) b.append("-".repeat(99)).append('\n');
            StringBuilder enc = new StringBuilder();
            r.notUtf8ByEncoding().forEach((e, n) -> enc.append(enc.length() == 0 ? "" : ", ").append(e).append(' ').append(n));
            b.append(String.format(format, i == rows.size() - 1 ? r.tld() : "." + Terminal.safe(r.tld()), r.pages(), r.notUtf8(),
                    r.requestsCorrupt(), r.jsoupCorrupt(), r.declaredCorrupt(), r.misdeclared() + " ("
                            + r.misdeclaredRequestsAuthor() + "/" + r.misdeclaredJsoupAuthor() + "/"
                            + r.misdeclaredDeclaredAuthor() + ")", enc));
        }
        b.append("\ndecisions by rule\n");
        byRule().forEach((rule, n) -> b.append(String.format("  %-22s %7d%n", rule, n)));
        b.append(String.format("%nheader/meta conflicts      %7d%n", conflicts));
        b.append(String.format("metas after 1024 bytes     %7d (%d decided the encoding)%n", lateMetas, lateMetasDeciding));
        b.append(String.format("pages with U+FFFD          %7d%n", withReplacement));
        return b.toString();
    }
}
