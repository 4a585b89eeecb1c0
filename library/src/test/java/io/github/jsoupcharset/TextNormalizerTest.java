package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.SniffOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

class TextNormalizerTest {
    private static final BrowserCharsetParser NFC =
            BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withTextNormalization(SniffOptions.TextNormalization.NFC));
    private static final String DECOMPOSED = "cafe\u0301";
    private static final String COMPOSED = "caf\u00e9";
    private static final byte[] PAGE = ("<meta charset=utf-8><title>" + DECOMPOSED + "</title><p title='" + DECOMPOSED + "'>"
            + DECOMPOSED + "<script>var s = '" + DECOMPOSED + "';</script><!--" + DECOMPOSED + "-->"
            + "<svg><![CDATA[" + DECOMPOSED + "]]></svg>").getBytes(StandardCharsets.UTF_8);

    @Test
    void aDecomposedLetterIsComposedInTextNodesAndAttributeValuesWithTheOption() {
        Document doc = NFC.parse(PAGE, "text/html", "");
        assertThat(doc.title(), equalTo(COMPOSED));
        assertThat(doc.selectFirst("p").attr("title"), equalTo(COMPOSED));
        assertThat(doc.selectFirst("p").ownText(), equalTo(COMPOSED));
        assertThat(doc.selectFirst("svg").text(), equalTo(COMPOSED));
        // script contents and comments are left as they are
        assertThat(doc.selectFirst("script").data(), equalTo("var s = '" + DECOMPOSED + "';"));
        assertThat(doc.selectFirst("p").childNode(2).outerHtml(), equalTo("<!--" + DECOMPOSED + "-->"));
    }

    @Test
    void withoutTheOptionTheTextIsAsDecoded() {
        Document doc = BrowserCharsetJsoup.parse(PAGE, "text/html", "");
        assertThat(doc.title(), equalTo(DECOMPOSED));
        assertThat(doc.selectFirst("p").attr("title"), equalTo(DECOMPOSED));
        assertThat(doc.selectFirst("p").ownText(), equalTo(DECOMPOSED));
        assertThat(BrowserCharsetJsoup.decode(PAGE, null).text(), equalTo(new String(PAGE, StandardCharsets.UTF_8)));
        assertThat(SniffOptions.DEFAULTS.textNormalization(), equalTo(SniffOptions.TextNormalization.NONE));
    }

    @Test
    void decodeNormalizesTheWholeTextWithTheOption() {
        DecodedHtml decoded = NFC.decode(PAGE, (String) null);
        assertThat(decoded.text(), equalTo(new String(PAGE, StandardCharsets.UTF_8).replace(DECOMPOSED, COMPOSED)));
        // the decision is the same; normalizing adds and removes no U+FFFD
        assertThat(decoded.decision(), equalTo(BrowserCharsetJsoup.decode(PAGE, null).decision()));
    }

    @Test
    void theOptionChangesNoDecisionAndNoReplacementCount() {
        byte[] body = {'<', 'p', '>', 'e', (byte) 0xCC, (byte) 0x81, (byte) 0xFF, 'x'};
        for (String contentType : new String[] {null, "text/html; charset=utf-8", "text/html; charset=windows-1252"}) {
            assertThat(NFC.parseWithDecision(body, contentType, "").decision(),
                    equalTo(BrowserCharsetJsoup.parseWithDecision(body, contentType, "").decision()));
            assertThat(NFC.decode(body, contentType).decision(), equalTo(BrowserCharsetJsoup.decode(body, contentType).decision()));
        }
        assertThat(NFC.parseWithDecision(body, "text/html; charset=utf-8", "").decision().replacementCount(), equalTo(OptionalInt.of(1)));
        assertThat(NFC.parse(body, "text/html; charset=utf-8", "").text(), equalTo("\u00e9\uFFFDx"));
    }

    @Test
    void theXmlParserIsNormalizedToo() {
        byte[] xml = ("<a b='" + DECOMPOSED + "'>" + DECOMPOSED + "</a>").getBytes(StandardCharsets.UTF_8);
        Document doc = NFC.parse(xml, "text/html; charset=utf-8", "", Parser.xmlParser());
        assertThat(doc.selectFirst("a").attr("b"), equalTo(COMPOSED));
        assertThat(doc.selectFirst("a").text(), equalTo(COMPOSED));
    }
}
