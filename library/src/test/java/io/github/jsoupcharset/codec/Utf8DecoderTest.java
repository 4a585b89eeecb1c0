package io.github.jsoupcharset.codec;

import static io.github.jsoupcharset.codec.DecoderHarness.assertDecodes;
import static io.github.jsoupcharset.codec.DecoderHarness.bytes;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8DecoderTest {
    private static void utf8(byte[] input, String expected, int errors) {
        assertDecodes("UTF-8", input, expected, errors);
    }

    @Test
    void wellFormedSequencesOfEveryLength() {
        utf8("a\u00E9\u20AC\uD83D\uDE00".getBytes(StandardCharsets.UTF_8), "a\u00E9\u20AC\uD83D\uDE00", 0);
        utf8(bytes(0xF4, 0x8F, 0xBF, 0xBF), "\uDBFF\uDFFF", 0);
        utf8(bytes(0xE0, 0xA0, 0x80), "\u0800", 0);
        utf8(bytes(0xF0, 0x90, 0x80, 0x80), "\uD800\uDC00", 0);
        utf8(bytes(0xEF, 0xBF, 0xBD), "\uFFFD", 0); // a real U+FFFD is no error
        utf8(bytes(), "", 0);
    }

    @Test
    void byteOrderMarkIsNotStripped() {
        utf8(bytes(0xEF, 0xBB, 0xBF, 'a'), "\uFEFFa", 0);
    }

    @Test
    void encodedSurrogatesGiveOneErrorPerByte() {
        utf8(bytes(0xED, 0xA0, 0x80), "\uFFFD\uFFFD\uFFFD", 3);
        utf8(bytes(0xED, 0xA0), "\uFFFD\uFFFD", 2);
        utf8(bytes(0xED, 0x9F, 0xBF), "\uD7FF", 0);
    }

    @Test
    void overlongsAndOutOfRangeGiveOneErrorPerByte() {
        utf8(bytes(0xF0, 0x80, 0x80, 0x80), "\uFFFD\uFFFD\uFFFD\uFFFD", 4);
        utf8(bytes(0xC0, 0xAF), "\uFFFD\uFFFD", 2);
        utf8(bytes(0xC1, 0xBF), "\uFFFD\uFFFD", 2);
        utf8(bytes(0xE0, 0x80, 0xAF), "\uFFFD\uFFFD\uFFFD", 3);
        utf8(bytes(0xF4, 0x90, 0x80, 0x80), "\uFFFD\uFFFD\uFFFD\uFFFD", 4);
        utf8(bytes(0xF5, 0x80), "\uFFFD\uFFFD", 2);
        utf8(bytes(0xF8, 0x88, 0x80, 0x80, 0x80), "\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD", 5);
        utf8(bytes(0xFE, 0xFF), "\uFFFD\uFFFD", 2);
    }

    @Test
    void truncatedSequenceIsOneErrorAndTheEndingByteIsDecodedAgain() {
        utf8(bytes(0xE1, 0x80, 0x41), "\uFFFDA", 1);
        utf8(bytes(0xF0, 0x9F, 0x98, 'x'), "\uFFFDx", 1);
        utf8(bytes(0xC3, 0xC3, 0xA9), "\uFFFD\u00E9", 1);
        utf8(bytes(0xE1, 0x80, 0xE1, 0x80, 0x80), "\uFFFD\u1000", 1);
        utf8(bytes(0x80, 0xBF), "\uFFFD\uFFFD", 2);
    }

    @Test
    void truncationAtEndOfQueueIsOneError() {
        utf8(bytes('a', 0xF0, 0x9F, 0x98), "a\uFFFD", 1);
        utf8(bytes(0xE2, 0x82), "\uFFFD", 1);
        utf8(bytes(0xC3), "\uFFFD", 1);
        utf8(bytes(0xF4, 0x8F), "\uFFFD", 1);
    }

    @Test
    void boundsAfterEachSpecialLead() {
        // E0: A0-BF; ED: 80-9F; F0: 90-BF; F4: 80-8F; the first byte outside is an error and restored
        utf8(bytes(0xE0, 0x9F, 0x80), "\uFFFD\uFFFD\uFFFD", 3);
        utf8(bytes(0xE0, 0xBF, 0xBF), "\u0FFF", 0);
        utf8(bytes(0xED, 0x80, 0x80), "\uD000", 0);
        utf8(bytes(0xF0, 0x8F, 0xBF, 0xBF), "\uFFFD\uFFFD\uFFFD\uFFFD", 4);
        utf8(bytes(0xF0, 0xBF, 0xBF, 0xBF), "\uD8BF\uDFFF", 0);
        utf8(bytes(0xF4, 0x80, 0x80, 0x80), "\uDBC0\uDC00", 0);
        // the lowered boundary applies to the second byte only
        utf8(bytes(0xE0, 0xA0, 0x7F), "\uFFFD\u007F", 1);
    }

    @Test
    void agreesWithTheJdkOnAllTwoByteSequencesExceptEncodedSurrogates() {
        // the JDK's UTF-8 decoder also follows maximal subparts, except for ED A0-BF (BROWSER-FACTS 6)
        for (int a = 0x80; a < 0x100; a++) {
            for (int b = 0; b < 0x100; b++) {
                if (a == 0xED && b >= 0xA0 && b <= 0xBF) continue;
                byte[] in = bytes(a, b, 'z');
                String jdk = new String(in, StandardCharsets.UTF_8);
                assertThat(DecoderHarness.hex(in), DecoderHarness.decodeWhole("UTF-8", in).text(), equalTo(jdk));
            }
        }
    }

    @Test
    void longMixedInputMatchesTheJdkAcrossChunkBoundaries() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 30000; i++) s.appendCodePoint(i % 7 == 0 ? 0x1F600 + i % 50 : i % 3 == 0 ? 0x4E00 + i % 900 : 'a' + i % 26);
        byte[] in = s.toString().getBytes(StandardCharsets.UTF_8);
        DecoderHarness.Result r = DecoderHarness.decodeWhole("UTF-8", in);
        assertThat(r.text(), equalTo(s.toString()));
        assertThat(r.errors(), is(0L));
        assertThat(DecoderHarness.decodeInPieces("UTF-8", in, 8191, 8193, 16385), equalTo(r));
    }
}
