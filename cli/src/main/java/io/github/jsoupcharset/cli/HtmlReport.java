package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.decision.DecisionSource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The audit as one self-contained HTML page ({@code audit --html FILE}): the headline, the table per
 * top-level domain, a chart per top-level domain (pages, not UTF-8, corrupted by each naive
 * decoding), the decisions by rule, and the listed pages (corrupted, and with U+FFFD). Inline CSS
 * and inline SVG only: no script, no external resource, so it opens offline and in a mail.
 * Everything that comes from a page (URLs, top-level domains, encoding names) is escaped, and its
 * controls written as {@code \xNN}, as on a terminal.
 */
final class HtmlReport {
    /**
     * The characters of a URL the report shows at most, its controls escaped; a longer one is cut,
     * its last character "…", as the terminal's list cuts it to the line.
     */
    static final int URL_WIDTH = 300;

    /** The top-level domains the chart shows at most, those with the most pages. */
    static final int CHART_TLDS = 40;

    private static final String[] SERIES = {"pages", "not UTF-8", "requests corrupts", "jsoup corrupts", "JDK corrupts"};
    private static final String[] COLOURS = {"#9aa5b1", "#4c78a8", "#e45756", "#f58518", "#b279a2"};

    private HtmlReport() {}

    /**
     * The report.
     *
     * @param table the pages added up
     * @param counts what became of the records
     * @param warcs the WARC files audited, as given (the report shows their file names)
     * @return a whole HTML document
     */
    static String render(AuditTable table, WarcAudit.Counts counts, List<String> warcs) {
        StringBuilder b = new StringBuilder(16384);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>jsoup-charset audit</title>\n<style>\n")
                .append("body{font:15px/1.45 system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;color:#1f2933;"
                        + "max-width:1100px;margin:2em auto;padding:0 1em}\n")
                .append("h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #d9dee3}\n")
                .append(".headline{font-size:1.3em;font-weight:600;background:#fff4e5;border-left:4px solid #e45756;"
                        + "padding:.6em .9em}\n")
                .append(".small{color:#52606d;font-size:.9em}\n")
                .append("table{border-collapse:collapse;margin:.5em 0}th,td{padding:.25em .6em;border-bottom:1px solid #e4e7eb;"
                        + "text-align:right;vertical-align:top}\n")
                .append("th{background:#f5f7fa;white-space:nowrap}td.l,th.l{text-align:left}tfoot td{font-weight:600;border-top:2px solid #9aa5b1}\n")
                .append("td.url{text-align:left;word-break:break-all;font-family:ui-monospace,Menlo,Consolas,monospace;"
                        + "font-size:.9em}\n")
                .append(".legend span{display:inline-block;margin-right:1.2em}.legend i{display:inline-block;width:.9em;"
                        + "height:.9em;margin-right:.3em;vertical-align:-.1em}\n")
                .append("svg text{font:12px system-ui,sans-serif;fill:#1f2933}\n")
                .append("</style>\n</head>\n<body>\n");
        b.append("<h1>Encoding audit</h1>\n");
        b.append("<p class=\"headline\" id=\"headline\">").append(esc(table.headline())).append("</p>\n");
        List<String> names = new ArrayList<>();
        // file names only: a report is shared, the folders it was made in are nobody's business
        for (String w : warcs) names.add(fileName(w));
        b.append("<p class=\"small\">").append(esc(String.join(", ", names))).append(": ")
                .append(esc(counts.summary().strip().replace('\n', ' '))).append("</p>\n");

        b.append("<h2 id=\"tld\">Per top-level domain</h2>\n");
        b.append("<p class=\"small\">A naive decoding corrupts a page when its text differs from the browser's. "
                + "<b>requests</b>: Python requests' <code>.text</code> (the header's charset, else ISO-8859-1); "
                + "<b>jsoup</b>: jsoup's <code>Connection.Response.parse()</code>; <b>JDK</b>: the JDK charset of the "
                + "declared label (header, else meta; UTF-8 if none). <b>Misdeclared</b>: the bytes plainly contradict "
                + "the declaration; r/j/J is how many of those requests/jsoup/JDK decode to the author's text. "
                + "<b>Cut</b>: the crawler cut the body off (<code>WARC-Truncated</code>). <b>Doubled</b>: the text holds "
                + "UTF-8 read as windows-1252 and encoded again (\"Caf\u00c3\u00a9\").</p>\n");
        b.append("<table id=\"tld-table\">\n<thead>\n<tr><th class=\"l\" rowspan=\"2\">TLD</th>"
                + "<th colspan=\"2\">HTML pages</th><th colspan=\"3\">corrupted by</th><th colspan=\"2\">misdeclared</th>"
                + "<th rowspan=\"2\">cut</th><th rowspan=\"2\">doubled</th>"
                + "<th class=\"l\" rowspan=\"2\">not UTF-8, by encoding</th></tr>\n"
                + "<tr><th>all</th><th>not UTF-8</th><th>requests</th><th>jsoup</th><th>JDK</th><th>pages</th>"
                + "<th>r/j/J</th></tr>\n</thead>\n<tbody>\n");
        List<AuditTable.Row> rows = table.rows();
        for (AuditTable.Row r : rows) row(b, "." + r.tld(), r);
        b.append("</tbody>\n<tfoot>\n");
        row(b, "all", table.total());
        b.append("</tfoot>\n</table>\n");

        b.append("<h2 id=\"chart\">Pages, not UTF-8, and corrupted by each naive decoding, per top-level domain</h2>\n");
        chart(b, rows);

        b.append("<h2 id=\"rules\">Decisions by rule</h2>\n");
        rules(b, table.byRule());
        b.append("<p>Header/meta conflicts: ").append(table.conflicts()).append(". Metas after 1024 bytes: ")
                .append(table.lateMetas()).append(" (").append(table.lateMetasDeciding()).append(" decided the encoding). ")
                .append("Pages with U+FFFD: ").append(table.withReplacement()).append(". Pages that look binary, not like text: ")
                .append(table.looksBinary()).append(".</p>\n");

        b.append("<h2 id=\"corrupted\">Pages a naive decoding corrupts</h2>\n");
        pages(b, table.corruptedPages(), table.corruptedByAny(), true);
        b.append("<h2 id=\"fffd\">Pages with U+FFFD</h2>\n");
        pages(b, table.pagesWithReplacement(), table.withReplacement(), false);
        b.append("<p class=\"small\">Made by jsoup-charset audit. This page holds no script and loads nothing.</p>\n");
        b.append("</body>\n</html>\n");
        return b.toString();
    }

