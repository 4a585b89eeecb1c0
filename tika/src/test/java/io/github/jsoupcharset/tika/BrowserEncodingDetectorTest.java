package io.github.jsoupcharset.tika;

import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;

import org.apache.tika.detect.EncodingResult;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.ParseContext;
import org.junit.jupiter.api.Test;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.arrayContaining;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertThrows;

class BrowserEncodingDetectorTest {
    private final BrowserEncodingDetector detector = new BrowserEncodingDetector();

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void theStreamIsBackAtItsStartAfterAHeadLongerThanTheReadLimit() throws IOException {
        // a head of 600 KB of <link>s and no declaration: the decision wants more than the limit
        StringBuilder head = new StringBuilder("<html><head>");
        while (head.length() < 600_000) head.append("<link rel=stylesheet href=/a.css>\n");
        byte[] page = ascii(head + "</head><body>caf\u00e9</body></html>");
        InputStream in = new BufferedInputStream(new ByteArrayInputStream(page), 1024);
        Metadata metadata = new Metadata();

        assertThat(detector.detect(in, metadata), is(Encoding.WINDOWS_1252.charset()));

        assertThat(in.readAllBytes(), equalTo(page));
        assertThat(metadata.get(DecisionMetadata.LOOKAHEAD_BYTES), equalTo(Integer.toString(BrowserEncodingDetector.READ_LIMIT)));
        assertThat(metadata.get(DecisionMetadata.LOOKAHEAD_CUT), equalTo("true"));
    }

