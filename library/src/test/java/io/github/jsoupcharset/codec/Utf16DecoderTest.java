package io.github.jsoupcharset.codec;

import static io.github.jsoupcharset.codec.DecoderHarness.assertDecodes;
import static io.github.jsoupcharset.codec.DecoderHarness.bytes;

import org.junit.jupiter.api.Test;

class Utf16DecoderTest {
    /** Checks {@code le} as UTF-16LE and its byte-swapped form as UTF-16BE. */
    private static void utf16(byte[] le, String expected, int errors) {
        assertDecodes("UTF-16LE", le, expected, errors);
        byte[] be = le.clone();
        for (int i = 0; i + 1 < be.length; i += 2) {
            byte t = be[i];
            be[i] = be[i + 1];
            be[i + 1] = t;
        }
        assertDecodes("UTF-16BE", be, expected, errors);
    }

    @Test
    void codeUnitsAndSurrogatePairs() {
        utf16(bytes('a', 0, 0xAC, 0x20, 0x3D, 0xD8, 0x00, 0xDE), "a\u20AC\uD83D\uDE00", 0);
        utf16(bytes(0xFD, 0xFF), "\uFFFD", 0);
        utf16(bytes(), "", 0);
    }

    @Test
    void byteOrderMarkIsNotStripped() {
        utf16(bytes(0xFF, 0xFE, 'a', 0), "\uFEFFa", 0);
    }

    @Test
    void unpairedLeadSurrogateIsAnErrorAndTheNextUnitIsDecodedAgain() {
        utf16(bytes(0x00, 0xD8, 0x41, 0x00), "\uFFFDA", 1);
        utf16(bytes(0x00, 0xD8, 0x00, 0xD8, 0x00, 0xDC), "\uFFFD\uD800\uDC00", 1);
        utf16(bytes(0x00, 0xD8, 0xFD, 0xFF), "\uFFFD\uFFFD", 1);
    }

    @Test
    void loneTrailSurrogateIsAnError() {
        utf16(bytes(0x00, 0xDC, 'a', 0), "\uFFFDa", 1);
        utf16(bytes(0x00, 0xDC, 0x00, 0xD8, 0x00, 0xDC), "\uFFFD\uD800\uDC00", 1);
    }

    @Test
    void oddFinalByteOrPendingSurrogateAtEndIsOneError() {
        utf16(bytes('a', 0, 'b'), "a\uFFFD", 1);
        utf16(bytes('a', 0, 0x00, 0xD8), "a\uFFFD", 1);
        utf16(bytes(0x00, 0xD8, 0x00), "\uFFFD", 1);
        utf16(bytes(0x00), "\uFFFD", 1);
    }
}
