package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

class PageAuditTest {
    private static final Charset CP1251 = Charset.forName("windows-1251");
    private static final Charset CP1252 = Charset.forName("windows-1252");

    private static byte[] page(String head, String body, Charset cs) {
        return ("<!DOCTYPE html><html><head>" + head + "<title>" + body + "</title></head><body><p>" + body + "</p></body></html>")
                .getBytes(cs);
    }

    @Test
    void charsetOnlyInMetaCorruptsRequestsButNotJsoupOrTheDeclaredLabel() {
        PageAudit a = PageAudit.of("https://news.example.ru/", List.of("text/html"),
                page("<meta charset=\"windows-1251\">", "Новости дня", CP1251));
        assertThat(a.decision().encoding(), is(Encoding.WINDOWS_1251));
        assertThat(a.tld(), is("ru"));
        assertThat(a.requests(), is(new PageAudit.Naive("ISO-8859-1", true)));
        assertThat(a.jsoup(), is(new PageAudit.Naive("(sniffed)", false)));
        assertThat(a.declared(), is(new PageAudit.Naive("windows-1251", false)));
        assertThat(a.notUtf8(), is(true));
    }

    @Test
    void latin1HeaderOnWindows1252BytesCorruptsEveryNaiveDecoding() {
        // 0x80 is € in windows-1252 (what browsers read for iso-8859-1) but U+0080 in the JDK's ISO-8859-1
        PageAudit a = PageAudit.of("https://cafe.example.fr/", List.of("text/html; charset=iso-8859-1"),
                page("", "Café 3,50 €", CP1252));
        assertThat(a.decision().encoding(), is(Encoding.WINDOWS_1252));
        assertThat(a.requests().corrupt(), is(true));
        assertThat(a.jsoup(), is(new PageAudit.Naive("iso-8859-1", true)));
        assertThat(a.declared().corrupt(), is(true));
    }

    @Test
    void latin1HeaderWithoutC1BytesCorruptsNothing() {
        PageAudit a = PageAudit.of("https://cafe.example.fr/", List.of("text/html; charset=iso-8859-1"),
                page("", "Café crème", CP1252));
        assertThat(a.requests().corrupt(), is(false));
        assertThat(a.jsoup().corrupt(), is(false));
        assertThat(a.declared().corrupt(), is(false));
    }

    @Test
    void asciiPageIsCorruptedByNothing() {
        PageAudit a = PageAudit.of("http://example.com/", List.of(), page("", "Hello", StandardCharsets.US_ASCII));
        assertThat(a.contentType(), is(nullValue()));
        assertThat(a.requests().corrupt(), is(false));
        assertThat(a.jsoup().corrupt(), is(false));
        assertThat(a.declared(), is(new PageAudit.Naive("UTF-8 (none declared)", false)));
    }

