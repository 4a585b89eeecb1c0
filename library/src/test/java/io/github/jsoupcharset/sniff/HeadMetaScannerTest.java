package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;
import io.github.jsoupcharset.sniff.DocumentDeclaration.FailedLabel;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

class HeadMetaScannerTest {
    private static final String PAD = "<!--" + "x".repeat(1100) + "-->";
    private static final String META = "<meta charset=koi8-r>";

    private static DocumentDeclaration scan(String latin1) {
        byte[] b = latin1.getBytes(StandardCharsets.ISO_8859_1);
        return HeadMetaScanner.scan(b, 0, b.length);
    }

    private static Optional<Encoding> encoding(String latin1) {
        return scan(latin1).declared().map(Declared::encoding);
    }

    @Test
    void lateMetaInHeadIsHonoured() {
        Declared d = scan("<html><head>" + PAD + "<title>t</title><link rel=x>" + META).declared().orElseThrow();
        assertThat(d.encoding(), equalTo(Encoding.KOI8_R));
        assertThat(d.source(), equalTo(DecisionSource.LATE_META));
        assertThat(d.offset(), equalTo(12 + PAD.length() + 28));
        assertThat(d.label(), equalTo("koi8-r"));
    }

    @Test
    void textDoesNotEndTheHeadSection() {
        assertThat(encoding("<head>" + "text ".repeat(300) + META), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void endHeadEndsTheHeadSection() {
        assertThat(encoding("<head>" + PAD + "</head>" + META), equalTo(Optional.empty()));
        assertThat(encoding("<head></head>" + PAD + META), equalTo(Optional.empty()));
    }

    @Test
    void bodyOrUnknownTagEndsTheHeadSection() {
        assertThat(encoding("<head>" + PAD + "<body>" + META), equalTo(Optional.empty()));
        assertThat(encoding("<bogus>" + PAD + META), equalTo(Optional.empty()));
        assertThat(encoding("<head>" + PAD + "</html>" + META), equalTo(Optional.empty()));
    }

    @Test
    void anyMetaInTheFirst1024BytesCountsEvenInBody() {
        assertThat(encoding("<body><p>x</p>" + META), equalTo(Optional.of(Encoding.KOI8_R)));
        // a meta starting before byte 1024 counts even if it ends after it
        String body = "<body>";
        assertThat(encoding(body + "x".repeat(1017) + META), equalTo(Optional.of(Encoding.KOI8_R))); // starts at 1023
        assertThat(encoding(body + "x".repeat(1018) + META), equalTo(Optional.empty())); // starts at 1024
    }

    @Test
    void htmlAndHeadStartTagsKeepTheHeadSectionButNotTheirEndTags() {
        assertThat(encoding("<html><head>" + PAD + META), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<head></html>" + PAD + META), equalTo(Optional.empty()));
        assertThat(encoding("<head><script></script><style></style><noscript></noscript><object></object><base></base>"
                + PAD + META), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void metaInsideScriptStyleTitleTextareaIsNotSeen() {
        assertThat(encoding("<script>var s = '" + META + "';</script>"), equalTo(Optional.empty()));
        assertThat(encoding("<script>'</scrip" + META + "'</script>"), equalTo(Optional.empty()));
        assertThat(encoding("<style>" + META + "</style>"), equalTo(Optional.empty()));
        assertThat(encoding("<title>" + META + "</title>"), equalTo(Optional.empty()));
        assertThat(encoding("<textarea>" + META + "</textarea>"), equalTo(Optional.empty()));
        assertThat(encoding("<xmp>" + META + "</xmp>"), equalTo(Optional.empty()));
        assertThat(encoding("<plaintext>" + META), equalTo(Optional.empty()));
        assertThat(encoding("<TITLE>x</TITLE >" + META), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<script>x</script/>" + META), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void tagNamesAreToldApartInAnyCaseFromNamesOfTheirLengthAndFirstLetter() {
        // noframes hides what follows up to its end tag, noscript does not: same length and first letter
        assertThat(encoding("<NoFrames>" + META + "</noframes>"), equalTo(Optional.empty()));
        assertThat(encoding("<NOSCRIPT>" + META + "</noscript>"), equalTo(Optional.of(Encoding.KOI8_R)));
        // names of a known length and first letter that are not known: other tags (end the head)
        assertThat(encoding("<head><hear>" + PAD + META), equalTo(Optional.empty()));
        assertThat(encoding("<head><HEAD>" + PAD + META), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<head><ScRiPt>" + PAD + "</SCRIPT><Title>t</tItLe><LINK><Base><OBJECT>" + META),
                equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<head><scripts>" + PAD + META), equalTo(Optional.empty()));
        assertThat(encoding("<head><plaintexts>" + "<meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<PlainText>" + META), equalTo(Optional.empty()));
    }

    @Test
    void unterminatedRawTextHidesEverythingAfterIt() {
        assertThat(encoding("<title>" + META), equalTo(Optional.empty()));
    }

    @Test
    void metaInsideNoscriptInHeadIsSeen() {
        assertThat(encoding("<head><noscript>" + PAD + META + "</noscript>"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void templateEndsTheHeadSection() {
        assertThat(encoding("<head><template>" + META + "</template>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<head>" + PAD + "<template>" + META), equalTo(Optional.empty()));
        assertThat(encoding("<head><template></template>" + PAD + META), equalTo(Optional.empty()));
    }

    @Test
    void commentsDoctypeAndBogusCommentsHideMeta() {
        assertThat(encoding("<!-- " + META + " -->"), equalTo(Optional.empty()));
        assertThat(encoding("<!-->" + META), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<!--->" + META), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<!-- --!>" + META), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<!--!>" + META + "-->"), equalTo(Optional.empty()));
        assertThat(encoding("<![CDATA[" + META + "]]>"), equalTo(Optional.empty()));
        assertThat(encoding("<?php " + META + "?>"), equalTo(Optional.empty()));
        assertThat(encoding("</ " + META), equalTo(Optional.empty()));
        assertThat(encoding("<!DOCTYPE html>" + META), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void lastDuplicateCharsetWins() {
        assertThat(encoding("<meta charset=koi8-r charset=iso-8859-5>"), equalTo(Optional.of(Encoding.ISO_8859_5)));
    }

    @Test
    void charsetAndHttpEquivContent() {
        assertThat(encoding("<meta http-equiv=Content-Type content='text/html; charset=koi8-r'>"),
                equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta content=\"charset='koi8-r'\" http-equiv=\"CONTENT-TYPE\">"),
                equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta content='charset=koi8-r'>"), equalTo(Optional.empty()));
        assertThat(encoding("<meta charset='' http-equiv=content-type content='charset=koi8-r'>"), equalTo(Optional.empty()));
        assertThat(encoding("<meta content='charset=koi8-r' charset=iso-8859-5>"), equalTo(Optional.of(Encoding.ISO_8859_5)));
    }

    @Test
    void unknownLabelIsRecordedAndScanContinues() {
        DocumentDeclaration d = scan("<meta charset=bogus><meta charset=koi8-r>");
        assertThat(d.declared().orElseThrow().encoding(), equalTo(Encoding.KOI8_R));
        assertThat(d.failedLabels(), contains(new FailedLabel("bogus", DecisionSource.LATE_META, 0)));
    }

    @Test
    void utf16IsUtf8AndXUserDefinedIsWindows1252() {
        assertThat(encoding("<meta charset=UTF-16LE>"), equalTo(Optional.of(Encoding.UTF_8)));
        assertThat(encoding("<meta charset=x-user-defined>"), equalTo(Optional.of(Encoding.WINDOWS_1252)));
    }

    @Test
    void characterReferencesInValuesAreDecoded() {
        assertThat(encoding("<meta charset=\"&#107;oi8-r\">"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta charset=koi8&#x2D;r>"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void aContentValueIsReadWhateverSpellsItsCharset() {
        String pragma = "<meta http-equiv=content-type content=";
        assertThat(encoding(pragma + "\"text/html; CHARSET=koi8-r\">"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding(pragma + "'text/html; &#99;harset=koi8-r'>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding(pragma + "text/html;&#x43;HARSET=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        // a content naming no charset is no declaration, and a later one still counts
        assertThat(encoding(pragma + "\"" + "d\u00e9j\u00e0 vu ".repeat(50) + "\">"), equalTo(Optional.empty()));
        assertThat(encoding("<meta content=\"text/html\" http-equiv=Content-Type content=\"charset=koi8-r\">"),
                equalTo(Optional.of(Encoding.KOI8_R)));
        // "charset" in a content without a label, then a charset attribute: the attribute's
        assertThat(encoding("<meta content='charset' http-equiv=content-type charset=koi8-r>"),
                equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void tagAttributesAreTokenized() {
        assertThat(encoding("<p title='" + META + "'>"), equalTo(Optional.empty()));
        assertThat(encoding("<meta/charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta charset=koi8-r/>"), equalTo(Optional.empty())); // value "koi8-r/"
        assertThat(encoding("<meta charset='koi8-r'/>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta a='x'charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta charset=koi8-r"), equalTo(Optional.empty())); // never emitted
    }

    @Test
    void neverThrowsOnRandomMarkup() {
        Random random = new Random(7);
        String alphabet = "<>!-/?='\" \tmetachrsMETAscriptitle&#;x";
        for (int i = 0; i < 20000; i++) {
            byte[] b = new byte[random.nextInt(60)];
            for (int k = 0; k < b.length; k++) {
                b[k] = random.nextInt(8) == 0 ? (byte) random.nextInt(256) : (byte) alphabet.charAt(random.nextInt(alphabet.length()));
            }
            HeadMetaScanner.scan(b, 0, b.length);
        }
    }
}
