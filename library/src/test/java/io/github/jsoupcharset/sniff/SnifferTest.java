package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.Confidence;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.IgnoredLabel;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.decision.SniffOptions.Detection;
import io.github.jsoupcharset.decision.SniffOptions.MetaScan;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

class SnifferTest {
    private static final SniffOptions OPTIONS = SniffOptions.DEFAULTS.withDetection(Detection.NONE);
    private static final String PAD = "<!--" + "x".repeat(1100) + "-->";

    private static EncodingDecision sniff(String latin1, String header) {
        return sniff(latin1, header, OPTIONS);
    }

    private static EncodingDecision sniff(String latin1, String header, SniffOptions options) {
        byte[] b = latin1.getBytes(StandardCharsets.ISO_8859_1);
        return Sniffer.sniff(b, 0, b.length, header, options);
    }

    @Test
    void bomBeatsHeaderAndMetaAndRecordsBothAsConflicting() {
        EncodingDecision d = sniff("\u00EF\u00BB\u00BF<meta charset=koi8-r>", "iso-8859-5");
        assertThat(d.encoding(), equalTo(Encoding.UTF_8));
        assertThat(d.source(), equalTo(DecisionSource.BOM));
        assertThat(d.confidence(), equalTo(Confidence.CERTAIN));
        assertThat(d.headerLabel(), equalTo(Optional.of("iso-8859-5")));
        assertThat(d.headerEncoding(), equalTo(Optional.of(Encoding.ISO_8859_5)));
        assertThat(d.metaEncoding(), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(d.metaSource(), equalTo(Optional.of(DecisionSource.META_PRESCAN)));
        assertThat(d.conflict(), equalTo(true));
    }

    @Test
    void utf16Boms() {
        assertThat(sniff("\u00FE\u00FF\0<", null).encoding(), equalTo(Encoding.UTF_16BE));
        assertThat(sniff("\u00FF\u00FE<\0", null).encoding(), equalTo(Encoding.UTF_16LE));
        assertThat(sniff("\u00FF\u00FE<\0", "utf-16le").conflict(), equalTo(false));
        assertThat(sniff("\u00FF\u00FE<\0", "utf-8").conflict(), equalTo(true));
    }

    @Test
    void bomAgreeingWithEverythingIsNoConflict() {
        EncodingDecision d = sniff("\u00EF\u00BB\u00BF<meta charset=utf-8>", "UTF-8");
        assertThat(d.conflict(), equalTo(false));
        assertThat(d.metaLabel(), equalTo(Optional.of("utf-8")));
    }

    @Test
    void headerBeatsMetaAndReportsConflict() {
        EncodingDecision d = sniff("<meta charset=koi8-r>", "iso-8859-5");
        assertThat(d.encoding(), equalTo(Encoding.ISO_8859_5));
        assertThat(d.source(), equalTo(DecisionSource.HTTP_HEADER));
        assertThat(d.confidence(), equalTo(Confidence.CERTAIN));
        assertThat(d.metaEncoding(), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(d.conflict(), equalTo(true));
        assertThat(sniff("<meta charset=koi8-r>", "KOI8-R").conflict(), equalTo(false));
        // the meta's utf-16 means UTF-8, but a UTF-16 header and a utf-16 meta agree
        assertThat(sniff("<meta charset=utf-16>", "utf-16").conflict(), equalTo(false));
    }

    @Test
    void headerHasNoUtf16OrUserDefinedSubstitution() {
        assertThat(sniff("<p>", "utf-16").encoding(), equalTo(Encoding.UTF_16LE));
        assertThat(sniff("<p>", "x-user-defined").encoding(), equalTo(Encoding.X_USER_DEFINED));
    }

    @Test
    void unknownHeaderLabelIsIgnoredAndSniffingContinues() {
        EncodingDecision d = sniff("<meta charset=koi8-r>", "utf-7");
        assertThat(d.encoding(), equalTo(Encoding.KOI8_R));
        assertThat(d.source(), equalTo(DecisionSource.META_PRESCAN));
        assertThat(d.confidence(), equalTo(Confidence.TENTATIVE));
        assertThat(d.headerLabel(), equalTo(Optional.of("utf-7")));
        assertThat(d.headerEncoding(), equalTo(Optional.empty()));
        assertThat(d.ignoredLabels(), contains(new IgnoredLabel("utf-7", DecisionSource.HTTP_HEADER)));
        assertThat(d.conflict(), equalTo(false));
    }

    @Test
    void prescanThenXmlDeclarationThenLateMetaThenDefault() {
        assertThat(sniff("<?xml version='1.0' encoding='koi8-r'?><meta charset=iso-8859-5>", null).source(),
                equalTo(DecisionSource.META_PRESCAN));
        String xmlThenLateMeta = "<?xml version='1.0' encoding='koi8-r'?>" + PAD + "<meta charset=iso-8859-5>";
        // browsers: the meta, still in the head, beats the XML declaration
        assertThat(sniff(xmlThenLateMeta, null).encoding(), equalTo(Encoding.ISO_8859_5));
        // the standard: the XML declaration is the prescan's answer, so the confidence is not certain
        EncodingDecision xml = sniff(xmlThenLateMeta, null, OPTIONS.withMetaScan(MetaScan.SPEC));
        assertThat(xml.encoding(), equalTo(Encoding.KOI8_R));
        assertThat(xml.source(), equalTo(DecisionSource.XML_DECLARATION));
        assertThat(xml.confidence(), equalTo(Confidence.TENTATIVE));
        assertThat(xml.metaSource(), equalTo(Optional.of(DecisionSource.XML_DECLARATION)));
        EncodingDecision late = sniff("<head>" + PAD + "<meta charset=iso-8859-5>", null);
        assertThat(late.encoding(), equalTo(Encoding.ISO_8859_5));
        assertThat(late.source(), equalTo(DecisionSource.LATE_META));
        assertThat(late.confidence(), equalTo(Confidence.CERTAIN));
        EncodingDecision none = sniff("<p>plain", null);
        assertThat(none.encoding(), equalTo(Encoding.WINDOWS_1252));
        assertThat(none.source(), equalTo(DecisionSource.DEFAULT));
        assertThat(none.confidence(), equalTo(Confidence.TENTATIVE));
        assertThat(none.detectorConfidence(), equalTo(OptionalInt.empty()));
        assertThat(none.replacementCount(), equalTo(OptionalInt.empty()));
    }

    @Test
    void browsersDoNotSeeAMetaInsideScriptButTheStandardsPrescanDoes() {
        String page = "<head><script>var s = '<meta charset=koi8-r>';</script><title>x</title>";
        assertThat(sniff(page, null).source(), equalTo(DecisionSource.DEFAULT));
        EncodingDecision spec = sniff(page, null, OPTIONS.withMetaScan(MetaScan.SPEC));
        assertThat(spec.encoding(), equalTo(Encoding.KOI8_R));
        assertThat(spec.source(), equalTo(DecisionSource.META_PRESCAN));
    }

    @Test
    void browsersTakeTheLastDuplicateCharsetAttributeTheStandardTheFirst() {
        String page = "<meta charset=koi8-r charset=iso-8859-5>";
        assertThat(sniff(page, null).encoding(), equalTo(Encoding.ISO_8859_5));
        assertThat(sniff(page, null, OPTIONS.withMetaScan(MetaScan.SPEC)).encoding(), equalTo(Encoding.KOI8_R));
    }

    @Test
    void specPrescanIgnoresLateMeta() {
        SniffOptions spec = OPTIONS.withMetaScan(MetaScan.SPEC_PRESCAN_1024);
        EncodingDecision d = sniff("<head>" + PAD + "<meta charset=iso-8859-5>", null, spec);
        assertThat(d.source(), equalTo(DecisionSource.DEFAULT));
        assertThat(d.metaLabel(), equalTo(Optional.empty()));
    }

    @Test
    void xmlDeclarationEndingPastTheWindowCountsOnlyForTheBrowserScan() {
        String doc = "<?xml version='1.0' encoding='koi8-r'" + " ".repeat(1000) + "?><p>";
        assertThat(sniff(doc, null).encoding(), equalTo(Encoding.KOI8_R));
        assertThat(sniff(doc, null, OPTIONS.withMetaScan(MetaScan.SPEC_PRESCAN_1024)).encoding(),
                equalTo(Encoding.WINDOWS_1252));
    }

    @Test
    void defaultEncodingComesFromOptions() {
        EncodingDecision d = sniff("<p>", null, OPTIONS.withDefaultEncoding(Encoding.SHIFT_JIS));
        assertThat(d.encoding(), equalTo(Encoding.SHIFT_JIS));
    }

    @Test
    void lateMetaIsRecordedWhenHeaderDecides() {
        EncodingDecision d = sniff("<head>" + PAD + "<meta charset=iso-8859-5>", "windows-1251");
        assertThat(d.source(), equalTo(DecisionSource.HTTP_HEADER));
        assertThat(d.metaSource(), equalTo(Optional.of(DecisionSource.LATE_META)));
        assertThat(d.conflict(), equalTo(true));
    }

    @Test
    void ignoredLabelsInOrderSeenAndEachOnce() {
        EncodingDecision d = sniff("<meta charset=bogus-1>" + PAD + "<meta charset=bogus-2><meta charset=koi8-r>", "bogus-0");
        assertThat(d.ignoredLabels(), contains(
                new IgnoredLabel("bogus-0", DecisionSource.HTTP_HEADER),
                new IgnoredLabel("bogus-1", DecisionSource.META_PRESCAN),
                new IgnoredLabel("bogus-2", DecisionSource.LATE_META)));
        assertThat(d.encoding(), equalTo(Encoding.KOI8_R));
    }

    @Test
    void aPageOfManyUnknownLabelsKeepsTheFirstFewAndCountsThemAll() {
        StringBuilder page = new StringBuilder();
        for (int i = 1; i <= 20; i++) page.append("<meta charset=bogus-").append(i).append('>');
        EncodingDecision d = sniff(page.toString(), "bogus-0");
        assertThat(d.ignoredLabelCount(), equalTo(21));
        assertThat(d.ignoredLabels().size(), equalTo(EncodingDecision.MAX_IGNORED_LABELS));
        assertThat(d.ignoredLabels().get(0), equalTo(new IgnoredLabel("bogus-0", DecisionSource.HTTP_HEADER)));
        assertThat(d.ignoredLabels().get(7), equalTo(new IgnoredLabel("bogus-7", DecisionSource.META_PRESCAN)));
        assertThat(d.toString(), endsWith("; ignored \"bogus-7\"; 21 labels ignored)"));
        // no more than are kept: no count in the summary
        assertThat(sniff("<meta charset=bogus-1>", "bogus-0").toString(), not(containsString("labels ignored")));
    }

    @Test
    void theStandardsScansCountAMetaTheyBothReadOnce() {
        // the prescan reads the first two and runs out of bytes in the comment; the head scan reads all three
        String page = "<meta charset=bogus-1><meta charset=bogus-2>" + PAD + "<meta charset=bogus-3>";
        EncodingDecision d = sniff(page, null, OPTIONS.withMetaScan(MetaScan.SPEC));
        assertThat(d.ignoredLabels(), contains(
                new IgnoredLabel("bogus-1", DecisionSource.META_PRESCAN),
                new IgnoredLabel("bogus-2", DecisionSource.META_PRESCAN),
                new IgnoredLabel("bogus-3", DecisionSource.LATE_META)));
        assertThat(d.ignoredLabelCount(), equalTo(3));
        String many = "<meta charset=q>".repeat(50) + PAD;
        EncodingDecision flood = sniff(many, null, OPTIONS.withMetaScan(MetaScan.SPEC));
        assertThat(flood.ignoredLabelCount(), equalTo(50));
        assertThat(flood.ignoredLabels().size(), equalTo(EncodingDecision.MAX_IGNORED_LABELS));
    }

    @Test
    void anXmlDeclarationsLabelComesFirstThoughReadLast() {
        // browsers read the metas first and the XML declaration only when no meta declares
        String page = "<?xml version='1.0' encoding='bogus-x'?>" + "<meta charset=bogus-m>".repeat(10);
        EncodingDecision d = sniff(page, null);
        assertThat(d.ignoredLabels().get(0), equalTo(new IgnoredLabel("bogus-x", DecisionSource.XML_DECLARATION)));
        assertThat(d.ignoredLabels().get(7), equalTo(new IgnoredLabel("bogus-m", DecisionSource.META_PRESCAN)));
        assertThat(d.ignoredLabelCount(), equalTo(11));
    }

    @Test
    void labelsAfterTheDecidingMetaAreNotSeen() {
        assertThat(sniff("<meta charset=koi8-r><meta charset=bogus>", null).ignoredLabels(), empty());
    }

    @Test
    void declarationAfterABomIsRecorded() {
        // the meta is found after the BOM; the XML declaration must start at the first byte after it
        EncodingDecision d = sniff("\u00EF\u00BB\u00BF<?xml version='1.0' encoding='koi8-r'?>", null);
        assertThat(d.metaEncoding(), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(d.conflict(), equalTo(true));
    }

    @Test
    void sniffsOnlyTheGivenRange() {
        byte[] b = "<meta charset=koi8-r><meta charset=iso-8859-5>".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(Sniffer.sniff(b, 21, b.length - 21, null, OPTIONS).encoding(), equalTo(Encoding.ISO_8859_5));
        assertThat(Sniffer.sniff(b, 0, 0, null, OPTIONS).encoding(), equalTo(Encoding.WINDOWS_1252));
    }

    @Test
    void neverThrowsOnRandomBytes() {
        Random random = new Random(1);
        String alphabet = "<>!-/?='\" \tmeta charset=koi8-r utf-16 xml encoding head script";
        for (int i = 0; i < 5000; i++) {
            byte[] b = new byte[random.nextInt(2500)];
            for (int k = 0; k < b.length; k++) {
                b[k] = random.nextInt(6) == 0 ? (byte) random.nextInt(256) : (byte) alphabet.charAt(random.nextInt(alphabet.length()));
            }
            Sniffer.sniff(b, 0, b.length, random.nextBoolean() ? null : "bogus", SniffOptions.DEFAULTS);
        }
    }

    private static final String CAFE_UTF8 = new String(
            "<p>Café crème, déjà vu, naïve façade, über Größe</p>".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);

    @Test
    void aPlainlyWrongHeaderIsReportedButDecidesInBrowserMode() {
        EncodingDecision d = sniff(CAFE_UTF8, "iso-8859-1");
        assertThat(d.encoding(), equalTo(Encoding.WINDOWS_1252));
        assertThat(d.source(), equalTo(DecisionSource.HTTP_HEADER));
        assertThat(d.misdeclared(), equalTo(true));
        assertThat(d.misdeclaration().get().declaration(), equalTo(DecisionSource.HTTP_HEADER));
        assertThat(d.misdeclaration().get().bytesLookLike(), equalTo(Encoding.UTF_8));
        assertThat(d.toString(), containsString("; HTTP_HEADER windows-1252 looks wrong, bytes look like UTF-8, valid UTF-8, 9 multi-byte sequences"));
    }

    @Test
    void aPlainlyWrongDeclarationIsOverriddenInCheckedMode() {
        SniffOptions checked = OPTIONS.withDeclarations(SniffOptions.Declarations.CHECKED);
        EncodingDecision d = sniff(CAFE_UTF8, "iso-8859-1", checked);
        assertThat(d.encoding(), equalTo(Encoding.UTF_8));
        assertThat(d.source(), equalTo(DecisionSource.DECLARATION_OVERRIDDEN));
        assertThat(d.confidence(), equalTo(Confidence.TENTATIVE));
        assertThat(d.headerEncoding(), equalTo(Optional.of(Encoding.WINDOWS_1252)));
        assertThat(d.toString(), containsString("; HTTP_HEADER windows-1252 overridden: UTF-8, valid UTF-8"));
        EncodingDecision meta = sniff("<meta charset=windows-1252>" + CAFE_UTF8, null, checked);
        assertThat(meta.encoding(), equalTo(Encoding.UTF_8));
        assertThat(meta.misdeclaration().get().declaration(), equalTo(DecisionSource.META_PRESCAN));
        assertThat(meta.metaEncoding(), equalTo(Optional.of(Encoding.WINDOWS_1252)));
    }

    @Test
    void aBomIsNeverChecked() {
        SniffOptions checked = OPTIONS.withDeclarations(SniffOptions.Declarations.CHECKED);
        EncodingDecision d = sniff("\u00FE\u00FF" + CAFE_UTF8, null, checked);
        assertThat(d.source(), equalTo(DecisionSource.BOM));
        assertThat(d.misdeclared(), equalTo(false));
    }

    @Test
    void aRightDeclarationIsNotReported() {
        EncodingDecision d = sniff(CAFE_UTF8, "utf-8", OPTIONS.withDeclarations(SniffOptions.Declarations.CHECKED));
        assertThat(d.source(), equalTo(DecisionSource.HTTP_HEADER));
        assertThat(d.misdeclaration(), equalTo(Optional.empty()));
    }

    @Test
    void anXmlDeclarationOrALateMetaCanBeOverriddenToo() {
        SniffOptions checked = OPTIONS.withDeclarations(SniffOptions.Declarations.CHECKED);
        EncodingDecision xml = sniff("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + CAFE_UTF8, null, checked);
        assertThat(xml.encoding(), equalTo(Encoding.UTF_8));
        assertThat(xml.misdeclaration().get().declaration(), equalTo(DecisionSource.XML_DECLARATION));
        EncodingDecision late = sniff("<head>" + PAD + "<meta charset=windows-1252>" + CAFE_UTF8, null, checked);
        assertThat(late.encoding(), equalTo(Encoding.UTF_8));
        assertThat(late.misdeclaration().get().declaration(), equalTo(DecisionSource.LATE_META));
        assertThat(late.source(), equalTo(DecisionSource.DECLARATION_OVERRIDDEN));
    }
}
