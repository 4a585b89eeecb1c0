package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

class AuditTableTest {
    static final Path SAMPLE = Main.sampleWarc();

    /** The whitespace-separated cells of the first line of a rendered table that starts with {@code first}. */
    static List<String> cells(String rendered, String first) {
        for (String line : rendered.split("\n")) {
            List<String> cells = Arrays.asList(line.strip().split("\\s+"));
            if (cells.get(0).equals(first)) return cells;
        }
        throw new AssertionError("no line starts with " + first + " in\n" + rendered);
    }

    static AuditTable sample(int listLimit) throws Exception {
        AuditTable table = new AuditTable(listLimit);
        WarcAudit audit = new WarcAudit(16 << 20, m -> { throw new AssertionError(m); });
        try (WarcAudit.Pages pages = audit.pages(SAMPLE.toString(), FileChannel.open(SAMPLE))) {
            pages.forEachRemaining(table::add);
        }
        return table;
    }

    private static List<String> linesOver(String text, int width) {
        List<String> over = new ArrayList<>();
        for (String line : text.split("\n")) if (line.length() > width) over.add(line.length() + ": " + line);
        return over;
    }

    private static byte[] page(String label, String text) {
        Charset cs = Charset.forName(label);
        return ("<!DOCTYPE html><meta charset=\"" + label + "\"><title>" + text + "</title><p>" + text).getBytes(cs);
    }

    @Test
    void theSampleLeadsWithItsHeadlineAndFits100Columns() throws Exception {
        AuditTable table = sample(AuditTable.DEFAULT_LIST_LIMIT);
        String text = table.render();
        AuditTable.Row all = table.total();
        // the headline is the total row said in a sentence
        assertThat(table.headline(), is("requests' .text corrupts " + all.requestsCorrupt() + " of " + all.pages() + " pages, jsoup "
                + all.jsoupCorrupt() + ", the JDK " + all.declaredCorrupt() + "; " + all.notUtf8() + " of the " + all.pages()
                + " are not UTF-8."));
        assertThat(table.headline(), startsWith("requests' .text corrupts 27 of 38 pages, jsoup 5, the JDK 6;")); // the README's figures
        assertThat(text, startsWith(table.headline() + "\n\n"));
        assertThat(linesOver(text, AuditTable.WIDTH), is(empty()));
        assertThat(cells(text, "all").subList(0, 8), is(List.of("all", "38", "31", "27", "5", "6", "2", "0/0/0")));
        assertThat(cells(text, ".ru").subList(0, 11), is(List.of(".ru", "7", "7", "5", "1", "1", "0", "0/0/0", "0", "0", "windows-1251")));
        // the two headings are apart: "pages" is not read with "not UTF-8"
        assertThat(text, containsString("HTML pages"));
        assertThat(text, containsString("not UTF-8, by encoding (all pages): windows-1251 5,"));
        // the corrupted pages, the first 20 by URL, each with who corrupts it
        assertThat(table.corruptedByAny(), is(27L + 0)); // every corrupted page of the sample is corrupted by requests
        assertThat(table.corruptedPages(), hasSize(20));
        assertThat(text, containsString("Pages a naive decoding corrupts (the first 20 by URL of 27; --all lists every one):"));
        assertThat(text, containsString("\n  requests jsoup JDK  https://arhiv.example.ru/\n"));
    }

    @Test
    void allListsEveryCorruptedPage() throws Exception {
        AuditTable table = sample(Integer.MAX_VALUE);
        assertThat(table.corruptedPages(), hasSize(27));
        assertThat(table.render(), containsString("Pages a naive decoding corrupts (all 27, by URL):"));
        List<String> urls = table.corruptedPages().stream().map(AuditTable.ListedPage::url).toList();
        assertThat(urls, is(urls.stream().sorted().toList()));
        assertThat(table.pagesWithReplacement(), hasSize((int) table.withReplacement()));
    }

