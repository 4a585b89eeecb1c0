package io.github.jsoupcharset.browser;

import io.github.jsoupcharset.browser.GenerateBrowserCases.Case;
import io.github.jsoupcharset.browser.GenerateBrowserCases.Doc;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

class GenerateBrowserCasesTest {
    // "<?xml encoding=koi8-r?><meta charset=koi8-r>Привет" in windows-1251 (a declaration that lies)
    private static final byte[] W1251_DOC = concat(
            "<?xml version=\"1.0\" encoding=\"koi8-r\"?>\n<html><head><META http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\">"
                    .getBytes(StandardCharsets.US_ASCII),
            new byte[] {(byte) 0xCF, (byte) 0xF0, (byte) 0xE8, (byte) 0xE2, (byte) 0xE5, (byte) 0xF2});

    private static Map<String, Case> byScenario(List<Case> cases) {
        return cases.stream().collect(Collectors.toMap(Case::scenario, Function.identity()));
    }

    private static String latin1(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        return GenerateBrowserCases.concat(a, b);
    }

    @Test
    void documentsOwnDeclarationsAreRemovedAndItsBytesKept() {
        Doc d = new Doc("tests/windows-1251-russian/x.html", "windows-1251", "windows-1251", "html", "");
        String content = GenerateBrowserCases.content(d, W1251_DOC);
        assertThat(content, not(containsString("koi8-r")));
        assertThat(content, equalTo("\n<html><head>\u00CF\u00F0\u00E8\u00E2\u00E5\u00F2"));
    }

    @Test
    void eachScenarioDeclaresWhatItsNameSays() {
        Doc d = new Doc("tests/windows-1251-russian/x.html", "windows-1251", "windows-1251", "html", "");
        Map<String, Case> c = byScenario(GenerateBrowserCases.casesFor(d, W1251_DOC, 0));
        assertThat(c.keySet(), equalTo(java.util.Set.of("header", "meta-charset", "meta-http-equiv", "late-meta",
                "conflict", "xml-declaration", "utf8-meta", "utf8-bom", "undeclared")));

        assertThat(c.get("header").contentType(), equalTo("text/html; charset=windows-1251"));
        assertThat(latin1(c.get("header").body()), not(containsString("charset")));
        assertThat(c.get("meta-charset").contentType(), nullValue());
        assertThat(latin1(c.get("meta-charset").body()), containsString("<meta charset=\"windows-1251\">"));
        assertThat(latin1(c.get("meta-http-equiv").body()),
                containsString("content=\"text/html; charset=windows-1251\""));
        assertThat(latin1(c.get("xml-declaration").body()), startsWith("<?xml version=\"1.0\" encoding=\"windows-1251\"?>"));
        String late = latin1(c.get("late-meta").body());
        assertThat(late.indexOf("<meta charset=\"windows-1251\">"), greaterThan(1024));
        assertThat(late.indexOf("<meta charset"), greaterThan(late.indexOf("<head>")));
        assertThat(late.indexOf("<meta charset"), org.hamcrest.Matchers.lessThan(late.indexOf("</head>")));
        assertThat(c.get("conflict").contentType(), equalTo("text/html; charset=windows-1251"));
        assertThat(latin1(c.get("conflict").body()), containsString("<meta charset=\"utf-8\">"));
        assertThat(latin1(c.get("undeclared").body()), not(containsString("charset")));
        assertThat(latin1(c.get("undeclared").body()), not(containsString("<?xml")));
        // the text itself, in its own bytes
        assertThat(latin1(c.get("undeclared").body()), containsString("\u00CF\u00F0\u00E8\u00E2\u00E5\u00F2"));
    }

    @Test
    void utf8ScenariosCarryTheTextReencoded() {
        Doc d = new Doc("tests/windows-1251-russian/x.html", "windows-1251", "windows-1251", "html", "");
        Map<String, Case> c = byScenario(GenerateBrowserCases.casesFor(d, W1251_DOC, 0));
        assertThat(c.get("utf8-meta").truth(), equalTo("UTF-8"));
        assertThat(new String(c.get("utf8-meta").body(), StandardCharsets.UTF_8), containsString("<meta charset=\"utf-8\">"));
        assertThat(new String(c.get("utf8-meta").body(), StandardCharsets.UTF_8), containsString("Привет"));
        byte[] bom = c.get("utf8-bom").body();
        assertThat(latin1(bom), startsWith("\u00EF\u00BB\u00BF<!DOCTYPE html>"));
        assertThat(new String(bom, StandardCharsets.UTF_8), not(containsString("charset")));
    }

    @Test
    void conflictingMetaIsNeverTheTrueEncoding() {
        Doc d = new Doc("tests/utf-8/x.html", "utf-8", "UTF-8", "html", "");
        Case conflict = byScenario(GenerateBrowserCases.casesFor(d, "<p>é</p>".getBytes(StandardCharsets.UTF_8), 0)).get("conflict");
        assertThat(latin1(conflict.body()), containsString("<meta charset=\"windows-1251\">"));
    }

    @Test
    void utf16DocumentsHaveNoMetaScenariosAndAUtf16XmlDeclaration() {
        Doc d = new Doc("tests/UTF-16LE/x.txt", "UTF-16LE", "UTF-16LE", "text", "");
        Map<String, Case> c = byScenario(GenerateBrowserCases.casesFor(d, "Привет".getBytes(Charset.forName("UTF-16LE")), 0));
        assertThat(c.keySet(), equalTo(java.util.Set.of("header", "xml-declaration", "utf16-bom", "utf8-meta", "utf8-bom",
                "undeclared")));
        assertThat(latin1(c.get("xml-declaration").body()), startsWith("<\0?\0x\0m\0l\0"));
        assertThat(latin1(c.get("utf16-bom").body()), startsWith("\u00FF\u00FE<\0"));
    }

    @Test
    void replacementDocumentsHaveNoUtf8Scenarios() {
        Doc d = new Doc("tests/iso-2022-kr/x.txt", "iso-2022-kr", "replacement", "text", "");
        Map<String, Case> c = byScenario(GenerateBrowserCases.casesFor(d, "\u001b$)Cabc".getBytes(StandardCharsets.ISO_8859_1), 0));
        assertThat(c.containsKey("utf8-meta"), equalTo(false));
        assertThat(c.get("header").contentType(), equalTo("text/html; charset=iso-2022-kr"));
    }

    @Test
    void labelIsTheCorpusLabelOnlyWhenBrowsersReadItAsTheTruth() {
        assertThat(GenerateBrowserCases.labelFor(new Doc("p", "SHIFT_JIS", "Shift_JIS", "xml", "")), equalTo("SHIFT_JIS"));
        assertThat(GenerateBrowserCases.labelFor(new Doc("p", "CP932", "Shift_JIS", "xml", "")), equalTo("Shift_JIS"));
        assertThat(GenerateBrowserCases.labelFor(new Doc("p", "MacCyrillic", "x-mac-cyrillic", "xml", "")),
                equalTo("x-mac-cyrillic"));
        assertThat(GenerateBrowserCases.labelFor(new Doc("p", "UTF-16", "UTF-16BE", "text", "utf-16be")), equalTo("UTF-16BE"));
    }
}
