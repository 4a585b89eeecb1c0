package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.EncodingDecision.DoubleEncoding;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Double-encoded text: UTF-8 read as windows-1252 and encoded as UTF-8 again ("CafÃ©", "â€™"),
 * counted in every mode, repaired under {@link SniffOptions.Declarations#CHECKED} only when the
 * whole text reads so.
 */
class DoubleEncodingTest {
    private static final BrowserCharsetParser BROWSER = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);
    private static final BrowserCharsetParser CHECKED =
            BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));

    private static final String FR = "Caf\u00e9 cr\u00e8me \u00e0 3,50 \u20ac, \u00ab prix sp\u00e9cial \u00bb pour les \u00e9tudiants "
            + "\u2014 offre valable jusqu\u2019\u00e0 dimanche. \u00c1 bient\u00f4t !";

    /** {@code text} as a server that read its UTF-8 as windows-1252 sends it, in UTF-8. */
    private static String doubled(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), Encoding.WINDOWS_1252.charset());
    }

    private static byte[] page(String text) {
        return ("<!doctype html><title>T</title><p>" + text).getBytes(StandardCharsets.UTF_8);
    }

    private static long nonAscii(String text) {
        return text.codePoints().filter(c -> c >= 0x80).count();
    }

    @Test
    void aWholeDoubleEncodedPageIsCountedInBothModesAndRepairedWhenChecked() throws IOException {
        String mojibake = doubled(FR);
        assertThat(mojibake, containsString("Caf\u00c3\u00a9"));
        assertThat(mojibake, containsString("jusqu\u00e2\u20ac\u2122"));
        assertThat(mojibake, containsString("\u00c3\u0081 bient")); // "Á": C3 81, 81 being undefined in windows-1252
        byte[] body = page(mojibake);
        String header = "text/html; charset=utf-8";
        int sequences = (int) nonAscii(FR);

        ParsedHtml browser = BROWSER.parseWithDecision(body, header, "");
        assertThat(browser.decision().doubleEncoding(), equalTo(Optional.of(new DoubleEncoding(sequences, true, false))));
        assertThat(browser.decision().doubleEncodedSequences(), equalTo(sequences));
        assertThat(browser.document().selectFirst("p").wholeText(), equalTo(mojibake)); // as a browser shows it

        ParsedHtml checked = CHECKED.parseWithDecision(body, header, "");
        assertThat(checked.decision().doubleEncoding(), equalTo(Optional.of(new DoubleEncoding(sequences, true, true))));
        assertThat(checked.decision().encoding(), equalTo(Encoding.UTF_8));
        assertThat(checked.decision().source(), equalTo(DecisionSource.HTTP_HEADER));
        assertThat(checked.decision().replacementCount().getAsInt(), equalTo(0));
        assertThat(checked.document().selectFirst("p").wholeText(), equalTo(FR));
        assertThat(checked.decision().toString(), containsString("; " + sequences + " double-encoded sequences, repaired"));

        DecodedHtml decoded = CHECKED.decode(body, header);
        assertThat(decoded.text(), equalTo("<!doctype html><title>T</title><p>" + FR));
        assertThat(decoded.decision(), equalTo(checked.decision()));
        assertThat(BROWSER.decode(body, header).text(), equalTo("<!doctype html><title>T</title><p>" + mojibake));

        // a stream that ends within the look-ahead: as the byte[] entry points
        ParsedHtml streamed = CHECKED.parseWithDecision(new ByteArrayInputStream(body), header, "");
        assertThat(streamed.document().selectFirst("p").wholeText(), equalTo(FR));
        assertThat(streamed.decision().doubleEncoding(), equalTo(checked.decision().doubleEncoding()));
        // undeclared and UTF-8 by its validity: the same
        assertThat(CHECKED.parseWithDecision(body, null, "").document().selectFirst("p").wholeText(), equalTo(FR));
    }

    @Test
    void aPageThatQuotesOneDoubleEncodedSequenceAmongGenuineTextIsCountedNeverRepaired() {
        String text = "Le mot \u00ab Caf\u00c3\u00a9 \u00bb est mal encod\u00e9 : on \u00e9crit \u00ab caf\u00e9 \u00bb, "
                + "avec un \u00e9 accent aigu, comme \u00e9t\u00e9, \u00e9l\u00e8ve, fen\u00eatre et for\u00eat.";
        byte[] body = page(text);
        for (BrowserCharsetParser p : List.of(BROWSER, CHECKED)) {
            ParsedHtml parsed = p.parseWithDecision(body, "text/html; charset=utf-8", "");
            assertThat(parsed.decision().doubleEncoding(), equalTo(Optional.of(new DoubleEncoding(1, false, false))));
            assertThat(parsed.document().selectFirst("p").wholeText(), equalTo(text));
        }
    }

    @Test
    void aPageThatTabulatesMojibakeIsCountedNeverRepaired() {
        // a UTF-8 page showing what accents look like misread, accents written as references
        StringBuilder text = new StringBuilder("<table><tr><th>letter</th><th>misread</th></tr>");
        String[][] rows = {{"&eacute;", "\u00c3\u00a9"}, {"&egrave;", "\u00c3\u00a8"}, {"&agrave;", "\u00c3\u00a0"},
            {"&uuml;", "\u00c3\u00bc"}, {"&ouml;", "\u00c3\u00b6"}, {"&auml;", "\u00c3\u00a4"}, {"&ccedil;", "\u00c3\u00a7"},
            {"&ntilde;", "\u00c3\u00b1"}, {"&rsquo;", "\u00e2\u20ac\u2122"}};
        for (String[] r : rows) text.append("<tr><td>").append(r[0]).append("</td><td>").append(r[1]).append("</td></tr>");
        String html = "<!doctype html><title>T</title>" + text + "</table>";
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        for (BrowserCharsetParser p : List.of(BROWSER, CHECKED)) {
            DecodedHtml decoded = p.decode(body, "text/html; charset=utf-8");
            assertThat(decoded.decision().doubleEncoding(), equalTo(Optional.of(new DoubleEncoding(rows.length, false, false))));
            assertThat(decoded.text(), equalTo(html));
        }
    }

    @Test
    void aDoubleEncodedPageOfAFewSequencesIsCountedNotRepaired() {
        String text = doubled("Caf\u00e9 cr\u00e8me, th\u00e9.");
        ParsedHtml parsed = CHECKED.parseWithDecision(page(text), "text/html; charset=utf-8", "");
        assertThat(parsed.decision().doubleEncoding(), equalTo(Optional.of(new DoubleEncoding(3, false, false))));
        assertThat(parsed.document().selectFirst("p").wholeText(), equalTo(text));
    }

    @Test
    void genuineTextInManyScriptsIsNotDoubleEncoded() {
        List<String> texts = List.of(FR,
                "Gr\u00f6\u00dfere Gem\u00fcseauswahl f\u00fcr B\u00e4ckereien in M\u00fcnchen \u2014 Preise ab 2,99 \u20ac.",
                "\u041d\u043e\u0432\u043e\u0441\u0442\u0438 \u0434\u043d\u044f: \u0432 \u041c\u043e\u0441\u043a\u0432\u0435 \u0442\u0451\u043f\u043b\u0430\u044f \u043f\u043e\u0433\u043e\u0434\u0430.",
                "\u6771\u4eac\u306e\u5929\u6c17\u306f\u6674\u308c\u3001\u660e\u65e5\u306f\u96e8\u306e\u4e88\u5831\u3067\u3059\u3002",
                "Za\u017c\u00f3\u0142\u0107 g\u0119\u015bl\u0105 ja\u017a\u0144. \u0158\u00edjen \u017elu\u0165ou\u010dk\u00fd.",
                "Emoji \ud83d\udeb2 \u2713 \u2615 and \u00a9 2024, \u00bd price, 20\u00b0C, na\u00efve S\u00e3o Paulo \u00c0 la carte.");
        for (String text : texts) {
            for (BrowserCharsetParser p : List.of(BROWSER, CHECKED)) {
                ParsedHtml parsed = p.parseWithDecision(page(text), "text/html; charset=utf-8", "");
                assertThat(text, parsed.decision().doubleEncoding(), equalTo(Optional.empty()));
                assertThat(parsed.document().selectFirst("p").wholeText(), equalTo(text));
            }
        }
    }

    @Test
    void aDoubleEncodedPageIsLookedAtOnceDecodedAsUtf8() {
        // the same bytes declared windows-1252: triple-encoded as a browser shows them, not counted
        byte[] body = page(doubled(FR));
        EncodingDecision d = CHECKED.sniff(body, "text/html; charset=windows-1252");
        assertThat(d.encoding(), equalTo(Encoding.UTF_8)); // valid UTF-8 declared windows-1252: overridden
        assertThat(d.source(), equalTo(DecisionSource.DECLARATION_OVERRIDDEN));
        assertThat(d.doubleEncoding().orElseThrow().repaired(), is(true)); // then repaired as well
        assertThat(CHECKED.decode(body, "text/html; charset=windows-1252").text(), containsString(FR));
        assertThat(BROWSER.sniff(body, "text/html; charset=windows-1252").doubleEncoding(), equalTo(Optional.empty()));
    }

    @Test
    void aTruncatedDoubleEncodedPageIsWholeOnlyWhenSaidToBeCut() {
        byte[] whole = page(doubled(FR + " \u00e9"));
        byte[] body = Arrays.copyOf(whole, whole.length - 2); // "é" doubled is C3 83 C2 A9: cut after C3 83
        assertThat(CHECKED.sniff(body, "text/html; charset=utf-8").doubleEncoding().orElseThrow().wholeText(), is(false));
        EncodingDecision cut = CHECKED.sniff(body, "text/html; charset=utf-8", true);
        assertThat(cut.doubleEncoding().orElseThrow().repaired(), is(true));
        assertThat(CHECKED.decode(body, "text/html; charset=utf-8", true).text(), containsString(FR));
    }

    @Test
    void theRecordChecksItsArguments() {
        assertThrows(IllegalArgumentException.class, () -> new DoubleEncoding(0, false, false));
        assertThrows(IllegalArgumentException.class, () -> new DoubleEncoding(7, true, false));
        assertThrows(IllegalArgumentException.class, () -> new DoubleEncoding(9, false, true));
        EncodingDecision d = BROWSER.sniff(page(doubled(FR)), (String) null);
        assertThat(d.toBuilder().doubleEncoding(Optional.empty()).build().equals(d), is(false));
        assertThat(d.toBuilder().build(), equalTo(d));
        assertThat(d.toBuilder().build().hashCode(), equalTo(d.hashCode()));
    }
}
