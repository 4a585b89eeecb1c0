package io.github.jsoupcharset;

import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

/** The charset of the documents we return: its name, the meta it writes, clones and round trips. */
class DocumentCharsetTest {
    @Test
    void everyEncodingsDocumentClonesSerialisesAndRoundTrips() {
        assertThat(DocumentRoundTrip.failures(), empty());
    }

    @Test
    void theCharsetIsNamedAsBrowsersNameTheEncoding() {
        Document doc = BrowserCharsetJsoup.parse("<p>\u00CF\u00F0\u00E8".getBytes(StandardCharsets.ISO_8859_1),
                "text/html; charset=cp1251", "");
        assertThat(doc.charset().name(), equalTo("windows-1251"));
        assertThat(doc.charset(), equalTo(Charset.forName("windows-1251")));
        assertThat(doc.text(), equalTo("\u041F\u0440\u0438"));
        doc.charset(doc.charset());
        assertThat(doc.head().html(), equalTo("<meta charset=\"windows-1251\">"));
    }

    @Test
    void encodingsTheJdkDoesNotKnowStillCloneAndKeepTheirName() {
        for (Encoding e : List.of(Encoding.MACINTOSH, Encoding.X_MAC_CYRILLIC, Encoding.ISO_8859_8_I,
                Encoding.ISO_8859_10, Encoding.ISO_8859_14, Encoding.KOI8_U)) {
            Document doc = BrowserCharsetJsoup.parse(new byte[] {'<', 'p', '>', (byte) 0xE9}, "text/html;charset=" + e.name(), "");
            Document clone = doc.clone();
            assertThat(e.name(), clone.charset().name(), equalTo(e.name()));
            assertThat(e.name(), clone.selectFirst("p").clone().outerHtml(), equalTo(doc.selectFirst("p").outerHtml()));
        }
    }

    @Test
    void unicodeReplacementAndUserDefinedPagesAreWrittenAsUtf8() {
        for (Encoding e : List.of(Encoding.UTF_8, Encoding.UTF_16BE, Encoding.UTF_16LE, Encoding.REPLACEMENT, Encoding.X_USER_DEFINED)) {
            assertThat(e.name(), DocumentCharsets.forEncoding(e), equalTo(StandardCharsets.UTF_8));
        }
        Document doc = BrowserCharsetJsoup.parse("<p>a".getBytes(StandardCharsets.UTF_16LE), "text/html; charset=utf-16le", "");
        assertThat(doc.text(), equalTo("a"));
        assertThat(doc.charset(), equalTo(StandardCharsets.UTF_8));
    }

    @Test
    void aYenSignFromAReferenceStaysAYenSignInShiftJis() {
        // the standard's Shift_JIS encoder writes U+00A5 as 0x5C, which reads back as a backslash
        Document doc = BrowserCharsetJsoup.parse("<p>&yen;100 &minus;5".getBytes(StandardCharsets.US_ASCII), "text/html; charset=shift_jis", "");
        assertThat(doc.selectFirst("p").html(), equalTo("&yen;100 &#x2212;5"));
        assertThat(doc.text(), equalTo("\u00A5100 \u22125"));
    }

    @Test
    void theParsersOtherOutputSettingsAreKept() {
        ParsedHtml xml = BrowserCharsetJsoup.parseWithDecision("<a><b>\u00E9</b></a>".getBytes(StandardCharsets.ISO_8859_1),
                "text/xml; charset=latin1", "", Parser.xmlParser());
        Document.OutputSettings settings = xml.document().outputSettings();
        Document.OutputSettings jsoups = Parser.xmlParser().parseInput("<a/>", "").outputSettings();
        assertThat(settings.syntax(), equalTo(jsoups.syntax()));
        assertThat(settings.escapeMode(), equalTo(jsoups.escapeMode()));
        assertThat(settings.prettyPrint(), equalTo(jsoups.prettyPrint()));
        assertThat(settings.outline(), equalTo(jsoups.outline()));
        assertThat(settings.indentAmount(), equalTo(jsoups.indentAmount()));
        assertThat(settings.maxPaddingWidth(), equalTo(jsoups.maxPaddingWidth()));
        assertThat(settings.charset().name(), equalTo("windows-1252"));
        assertThat(xml.document().clone().outputSettings().syntax(), equalTo(Document.OutputSettings.Syntax.xml));
    }

    @Test
    void settingAnotherCharsetByNameStillWorksAsInJsoup() {
        Document doc = BrowserCharsetJsoup.parse("<p>\u00E9".getBytes(StandardCharsets.ISO_8859_1), "text/html; charset=latin1", "");
        doc.outputSettings().charset("US-ASCII");
        assertThat(doc.charset(), equalTo(StandardCharsets.US_ASCII));
        assertThat(doc.selectFirst("p").outerHtml(), containsString("&eacute;"));
        doc.outputSettings().charset("x-mac-cyrillic"); // a canonical WHATWG name the JDK does not know
        assertThat(doc.charset().name(), equalTo("x-mac-cyrillic"));
    }

    /**
     * Every code point a document charset's encoder writes decodes back to itself: the exhaustive
     * check behind the refused code points of the lossless charsets (every BMP code point, and
     * every 61st of the other planes).
     */
    @Test
    void whatADocumentCharsetEncodesDecodesBackToTheSame() {
        List<String> bad = new ArrayList<>();
        for (Encoding e : Encoding.all()) {
            Charset cs = DocumentCharsets.forEncoding(e);
            if (cs == StandardCharsets.UTF_8) continue;
            CharsetEncoder encoder = cs.newEncoder();
            for (int cp = 0; cp <= 0x10FFFF; cp += cp < 0x10000 ? 1 : 61) {
                if (cp >= 0xD800 && cp <= 0xDFFF) continue;
                CharBuffer in = CharBuffer.wrap(Character.toChars(cp));
                if (!encoder.canEncode(in)) continue;
                byte[] bytes;
                try {
                    encoder.reset();
                    ByteBuffer out = encoder.encode(in.rewind());
                    bytes = new byte[out.remaining()];
                    out.get(bytes);
                } catch (CharacterCodingException x) {
                    bad.add(e + String.format(" U+%04X: canEncode but %s", cp, x));
                    continue;
                }
                String back = new String(bytes, e.charset());
                if (!back.equals(new String(Character.toChars(cp)))) bad.add(e + String.format(" U+%04X", cp));
            }
        }
        assertThat(bad.size() > 20 ? bad.subList(0, 20) : bad, empty());
    }

    @Test
    void theStandardsOwnCharsetStillEncodesAsTheStandardSays() {
        assertThat("\u00A5".getBytes(Encoding.SHIFT_JIS.charset()), equalTo(new byte[] {0x5C}));
        assertThat(DocumentCharsets.forEncoding(Encoding.SHIFT_JIS).newEncoder().canEncode('\u00A5'), is(false));
        assertThat(DocumentCharsets.forEncoding(Encoding.SHIFT_JIS), not(Encoding.UTF_8.charset()));
    }
}