    @Test
    void aByteOrderMarkKeptByANaiveDecodingIsNoCorruption() {
        byte[] body = page("", "naïve", StandardCharsets.UTF_8);
        byte[] withBom = new byte[body.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(body, 0, withBom, 3, body.length);
        PageAudit a = PageAudit.of("https://x.example.org/", List.of("text/html; charset=utf-8"), withBom);
        assertThat(a.decision().source(), is(DecisionSource.BOM));
        assertThat(a.requests().corrupt(), is(false));
        assertThat(a.declared().corrupt(), is(false));
    }

    @Test
    void aLabelTheJdkDoesNotKnowCountsAsCorruptForTheDeclaredDecoding() {
        PageAudit a = PageAudit.of("https://x.example.org/", List.of("text/html; charset=x-bogus"),
                page("", "plain", StandardCharsets.US_ASCII));
        assertThat(a.declared(), is(new PageAudit.Naive("unsupported: x-bogus", true)));
        // requests falls back to UTF-8 when Python does not know the codec
        assertThat(a.requests(), is(new PageAudit.Naive("UTF-8 (unknown: x-bogus)", false)));
        assertThat(a.jsoup(), is(new PageAudit.Naive("(sniffed)", false)));
    }

    @Test
    void severalContentTypeHeadersAreJoinedAsFetchJoinsThem() {
        PageAudit a = PageAudit.of("https://dva.example.ru/", List.of("text/html; charset=windows-1251", "text/html"),
                page("", "Привет", CP1251));
        assertThat(a.contentType(), is("text/html; charset=windows-1251, text/html"));
        assertThat(a.decision().encoding(), is(Encoding.WINDOWS_1251));
        assertThat(a.decision().source(), is(DecisionSource.HTTP_HEADER));
        // requests reads the charset parameter as "windows-1251, text/html", which Python does not know
        assertThat(a.requests().corrupt(), is(true));
        assertThat(a.jsoup().corrupt(), is(false));
    }

    @Test
    void requestsCharsetFollowsRequestsHeaderParsing() {
        assertThat(PageAudit.requestsCharset(null), is("ISO-8859-1"));
        assertThat(PageAudit.requestsCharset("text/html"), is("ISO-8859-1"));
        assertThat(PageAudit.requestsCharset("text/html; charset=\"UTF-8\""), is("UTF-8"));
        assertThat(PageAudit.requestsCharset("text/html; Charset='koi8-r' ; q=1"), is("koi8-r"));
        assertThat(PageAudit.requestsCharset("text/html; charset=a; charset=b"), is("b"));
    }

    @Test
    void jsoupCharsetFollowsJsoupsContentTypeParsing() {
        assertThat(PageAudit.jsoupCharset(null), is(nullValue()));
        assertThat(PageAudit.jsoupCharset("text/html"), is(nullValue()));
        assertThat(PageAudit.jsoupCharset("text/html; charset=\"utf-8\""), is("utf-8"));
        assertThat(PageAudit.jsoupCharset("text/html; charset=x-bogus"), is(nullValue()));
        assertThat(PageAudit.jsoupCharset("text/html; charset=a; charset=koi8-r"), is(nullValue())); // first match only
    }

    @Test
    void topLevelDomainOfHostsAddressesAndOddUrls() {
        assertThat(PageAudit.topLevelDomain("https://www.Example.CO.UK./x"), is("uk"));
        assertThat(PageAudit.topLevelDomain("http://127.0.0.1:8080/"), is("(ip)"));
        assertThat(PageAudit.topLevelDomain("http://[::1]/"), is("(ip)"));
        assertThat(PageAudit.topLevelDomain("http://localhost/"), is("localhost"));
        assertThat(PageAudit.topLevelDomain("http://bad host.example.de/a b"), is("de"));
        assertThat(PageAudit.topLevelDomain("urn:x"), is("(none)"));
    }

    @Test
    void jsonLineHasTheDecisionAndTheNaiveDecodings() {
        PageAudit a = PageAudit.of("https://news.example.ru/\"q", List.of("text/html"),
                page("<meta charset=\"windows-1251\">", "Новости", CP1251));
        String json = a.toJson();
        assertThat(json, containsString("\"url\":\"https://news.example.ru/\\\"q\""));
        assertThat(json, containsString("\"encoding\":\"windows-1251\",\"rule\":\"META_PRESCAN\""));
        assertThat(json, containsString("\"requests\":{\"charset\":\"ISO-8859-1\",\"corrupt\":true,\"authorText\":false}"));
        assertThat(json, containsString("\"misdeclared\":false,\"misdeclaredWhere\":null"));
        assertThat(json.contains("\n"), is(false));
    }

    @Test
    void aFloodOfUnknownLabelsIsCountedInTheJsonAndTheSniffOutput() {
        byte[] flood = ("<meta charset=q>".repeat(1000) + "<p>x").getBytes(StandardCharsets.US_ASCII);
        PageAudit a = PageAudit.of("http://example.com/", List.of("text/html; charset=utf-7"), flood);
        String json = a.toJson();
        assertThat(json, containsString("{\"label\":\"utf-7\",\"where\":\"HTTP_HEADER\"},{\"label\":\"q\""));
        assertThat(json, containsString("],\"ignoredCount\":1001,"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.print(new PrintStream(out, true, StandardCharsets.UTF_8), "flood.html", a.decision());
        assertThat(out.toString(StandardCharsets.UTF_8), containsString(
                "  ignored     \"utf-7\" (HTTP_HEADER), \"q\" (META_PRESCAN), " + "\"q\" (META_PRESCAN), ".repeat(5)
                + "\"q\" (META_PRESCAN) and 993 more (1001 in all)\n"));
    }

    @Test
    void tableCountsPagesPerTopLevelDomainAndMerges() {
        AuditTable t = new AuditTable();
        t.add(PageAudit.of("https://a.example.ru/", List.of("text/html"), page("<meta charset=\"koi8-r\">", "Привет", Charset.forName("KOI8-R"))));
        t.add(PageAudit.of("https://b.example.ru/", List.of("text/html; charset=windows-1251"),
                page("<meta charset=\"koi8-r\">", "Привет", CP1251)));
        AuditTable other = new AuditTable();
        other.add(PageAudit.of("https://c.example.com/", List.of("text/html; charset=utf-8"), page("", "naïve", StandardCharsets.UTF_8)));
        StringBuilder late = new StringBuilder("<meta name=x content=y>");
        while (late.length() < 1100) late.append("<link rel=stylesheet href=/s.css>");
        other.add(PageAudit.of("https://d.example.com/", List.of("text/html"),
                page(late + "<meta charset=\"windows-1251\">", "Привет", CP1251)));
        t.merge(other);

        assertThat(t.pages(), is(4L));
        AuditTable.Row ru = t.rows().get(1);
        assertThat(ru.tld(), is("ru"));
        assertThat(ru.pages(), is(2L));
        assertThat(ru.notUtf8ByEncoding(), is(Map.of("KOI8-R", 1L, "windows-1251", 1L)));
        assertThat(ru.requestsCorrupt(), is(1L)); // the meta-only page; the header one decodes right
        assertThat(ru.jsoupCorrupt(), is(0L));
        AuditTable.Row all = t.total();
        assertThat(all.notUtf8(), is(3L));
        assertThat(all.requestsCorrupt(), is(2L));
        assertThat(t.byRule().get(DecisionSource.HTTP_HEADER), is(2L));
        assertThat(t.byRule().get(DecisionSource.META_PRESCAN), is(1L));
        assertThat(t.byRule().get(DecisionSource.LATE_META), is(1L));
        assertThat(t.conflicts(), is(1L));
        assertThat(t.lateMetas(), is(1L));
        assertThat(t.lateMetasDeciding(), is(1L));
        assertThat(t.withReplacement(), is(0L));
        assertThat(AuditTableTest.cells(t.render(), "all"), is(List.of("all", "4", "3", "2", "0", "0", "0", "0/0/0", "(below)")));
    }

    @Test
    void aMisdeclaredPageSaysWhichNaiveDecodingGotTheAuthorsText() {
        // UTF-8 behind the server's default iso-8859-1: the browser shows "CafÃ©"; requests, jsoup
        // and the declared label all follow the header too; nothing naive gets the author's text (the
        // JDK's ISO-8859-1 differs from the browser's windows-1252 on "ß" = C3 9F, hence corrupt)
        byte[] utf8 = page("", "Café crème, déjà vu, naïve façade, über Größe", StandardCharsets.UTF_8);
        PageAudit browser = PageAudit.of("https://cafe.example.fr/", List.of("text/html; charset=iso-8859-1"), utf8);
        assertThat(browser.misdeclared(), is(true));
        assertThat(browser.decision().source(), is(DecisionSource.HTTP_HEADER));
        assertThat(browser.declared(), is(new PageAudit.Naive("iso-8859-1", true, false)));
        // nothing declared: nothing to contradict, in either mode
        PageAudit undeclared = PageAudit.of("https://cafe.example.fr/", List.of("text/html"), utf8,
                SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));
        assertThat(undeclared.misdeclared(), is(false));

        byte[] meta = page("<meta charset=windows-1252>", "Café crème, déjà vu, naïve façade, über Größe", StandardCharsets.UTF_8);
        PageAudit m = PageAudit.of("https://cafe.example.fr/", List.of("text/html"), meta,
                SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));
        assertThat(m.decision().source(), is(DecisionSource.DECLARATION_OVERRIDDEN));
        assertThat(m.decision().encoding(), is(Encoding.UTF_8));
        // corrupt still compares with the browser's text; authorText with the author's
        assertThat(m.requests(), is(new PageAudit.Naive("ISO-8859-1", true, false)));
        assertThat(m.jsoup(), is(new PageAudit.Naive("(sniffed)", false, false)));
        assertThat(m.declared(), is(new PageAudit.Naive("windows-1252", false, false)));

        AuditTable t = new AuditTable();
        t.add(browser);
        t.add(m);
        t.add(PageAudit.of("https://ok.example.fr/", List.of("text/html; charset=utf-8"), utf8));
        AuditTable.Row fr = t.total();
        assertThat(fr.misdeclared(), is(2L));
        assertThat(fr.misdeclaredRequestsAuthor(), is(0L));
        assertThat(fr.misdeclaredDeclaredAuthor(), is(0L));
        assertThat(t.byRule().get(DecisionSource.DECLARATION_OVERRIDDEN), is(1L));
        assertThat(AuditTableTest.cells(t.render(), "all"), is(List.of("all", "3", "1", "2", "1", "1", "2", "0/0/0", "windows-1252", "1")));
    }
}
