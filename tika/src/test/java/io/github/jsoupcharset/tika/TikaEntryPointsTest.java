package io.github.jsoupcharset.tika;

import io.github.jsoupcharset.compare.ComparisonKey;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;

import org.apache.tika.config.ServiceLoader;
import org.apache.tika.detect.AutoDetectReader;
import org.apache.tika.detect.CompositeEncodingDetector;
import org.apache.tika.detect.DefaultEncodingDetector;
import org.apache.tika.detect.EncodingDetector;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.parser.Parser;
import org.apache.tika.parser.txt.TXTParser;
import org.apache.tika.sax.BodyContentHandler;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

/**
 * The detector through Tika 4's own entry points, found as Tika finds it (the services file):
 * {@code AutoDetectParser}, {@code TXTParser} with a {@code ParseContext}, {@code AutoDetectReader},
 * {@code DefaultEncodingDetector}, on the pages of {@link Pages}.
 */
class TikaEntryPointsTest {

    /** The rule each form of page is decided by. */
    static String expectedRule(Pages.Page page) {
        return switch (page.form()) {
            case META -> "META_PRESCAN";
            case HEADER, CONFLICT -> "HTTP_HEADER";
            case LATE_META -> "LATE_META";
            case UNDECLARED -> page.encoding() == Encoding.UTF_8 ? "UTF8_VALIDITY" : "DETECTION";
            case LABEL -> page.contentType() != null ? "HTTP_HEADER" : "META_PRESCAN";
        };
    }

    static Metadata metadata(Pages.Page page) {
        Metadata metadata = new Metadata();
        if (page.contentType() != null) metadata.set("Content-Type", page.contentType());
        return metadata;
    }

    static String parse(Parser parser, byte[] bytes, Metadata metadata, ParseContext context) throws Exception {
        BodyContentHandler handler = new BodyContentHandler(-1);
        try (TikaInputStream tis = TikaInputStream.get(bytes)) {
            parser.parse(tis, handler, metadata, context);
        }
        return handler.toString();
    }

    @Test
    void theServicesFileAddsItAndItsArbiterToTikasDefaultChain() {
        List<String> names = new DefaultEncodingDetector().getDetectors().stream()
                .map(d -> d.getClass().getSimpleName()).toList();
        assertThat(names, hasItem("BrowserEncodingDetector"));
        assertThat(names, hasItem("BrowserMetaEncodingDetector"));
        assertThat(names, hasItem("MetadataCharsetDetector"));
    }

    /** Tika's own detectors, in the order the class path gives them, without this plug-in's. */
    static List<EncodingDetector> tikasOwn() {
        return new DefaultEncodingDetector(new ServiceLoader(),
                List.of(BrowserEncodingDetector.class, BrowserMetaEncodingDetector.class)).getDetectors();
    }

    /**
     * The chain a build that declares the plug-in after Tika gets (Tika 4 loads its detectors in
     * class-path order): a page whose header says iso-8859-9, which browsers read as windows-1254
     * and Tika's MetadataCharsetDetector, answering first, as the JDK's ISO-8859-9 (0x80 is no €).
     */
    @Test
    void itDecidesWhenTheClassPathPutsItLast() throws Exception {
        List<EncodingDetector> last = new java.util.ArrayList<>(tikasOwn());
        assertThat(last.get(0).getClass().getSimpleName(), equalTo("BOMDetector"));
        byte[] page = "<p>Fiyat: \u20ac5 \u2014 \u00e7a\u011f".getBytes(java.nio.charset.Charset.forName("windows-1254"));
        String tikaAlone = read(new CompositeEncodingDetector(last), page, new Metadata());
        assertThat(tikaAlone, containsString("\u0080"));

        last.add(new BrowserEncodingDetector());
        last.add(new BrowserMetaEncodingDetector());
        Metadata metadata = new Metadata();
        assertThat(read(new CompositeEncodingDetector(last), page, metadata), containsString("Fiyat: \u20ac5 \u2014 \u00e7a\u011f"));
        assertThat(metadata.get(DecisionMetadata.RULE), equalTo("HTTP_HEADER"));
        assertThat(metadata.get(DecisionMetadata.ENCODING), equalTo("windows-1254"));

        // without its arbiter, last is never asked
        last.remove(last.size() - 1);
        Metadata unasked = new Metadata();
        assertThat(read(new CompositeEncodingDetector(last), page, unasked), containsString("\u0080"));
        assertThat(unasked.get(DecisionMetadata.RULE), nullValue());
    }

