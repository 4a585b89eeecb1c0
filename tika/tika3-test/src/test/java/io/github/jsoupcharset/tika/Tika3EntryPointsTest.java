package io.github.jsoupcharset.tika;

import io.github.jsoupcharset.compare.ComparisonKey;
import io.github.jsoupcharset.encoding.Encoding;

import org.apache.tika.config.TikaConfig;
import org.apache.tika.detect.AutoDetectReader;
import org.apache.tika.detect.CompositeEncodingDetector;
import org.apache.tika.detect.DefaultEncodingDetector;
import org.apache.tika.detect.EncodingDetector;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.parser.Parser;
import org.apache.tika.parser.html.JSoupParser;
import org.apache.tika.sax.BodyContentHandler;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.List;
import java.util.stream.Stream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;

/**
 * The detector, built against Tika 4, in a Tika 3 application: Tika 3's interface method ({@code
 * detect(InputStream, Metadata)}) through Tika 3's own entry points, its HTML parser ({@code
 * JSoupParser}), {@code AutoDetectParser}, {@code AutoDetectReader} and a {@code tika-config.xml}.
 */
class Tika3EntryPointsTest {

    static String expectedRule(Pages.Page page) {
        return switch (page.form()) {
            case META -> "META_PRESCAN";
            case HEADER, CONFLICT -> "HTTP_HEADER";
            case LATE_META -> "LATE_META";
            case UNDECLARED -> page.encoding() == Encoding.UTF_8 ? "UTF8_VALIDITY" : "DETECTION";
            case LABEL -> page.contentType() != null ? "HTTP_HEADER" : "META_PRESCAN";
        };
    }

    static String parse(Parser parser, Pages.Page page, Metadata metadata) throws Exception {
        if (page.contentType() != null) metadata.set("Content-Type", page.contentType());
        BodyContentHandler handler = new BodyContentHandler(-1);
        try (InputStream in = TikaInputStream.get(page.bytes())) {
            parser.parse(in, handler, metadata, new ParseContext());
        }
        return handler.toString();
    }

    /** The page decoded by the JDK's charset named as the page's encoding. */
    static String jdkText(Pages.Page page) {
        String all = new String(page.bytes(), Charset.forName(page.encoding().name()));
        int p = all.indexOf("<p>", all.indexOf("</nav>") + 1);
        return all.substring(p + 3, all.indexOf("</p>", p));
    }

    /** Whether the JDK's charset of the page's encoding's name decodes its paragraph as browsers do. */
    static boolean jdkDecodesAlike(Pages.Page page) {
        return ComparisonKey.of(new String(page.bytes(), Charset.forName(page.encoding().name())))
                .contains(ComparisonKey.of(page.text()));
    }

    static Stream<DynamicTest> everyPage(Parser parser) {
        return Pages.all().stream().map(page -> DynamicTest.dynamicTest(page.name(), () -> {
            Metadata metadata = new Metadata();
            String text = parse(parser, page, metadata);
            assertThat(metadata.get(DecisionMetadata.RULE), equalTo(expectedRule(page)));
            if (jdkDecodesAlike(page)) {
                assertThat(ComparisonKey.of(text), containsString(ComparisonKey.of(page.text())));
            } else {
                // Tika 3's HTML parser hands the charset's name to jsoup, which decodes with the
                // JDK's charset of that name: the browser's decision, the JDK's characters
                assertThat(metadata.get(DecisionMetadata.ENCODING), equalTo(page.encoding().name()));
                assertThat(ComparisonKey.of(text), containsString(ComparisonKey.of(jdkText(page))));
            }
            assertThat(metadata.get(DecisionMetadata.CONFLICT), equalTo(Boolean.toString(page.form() == Pages.Form.CONFLICT)));
        }));
    }

    @Test
    void theServicesFileAddsItToTikasDefaultChainFirst() {
        List<EncodingDetector> chain = new DefaultEncodingDetector().getDetectors();
        // Tika 3 keeps the class path's order, and this module declares the plug-in before Tika;
        // the Tika 4 arbiter of the services file cannot load here and is skipped
        assertThat(chain.get(0), instanceOf(BrowserEncodingDetector.class));
        assertThat(chain.stream().map(d -> d.getClass().getSimpleName()).toList(),
                org.hamcrest.Matchers.not(hasItem("BrowserMetaEncodingDetector")));
        assertThat(chain.stream().map(d -> d.getClass().getSimpleName()).toList(), hasItem("HtmlEncodingDetector"));
    }

