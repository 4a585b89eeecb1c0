package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.SharedData;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

class BinaryCheckTest {
    /** A 1x1 PNG, as an image editor writes it. */
    private static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");

    private static EncodingDecision decide(byte[] body, String contentType) {
        return BrowserCharsetJsoup.withOptions(io.github.jsoupcharset.decision.SniffOptions.DEFAULTS).decode(body, contentType).decision();
    }

    private static Optional<String> evidence(byte[] body) {
        return BinaryCheck.evidence(body, 0, body.length, Encoding.WINDOWS_1252);
    }

    @Test
    void aPngIsBinaryByItsSignatureAndStillDecoded() {
        EncodingDecision d = decide(PNG, "image/png");
        assertThat(d.looksBinary(), equalTo(true));
        assertThat(d.binaryEvidence(), equalTo(Optional.of("PNG image signature")));
        assertThat(d.toString().contains("; looks binary: PNG image signature"), equalTo(true));
        // never lose data: every byte is still decoded
        String text = BrowserCharsetJsoup.withOptions(io.github.jsoupcharset.decision.SniffOptions.DEFAULTS).decode(PNG, null).text();
        assertThat(text.length(), greaterThan(PNG.length / 2));
    }

    @Test
    void aPdfIsBinaryEvenWhenItsFirstBytesAreAllText() {
        byte[] pdf = ("%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" + "% text\n".repeat(300))
                .getBytes(StandardCharsets.US_ASCII);
        assertThat(evidence(pdf), equalTo(Optional.of("PDF signature")));
        assertThat(decide(pdf, "application/pdf").looksBinary(), equalTo(true));
    }

    @Test
    void randomBytesAreBinary() {
        byte[] random = new byte[4096];
        new Random(15).nextBytes(random);
        EncodingDecision d = decide(random, "application/octet-stream");
        assertThat(d.looksBinary(), equalTo(true));
        assertThat(d.binaryEvidence().get().endsWith(" control bytes in the first 1445"), equalTo(true));
    }

