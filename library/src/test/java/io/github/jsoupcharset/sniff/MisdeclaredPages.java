package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.detect.DetectionCorpus;
import io.github.jsoupcharset.encoding.Encoding;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The misdeclared pages built from the detection development set ({@link DetectionCorpus}): each
 * document served in the four wrong ways, the control (UTF-8 with two broken sequences, declared
 * UTF-8) and every correctly declared variant, each decoded in both {@link SniffOptions.Declarations}
 * modes. Run {@code main} for the table DETECTION.md shows.
 */
public final class MisdeclaredPages {
    /** How a page is served. */
    public enum Kind {
        UTF8_AS_LATIN1_HEADER("UTF-8 bytes, header charset=iso-8859-1", true),
        UTF8_AS_1252_META("UTF-8 bytes, <meta charset=windows-1252>", true),
        LEGACY_AS_UTF8_HEADER("legacy bytes, header charset=utf-8", true),
        LEGACY_AS_UTF8_META("legacy bytes, <meta charset=utf-8>", true),
        CONTROL_HEADER("control: UTF-8 with 2 broken sequences, header utf-8", false),
        CONTROL_META("control: UTF-8 with 2 broken sequences, meta utf-8", false),
        TRUE_HEADER("true encoding in the header", false),
        TRUE_META("true encoding in a meta", false),
        UTF8_HEADER("as UTF-8, header utf-8", false),
        UTF8_META("as UTF-8, meta utf-8", false);

        final String description;
        final boolean misdeclared;

        Kind(String description, boolean misdeclared) {
            this.description = description;
            this.misdeclared = misdeclared;
        }
    }

    /** One served page and the text its author wrote. */
    public record Page(String path, Kind kind, byte[] bytes, String contentType, String authorText) {}

    /** What each mode made of one page. */
    public record Outcome(Page page, DecodedHtml browser, DecodedHtml checked) {
        boolean browserRecovers() {
            return browser.text().equals(page.authorText());
        }

        boolean checkedRecovers() {
            return checked.text().equals(page.authorText());
        }

        boolean sameText() {
            return browser.text().equals(checked.text());
        }
    }

    /** Per kind: pages, author's text in browser mode, reported misdeclared, author's text in checked mode, text changed. */
    public record Row(int pages, int browserAuthor, int reported, int checkedAuthor, int changed) {}

