package io.github.jsoupcharset.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The decoders' fast paths (a whole UTF-8 sequence, or a Shift_JIS or EUC-KR lead and trail, read
 * in one go when they are all in the chunk) give what the standard's steps give one byte at a time,
 * where no fast path can apply: every two-byte sequence of each, and every UTF-8 sequence of a
 * three-byte lead, each followed by an ASCII byte.
 */
class FastPathTest {
    private static void same(String encoding, byte[] bytes) {
        assertEquals(DecoderHarness.decodeByteByByte(encoding, bytes), DecoderHarness.decodeWhole(encoding, bytes),
                () -> encoding + " " + DecoderHarness.hex(bytes));
    }

    @Test
    void everyTwoByteSequence() {
        for (String encoding : new String[] {"UTF-8", "Shift_JIS", "EUC-KR"}) {
            for (int lead = 0x80; lead <= 0xFF; lead++) {
                for (int trail = 0; trail <= 0xFF; trail++) {
                    same(encoding, new byte[] {(byte) lead, (byte) trail, 'a'});
                    same(encoding, new byte[] {'a', (byte) lead, (byte) trail});
                }
            }
        }
    }

    @Test
    void everyUtf8SequenceOfAThreeByteLead() {
        for (int lead = 0xE0; lead <= 0xEF; lead++) {
            for (int b1 = 0; b1 <= 0xFF; b1++) {
                for (int b2 = 0; b2 <= 0xFF; b2++) same("UTF-8", new byte[] {(byte) lead, (byte) b1, (byte) b2, 'a'});
            }
        }
    }
}
