package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.ParsedHtml;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

/**
 * What is not text gets no confidence: random bytes and compressed or image bodies served as
 * {@code text/html} are decoded all the same, but the detector's confidence is at most {@link
 * Calibration#NOT_TEXT} and {@link EncodingDecision#isDetectionUnsure()} is true, however far the
 * best reading leads the others. Text keeps its confidence ({@link ConfidenceCalibrationTest},
 * {@link DetectionAccuracyTest}).
 */
class NotTextConfidenceTest {

    private static Map<String, byte[]> bodies() throws IOException {
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        Random random = new Random(28);
        for (int size : new int[] {100, 1000, 20_000, 1 << 20}) {
            byte[] high = new byte[size];
            for (int i = 0; i < size; i++) high[i] = (byte) (0x80 + random.nextInt(128));
            bodies.put("random high bytes, " + size, high);
            byte[] any = new byte[size];
            random.nextBytes(any);
            bodies.put("random bytes, " + size, any);
        }
        StringBuilder page = new StringBuilder("<!DOCTYPE html><html><head><title>т</title></head><body>");
        for (int i = 0; i < 200; i++) page.append("<p>Съешь же ещё этих мягких французских булок, да выпей чаю ").append(i);
        byte[] html = page.toString().getBytes("windows-1251");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(html);
        }
        bodies.put("gzip", out.toByteArray());
        out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("page.html"));
            zip.write(html);
            zip.closeEntry();
        }
        bodies.put("zip", out.toByteArray());
        out = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflate = new DeflaterOutputStream(out)) {
            deflate.write(html);
        }
        bodies.put("zlib deflate", out.toByteArray());
        // a 64 x 64 RGB image of noise, compressed
        byte[] pixels = new byte[64 * (1 + 64 * 3)];
        random.nextBytes(pixels);
        for (int row = 0; row < 64; row++) pixels[row * (1 + 64 * 3)] = 0; // filter type: none
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflate = new DeflaterOutputStream(idat)) {
            deflate.write(pixels);
        }
        out = new ByteArrayOutputStream();
        out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        chunk(out, "IHDR", ByteBuffer.allocate(13).putInt(64).putInt(64).put((byte) 8).put((byte) 2).put((byte) 0)
                .put((byte) 0).put((byte) 0).array());
        chunk(out, "IDAT", idat.toByteArray());
        chunk(out, "IEND", new byte[0]);
        bodies.put("png", out.toByteArray());
        return bodies;
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws IOException {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        out.write(ByteBuffer.allocate(4).putInt(data.length).array());
        out.write(name);
        out.write(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    @Test
    void bytesThatAreNoTextGetALowConfidence() throws IOException {
        int detected = 0;
        for (Map.Entry<String, byte[]> body : bodies().entrySet()) {
            String what = body.getKey();
            for (EncodingDecision d : List.of(BrowserCharsetJsoup.sniff(body.getValue(), "text/html"),
                    BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(body.getValue()), "text/html", "")
                            .decision())) {
                if (d.source() != DecisionSource.DETECTION) continue; // valid UTF-8 by chance, or ASCII
                detected++;
                assertThat(what + ": " + d, d.detectorConfidence().getAsInt(), lessThanOrEqualTo(Calibration.NOT_TEXT));
                assertThat(what + ": " + d, d.isDetectionUnsure(), is(true));
            }
        }
        assertThat(detected, equalTo(2 * 12));
    }

    @Test
    void aPageOfTextKeepsItsConfidence() throws IOException {
        // the same Russian text as the compressed bodies, uncompressed
        StringBuilder page = new StringBuilder("<!DOCTYPE html><html><head><title>т</title></head><body>");
        for (int i = 0; i < 200; i++) page.append("<p>Съешь же ещё этих мягких французских булок, да выпей чаю ").append(i);
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(page.toString().getBytes("windows-1251"), "text/html", "");
        assertThat(parsed.decision().detectorConfidence().getAsInt() >= 90, is(true));
        assertThat(parsed.decision().isDetectionUnsure(), is(false));
    }
}