    private static String read(EncodingDetector chain, byte[] page, Metadata metadata) throws Exception {
        metadata.set("Content-Type", "text/html; charset=iso-8859-9");
        try (AutoDetectReader reader = new AutoDetectReader(TikaInputStream.get(page), metadata, chain)) {
            StringBuilder text = new StringBuilder();
            char[] buffer = new char[4096];
            for (int n; (n = reader.read(buffer)) > 0; ) text.append(buffer, 0, n);
            return text.toString();
        }
    }

    @Test
    void theArbiterAbstainsWhenItWasNotAsked() {
        assertThat(new BrowserMetaEncodingDetector().detect(null, new Metadata(), new ParseContext()).isEmpty(), is(true));
        assertThat(new BrowserMetaEncodingDetector().detect(null, new Metadata(), null).isEmpty(), is(true));
    }

    @Test
    void tikasExcludeListTakesItOut() {
        DefaultEncodingDetector without = new DefaultEncodingDetector(new ServiceLoader(),
                List.of(BrowserEncodingDetector.class));
        assertThat(without.getDetectors().stream().anyMatch(d -> d instanceof BrowserEncodingDetector), is(false));
    }

    @TestFactory
    List<DynamicTest> autoDetectParserReadsEveryPageAsTheBrowserShowsIt() {
        AutoDetectParser parser = new AutoDetectParser();
        return Pages.all().stream().map(page -> DynamicTest.dynamicTest(page.name(), () -> {
            Metadata metadata = metadata(page);
            String text = parse(parser, page.bytes(), metadata, new ParseContext());
            assertThat(ComparisonKey.of(text), containsString(ComparisonKey.of(page.text())));
            // an undeclared page may be detected as a superset that shows the same text (windows-1253 for ISO-8859-7)
            if (page.form() != Pages.Form.UNDECLARED) {
                assertThat(metadata.get(DecisionMetadata.ENCODING), equalTo(page.encoding().name()));
            }
            assertThat(metadata.get(DecisionMetadata.RULE), equalTo(expectedRule(page)));
            assertThat(metadata.get(DecisionMetadata.CONFLICT), equalTo(Boolean.toString(page.form() == Pages.Form.CONFLICT)));
            assertThat(metadata.get(TikaCoreProperties.ENCODING_DETECTOR), equalTo("BrowserEncodingDetector"));
        })).toList();
    }

    @Test
    void aConflictIsRecordedWithBothLabels() throws Exception {
        Pages.Page page = Pages.all().stream()
                .filter(p -> p.encoding() == Encoding.KOI8_R && p.form() == Pages.Form.CONFLICT && !p.brief()).findFirst().orElseThrow();
        Metadata metadata = metadata(page);
        parse(new AutoDetectParser(), page.bytes(), metadata, new ParseContext());
        assertThat(metadata.get(DecisionMetadata.HEADER_LABEL), equalTo("koi8-r"));
        assertThat(metadata.get(DecisionMetadata.META_LABEL), equalTo("windows-1251"));
        assertThat(metadata.get(DecisionMetadata.META_ENCODING), equalTo("windows-1251"));
        assertThat(metadata.get(DecisionMetadata.CONFIDENCE), equalTo("CERTAIN"));
        assertThat(metadata.get(DecisionMetadata.CONFLICT), equalTo("true"));
    }

