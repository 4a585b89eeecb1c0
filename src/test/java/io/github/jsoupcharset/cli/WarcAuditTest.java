package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

class WarcAuditTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void htmlByTheLastValidContentType() {
        assertThat(WarcAudit.isHtml(List.of("text/html; charset=utf-8"), b("x")), is(true));
        assertThat(WarcAudit.isHtml(List.of("Application/XHTML+XML"), b("x")), is(true));
        assertThat(WarcAudit.isHtml(List.of("text/css"), b("<html>")), is(false));
        assertThat(WarcAudit.isHtml(List.of("text/plain, text/html"), b("x")), is(true));
        assertThat(WarcAudit.isHtml(List.of("text/html", "image/png"), b("x")), is(false));
        assertThat(WarcAudit.isHtml(List.of("text/html; a=\"x,y\""), b("x")), is(true));
        assertThat(WarcAudit.isHtml(List.of("*/*"), b("<html>")), is(true)); // no valid type: sniff the body
    }

    @Test
    void withoutAContentTypeTheBodyMustLookLikeHtml() {
        assertThat(WarcAudit.isHtml(List.of(), b("\n  <!doctype html><p>")), is(true));
        assertThat(WarcAudit.isHtml(List.of(), b("\uFEFF<HTML>")), is(true));
        assertThat(WarcAudit.isHtml(List.of(), b("<!-- x -->")), is(true));
        assertThat(WarcAudit.isHtml(List.of(), b("<a href=x>")), is(true));
        assertThat(WarcAudit.isHtml(List.of(), b("<abbr>")), is(false));
        assertThat(WarcAudit.isHtml(List.of(), b("<html")), is(false)); // no tag-terminating byte
        assertThat(WarcAudit.isHtml(List.of(), b("{\"json\": 1}")), is(false));
    }

    private static final Path SAMPLE = Path.of("examples", "sample.warc.gz");

    private static ReadableByteChannel channel(byte[] bytes) {
        return Channels.newChannel(new ByteArrayInputStream(bytes));
    }

    @Test
    void pagesOfAStreamAreTheSamplesHtmlResponsesCountedAsTheCommandCountsThem() throws IOException {
        List<String> failures = new ArrayList<>();
        WarcAudit audit = new WarcAudit(16 << 20, failures::add);
        List<PageAudit> pages = new ArrayList<>();
        try (WarcAudit.Pages it = audit.pages("sample", channel(Files.readAllBytes(SAMPLE)))) {
            it.forEachRemaining(pages::add);
        }
        assertThat(pages, hasSize(38));
        assertThat(pages.get(0).url(), is("https://news.example.com/"));
        assertThat(failures, is(empty()));
        assertThat(audit.counts().summary(), is(String.format(
                "records read 42: 38 HTML pages audited, 3 not HTML, 1 not 2xx, 0 over the size cap, 0 failed;%n"
                        + "0 of 1 files could not be read to the end%n")));
    }

    @Test
    void aTruncatedStreamIsReportedAndCountedOnceAndItsEarlierPagesKept() throws IOException {
        byte[] sample = Files.readAllBytes(SAMPLE);
        List<String> failures = new ArrayList<>();
        WarcAudit audit = new WarcAudit(16 << 20, failures::add);
        List<PageAudit> pages = new ArrayList<>();
        audit.pages("half.warc.gz", channel(Arrays.copyOf(sample, sample.length / 2))).forEachRemaining(pages::add);
        audit.pages("text", channel("not a WARC".getBytes(StandardCharsets.US_ASCII))).forEachRemaining(pages::add);
        assertThat(pages.isEmpty(), is(false));
        assertThat(failures, hasSize(2));
        assertThat(failures.get(0), containsString("half.warc.gz: truncated or corrupt after offset"));
        assertThat(failures.get(1), containsString("text: not a readable WARC file"));
        assertThat(audit.counts().failedFiles(), is(2L));
        assertThat(audit.counts().files(), is(2L));
        assertThat(audit.counts().ok(), is(false));
    }

    @Test
    void closingEarlyClosesTheStreamAndReadsNoFurther() throws IOException {
        WarcAudit audit = new WarcAudit(16 << 20, m -> {});
        ReadableByteChannel in = channel(Files.readAllBytes(SAMPLE));
        WarcAudit.Pages it = audit.pages("sample", in);
        it.next();
        it.close();
        assertThat(in.isOpen(), is(false));
        assertThat(it.hasNext(), is(false));
        assertThat(audit.counts().pages(), is(1L));
    }

    @Test
    void countsAndTablesMergeAfterASerializationRoundTrip() throws Exception {
        WarcAudit a = new WarcAudit(16 << 20, m -> {});
        AuditTable table = new AuditTable();
        a.pages("sample", channel(Files.readAllBytes(SAMPLE))).forEachRemaining(table::add);
        WarcAudit.Counts counts = roundTrip(a.counts());
        AuditTable copy = roundTrip(table);
        assertThat(copy.render(), is(table.render()));
        AuditTable twice = new AuditTable().merge(copy).merge(table);
        assertThat(twice.total().pages(), is(76L));
        assertThat(new WarcAudit.Counts().merge(counts).merge(a.counts()).summary(), containsString("records read 84: 76 HTML pages"));
        assertThat(twice.rows().stream().map(AuditTable.Row::tld).toList(),
                contains("cn", "com", "cz", "de", "eg", "fr", "jp", "kr", "org", "pl", "ru", "th", "tw"));
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(T o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }
    /** A plain WARC response record whose HTTP block has these extra header lines and this body. */
    private static void response(ByteArrayOutputStream warc, String uri, String headers, byte[] body) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(b("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" + headers + "Content-Length: " + body.length + "\r\n\r\n"));
        block.writeBytes(body);
        warc.writeBytes(b("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: " + uri + "\r\nWARC-Date: 2024-05-01T12:00:00Z\r\n"
                + "WARC-Record-ID: <urn:uuid:" + java.util.UUID.nameUUIDFromBytes(b(uri)) + ">\r\n"
                + "Content-Type: application/http; msgtype=response\r\nContent-Length: " + block.size() + "\r\n\r\n"));
        warc.writeBytes(block.toByteArray());
        warc.writeBytes(b("\r\n\r\n"));
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
            z.write(bytes);
        }
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (java.util.zip.DeflaterOutputStream z = new java.util.zip.DeflaterOutputStream(out)) {
            z.write(bytes);
        }
        return out.toByteArray();
    }

    @Test
    void contentCodingsAreUndoneAsForAFetchedPageAndTheRestReported() throws IOException {
        byte[] page = "<meta charset=koi8-r><title>\u00F0\u00D2\u00C9\u00D7\u00C5\u00D4</title>".getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayOutputStream warc = new ByteArrayOutputStream();
        response(warc, "http://a.example.ru/gzip", "Content-Encoding: gzip\r\n", gzip(page));
        response(warc, "http://a.example.ru/stacked", "Content-Encoding: gzip, deflate\r\n", deflate(gzip(page)));
        response(warc, "http://a.example.ru/zstd", "Content-Encoding: zstd\r\n", page);
        response(warc, "http://a.example.ru/bomb", "Content-Encoding: gzip\r\n", gzip(new byte[1 << 20]));
        List<String> failures = new ArrayList<>();
        WarcAudit audit = new WarcAudit(64 << 10, failures::add);
        List<PageAudit> pages = new ArrayList<>();
        try (WarcAudit.Pages it = audit.pages("codings", channel(warc.toByteArray()))) {
            it.forEachRemaining(pages::add);
        }
        assertThat(pages.stream().map(PageAudit::url).toList(), is(List.of("http://a.example.ru/gzip", "http://a.example.ru/stacked")));
        for (PageAudit p : pages) assertThat(p.decision().encoding().name(), is("KOI8-R"));
        assertThat(failures.size(), is(2));
        assertThat(failures.get(0), org.hamcrest.Matchers.containsString("unsupported content coding \"zstd\""));
        assertThat(failures.get(1), org.hamcrest.Matchers.containsString("body over 65536 bytes once its gzip coding is undone"));
        assertThat(audit.counts().summary(), org.hamcrest.Matchers.containsString("1 over the size cap, 1 failed"));
    }
}
