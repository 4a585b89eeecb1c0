package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;
import io.github.jsoupcharset.sniff.DocumentDeclaration.FailedLabel;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

class PrescanTest {

    private static DocumentDeclaration scan(String latin1) {
        byte[] b = latin1.getBytes(StandardCharsets.ISO_8859_1);
        return Prescan.prescan(b, 0, b.length);
    }

    private static Optional<Encoding> encoding(String latin1) {
        return scan(latin1).declared().map(Declared::encoding);
    }

    private static String repeat(char c, int n) {
        return String.valueOf(c).repeat(n);
    }

    // --- step 3: BOM-less UTF-16 "<?x"

    @Test
    void utf16LittleEndianXmlPatternIsUtf16le() {
        Declared d = scan("<\0?\0x\0m\0l\0").declared().orElseThrow();
        assertThat(d.encoding(), equalTo(Encoding.UTF_16LE));
        assertThat(d.source(), equalTo(DecisionSource.XML_DECLARATION));
    }

    @Test
    void utf16BigEndianXmlPatternIsUtf16be() {
        assertThat(encoding("\0<\0?\0x\0m\0l"), equalTo(Optional.of(Encoding.UTF_16BE)));
    }

    @Test
    void utf16PatternNeedsAllSixBytesButNotTheName() {
        assertThat(encoding("<\0?\0"), equalTo(Optional.empty()));
        assertThat(encoding("<\0?\0x\0"), equalTo(Optional.of(Encoding.UTF_16LE)));
        assertThat(encoding("<\0?\0y\0<meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void utf16PatternBeatsALaterMeta() {
        assertThat(encoding("<\0?\0x\0<meta charset=koi8-r>"), equalTo(Optional.of(Encoding.UTF_16LE)));
    }

    // --- comments and other markup

    @Test
    void metaInsideCommentIsSkipped() {
        assertThat(encoding("<!-- <meta charset=koi8-r> --><meta charset=iso-8859-5>"),
                equalTo(Optional.of(Encoding.ISO_8859_5)));
    }

    @Test
    void shortestCommentClosesWithItsOwnDashes() {
        assertThat(encoding("<!--><meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<!---><meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void commentNeedsTwoDashesBeforeTheGreaterThan() {
        assertThat(encoding("<!-- -> <meta charset=koi8-r> -- >"), equalTo(Optional.empty()));
        assertThat(encoding("<!-- --!> <meta charset=koi8-r>"), equalTo(Optional.empty()));
    }

    @Test
    void unterminatedCommentRunsOutOfBytes() {
        assertThat(encoding("<!-- <meta charset=koi8-r>"), equalTo(Optional.empty()));
    }

    @Test
    void bangQuestionAndSlashMarkupSkipToGreaterThan() {
        assertThat(encoding("<!DOCTYPE html <meta charset=koi8-r>"), equalTo(Optional.empty()));
        assertThat(encoding("<!x><meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<? <meta charset=koi8-r> ?><meta charset=iso-8859-5>"), equalTo(Optional.of(Encoding.ISO_8859_5)));
        assertThat(encoding("</ <meta charset=koi8-r>"), equalTo(Optional.empty()));
        assertThat(encoding("</1><meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void otherTagsSkipTheirAttributesIncludingQuotedGreaterThan() {
        assertThat(encoding("<p title='<meta charset=koi8-r>'><meta charset=iso-8859-5>"),
                equalTo(Optional.of(Encoding.ISO_8859_5)));
        assertThat(encoding("<p title=\"x><meta charset=koi8-r>"), equalTo(Optional.empty()));
        assertThat(encoding("</p a='>'><meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void metaTagNameNeedsWhitespaceOrSlash() {
        assertThat(encoding("<metacharset=koi8-r>"), equalTo(Optional.empty()));
        assertThat(encoding("<meta>charset=koi8-r>"), equalTo(Optional.empty()));
        assertThat(encoding("<meta/charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<META\fCHARSET=KOI8-R>"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void anyOtherLessThanIsNothing() {
        assertThat(encoding("<<meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<3 <meta charset=koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<"), equalTo(Optional.empty()));
    }

    // --- the meta branch

    @Test
    void firstDuplicateAttributeWins() {
        assertThat(encoding("<meta charset=koi8-r charset=iso-8859-5>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta http-equiv=x http-equiv=content-type content='charset=koi8-r'>"),
                equalTo(Optional.empty()));
    }

    @Test
    void contentNeedsHttpEquivContentTypeInEitherOrder() {
        assertThat(encoding("<meta content='text/html; charset=koi8-r'>"), equalTo(Optional.empty()));
        assertThat(encoding("<meta http-equiv=Content-Type content='text/html; charset=koi8-r'>"),
                equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta content='text/html; charset=koi8-r' http-equiv='CONTENT-TYPE'>"),
                equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta http-equiv='content-type ' content='charset=koi8-r'>"), equalTo(Optional.empty()));
    }

    @Test
    void charsetAttributeBeatsContentAndDoesNotNeedPragma() {
        assertThat(encoding("<meta content='charset=koi8-r' charset=iso-8859-5>"), equalTo(Optional.of(Encoding.ISO_8859_5)));
        assertThat(encoding("<meta charset=iso-8859-5 http-equiv=content-type content='charset=koi8-r'>"),
                equalTo(Optional.of(Encoding.ISO_8859_5)));
    }

    @Test
    void failedCharsetIsNotNullSoContentCannotReplaceIt() {
        // charset is "failure", not null: the later content is not taken, the meta is skipped
        DocumentDeclaration d = scan("<meta charset=bogus http-equiv=content-type content='charset=koi8-r'>");
        assertThat(d.declared(), equalTo(Optional.empty()));
        assertThat(d.failedLabels(), contains(new FailedLabel("bogus", DecisionSource.META_PRESCAN, 0)));
    }

    @Test
    void unknownLabelIsRecordedAndScanContinues() {
        DocumentDeclaration d = scan("<meta charset=utf-7><meta charset=x-bogus><meta charset=koi8-r>");
        assertThat(d.declared().orElseThrow().encoding(), equalTo(Encoding.KOI8_R));
        assertThat(d.declared().orElseThrow().offset(), equalTo(42));
        assertThat(d.failedLabels(), contains(new FailedLabel("utf-7", DecisionSource.META_PRESCAN, 0),
                new FailedLabel("x-bogus", DecisionSource.META_PRESCAN, 20)));
    }

    @Test
    void unknownContentLabelWithPragmaIsRecorded() {
        DocumentDeclaration d = scan("<meta http-equiv=content-type content='charset=x-bogus'>");
        assertThat(d.declared(), equalTo(Optional.empty()));
        assertThat(d.failedLabels(), contains(new FailedLabel("x-bogus", DecisionSource.META_PRESCAN, 0)));
    }

    @Test
    void utf16FromMetaIsUtf8AndXUserDefinedIsWindows1252() {
        Declared d = scan("<meta charset=utf-16le>").declared().orElseThrow();
        assertThat(d.encoding(), equalTo(Encoding.UTF_8));
        assertThat(d.labelEncoding(), equalTo(Encoding.UTF_16LE));
        assertThat(encoding("<meta charset=utf-16be>"), equalTo(Optional.of(Encoding.UTF_8)));
        assertThat(encoding("<meta charset=x-user-defined>"), equalTo(Optional.of(Encoding.WINDOWS_1252)));
        assertThat(encoding("<meta charset=iso-2022-kr>"), equalTo(Optional.of(Encoding.REPLACEMENT)));
    }

    @Test
    void declarationRecordsLabelAsSeenAndOffset() {
        Declared d = scan("<p>hello</p>\n<meta charset=\"Windows-1251\">").declared().orElseThrow();
        assertThat(d.label(), equalTo("windows-1251")); // the prescan lowercases A-Z
        assertThat(d.offset(), equalTo(13));
        assertThat(d.source(), equalTo(DecisionSource.META_PRESCAN));
    }

    @Test
    void runningOutOfBytesInsideMetaGivesNothing() {
        assertThat(encoding("<meta charset=koi8-r"), equalTo(Optional.empty()));
        assertThat(encoding("<meta charset='koi8-r"), equalTo(Optional.empty()));
        assertThat(encoding("<meta charset="), equalTo(Optional.empty()));
        assertThat(encoding("<meta charset"), equalTo(Optional.empty()));
        assertThat(encoding("<meta "), equalTo(Optional.empty()));
    }

    // --- get an attribute

    @Test
    void getAnAttributeSkipsSlashesAndLowercasesOnlyAsciiLetters() {
        assertThat(encoding("<meta//charset=KOI8-R>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta CHARSET=\"KOI8-R\">"), equalTo(Optional.of(Encoding.KOI8_R)));
        // U+00C9 (byte C9) is not lowercased, so this is not "charset"
        assertThat(encoding("<meta CHARS\u00C9T=koi8-r>"), equalTo(Optional.empty()));
    }

    @Test
    void getAnAttributeSpacesAroundEquals() {
        assertThat(encoding("<meta charset = koi8-r>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(encoding("<meta charset\n=\n'koi8-r'>"), equalTo(Optional.of(Encoding.KOI8_R)));
        // a name then spaces then no "=": empty value, the next byte starts another attribute
        assertThat(encoding("<meta charset koi8-r>"), equalTo(Optional.empty()));
    }

    @Test
    void getAnAttributeNameEndsAtSlashOrGreaterThanWithEmptyValue() {
        assertThat(encoding("<meta charset/=koi8-r>"), equalTo(Optional.empty()));
        assertThat(encoding("<meta charset>"), equalTo(Optional.empty()));
    }

    @Test
    void getAnAttributeEqualsAtNameStartIsPartOfTheName() {
        assertThat(encoding("<meta =charset=koi8-r>"), equalTo(Optional.empty()));
    }

    @Test
    void getAnAttributeQuotedValuesHaveNoEscapesAndKeepOtherQuote() {
        assertThat(encoding("<meta charset='koi8-r\"'>"), equalTo(Optional.empty()));
        DocumentDeclaration d = scan("<meta charset=\"koi8'r\">");
        assertThat(d.failedLabels(), contains(new FailedLabel("koi8'r", DecisionSource.META_PRESCAN, 0)));
    }

    @Test
    void getAnAttributeUnquotedValueEndsAtWhitespaceOrGreaterThanNotSlash() {
        assertThat(encoding("<meta charset=koi8-r/>"), equalTo(Optional.empty()));
        assertThat(scan("<meta charset=koi8-r/>").failedLabels().get(0).label(), equalTo("koi8-r/"));
        assertThat(encoding("<meta charset=koi8-r\t>"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void getAnAttributeEmptyValueBeforeGreaterThan() {
        assertThat(encoding("<meta charset=>"), equalTo(Optional.empty()));
        assertThat(scan("<meta charset=>").failedLabels().get(0).label(), equalTo(""));
    }

    // --- get an XML encoding (XmlDeclarationTest has the algorithm alone)

    @Test
    void prescanFallsBackToXmlDeclarationAndMetaBeatsIt() {
        assertThat(scan("<?xml version=\"1.0\" encoding=\"koi8-r\"?><p>").declared().orElseThrow().source(),
                equalTo(DecisionSource.XML_DECLARATION));
        assertThat(encoding("<?xml version=\"1.0\" encoding=\"koi8-r\"?><meta charset=iso-8859-5>"),
                equalTo(Optional.of(Encoding.ISO_8859_5)));
    }

    // --- bounds

    @Test
    void readsOnlyItsWindow() {
        byte[] b = ("<!--" + repeat('x', 1000) + "--><meta charset=koi8-r>").getBytes(StandardCharsets.ISO_8859_1);
        assertThat(Prescan.prescan(b, 0, 1024).declared(), equalTo(Optional.empty()));
        assertThat(Prescan.prescan(b, 0, b.length).declared().orElseThrow().encoding(), equalTo(Encoding.KOI8_R));
        byte[] shifted = ("xx<meta charset=koi8-r>").getBytes(StandardCharsets.ISO_8859_1);
        assertThat(Prescan.prescan(shifted, 2, shifted.length - 2).declared().orElseThrow().offset(), equalTo(0));
        assertThat(Prescan.prescan(shifted, 2, shifted.length - 3).declared(), equalTo(Optional.empty()));
    }

    @Test
    void neverThrowsOnRandomMarkup() {
        Random random = new Random(42);
        String alphabet = "<>!-/?='\" \tmetachrsMETA\0x";
        for (int i = 0; i < 20000; i++) {
            byte[] b = new byte[random.nextInt(40)];
            for (int k = 0; k < b.length; k++) {
                b[k] = random.nextInt(8) == 0 ? (byte) random.nextInt(256) : (byte) alphabet.charAt(random.nextInt(alphabet.length()));
            }
            Prescan.prescan(b, 0, b.length);
            XmlDeclaration.getXmlEncoding(b, 0, b.length);
        }
        assertThat(scan("").failedLabels(), empty());
    }
}
