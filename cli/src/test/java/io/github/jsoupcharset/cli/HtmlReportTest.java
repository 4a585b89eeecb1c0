package io.github.jsoupcharset.cli;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

class HtmlReportTest {
    private static Document parse(String html) {
        Parser parser = Parser.htmlParser().setTrackErrors(100);
        Document doc = Jsoup.parse(html, "", parser);
        // well-formed: the HTML parser met no error at all
        assertThat(parser.getErrors().stream().map(Object::toString).toList(), is(empty()));
        return doc;
    }

    @Test
    void theSampleReportIsWellFormedAndHasTheTableChartsRulesAndPages() throws Exception {
        AuditTable table = AuditTableTest.sample(AuditTable.DEFAULT_LIST_LIMIT);
        WarcAudit.Counts counts = new WarcAudit.Counts();
        String html = HtmlReport.render(table, counts, List.of("sample.warc.gz"));
        Document doc = parse(html);
        assertThat(doc.getElementById("headline").text(), is(table.headline()));
        // self-contained: no script, nothing fetched
        assertThat(doc.select("script, link, img, iframe, object, embed, [src], [href]"), hasSize(0));
        assertThat(html, not(containsString("url(")));
        Element ru = doc.select("#tld-table tbody tr").stream().filter(tr -> tr.child(0).text().equals(".ru")).findFirst().orElseThrow();
        assertThat(ru.children().eachText().subList(0, 10), is(List.of(".ru", "7", "7", "5", "1", "1", "0", "0/0/0", "0", "0")));
        assertThat(doc.select("#tld-table thead th").eachText(), hasItems("cut", "doubled"));
        assertThat(doc.select("#tld-table tfoot td").first().text(), is("all"));
        // a chart: one group of five bars per top-level domain
        assertThat(doc.select("svg g"), hasSize(table.rows().size()));
        assertThat(doc.select("svg g").first().select("rect"), hasSize(5));
        assertThat(doc.select("#rules-table tbody tr"), hasSize(9));
        assertThat(doc.select("#corrupted-table tbody tr"), hasSize(20));
        assertThat(doc.select("#fffd-table tbody tr"), hasSize((int) table.withReplacement()));
    }

    @Test
    void everythingFromAPageIsEscaped() {
        String hostile = "https://evil.example.ru/?q=<script>alert(1)</script>&x=\"'><img src=x onerror=alert(2)>\u009b2J";
        AuditTable table = new AuditTable();
        table.add(PageAudit.of(hostile, List.of("text/html"),
                "<meta charset=windows-1251><title>Привет</title>".getBytes(Charset.forName("windows-1251"))));
        table.add(PageAudit.of("https://x.<b>tld</b>/", List.of("text/html"),
                "<meta charset=windows-1251><p>\u00ff".getBytes(Charset.forName("windows-1251"))));
        String html = HtmlReport.render(table, new WarcAudit.Counts(), List.of("/data/\"<i>crawl&.warc"));
        Document doc = parse(html);
        assertThat(doc.select("script, img, #tld-table td *, .pages td *, #headline *"), hasSize(0));
        assertThat(doc.select("[onerror]"), hasSize(0));
        assertThat(doc.select("#corrupted-table td.url").eachText(), org.hamcrest.Matchers.hasItem(hostile.replace("\u009b", "\\x9b")));
        assertThat(html, not(containsString("\u009b")));
        assertThat(doc.body().text(), containsString("\"<i>crawl&.warc: records read 0"));
        assertThat(doc.body().text(), not(containsString("/data/")));
    }

    @Test
    void bidiControlsAreEscapedAndAHugeUrlIsCutInTheReportAndOnTheTerminal() {
        String reversed = "https://bank.example.ru/\u202Eexe.txt\u2066x\u200F";
        String huge = "https://big.example.ru/?" + "q".repeat(200_000);
        AuditTable table = new AuditTable();
        for (String url : List.of(reversed, huge)) {
            table.add(PageAudit.of(url, List.of("text/html"),
                    "<meta charset=windows-1251><title>Привет</title>".getBytes(Charset.forName("windows-1251"))));
        }
        String html = HtmlReport.render(table, new WarcAudit.Counts(), List.of("crawl.warc"));
        String terminal = table.render();
        for (String out : List.of(html, terminal)) {
            for (char c : "\u202E\u2066\u200F".toCharArray()) assertThat(out, not(containsString(String.valueOf(c))));
            assertThat(out, containsString("https://bank.example.ru/\\u202eexe.txt\\u2066x\\u200f"));
        }
        Document doc = parse(html);
        List<String> urls = doc.select("#corrupted-table td.url").eachText();
        assertThat(urls.toString(), urls, hasSize(2));
        String cut = urls.stream().filter(u -> u.startsWith("https://big.")).findFirst().orElseThrow();
        assertThat(cut.length(), is(HtmlReport.URL_WIDTH));
        assertThat(cut, is(huge.substring(0, HtmlReport.URL_WIDTH - 1) + "\u2026"));
        assertThat(html.length(), org.hamcrest.Matchers.lessThan(100_000));
    }
}