    private static final BrowserCharsetParser BROWSER = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);
    private static final BrowserCharsetParser CHECKED =
            BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));

    private MisdeclaredPages() {}

    /** Every page of every kind. */
    public static List<Page> pages(List<DetectionCorpus.Case> cases) {
        List<Page> pages = new ArrayList<>();
        for (DetectionCorpus.Case c : cases) {
            String text = decode(c.bytes(), c.truth());
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            pages.add(new Page(c.path(), Kind.UTF8_AS_LATIN1_HEADER, utf8, "text/html; charset=iso-8859-1", text));
            String withMeta = "<meta charset=windows-1252>" + text;
            pages.add(new Page(c.path(), Kind.UTF8_AS_1252_META, withMeta.getBytes(StandardCharsets.UTF_8), null, withMeta));
            // legacy bytes under a utf-8 label: only encodings whose text has non-ASCII bytes
            if (c.truth() != Encoding.UTF_8 && c.truth().isAsciiCompatible()) {
                pages.add(new Page(c.path(), Kind.LEGACY_AS_UTF8_HEADER, c.bytes(), "text/html; charset=utf-8", text));
                byte[] meta = concat("<meta charset=utf-8>".getBytes(StandardCharsets.US_ASCII), c.bytes());
                pages.add(new Page(c.path(), Kind.LEGACY_AS_UTF8_META, meta, null, decode(meta, c.truth())));
            }
            byte[] broken = twoBroken(utf8);
            pages.add(new Page(c.path(), Kind.CONTROL_HEADER, broken, "text/html; charset=utf-8",
                    decode(broken, Encoding.UTF_8)));
            byte[] brokenMeta = concat("<meta charset=utf-8>".getBytes(StandardCharsets.US_ASCII), broken);
            pages.add(new Page(c.path(), Kind.CONTROL_META, brokenMeta, null, decode(brokenMeta, Encoding.UTF_8)));
            pages.add(new Page(c.path(), Kind.TRUE_HEADER, c.bytes(), "text/html; charset=" + c.truth().name(), text));
            byte[] trueMeta = concat(("<meta charset=" + c.truth().name() + ">").getBytes(StandardCharsets.US_ASCII),
                    c.bytes());
            pages.add(new Page(c.path(), Kind.TRUE_META, trueMeta, null, decode(trueMeta, c.truth())));
            if (c.truth() != Encoding.UTF_8) {
                pages.add(new Page(c.path(), Kind.UTF8_HEADER, utf8, "text/html; charset=utf-8", text));
                String utf8Meta = "<meta charset=utf-8>" + text;
                pages.add(new Page(c.path(), Kind.UTF8_META, utf8Meta.getBytes(StandardCharsets.UTF_8), null, utf8Meta));
            }
        }
        return pages;
    }

    /** Decodes every page in both modes. */
    public static List<Outcome> outcomes(List<Page> pages) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Page p : pages) {
            outcomes.add(new Outcome(p, BROWSER.decode(p.bytes(), p.contentType()), CHECKED.decode(p.bytes(), p.contentType())));
        }
        return outcomes;
    }

    /** The figures per kind, in the order of {@link Kind}. */
    public static Map<Kind, Row> rows(List<Outcome> outcomes) {
        Map<Kind, Row> rows = new LinkedHashMap<>();
        for (Kind k : Kind.values()) {
            int n = 0, browser = 0, reported = 0, checked = 0, changed = 0;
            for (Outcome o : outcomes) {
                if (o.page().kind() != k) continue;
                n++;
                if (o.browserRecovers()) browser++;
                if (o.browser().decision().misdeclared()) reported++;
                if (o.checkedRecovers()) checked++;
                if (!o.sameText()) changed++;
            }
            rows.put(k, new Row(n, browser, reported, checked, changed));
        }
        return rows;
    }

    /** The table as DETECTION.md shows it. */
    public static String markdown(Map<Kind, Row> rows) {
        StringBuilder b = new StringBuilder("| pages served as | pages | author's text, browser mode | reported misdeclared (browser mode) | author's text, checked mode | text changed by checked mode |\n")
                .append("|---|---|---|---|---|---|\n");
        rows.forEach((k, r) -> b.append("| ").append(k.description.replace("<", "`<").replace(">", ">`")).append(" | ")
                .append(r.pages()).append(" | ").append(r.browserAuthor()).append(" | ").append(r.reported())
                .append(" | ").append(r.checkedAuthor()).append(" | ").append(r.changed()).append(" |\n"));
        return b.toString();
    }

    /** Prints the table and the misdeclared pages checked mode does not recover. */
    public static void main(String[] args) throws IOException {
        List<Outcome> outcomes = outcomes(pages(DetectionCorpus.development()));
        System.out.print(markdown(rows(outcomes)));
        for (Outcome o : outcomes) {
            if (o.page().kind().misdeclared && !o.checkedRecovers() || !o.page().kind().misdeclared && !o.sameText()) {
                System.out.println(o.page().kind() + " " + o.page().path() + ": " + o.checked().decision());
            }
        }
    }

    static String decode(byte[] bytes, Encoding encoding) {
        return new String(bytes, encoding.charset());
    }

    static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(a.length + b.length);
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }

    /** The UTF-8 bytes with a 0xFF (one UTF-8 error) inserted before the ASCII bytes nearest a third and two thirds in. */
    static byte[] twoBroken(byte[] utf8) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length + 2);
        int first = asciiAtOrAfter(utf8, utf8.length / 3);
        int second = asciiAtOrAfter(utf8, Math.max(first + 1, 2 * utf8.length / 3));
        out.write(utf8, 0, first);
        out.write(0xFF);
        out.write(utf8, first, second - first);
        out.write(0xFF);
        out.write(utf8, second, utf8.length - second);
        return out.toByteArray();
    }

    private static int asciiAtOrAfter(byte[] b, int i) {
        while (i < b.length && b[i] < 0) i++;
        return i;
    }
}