    @Test
    void aLateMetaPastTheReadLimitDecidesInAFileAndTheStreamSaysItsBound(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws IOException {
        // 600 KB of head, then <meta charset=windows-1251>: reported as windows-1252 at 0.10 whatever
        // the stream; a file is now read on as the library's Path entry points read it
        StringBuilder head = new StringBuilder("<html><head>");
        while (head.length() < 600_000) head.append("<script>var x = 1; // padding padding</script>\n");
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        page.writeBytes(ascii(head + "<meta charset=windows-1251></head><body><p>"));
        page.writeBytes(Pages.encode("Привет, мир! ".repeat(20), Encoding.WINDOWS_1251));
        java.nio.file.Path file = java.nio.file.Files.write(dir.resolve("late.html"), page.toByteArray());
        Metadata fromFile = new Metadata();
        try (TikaInputStream tis = TikaInputStream.get(file)) {
            List<EncodingResult> results = detector.detect(tis, fromFile, new ParseContext());
            assertThat(results.get(0).getCharset(), is(Encoding.WINDOWS_1251.charset()));
            assertThat(results.get(0).getConfidence(), is(1f));
            assertThat(tis.readAllBytes(), equalTo(page.toByteArray()));
        }
        assertThat(fromFile.get(DecisionMetadata.RULE), equalTo("LATE_META"));
        // a stream keeps the documented bound, and says so
        Metadata fromStream = new Metadata();
        try (TikaInputStream tis = TikaInputStream.get(new ByteArrayInputStream(page.toByteArray()))) {
            List<EncodingResult> results = detector.detect(tis, fromStream, new ParseContext());
            assertThat(results.get(0).getCharset(), is(Encoding.WINDOWS_1252.charset()));
            assertThat(results.get(0).getConfidence(), is(0.1f));
        }
        assertThat(fromStream.get(DecisionMetadata.LOOKAHEAD_CUT), equalTo("true"));
    }

    @Test
    void aLongMixedFileIsJudgedByItsWholeBody(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws IOException {
        // 400 KB of UTF-8 before 500 KB of windows-1251: UTF-8 by the look-ahead's parts, windows-1251
        // by the whole body's, as the library's byte[] and Path entry points give it
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        page.writeBytes(ascii("<html><head><title>t</title></head><body>\n"));
        while (page.size() < 400_000) page.writeBytes("<p>Москва — столица России.</p>\n".getBytes(StandardCharsets.UTF_8));
        while (page.size() < 900_000) page.writeBytes(Pages.encode("<p>Петербург — второй город России.</p>\n", Encoding.WINDOWS_1251));
        java.nio.file.Path file = java.nio.file.Files.write(dir.resolve("mixed.html"), page.toByteArray());
        assertThat(io.github.jsoupcharset.BrowserCharsetJsoup.sniff(page.toByteArray(), null).encoding(), is(Encoding.WINDOWS_1251));
        Metadata fromFile = new Metadata();
        try (TikaInputStream tis = TikaInputStream.get(file)) {
            List<EncodingResult> results = detector.detect(tis, fromFile, new ParseContext());
            assertThat(results.get(0).getCharset(), is(Encoding.WINDOWS_1251.charset()));
            assertThat(tis.readAllBytes(), equalTo(page.toByteArray()));
        }
        assertThat(fromFile.get(DecisionMetadata.RULE), equalTo("DETECTION"));
    }

    @Test
    void aTikaInputStreamOverAStreamWithoutMarkIsBackAtItsStartToo() throws IOException {
        StringBuilder head = new StringBuilder("<html><head>");
        while (head.length() < 600_000) head.append("<link rel=stylesheet href=/b.css>\n");
        byte[] page = ascii(head + "</head><body>na\u00efve</body></html>");
        InputStream unmarkable = new java.io.FilterInputStream(new ByteArrayInputStream(page)) {
            @Override
            public boolean markSupported() {
                return false;
            }
        };
        Metadata metadata = new Metadata();
        try (TikaInputStream tis = TikaInputStream.get(unmarkable)) {
            assertThat(detector.detect(tis, metadata, new ParseContext()), hasSize(1));
            assertThat(tis.readAllBytes(), equalTo(page));
        }
        assertThat(metadata.get(DecisionMetadata.LOOKAHEAD_CUT), equalTo("true"));
    }

    @Test
    void aDeclaredPageIsSettledByItsFirstBytesAndTheStreamReset() throws IOException {
        byte[] page = Pages.encode("<meta charset=koi8-r><p>" + "Привет, мир. ".repeat(10_000), Encoding.KOI8_R);
        Metadata metadata = new Metadata();
        try (TikaInputStream tis = TikaInputStream.get(page)) {
            List<EncodingResult> results = detector.detect(tis, metadata, new ParseContext());
            assertThat(results, hasSize(1));
            assertThat(results.get(0).getCharset(), is(Encoding.KOI8_R.charset()));
            assertThat(results.get(0).getLabel(), equalTo("koi8-r"));
            assertThat(results.get(0).getConfidence(), equalTo(1f));
            assertThat(results.get(0).getResultType(), is(EncodingResult.ResultType.DECLARATIVE));
            assertThat(tis.readAllBytes(), equalTo(page));
        }
        assertThat(Long.parseLong(metadata.get(DecisionMetadata.LOOKAHEAD_BYTES)) <= 8192, is(true));
        assertThat(metadata.get(DecisionMetadata.META_SOURCE), equalTo("META_PRESCAN"));
    }

    @Test
    void detectionGivesTheCalibratedProbabilityAsItsConfidence() throws IOException {
        Pages.Page page = Pages.all().stream()
                .filter(p -> p.encoding() == Encoding.WINDOWS_1251 && p.form() == Pages.Form.UNDECLARED && !p.brief()).findFirst().orElseThrow();
        Metadata metadata = new Metadata();
        try (TikaInputStream tis = TikaInputStream.get(page.bytes())) {
            EncodingResult result = detector.detect(tis, metadata, new ParseContext()).get(0);
            assertThat(result.getCharset(), is(Encoding.WINDOWS_1251.charset()));
            assertThat(result.getResultType(), is(EncodingResult.ResultType.STATISTICAL));
            int percent = Integer.parseInt(metadata.get(DecisionMetadata.DETECTOR_CONFIDENCE));
            assertThat(result.getConfidence(), equalTo(percent / 100f));
        }
        assertThat(metadata.get(DecisionMetadata.RULE), equalTo("DETECTION"));
        assertThat(metadata.get(DecisionMetadata.CONFIDENCE), equalTo("TENTATIVE"));
    }

    @Test
    void theTransportCharsetIsReadFromTheContentTypeHintWhenTheContentTypeHasNone() throws IOException {
        Metadata metadata = new Metadata();
        metadata.set("Content-Type", "text/html");
        metadata.set("Content-Type-Hint", "text/html; charset=windows-1250");
        assertThat(detector.detect(new ByteArrayInputStream(ascii("<p>x")), metadata), is(Encoding.WINDOWS_1250.charset()));
        assertThat(metadata.get(DecisionMetadata.RULE), equalTo("HTTP_HEADER"));
        assertThat(metadata.get(DecisionMetadata.HEADER_LABEL), equalTo("windows-1250"));
    }

    @Test
    void aLaterCallReplacesWhatAnEarlierOneRecorded() throws IOException {
        Metadata metadata = new Metadata();
        detector.detect(new ByteArrayInputStream(ascii("<meta charset=\"utf-8 bogus\"><meta charset=euc-kr>")), metadata);
        assertThat(metadata.get(DecisionMetadata.META_LABEL), equalTo("euc-kr"));
        assertThat(metadata.getValues(DecisionMetadata.IGNORED_LABELS), arrayContaining("utf-8 bogus"));

        metadata.set("Content-Type", "text/html; charset=big5");
        detector.detect(new ByteArrayInputStream(ascii("<p>no meta")), metadata);
        assertThat(metadata.get(DecisionMetadata.RULE), equalTo("HTTP_HEADER"));
        assertThat(metadata.get(DecisionMetadata.META_LABEL), nullValue());
        assertThat(metadata.getValues(DecisionMetadata.IGNORED_LABELS).length, is(0));
    }

    @Test
    void binaryBytesAreRecorded() throws IOException {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
        Metadata metadata = new Metadata();
        detector.detect(new ByteArrayInputStream(png), metadata);
        assertThat(metadata.get(DecisionMetadata.BINARY_EVIDENCE), equalTo("PNG image signature"));
    }

    @Test
    void noStreamNoDecision() throws IOException {
        Metadata metadata = new Metadata();
        assertThat(detector.detect(null, metadata), nullValue());
        assertThat(detector.detect((TikaInputStream) null, metadata, new ParseContext()), hasSize(0));
        assertThat(metadata.names().length, is(0));
    }

    @Test
    void aStreamWithoutMarkIsRefusedUnread() {
        InputStream in = new InputStream() {
            @Override
            public int read() {
                throw new AssertionError("read");
            }
        };
        assertThrows(IOException.class, () -> detector.detect(in, new Metadata()));
    }

    @Test
    void htmlXhtmlAndUnknownTypesAreDecidedOthersNot() {
        for (String t : List.of("text/html", "TEXT/HTML; charset=x", " application/xhtml+xml", "", "application/octet-stream")) {
            assertThat(t, BrowserEncodingDetector.isHtmlOrUnknown(t), is(true));
        }
        for (String t : List.of("text/plain", "text/csv; charset=utf-8", "application/xml", "text/htmlx")) {
            assertThat(t, BrowserEncodingDetector.isHtmlOrUnknown(t), is(false));
        }
    }

    @Test
    void serializationKeepsTheOptions() throws Exception {
        SniffOptions options = SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED)
                .withDefaultEncoding(Encoding.WINDOWS_1251);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new BrowserEncodingDetector(options));
        }
        BrowserEncodingDetector back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = (BrowserEncodingDetector) in.readObject();
        }
        assertThat(back.options(), equalTo(options));
        assertThat(back.detect(new ByteArrayInputStream(ascii("<p>plain")), new Metadata()), is(Encoding.WINDOWS_1251.charset()));
    }

    @Test
    void textNormalizationIsLeftOut() {
        BrowserEncodingDetector d = new BrowserEncodingDetector(
                SniffOptions.DEFAULTS.withTextNormalization(SniffOptions.TextNormalization.NFC));
        assertThat(d.options().textNormalization(), is(SniffOptions.TextNormalization.NONE));
    }

    @Test
    void theBuiltPagesHoldTheirTextInTheirEncoding() {
        for (Pages.Page p : Pages.all()) {
            String decoded = new String(p.bytes(), p.encoding().charset());
            assertThat(p.name(), decoded.contains(p.text()), is(true));
        }
        assertThat(Arrays.asList(Pages.encodings().toArray()), hasSize(14));
    }
}
