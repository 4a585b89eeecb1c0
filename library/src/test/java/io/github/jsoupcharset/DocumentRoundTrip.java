package io.github.jsoupcharset;

import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * For every encoding: a page decoded with it is parsed, cloned, given a {@code <meta charset>} by
 * jsoup's {@code doc.charset(doc.charset())}, serialised, encoded with the clone's charset and
 * parsed again with no header; the text must come back the same, and every step must work. Plain
 * Java with no test framework, so that {@code ClassLoaderTest} can run it inside a class loader
 * of its own, as servlet containers, fat jars and Spark executors run code.
 */
public final class DocumentRoundTrip {
    private DocumentRoundTrip() {}

    /** Characters whose bytes differ between the JDK's CJK charsets and the Encoding Standard. */
    static final String TRICKY = "\u00A2\u00A3\u00A5\u00A6\u00AC\u2014\u2015\u2016\u2212\u301C\uFF5E\u203E";

    /** What went wrong, one line per encoding and step; empty if everything held. */
    public static List<String> failures() {
        List<String> failures = new ArrayList<>();
        for (Encoding e : Encoding.all()) {
            try {
                check(e, failures);
            } catch (RuntimeException | Error x) {
                failures.add(e + ": " + x);
            }
        }
        return failures;
    }

    private static void check(Encoding e, List<String> failures) {
        byte[] body = page(e);
        Document doc = BrowserCharsetJsoup.parse(body, "text/html; charset=" + e.name(), "http://example.com/");
        String text = doc.body().text();
        Encoding out = e.outputEncoding() == Encoding.X_USER_DEFINED ? Encoding.UTF_8 : e.outputEncoding();
        expect(failures, e, "charset name", doc.charset().name(), out.name());

        Document.OutputSettings settings = doc.outputSettings().clone();
        expect(failures, e, "cloned settings' charset", settings.charset(), doc.charset());
        Element p = doc.selectFirst("p");
        if (p == null) p = doc.body(); // replacement: the whole page is one U+FFFD
        Element pClone = p.clone();
        expect(failures, e, "cloned element's text", pClone.text(), p.text());
        expect(failures, e, "cloned element's html", pClone.outerHtml(), p.outerHtml());

        Document clone = doc.clone();
        expect(failures, e, "clone's charset", clone.charset(), doc.charset());
        clone.charset(clone.charset()); // jsoup's usual way to write a <meta charset>
        String html = clone.html();
        Element meta = clone.selectFirst("meta[charset]");
        String label = meta == null ? "(none)" : meta.attr("charset");
        Optional<Encoding> metaMeans = Encoding.forLabel(label);
        expect(failures, e, "meta label " + label, metaMeans.orElse(null), out);

        byte[] again = html.getBytes(clone.charset());
        ParsedHtml back = BrowserCharsetJsoup.parseWithDecision(again, null, "http://example.com/");
        expect(failures, e, "re-parsed encoding", back.decision().encoding(), out);
        expect(failures, e, "re-parsed text", back.document().body().text(), text);
        expect(failures, e, "re-parsed decoding errors", back.decision().replacementCount().orElse(-1), 0);
    }

    /**
     * A page in {@code e}: ASCII markup around text decoded from a spread of bytes (every byte
     * 0x80-0xFF, and lead and trail bytes that make characters of the multi-byte encodings), the
     * tricky characters as numeric references, and {@code &cent;}.
     */
    static byte[] page(Encoding e) {
        ByteArrayOutputStream sample = new ByteArrayOutputStream();
        for (int b = 0x80; b <= 0xFF; b++) {
            sample.write(b);
            sample.write(' ');
        }
        for (int lead : new int[] {0x81, 0x88, 0x8E, 0xA1, 0xA4, 0xB0, 0xC8, 0xE0, 0xF9, 0xFE}) {
            for (int trail = 0x40; trail <= 0xFE; trail += 3) {
                sample.write(lead);
                sample.write(trail);
            }
            sample.write(' ');
        }
        String decoded = new String(sample.toByteArray(), e == Encoding.UTF_16BE || e == Encoding.UTF_16LE
                ? Encoding.WINDOWS_1252.charset() : e.charset());
        StringBuilder text = new StringBuilder();
        decoded.codePoints().filter(c -> c >= 0xA0 || c == ' ').forEach(text::appendCodePoint);
        StringBuilder refs = new StringBuilder();
        TRICKY.chars().forEach(c -> refs.append("&#").append(c).append(';'));
        String html = "<!doctype html><html><head><title>t</title></head><body><p>ASCII &amp; " + text
                + "</p><p>" + refs + " &cent; " + TRICKY + "</p></body></html>";
        Charset cs = e == Encoding.REPLACEMENT ? Encoding.UTF_8.charset() : e.charset();
        return html.getBytes(cs);
    }

    private static void expect(List<String> failures, Encoding e, String what, Object actual, Object expected) {
        if (expected == null ? actual != null : !expected.equals(actual)) {
            String a = String.valueOf(actual);
            String x = String.valueOf(expected);
            failures.add(e + ": " + what + ": " + (a.length() > 200 ? firstDifference(a, x) : a + " (expected " + x + ")"));
        }
    }

    private static String firstDifference(String a, String x) {
        int i = 0;
        while (i < a.length() && i < x.length() && a.charAt(i) == x.charAt(i)) i++;
        return String.format("differs at %d: U+%04X (expected U+%04X)", i,
                i < a.length() ? (int) a.charAt(i) : -1, i < x.length() ? (int) x.charAt(i) : -1);
    }
}
