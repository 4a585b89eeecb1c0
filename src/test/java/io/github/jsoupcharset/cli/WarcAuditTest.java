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
                "records read 42: 38 HTML pages audited, 3 not HTML, 1 not 2xx, 0 over the size cap, 0 failed; "
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
}