    @Test
    void archivesAndOtherImagesAreNamed() throws Exception {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write("<html><title>hello</title>".repeat(50).getBytes(StandardCharsets.US_ASCII));
        }
        assertThat(evidence(gz.toByteArray()), equalTo(Optional.of("gzip signature")));
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            out.putNextEntry(new ZipEntry("a.html"));
            out.write("<p>a</p>".getBytes(StandardCharsets.US_ASCII));
        }
        assertThat(evidence(zip.toByteArray()), equalTo(Optional.of("ZIP signature")));
        byte[] gif = {'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0, (byte) 0x80, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                '!', (byte) 0xF9, 4, 1, 0, 0, 0, 0, ',', 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 'D', 1, 0, ';'};
        assertThat(evidence(gif), equalTo(Optional.of("GIF image signature")));
        byte[] jpeg = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0, 1};
        assertThat(evidence(jpeg), equalTo(Optional.of("JPEG image signature")));
        byte[] webp = {'R', 'I', 'F', 'F', 0x1A, 0, 0, 0, 'W', 'E', 'B', 'P', 'V', 'P', '8', 'L', 0x0D, 0, 0, 0};
        assertThat(evidence(webp), equalTo(Optional.of("WebP image signature")));
    }

    @Test
    void aSignatureWithoutAnyBinaryByteIsText() {
        // MIME Sniffing: without a binary data byte the resource is text, whatever it starts with
        assertThat(evidence("BMW and Audi: <p>cars</p>".getBytes(StandardCharsets.US_ASCII)), equalTo(Optional.empty()));
        assertThat(evidence("GIF89a is a format".getBytes(StandardCharsets.US_ASCII)), equalTo(Optional.empty()));
    }

    @Test
    void nothingButNulsIsBinary() {
        assertThat(evidence(new byte[100]), equalTo(Optional.of("only NUL bytes in the first 100")));
        assertThat(evidence(new byte[0]), equalTo(Optional.empty()));
    }

    @Test
    void utf16And32TextWithoutAByteOrderMarkIsText() {
        String page = "<!DOCTYPE html><title>Привет, мир</title><p>" + "text ".repeat(100);
        assertThat(evidence(page.getBytes(StandardCharsets.UTF_16LE)), equalTo(Optional.empty()));
        assertThat(evidence(page.getBytes(StandardCharsets.UTF_16BE)), equalTo(Optional.empty()));
        assertThat(evidence(page.getBytes(java.nio.charset.Charset.forName("UTF-32LE"))), equalTo(Optional.empty()));
        // CJK in UTF-16 holds control bytes as low bytes (U+4E01 is 4E 01); decoded as UTF-16 they are text
        byte[] cjk = "丁丁丁丁丁丁布布布布布".repeat(20).getBytes(StandardCharsets.UTF_16BE);
        assertThat(BinaryCheck.evidence(cjk, 0, cjk.length, Encoding.UTF_16BE), equalTo(Optional.empty()));
        assertThat(evidence(cjk).isPresent(), equalTo(true));
        assertThat(decide(cjk, "text/html; charset=utf-16be").looksBinary(), equalTo(false));
    }

    @Test
    void aStrayControlByteInAPageIsText() {
        assertThat(evidence("<p>old DOS page</p>\u001a".getBytes(StandardCharsets.US_ASCII)), equalTo(Optional.empty()));
        byte[] twoInMany = ("<p>a\u0001b\u0002</p>" + " ".repeat(1000)).getBytes(StandardCharsets.US_ASCII);
        assertThat(evidence(twoInMany), equalTo(Optional.empty())); // 2 in 1014 bytes: under one in a hundred
        byte[] many = ("<p>" + "\u0001\u0002\u0003 ".repeat(10) + "</p>").getBytes(StandardCharsets.US_ASCII);
        assertThat(evidence(many), equalTo(Optional.of("30 control bytes in the first 47")));
    }

    @Test
    void controlBytesAreCountedWhereverTheyStand() {
        // text bytes around them that are close to the limit (0x20, 0x7F, 0x80, 0xE0, LF), and a
        // control byte at every offset of an eight-byte word, at the start, middle and end
        java.util.Random random = new java.util.Random(20261202);
        int[] text = {0x20, 0x21, 0x3F, 0x7F, 0x80, 0x9F, 0xC0, 0xE0, 0xFF, 0x0A, 0x09, 0x0D, 0x0C};
        int[] control = {0x01, 0x02, 0x08, 0x0B, 0x10, 0x1A, 0x1C, 0x1F};
        for (int round = 0; round < 3000; round++) {
            byte[] b = new byte[1 + random.nextInt(60)];
            for (int i = 0; i < b.length; i++) b[i] = (byte) text[random.nextInt(text.length)];
            int planted = 2 + random.nextInt(3);
            java.util.Set<Integer> at = new java.util.TreeSet<>();
            while (at.size() < Math.min(planted, b.length)) at.add(random.nextInt(b.length));
            for (int i : at) b[i] = (byte) control[random.nextInt(control.length)];
            int from = random.nextInt(3);
            byte[] shifted = new byte[b.length + from];
            System.arraycopy(b, 0, shifted, from, b.length);
            Optional<String> expected = at.size() >= 2 && at.size() * 100 >= b.length
                    ? Optional.of(at.size() + " control bytes in the first " + b.length) : Optional.empty();
            assertThat(java.util.Arrays.toString(b), BinaryCheck.evidence(shifted, from, b.length, Encoding.UTF_8),
                    equalTo(expected));
        }
    }

    @Test
    void iso2022ShiftsAreText() {
        byte[] kr = {0x1B, '$', ')', 'C', 0x0E, 0x21, 0x21, 0x0F, ' ', 0x0E, 0x30, 0x21, 0x0F, ' ', 0x0E, 0x30, 0x22, 0x0F};
        assertThat(evidence(kr), equalTo(Optional.empty()));
        byte[] noEscape = {0x0E, 0x21, 0x21, 0x0F, ' ', 0x0E, 0x30, 0x21, 0x0F};
        assertThat(evidence(noEscape).isPresent(), equalTo(true));
    }

    @Test
    void noPageOfTheChardetCorpusLooksBinary() throws Exception {
        Path corpus = SharedData.file("corpus/chardet");
        List<String> manifest = Files.readAllLines(corpus.resolve("MANIFEST.tsv"), StandardCharsets.UTF_8);
        List<String> flagged = new ArrayList<>();
        int pages = 0;
        for (String line : manifest.subList(1, manifest.size())) {
            String[] f = line.split("\t", -1);
            byte[] body = Files.readAllBytes(corpus.resolve(f[0]));
            // undeclared, and declared as the corpus says (a UTF-16 page then decodes as UTF-16)
            for (String contentType : new String[] {null, "text/html; charset=" + f[1]}) {
                EncodingDecision d = decide(body, contentType);
                if (d.looksBinary()) flagged.add(f[0] + " (" + contentType + "): " + d.binaryEvidence().get());
            }
            pages++;
        }
        assertThat(pages, greaterThan(400));
        assertThat(flagged, empty());
    }
}