    @Test
    void aWideTableStillFits100Columns() throws Exception {
        String[] labels = {"koi8-r", "windows-1251", "iso-8859-5", "ibm866", "x-MacCyrillic", "koi8-u", "iso-8859-2",
            "windows-1250", "iso-8859-4", "windows-1257", "iso-8859-13", "iso-8859-3", "iso-8859-9", "windows-1254"};
        AuditTable table = new AuditTable();
        String[] tlds = {"ru", "verylongtopleveldomainnamethatnobodyregistered", "xn--p1ai", "\u009b31mred", "c\u0007m"};
        int n = 0;
        for (String tld : tlds) {
            for (String label : labels) {
                String text = Charset.forName(label).newEncoder().canEncode("Привет") ? "Привет" : "Zażółć gęślą";
                table.add(PageAudit.of("https://host" + n++ + "." + tld + "/" + "very/long/path/".repeat(12) + "?q=\u009b2J",
                        List.of("text/html"), page(label, text)));
            }
        }
        // counts of a big crawl: double the table until the numbers are wide
        for (int i = 0; i < 30; i++) table.merge(roundTrip(table));
        String text = table.render();
        assertThat(linesOver(text, AuditTable.WIDTH), is(empty()));
        assertThat(text, not(containsString("\u009b")));
        assertThat(text, not(containsString("\u0007")));
        assertThat(text, containsString(".\\x9b31mred"));
        assertThat(cells(text, "all").get(1), is(Long.toString(70L << 30)));
        assertThat(text, containsString("\u2026")); // the long TLD, encodings and URLs are cut to fit
        // the headline wraps where the next number would pass the width (x-MacCyrillic, not a WHATWG
        // label, is detected: x-mac-cyrillic, the text jsoup's Java charset gives too)
        assertThat(text, startsWith("requests' .text corrupts 64,424,509,440 of 75,161,927,680 pages, jsoup 0, the JDK"
                + " 5,368,709,120;\n75,161,927,680 of the"));
        assertThat(table.corruptedPages(), hasSize(AuditTable.DEFAULT_LIST_LIMIT));
    }

    @Test
    void mergedTablesListTheSamePagesWhateverTheOrder() throws Exception {
        List<PageAudit> pages = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            pages.add(PageAudit.of("https://p" + (char) ('a' + (i * 7) % 26) + i + ".example.ru/", List.of("text/html"),
                    page("windows-1251", "Привет")));
        }
        AuditTable one = new AuditTable(5);
        pages.forEach(one::add);
        AuditTable a = new AuditTable(5);
        AuditTable b = new AuditTable(5);
        for (int i = 0; i < pages.size(); i++) (i % 3 == 0 ? a : b).add(pages.get(pages.size() - 1 - i));
        AuditTable merged = new AuditTable(5).merge(b).merge(a);
        assertThat(merged.corruptedPages(), is(one.corruptedPages()));
        assertThat(merged.corruptedByAny(), is(30L));
        assertThat(merged.render(), is(one.render()));
        assertThat(roundTrip(merged).render(), is(one.render()));
    }

    @Test
    void pagesThatLookBinaryAreCounted() throws Exception {
        AuditTable table = sample(AuditTable.DEFAULT_LIST_LIMIT);
        assertThat(table.looksBinary(), is(0L));
        byte[] png = java.util.Base64.getDecoder().decode(
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
        table.add(PageAudit.of("https://img.example.com/logo", List.of("text/html"), png));
        assertThat(table.looksBinary(), is(1L));
        assertThat(table.render(), containsString("\npages that look binary           1\n"));
        assertThat(new AuditTable().merge(table).looksBinary(), is(1L));
    }

    @Test
    void noPagesHasAHeadlineToo() {
        AuditTable table = new AuditTable();
        assertThat(table.headline(), is("No HTML page was audited."));
        assertThat(table.render(), containsString("No page is corrupted by a naive decoding."));
        AuditTable one = new AuditTable(0);
        one.add(PageAudit.of("https://a.example.ru/", List.of("text/html"), page("windows-1251", "Привет")));
        assertThat(one.headline(), is("requests' .text corrupts 1 of 1 page, jsoup 0, the JDK 0; 1 of the 1 is not UTF-8."));
        assertThat(one.corruptedPages(), is(empty()));
        assertThat(one.corruptedByAny(), is(1L));
    }

    @SuppressWarnings("unchecked")
    static <T> T roundTrip(T o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
