package io.github.jsoupcharset.detect;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

class Utf8ScanTest {
    @Test
    void utf8CountsErrorsAsTheDecoderDoes() {
        byte[] b = {(byte) 0xE2, (byte) 0x82, 'a', (byte) 0xC3, (byte) 0xA9, (byte) 0xFF, (byte) 0xF0, (byte) 0x9F};
        Utf8Scan c = Utf8Scan.of(b, 0, b.length, true, false, Integer.MAX_VALUE);
        assertThat(c.errors(), equalTo(3)); // E2 82, FF, the cut-off F0 9F
        assertThat(c.sequences(), equalTo(1));
        assertThat(Utf8Scan.of(b, 0, b.length, false, false, Integer.MAX_VALUE).errors(), equalTo(2));
    }

    @Test
    void aLimitStopsTheCountAfterThatManyNonAsciiSequences() {
        byte[] b = ("abcdefghijklmnop" + "é".repeat(100)).getBytes(StandardCharsets.UTF_8);
        Utf8Scan c = Utf8Scan.of(b, 0, b.length, true, false, 64);
        assertThat(c.sequences(), equalTo(64));
        assertThat(c.errors(), equalTo(0));
    }

    @Test
    void pureAsciiIsScannedToTheEndEightBytesAtATime() {
        byte[] b = ("x".repeat(1001) + "\u00e9").getBytes(StandardCharsets.ISO_8859_1); // a lone 0xE9 at 1001
        assertThat(Utf8Scan.of(b, 0, b.length, true, false, Integer.MAX_VALUE).errors(), equalTo(1));
        assertThat(Utf8Scan.of(b, 3, b.length - 4, true, false, Integer.MAX_VALUE).errors(), equalTo(0));
    }

    @Test
    void stoppingAtTheFirstErrorCountsOne() {
        byte[] b = {(byte) 0xC3, (byte) 0xA9, (byte) 0xFF, (byte) 0xFF, (byte) 0xC3, (byte) 0xA9};
        Utf8Scan c = Utf8Scan.of(b, 0, b.length, true, true, Integer.MAX_VALUE);
        assertThat(c.errors(), equalTo(1));
        assertThat(c.sequences(), equalTo(1));
    }
}
