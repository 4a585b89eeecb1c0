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
import static org.hamcrest.Matchers.not;

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

    private static final Path SAMPLE = Main.sampleWarc();

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
                        + "0 malformed; 0 corrupt stretches skipped (0 bytes); 0 of 1 files could not be read to the end%n")));
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
        assertThat(failures.get(1), org.hamcrest.Matchers.containsString("decoded body (its gzip coding undone) is over 65536 bytes; the body as sent is "));
        assertThat(audit.counts().summary(), org.hamcrest.Matchers.containsString("1 over the size cap, 1 failed"));
    }

    /** A plain WARC response record with these extra WARC header lines, an undeclared page and this body. */
    private static void response(ByteArrayOutputStream warc, String uri, String warcHeaders, String httpHeaders, byte[] body) {
        ByteArrayOutputStream one = new ByteArrayOutputStream();
        response(one, uri, httpHeaders, body);
        String record = new String(one.toByteArray(), StandardCharsets.ISO_8859_1);
        warc.writeBytes(record.replaceFirst("\r\nWARC-Date: ", "\r\n" + warcHeaders + "WARC-Date: ").getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void aRecordTheCrawlerCutOffIsDecidedKnowingItAndCountedPerTld() {
        // undeclared UTF-8 pages cut inside their last "é" (C3 A9), as a crawler's size or time limit cuts them;
        // one whole sequence before the cut, too few for a whole body to be read as UTF-8 cut short, and
        // no more than the one legacy byte the cut leaves (a page with more is read as mixed, UTF-8 and
        // the byte: TruncatedBodyTest)
        byte[] whole = "<title>Caf\u00e9</title><p>Creme brulee.\u00e9".getBytes(StandardCharsets.UTF_8);
        byte[] cut = Arrays.copyOf(whole, whole.length - 1);
        ByteArrayOutputStream warc = new ByteArrayOutputStream();
        response(warc, "http://a.example.fr/length", "WARC-Truncated: length\r\n", "", cut);
        response(warc, "http://b.example.fr/time", "WARC-Truncated: Time\r\n", "", cut);
        response(warc, "http://c.example.de/disconnect", "WARC-Truncated: disconnect\r\n", "", cut);
        response(warc, "http://d.example.de/unspecified", "WARC-Truncated: unspecified\r\n", "", cut);
        response(warc, "http://e.example.de/whole", "", "", cut);
        WarcAudit audit = new WarcAudit(16 << 20, m -> { });
        List<PageAudit> pages = new ArrayList<>();
        try (WarcAudit.Pages it = audit.pages("cut", channel(warc.toByteArray()))) {
            it.forEachRemaining(pages::add);
        }
        assertThat(pages.stream().map(PageAudit::truncation).toList(),
                is(Arrays.asList("length", "time", "disconnect", "unspecified", null)));
        for (PageAudit p : pages.subList(0, 4)) {
            assertThat(p.url(), p.decision().truncated(), is(true));
            assertThat(p.url(), p.decision().encoding().name(), is("UTF-8"));
            assertThat(p.toJson(), org.hamcrest.Matchers.containsString("\"truncation\":\"" + p.truncation() + "\""));
            assertThat(p.toJson(), org.hamcrest.Matchers.containsString("\"truncated\":true"));
        }
        // the same bytes without the header: a whole body that ends in an error is not UTF-8
        assertThat(pages.get(4).decision().truncated(), is(false));
        assertThat(pages.get(4).decision().encoding().name(), org.hamcrest.Matchers.not("UTF-8"));
        assertThat(pages.get(4).toJson(), org.hamcrest.Matchers.containsString("\"truncation\":null"));

        AuditTable table = new AuditTable();
        pages.forEach(table::add);
        assertThat(table.rows().stream().map(r -> r.tld() + " " + r.truncated()).toList(), is(List.of("de 2", "fr 2")));
        assertThat(table.total().truncated(), is(4L));
        assertThat(AuditTableTest.cells(table.render(), ".de").subList(8, 10), is(List.of("2", "0")));
    }

    /** A plain WARC response record for a small windows-1251 page, with these WARC header lines instead of the usual. */
    private static byte[] record(String warcHeaders, String uri) {
        byte[] body = ("<meta charset=windows-1251><title>" + uri + "</title><p>\u00CD\u00EE\u00E2\u00EE\u00F1\u00F2\u00E8</p>")
                .getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(b("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " + body.length + "\r\n\r\n"));
        block.writeBytes(body);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(b("WARC/1.1\r\nWARC-Type: response\r\n" + warcHeaders.replace("LENGTH", Integer.toString(block.size()))
                + "WARC-Date: 2024-05-01T12:00:00Z\r\nContent-Type: application/http; msgtype=response\r\n\r\n"));
        out.writeBytes(block.toByteArray());
        out.writeBytes(b("\r\n\r\n"));
        return out.toByteArray();
    }

    private static byte[] good(String uri) {
        return record("WARC-Target-URI: " + uri + "\r\nWARC-Record-ID: <urn:uuid:" + java.util.UUID.nameUUIDFromBytes(b(uri))
                + ">\r\nContent-Length: LENGTH\r\n", uri);
    }

    private record Audited(List<String> urls, List<String> failures, WarcAudit.Counts counts) {}

    private static Audited audit(byte[] file) {
        List<String> failures = new ArrayList<>();
        WarcAudit audit = new WarcAudit(16 << 20, failures::add);
        List<String> urls = new ArrayList<>();
        try (WarcAudit.Pages it = audit.pages("f", channel(file))) {
            it.forEachRemaining(p -> urls.add(p.url()));
        }
        return new Audited(urls, failures, audit.counts());
    }

    @Test
    void aCorruptGzipMemberIsSkippedAndEveryRecordAfterItRead() throws IOException {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        long[] offsets = new long[6];
        for (int i = 0; i < 6; i++) {
            offsets[i] = file.size();
            byte[] member = gzip(good("http://p" + i + ".example.ru/"));
            if (i == 2) {
                for (int k = 20; k < member.length - 12; k += 7) member[k] ^= 0x5A; // the deflate data, not the header
            }
            file.writeBytes(member);
        }
        Audited a = audit(file.toByteArray());
        assertThat(a.urls(), is(List.of("http://p0.example.ru/", "http://p1.example.ru/", "http://p3.example.ru/",
                "http://p4.example.ru/", "http://p5.example.ru/")));
        assertThat(a.failures().toString(), a.failures(), hasSize(1));
        assertThat(a.failures().get(0), containsString("f: corrupt at offset " + offsets[2] + ": "));
        assertThat(a.failures().get(0), containsString("; skipped " + (offsets[3] - offsets[2])
                + " bytes to the next gzip member holding a record, at offset " + offsets[3]));
        assertThat(a.counts().corrupt(), is(1L));
        assertThat(a.counts().skippedBytes(), is(offsets[3] - offsets[2]));
        assertThat(a.counts().ok(), is(false));
        assertThat(a.counts().failedFiles(), is(0L));
        assertThat(a.counts().summary(), containsString("1 corrupt stretches skipped (" + (offsets[3] - offsets[2]) + " bytes)"));
    }

    @Test
    void junkBetweenGzipMembersAndARecordWithAWrongLengthAreSkippedToTheNextRecord() throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        gz.writeBytes(gzip(good("http://a.example.ru/")));
        gz.writeBytes(b("garbage \u001f not gzip"));
        gz.writeBytes(gzip(good("http://b.example.ru/")));
        gz.writeBytes(gzip(good("http://c.example.ru/").clone())); // followed by a member whose record is too short:
        byte[] shortRecord = good("http://short.example.ru/");
        gz.writeBytes(gzip(new String(shortRecord, StandardCharsets.ISO_8859_1).replaceFirst("Content-Length: \\d+", "Content-Length: 10")
                .getBytes(StandardCharsets.ISO_8859_1)));
        gz.writeBytes(gzip(good("http://d.example.ru/")));
        Audited a = audit(gz.toByteArray());
        assertThat(a.urls(), is(List.of("http://a.example.ru/", "http://b.example.ru/", "http://c.example.ru/", "http://d.example.ru/")));
        assertThat(a.failures().toString(), a.counts().corrupt(), is(2L));

        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        plain.writeBytes(good("http://a.example.ru/"));
        plain.writeBytes(new String(good("http://long.example.ru/"), StandardCharsets.ISO_8859_1)
                .replaceFirst("Content-Length: \\d+", "Content-Length: 5").getBytes(StandardCharsets.ISO_8859_1));
        plain.writeBytes(good("http://b.example.ru/"));
        Audited p = audit(plain.toByteArray());
        assertThat(p.failures().toString(), p.urls(), is(List.of("http://a.example.ru/", "http://b.example.ru/")));
        assertThat(p.counts().corrupt(), is(1L));
        assertThat(p.failures().get(p.failures().size() - 1), containsString("bytes to the next record, at offset"));
    }

    @Test
    void recordsWithoutATargetOrALengthAreCountedAsMalformedAndNamedByTheirId() {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(record("WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-000000000001>\r\nContent-Length: LENGTH\r\n", "x"));
        file.writeBytes(good("http://a.example.ru/"));
        file.writeBytes(record("WARC-Target-URI: http://neg.example.ru/\r\nWARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-000000000002>\r\n"
                + "Content-Length: -5\r\n", "x"));
        file.writeBytes(good("http://b.example.ru/"));
        file.writeBytes(record("WARC-Target-URI: http://none.example.ru/\r\nWARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-000000000003>\r\n", "x"));
        file.writeBytes(good("http://c.example.ru/"));
        Audited a = audit(file.toByteArray());
        assertThat(a.failures().toString(), a.urls(), is(List.of("http://a.example.ru/", "http://b.example.ru/", "http://c.example.ru/")));
        String all = String.join("\n", a.failures());
        assertThat(all, containsString("f: record at offset 0 (WARC-Record-ID <urn:uuid:00000000-0000-0000-0000-000000000001>): "
                + "malformed: no WARC-Target-URI; record skipped"));
        assertThat(all, containsString("<urn:uuid:00000000-0000-0000-0000-000000000003>): malformed: no Content-Length"));
        assertThat(all, not(containsString("(null)")));
        assertThat(a.counts().not2xx(), is(0L));
        assertThat(a.counts().malformed(), org.hamcrest.Matchers.greaterThanOrEqualTo(2L));
        assertThat(a.counts().ok(), is(false));
    }

    @Test
    void anEmptyFileIsAWarningAndParserMessagesShowBytesAsTheyAre() {
        Audited empty = audit(new byte[0]);
        assertThat(empty.failures(), is(List.of("f: warning: empty file (0 bytes), no WARC records")));
        assertThat(empty.counts().records(), is(0L));

        Audited bad = audit("WARC/1.1\r\nWARC-T\u00e9pe: x\r\nContent-Length: 0\r\n\r\n\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(bad.failures(), hasSize(1));
        assertThat(bad.failures().get(0), containsString("f: not a readable WARC file: invalid WARC record at position 16: "));
        assertThat(bad.failures().get(0), containsString("WARC-T<-- HERE -->\\xe9pe"));
    }

    /** Three records, the middle one's Content-Length replaced by {@code length}; each gzipped on its own if asked. */
    private static byte[] middleRecordDeclaring(String length, boolean gzipped) throws IOException {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        for (int i = 0; i < 3; i++) {
            byte[] r = good("http://p" + i + ".example.ru/");
            if (i == 1) {
                r = new String(r, StandardCharsets.ISO_8859_1).replaceFirst("Content-Length: \\d+", "Content-Length: " + length)
                        .getBytes(StandardCharsets.ISO_8859_1);
            }
            file.writeBytes(gzipped ? gzip(r) : r);
        }
        return file.toByteArray();
    }

    @Test
    void anAbsurdContentLengthCostsOnlyItsRecordAndNoOffsetIsNegative() throws IOException {
        Path dir = Files.createTempDirectory("absurd");
        try {
            for (String length : List.of("1000000000000000000", "2147483653", "99999999999999999999", "5000")) {
                for (boolean gzipped : new boolean[] {true, false}) {
                    byte[] bytes = middleRecordDeclaring(length, gzipped);
                    Path file = Files.write(dir.resolve("f" + (gzipped ? ".warc.gz" : ".warc")), bytes);
                    // as the command reads it (a regular file), and a .warc.gz also as a stream
                    List<ReadableByteChannel> channels = new ArrayList<>(List.of(java.nio.channels.FileChannel.open(file)));
                    if (gzipped) channels.add(channel(bytes));
                    for (ReadableByteChannel in : channels) {
                        String what = length + (gzipped ? " gzip " : " plain ") + in.getClass().getSimpleName();
                        List<String> failures = new ArrayList<>();
                        WarcAudit audit = new WarcAudit(16 << 20, failures::add);
                        List<String> urls = new ArrayList<>();
                        try (WarcAudit.Pages it = audit.pages("f", in)) {
                            while (it.hasNext()) {
                                urls.add(it.next().url());
                                assertThat(what, it.offset() >= 0 && it.offset() < bytes.length, is(true));
                            }
                        }
                        assertThat(what + failures, urls, is(List.of("http://p0.example.ru/", "http://p2.example.ru/")));
                        assertThat(what, audit.counts().failedFiles(), is(0L));
                        for (String f : failures) {
                            // every offset a message names is in the file
                            java.util.regex.Matcher m = java.util.regex.Pattern.compile("offset (-?\\d+)").matcher(f);
                            while (m.find()) assertThat(f, Long.parseLong(m.group(1)), org.hamcrest.Matchers.lessThan((long) bytes.length));
                            assertThat(f, not(containsString("offset -")));
                            assertThat(f, not(containsString("rest of this file")));
                        }
                    }
                }
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    @Test
    void aContentLengthPastTheLargestLongIsMalformedAndNamedByItsRecordId() throws IOException {
        // 2^63: the message was the parser's "For input string: \"9223372036854775808\"", the record unnamed
        for (boolean gzipped : new boolean[] {false, true}) {
            Audited a = audit(middleRecordDeclaring("9223372036854775808", gzipped));
            String all = String.join("\n", a.failures());
            assertThat(all, a.urls(), is(List.of("http://p0.example.ru/", "http://p2.example.ru/")));
            assertThat(all, not(containsString("For input string")));
            assertThat(all, containsString("(WARC-Record-ID <urn:uuid:" + java.util.UUID.nameUUIDFromBytes(b("http://p1.example.ru/"))
                    + ">)"));
            assertThat(all, containsString("Content-Length 9223372036854775808 is not a length"));
        }
    }

    @Test
    void aPlainStreamWhoseRecordRunsPastItsEndSaysWhereWithoutNegativeOffsets() throws IOException {
        byte[] bytes = middleRecordDeclaring("2147483653", false);
        Audited a = audit(bytes);
        assertThat(a.urls(), is(List.of("http://p0.example.ru/")));
        String all = String.join("\n", a.failures());
        int second = new String(bytes, StandardCharsets.ISO_8859_1).indexOf("WARC/1.1", 1);
        assertThat(all, containsString("truncated or corrupt after offset " + second + ": the record at offset " + second
                + " declares a Content-Length of 2147483653 bytes, which runs past the end of the file: the records in between were "
                + "read as its body; the rest of this file (" + (bytes.length - second) + " bytes) is skipped"));
        assertThat(all, not(containsString("offset -")));
    }
}