    @Test
    void theJdksCharsetOfTheSameNameDecodesAllButOnePageAlike() {
        List<String> unlike = Pages.all().stream().filter(p -> !jdkDecodesAlike(p)).map(Pages.Page::name).toList();
        assertThat(unlike, contains("EUC-KR as ks_c_5601-1987 (header)"));
    }

    @TestFactory
    Stream<DynamicTest> tikasHtmlParserReadsEveryPageAsTheBrowserShowsIt() {
        return everyPage(new JSoupParser());
    }

    @TestFactory
    Stream<DynamicTest> autoDetectParserReadsEveryPageAsTheBrowserShowsIt() {
        return everyPage(new AutoDetectParser());
    }

    @Test
    void autoDetectReaderDecodesWithTheBrowsersCharset() throws Exception {
        // Shift_JIS 0x81 0x60: U+FF5E in browsers, U+301C in the JDK's Shift_JIS (Tika 3 keeps the charset)
        byte[] page = {'<', 'm', 'e', 't', 'a', ' ', 'c', 'h', 'a', 'r', 's', 'e', 't', '=', 's', 'j', 'i', 's', '>',
            (byte) 0x81, 0x60};
        Metadata metadata = new Metadata();
        try (AutoDetectReader reader = new AutoDetectReader(new ByteArrayInputStream(page), metadata)) {
            assertThat(reader.getCharset(), is(Encoding.SHIFT_JIS.charset()));
            char[] text = new char[64];
            int n = reader.read(text);
            assertThat(new String(text, 0, n), equalTo("<meta charset=sjis>\uFF5E"));
        }
        assertThat(metadata.get(DecisionMetadata.META_LABEL), equalTo("sjis"));
    }

    /**
     * The configuration docs/tika.md names for Tika 3 ({@code -Dtika.config=}, read from the
     * plug-in's jar): the plug-in first, then Tika's default chain without it, whatever the class
     * path's order; a text file is still Tika's to detect.
     */
    @Test
    void theShippedTikaConfigPutsItFirstAndKeepsTikasChainForTheRest() throws Exception {
        TikaConfig config;
        try (InputStream xml = getClass().getResourceAsStream("/io/github/jsoupcharset/tika/tika-config.xml")) {
            config = new TikaConfig(xml);
        }
        List<EncodingDetector> chain = ((CompositeEncodingDetector) config.getEncodingDetector()).getDetectors();
        assertThat(chain.get(0), instanceOf(BrowserEncodingDetector.class));
        List<String> rest = ((CompositeEncodingDetector) chain.get(1)).getDetectors().stream()
                .map(d -> d.getClass().getSimpleName()).toList();
        assertThat(rest, hasItem("HtmlEncodingDetector"));
        assertThat(rest, org.hamcrest.Matchers.not(hasItem("BrowserEncodingDetector")));

        Metadata plain = new Metadata();
        plain.set("Content-Type", "text/plain");
        Charset detected = config.getEncodingDetector().detect(
                new java.io.BufferedInputStream(new ByteArrayInputStream("caf\u00e9 cr\u00e8me".getBytes(java.nio.charset.StandardCharsets.UTF_8))), plain);
        assertThat(detected.name(), equalTo("UTF-8"));
        assertThat(plain.get(DecisionMetadata.RULE), org.hamcrest.Matchers.nullValue());
    }

    @Test
    void theReadmesTikaConfigMakesItTheOnlyEncodingDetector() throws Exception {
        TikaConfig config;
        try (InputStream xml = getClass().getResourceAsStream("/tika-config-only-browser.xml")) {
            config = new TikaConfig(xml);
        }
        List<EncodingDetector> detectors = ((CompositeEncodingDetector) config.getEncodingDetector()).getDetectors();
        assertThat(detectors.stream().map(d -> d.getClass().getSimpleName()).toList(), contains("BrowserEncodingDetector"));

        Pages.Page page = Pages.all().stream()
                .filter(p -> p.encoding() == Encoding.GBK && p.form() == Pages.Form.LATE_META && p.brief()).findFirst().orElseThrow();
        Metadata metadata = new Metadata();
        String text = parse(new AutoDetectParser(config), page, metadata);
        assertThat(ComparisonKey.of(text), containsString(ComparisonKey.of(page.text())));
        assertThat(metadata.get(DecisionMetadata.RULE), equalTo("LATE_META"));
    }
}