    @Test
    void aDetectorInTheParseContextIsTheOnlyOne() throws Exception {
        // UTF-8 bytes behind a server's default iso-8859-1: the detector the services file adds
        // keeps the header (as browsers do); the one in the ParseContext, checking declarations, does not
        byte[] page = ("<!DOCTYPE html><title>t</title><p>" + "Grüße aus Zürich, Köln und Düsseldorf. ".repeat(20))
                .getBytes(StandardCharsets.UTF_8);
        String contentType = "text/html; charset=iso-8859-1";

        Metadata byServices = new Metadata();
        byServices.set("Content-Type", contentType);
        String browser = parse(new TXTParser(), page, byServices, new ParseContext());
        assertThat(byServices.get(DecisionMetadata.RULE), equalTo("HTTP_HEADER"));
        assertThat(browser, containsString("GrÃ¼ÃŸe"));

        for (Parser parser : List.of(new TXTParser(), new AutoDetectParser())) {
            ParseContext context = new ParseContext();
            context.set(EncodingDetector.class, new BrowserEncodingDetector(
                    SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED)));
            Metadata checked = new Metadata();
            checked.set("Content-Type", contentType);
            String author = parse(parser, page, checked, context);
            assertThat(checked.get(DecisionMetadata.RULE), equalTo("DECLARATION_OVERRIDDEN"));
            assertThat(checked.get(DecisionMetadata.MISDECLARATION),
                    containsString("HTTP_HEADER declared windows-1252, bytes look like UTF-8"));
            assertThat(author, containsString("Grüße aus Zürich"));
        }
    }

    @Test
    void aByteOrderMarkBeatsTheHeader() throws Exception {
        byte[] text = "\uFEFF<!DOCTYPE html><meta charset=utf-8><p>\u0395\u03BB\u03BB\u03AC\u03B4\u03B1 \u2013 \u65E5\u672C"
                .getBytes(StandardCharsets.UTF_16LE);
        Metadata metadata = new Metadata();
        metadata.set("Content-Type", "text/html; charset=iso-8859-1");
        String parsed = parse(new AutoDetectParser(), text, metadata, new ParseContext());
        assertThat(parsed, containsString("<p>\u0395\u03BB\u03BB\u03AC\u03B4\u03B1 \u2013 \u65E5\u672C"));
        assertThat(parsed.startsWith("\uFEFF"), is(false));
        assertThat(metadata.get(DecisionMetadata.RULE), equalTo("BOM"));
        assertThat(metadata.get(DecisionMetadata.ENCODING), equalTo("UTF-16LE"));
        assertThat(metadata.get(DecisionMetadata.HEADER_LABEL), equalTo("iso-8859-1"));
    }

    private static String readAll(AutoDetectReader reader) throws IOException {
        StringBuilder text = new StringBuilder();
        char[] buf = new char[64];
        for (int n; (n = reader.read(buf)) >= 0; ) text.append(buf, 0, n);
        return text.toString();
    }

    @Test
    void autoDetectReaderDecodesWithTheBrowsersCharset() throws Exception {
        // windows-1252 0x81: U+0081 in browsers, U+FFFD in the JDK's windows-1252; latin1 means windows-1252
        byte[] page = {'<', 'm', 'e', 't', 'a', ' ', 'c', 'h', 'a', 'r', 's', 'e', 't', '=', 'l', 'a', 't', 'i', 'n', '1', '>',
            (byte) 0x81, (byte) 0x80};
        Metadata metadata = new Metadata();
        try (AutoDetectReader reader = new AutoDetectReader(new ByteArrayInputStream(page), metadata)) {
            assertThat(reader.getCharset(), is(Encoding.WINDOWS_1252.charset()));
            assertThat(readAll(reader), equalTo("<meta charset=latin1>\u0081\u20AC"));
        }
        assertThat(metadata.get(DecisionMetadata.META_LABEL), equalTo("latin1"));
        assertThat(metadata.get(DecisionMetadata.ENCODING), equalTo("windows-1252"));
    }

    @Test
    void tika4DecodesFiveEastAsianEncodingsWithTheJdksSupersetOfTheSameName() throws Exception {
        // Tika 4's AutoDetectReader decodes Shift_JIS as windows-31j (by the charset's name): the
        // decision is the browser's, the characters the JDK's (here the same, U+FF5E; the JDK's
        // Shift_JIS would give U+301C)
        byte[] page = {'<', 'm', 'e', 't', 'a', ' ', 'c', 'h', 'a', 'r', 's', 'e', 't', '=', 's', 'j', 'i', 's', '>',
            (byte) 0x81, 0x60};
        Metadata metadata = new Metadata();
        try (AutoDetectReader reader = new AutoDetectReader(new ByteArrayInputStream(page), metadata)) {
            assertThat(reader.getCharset().name(), equalTo("windows-31j"));
            assertThat(readAll(reader), equalTo("<meta charset=sjis>\uFF5E"));
        }
        assertThat(metadata.get(DecisionMetadata.ENCODING), equalTo("Shift_JIS"));
    }

    @Test
    void itAbstainsForTypesOtherThanHtml() throws IOException {
        Metadata metadata = new Metadata();
        metadata.set("Content-Type", "text/plain");
        EncodingDetector chain = new DefaultEncodingDetector();
        try (TikaInputStream tis = TikaInputStream.get("<meta charset=koi8-r>caf\u00e9".getBytes(StandardCharsets.ISO_8859_1))) {
            assertThat(chain.detect(tis, metadata, new ParseContext()).isEmpty(), is(false));
        }
        assertThat(metadata.get(DecisionMetadata.RULE), nullValue());
        assertThat(metadata.get(TikaCoreProperties.ENCODING_DETECTOR), not(equalTo("BrowserEncodingDetector")));
    }

    @Test
    void tikasDetectorsStillRunAfterItWhenItAbstains() {
        CompositeEncodingDetector chain = new DefaultEncodingDetector();
        List<String> names = chain.getDetectors().stream().map(d -> d.getClass().getSimpleName()).toList();
        assertThat(names, hasItem("BOMDetector"));
        assertThat(names, hasItem("MetadataCharsetDetector"));
    }
}
