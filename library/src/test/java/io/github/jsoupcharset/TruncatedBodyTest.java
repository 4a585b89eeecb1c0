package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

/**
 * The {@code truncated} flag of the byte and stream entry points: a body a crawler cut off
 * (WARC-Truncated) ends with a sequence the cut split, which is no evidence against UTF-8, and the
 * decision says the body was cut.
 */
class TruncatedBodyTest {
    private static final BrowserCharsetParser PARSER = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);

    /*
     * cutUtf8Page: an undeclared UTF-8 page cut inside its last "é" (C3 A9): it ends with the lead
     * byte C3. Its one whole sequence is thin evidence: handed over whole, the cut sequence is an
     * error, a legacy letter as likely as the "é" before it, and on a tie the legacy reading wins
     * (with more UTF-8 than legacy characters the page is UTF-8 with a mixture, below; with eight
     * whole sequences or more it is UTF-8 cut short, CutUtf8PageTest).
     */

    @Test
    void aFewWholeSequencesBeforeTheCutMakeAMixedPageNotAUtf8One() {
        byte[] body = cut("<title>Caf\u00e9</title><p>Cr\u00e8me br\u00fbl\u00e9e, th\u00e9 glac\u00e9. \u00e9");
        EncodingDecision whole = PARSER.sniff(body, "text/html");
        assertThat(whole.encoding(), equalTo(Encoding.UTF_8));
        assertThat(whole.source(), equalTo(DecisionSource.DETECTION));
        assertThat(whole.mixture().orElseThrow().sharePercent(), equalTo(14)); // one character of seven
        assertThat(whole.isDetectionUnsure(), is(true));
        EncodingDecision cut = PARSER.sniff(body, "text/html", true);
        assertThat(cut.source(), equalTo(DecisionSource.UTF8_VALIDITY));
        assertThat(cut.mixture().isPresent(), is(false));
    }
    private static byte[] cutUtf8Page() {
        return cut("<title>Caf\u00e9</title><p>" + "Creme brulee, the glace. " + "\u00e9");
    }

    private static byte[] cut(String page) {
        byte[] whole = page.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(whole, whole.length - 1);
    }

    @Test
    void aSequenceCutAtTheEndOfATruncatedBodyIsNoEvidenceAgainstUtf8() {
        byte[] body = cutUtf8Page();
        EncodingDecision whole = PARSER.sniff(body, "text/html");
        assertThat(whole.encoding(), not(equalTo(Encoding.UTF_8)));
        assertThat(whole.truncated(), is(false));
        assertThat(PARSER.sniff(body, "text/html", false), equalTo(whole));

        EncodingDecision cut = PARSER.sniff(body, "text/html", true);
        assertThat(cut.encoding(), equalTo(Encoding.UTF_8));
        assertThat(cut.source(), equalTo(DecisionSource.UTF8_VALIDITY));
        assertThat(cut.truncated(), is(true));
        assertThat(cut.toString(), containsString("; truncated"));
    }

    @Test
    void decodeAndParseTakeTheFlagAndSayTheBodyWasCut() {
        byte[] body = cutUtf8Page();
        DecodedHtml decoded = PARSER.decode(body, null, true);
        assertThat(decoded.decision().encoding(), equalTo(Encoding.UTF_8));
        assertThat(decoded.decision().truncated(), is(true));
        assertThat(decoded.decision().replacementCount().getAsInt(), equalTo(1)); // the cut "é", as a browser shows it
        assertThat(decoded.text(), endsWith("glace. \uFFFD"));

        ParsedHtml parsed = PARSER.parseWithDecision(body, null, "http://example.com/", true);
        assertThat(parsed.truncated(), is(true));
        assertThat(parsed.decision().truncated(), is(true));
        assertThat(parsed.decision().encoding(), equalTo(Encoding.UTF_8));
        assertThat(parsed.document().title(), equalTo("Caf\u00e9"));

        ParsedHtml complete = PARSER.parseWithDecision(body, null, "http://example.com/", false);
        assertThat(complete.truncated(), is(false));
        assertThat(complete.decision().truncated(), is(false));
        assertThat(complete.decision(), equalTo(PARSER.parseWithDecision(body, null, "http://example.com/").decision()));
        assertThat(complete.document().title(), not(equalTo("Caf\u00e9"))); // a legacy encoding's reading
    }

    @Test
    void theStreamEntryPointTakesTheFlag() throws IOException {
        byte[] body = cutUtf8Page();
        ParsedHtml cut = PARSER.parseWithDecision(new ByteArrayInputStream(body), null, "", true);
        assertThat(cut.truncated(), is(true));
        assertThat(cut.decision().truncated(), is(true));
        assertThat(cut.decision().encoding(), equalTo(Encoding.UTF_8));
        assertThat(cut.document().title(), equalTo("Caf\u00e9"));
        // the same decision as the byte[] entry point, but for the look-ahead it records
        assertThat(cut.decision().toBuilder().lookahead(java.util.Optional.empty()).replacementCount(java.util.OptionalInt.empty()).build(),
                equalTo(PARSER.sniff(body, null, true)));

        ParsedHtml whole = PARSER.parseWithDecision(new ByteArrayInputStream(body), null, "", false);
        assertThat(whole.truncated(), is(false));
        assertThat(whole.decision().encoding(), not(equalTo(Encoding.UTF_8)));
    }

    @Test
    void aLongStreamCutInsideItsLastSequenceIsNotContradicted() throws IOException {
        // valid UTF-8 well past the look-ahead, cut inside its last "é"
        StringBuilder text = new StringBuilder("<p>");
        while (text.length() < BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT + 4096) text.append("Cr\u00e8me br\u00fbl\u00e9e. ");
        byte[] whole = text.append('\u00e9').toString().getBytes(StandardCharsets.UTF_8);
        byte[] body = Arrays.copyOf(whole, whole.length - 1);

        // not flagged truncated: hundreds of whole sequences before the cut say UTF-8 cut short all the same
        ParsedHtml complete = PARSER.parseWithDecision(new ByteArrayInputStream(body), null, "", false);
        assertThat(complete.decision().encoding(), equalTo(Encoding.UTF_8));
        assertThat(complete.decision().lookahead().orElseThrow().contradicted(), is(false));
        assertThat(complete.decision().truncated(), is(false));

        ParsedHtml cut = PARSER.parseWithDecision(new ByteArrayInputStream(body), null, "", true);
        assertThat(cut.decision().encoding(), equalTo(Encoding.UTF_8));
        assertThat(cut.decision().lookahead().orElseThrow().contradicted(), is(false));
        assertThat(cut.decision().truncated(), is(true));
        assertThat(cut.truncated(), is(true));
    }

    @Test
    void aUtf8PageDeclaredLatin1AndCutIsStillSeenMisdeclared() {
        byte[] whole = "<p>Gr\u00fc\u00dfe aus K\u00f6ln, sch\u00f6ne Gr\u00fc\u00dfe, \u00fcber M\u00fcnchen \u00e9".getBytes(StandardCharsets.UTF_8);
        byte[] body = Arrays.copyOf(whole, whole.length - 1);
        String header = "text/html; charset=iso-8859-1";
        // eight whole sequences before the cut: UTF-8 cut short even in a body handed over whole
        assertThat(PARSER.sniff(body, header).misdeclared(), is(true));
        EncodingDecision cut = PARSER.sniff(body, header, true);
        assertThat(cut.misdeclared(), is(true));
        assertThat(cut.encoding(), equalTo(Encoding.WINDOWS_1252)); // a browser trusts the header
        EncodingDecision checked = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED))
                .sniff(body, header, true);
        assertThat(checked.source(), equalTo(DecisionSource.DECLARATION_OVERRIDDEN));
        assertThat(checked.encoding(), equalTo(Encoding.UTF_8));
        assertThat(checked.truncated(), is(true));
    }
}