    private static void row(StringBuilder b, String tld, AuditTable.Row r) {
        StringBuilder enc = new StringBuilder();
        r.notUtf8ByEncoding().forEach((e, n) -> enc.append(enc.length() == 0 ? "" : ", ").append(e).append(' ').append(n));
        b.append("<tr><td class=\"l\">").append(esc(tld)).append("</td>");
        for (long n : new long[] {r.pages(), r.notUtf8(), r.requestsCorrupt(), r.jsoupCorrupt(), r.declaredCorrupt(),
                r.misdeclared()}) {
            b.append("<td>").append(n).append("</td>");
        }
        b.append("<td>").append(r.misdeclaredRequestsAuthor()).append('/').append(r.misdeclaredJsoupAuthor()).append('/')
                .append(r.misdeclaredDeclaredAuthor()).append("</td><td>").append(r.truncated()).append("</td><td>")
                .append(r.doubleEncoded()).append("</td><td class=\"l\">").append(esc(enc.toString()))
                .append("</td></tr>\n");
    }

    /** A horizontal bar chart: a group of five bars per top-level domain, the ones with the most pages. */
    private static void chart(StringBuilder b, List<AuditTable.Row> rows) {
        List<AuditTable.Row> shown = new ArrayList<>(rows);
        shown.sort(Comparator.comparingLong(AuditTable.Row::pages).reversed()); // stable: ties stay by name
        if (shown.size() > CHART_TLDS) {
            b.append("<p class=\"small\">The ").append(CHART_TLDS).append(" top-level domains with the most pages, of ")
                    .append(shown.size()).append(".</p>\n");
            shown = shown.subList(0, CHART_TLDS);
        }
        b.append("<p class=\"legend\">");
        for (int i = 0; i < SERIES.length; i++) {
            b.append("<span><i style=\"background:").append(COLOURS[i]).append("\"></i>").append(SERIES[i]).append("</span>");
        }
        b.append("</p>\n");
        long max = 1;
        for (AuditTable.Row r : shown) max = Math.max(max, r.pages());
        int label = 120;
        int barsWidth = 560;
        int bar = 9;
        int group = SERIES.length * bar + 12;
        int height = Math.max(1, shown.size()) * group + 4;
        int width = label + barsWidth + 60;
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"pages per top-level domain\" width=\"")
                .append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height).append("\">\n");
        int y = 2;
        for (AuditTable.Row r : shown) {
            long[] values = {r.pages(), r.notUtf8(), r.requestsCorrupt(), r.jsoupCorrupt(), r.declaredCorrupt()};
            b.append("<g><text x=\"").append(label - 8).append("\" y=\"").append(y + group / 2).append("\" text-anchor=\"end\">")
                    .append(esc(AuditTable.cut("." + Terminal.safe(r.tld()), 18))).append("</text>\n");
            for (int i = 0; i < values.length; i++) {
                long w = Math.round((double) barsWidth * values[i] / max);
                int by = y + i * bar;
                b.append("<rect x=\"").append(label).append("\" y=\"").append(by).append("\" width=\"").append(w)
                        .append("\" height=\"").append(bar - 1).append("\" fill=\"").append(COLOURS[i]).append("\"><title>")
                        .append(esc("." + r.tld() + ": " + SERIES[i] + " " + values[i])).append("</title></rect>")
                        .append("<text x=\"").append(label + w + 4).append("\" y=\"").append(by + bar - 1)
                        .append("\" style=\"font-size:9px\">").append(values[i]).append("</text>\n");
            }
            b.append("</g>\n");
            y += group;
        }
        b.append("</svg>\n");
    }

    private static void rules(StringBuilder b, Map<DecisionSource, Long> byRule) {
        long max = 1;
        for (long n : byRule.values()) max = Math.max(max, n);
        b.append("<table id=\"rules-table\">\n<thead><tr><th class=\"l\">rule</th><th>pages</th><th class=\"l\"></th></tr></thead>\n<tbody>\n");
        for (Map.Entry<DecisionSource, Long> e : byRule.entrySet()) {
            long w = Math.round(300.0 * e.getValue() / max);
            b.append("<tr><td class=\"l\">").append(e.getKey()).append("</td><td>").append(e.getValue())
                    .append("</td><td class=\"l\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"302\" height=\"12\">")
                    .append("<rect x=\"0\" y=\"1\" width=\"").append(w).append("\" height=\"10\" fill=\"#4c78a8\"/></svg></td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    private static void pages(StringBuilder b, List<AuditTable.ListedPage> pages, long total, boolean corrupted) {
        if (total == 0) {
            b.append("<p>None.</p>\n");
            return;
        }
        b.append("<p class=\"small\">").append(pages.size() < total ? "The first " + pages.size() + " by URL of " + total
                + " (<code>--all</code> lists every one)." : "All " + total + ", by URL.").append("</p>\n");
        b.append("<table class=\"pages\" id=\"").append(corrupted ? "corrupted-table" : "fffd-table").append("\">\n<thead><tr>")
                .append("<th class=\"l\">URL</th><th class=\"l\">encoding</th><th class=\"l\">rule</th>")
                .append(corrupted ? "<th class=\"l\">corrupted by</th>" : "<th>U+FFFD</th>").append("</tr></thead>\n<tbody>\n");
        for (AuditTable.ListedPage p : pages) {
            b.append("<tr><td class=\"url\">").append(esc(AuditTable.cut(Terminal.safe(p.url()), URL_WIDTH))).append("</td><td class=\"l\">").append(esc(p.encoding()))
                    .append("</td><td class=\"l\">").append(p.rule()).append("</td>")
                    .append(corrupted ? "<td class=\"l\">" + esc(p.corruptedBy()) + "</td>" : "<td>" + p.replacementCount() + "</td>")
                    .append("</tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    private static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return slash >= 0 && slash < path.length() - 1 ? path.substring(slash + 1) : path;
    }

    /** Text for HTML content or a quoted attribute value: controls as \xNN, then the five markup characters escaped. */
    static String esc(String s) {
        String safe = Terminal.safe(s);
        StringBuilder out = new StringBuilder(safe.length() + 16);
        for (int i = 0; i < safe.length(); i++) {
            char c = safe.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    // a lone surrogate cannot be written as UTF-8
                    boolean lone = Character.isHighSurrogate(c) ? i + 1 >= safe.length() || !Character.isLowSurrogate(safe.charAt(i + 1))
                            : Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(safe.charAt(i - 1)));
                    out.append(lone ? '\uFFFD' : c);
                }
            }
        }
        return out.toString();
    }
}
