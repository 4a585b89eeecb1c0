package io.github.jsoupcharset.detect;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * {@link Utf8Runs}, fed a body a piece at a time, counts its runs as {@code Detector.runs} counts
 * the body held whole: on bodies made of ASCII, UTF-8 sequences (some cut short or broken),
 * legacy bytes and stray continuation bytes, cut into random pieces, and on every page of the
 * development set.
 */
class Utf8RunsTest {
    @Test
    void piecesCountAsTheWholeOnMadeBodies() {
        Random random = new Random(31);
        byte[][] parts = {
            "a".getBytes(StandardCharsets.US_ASCII), " ".getBytes(StandardCharsets.US_ASCII),
            "é".getBytes(StandardCharsets.UTF_8), "—".getBytes(StandardCharsets.UTF_8), "😀".getBytes(StandardCharsets.UTF_8),
            {(byte) 0xE2, (byte) 0x80}, {(byte) 0xE9}, {(byte) 0x92}, {(byte) 0xC3}, {(byte) 0xF0, (byte) 0x9F},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xC1, (byte) 0xBF}, {(byte) 0xD0, (byte) 0xD2}};
        int mixed = 0;
        for (int round = 0; round < 20_000; round++) {
            java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
            for (int k = random.nextInt(40); k > 0; k--) body.writeBytes(parts[random.nextInt(parts.length)]);
            byte[] b = body.toByteArray();
            int[] expected = Detector.runs(b, 0, b.length);
            assertThat(Arrays.toString(b), fedInPieces(b, random), equalTo(expected));
            if (expected[0] > 0 && expected[2] > 0) mixed++;
        }
        assertThat(mixed, greaterThan(1_000));
    }

    @Test
    void piecesCountAsTheWholeOnTheDevelopmentSet() throws IOException {
        Random random = new Random(37);
        List<byte[]> bodies = new ArrayList<>();
        for (DetectionCorpus.Case c : DetectionCorpus.development()) bodies.add(c.bytes());
        for (byte[] b : bodies) {
            assertThat(Arrays.toString(Detector.runs(b, 0, b.length)), fedInPieces(b, random), equalTo(Detector.runs(b, 0, b.length)));
        }
        assertThat(bodies.size(), greaterThan(300));
    }

    /** The body fed to a counter in pieces of random lengths (some empty); its counts. */
    private static int[] fedInPieces(byte[] b, Random random) {
        Utf8Runs runs = new Utf8Runs();
        int at = 0;
        while (at < b.length) {
            int n = Math.min(b.length - at, random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(7));
            runs.feed(b, at, n);
            at += n;
        }
        return runs.runs();
    }
}
