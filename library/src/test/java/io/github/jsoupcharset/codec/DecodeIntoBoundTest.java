package io.github.jsoupcharset.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jsoupcharset.encoding.Encoding;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Decoder#bytesFitting} is the room {@link Decoder#decodeInto} is given when it decodes
 * straight into a caller's array (jsoup's buffer, through the stream reader): a bound that is too
 * small overruns that array. Every decoder is fed streams made to pile up unfinished sequences and
 * errors (lead bytes, gb18030's digits, ISO-2022-JP's escapes, broken UTF-8), in random chunks, each
 * into an array of exactly the least room whose {@code bytesFitting} admits the chunk; and where a
 * decoder says how many bytes it holds unfinished, a call must write no more than its bytes plus
 * those.
 */
class DecodeIntoBoundTest {
    /** Bytes that start, continue, break or end the sequences of some encoding. */
    private static final int[] AWKWARD = {
        0x00, 0x0A, 0x0E, 0x0F, 0x1B, 0x24, 0x28, 0x30, 0x35, 0x39, 0x40, 0x41, 0x42, 0x44, 0x49, 0x4A, 0x7E, 0x7F,
        0x80, 0x81, 0x84, 0x87, 0x88, 0x8E, 0x8F, 0x9F, 0xA0, 0xA1, 0xA4, 0xBF, 0xC2, 0xC6, 0xDF, 0xE0, 0xED, 0xEF,
        0xF0, 0xF4, 0xF5, 0xFC, 0xFD, 0xFE, 0xFF
    };

    @Test
    void noDecoderWritesMoreThanItsBoundInAnyChunking() {
        Random random = new Random(20261202);
        for (Encoding e : Encoding.all()) {
            for (int stream = 0; stream < 300; stream++) {
                byte[] in = new byte[1 + random.nextInt(200)];
                for (int i = 0; i < in.length; i++) {
                    int any = random.nextInt(256);
                    in[i] = (byte) (random.nextInt(4) == 0 ? any : AWKWARD[random.nextInt(AWKWARD.length)]);
                }
                check(e, in, random);
            }
        }
    }

    private static void check(Encoding e, byte[] in, Random random) {
        Decoder whole = Decoders.newDecoder(e.name());
        StringBuilder expected = new StringBuilder();
        whole.decode(in, 0, in.length, true, expected);
        assertEquals(expected.toString(), Decoders.newDecoder(e.name()).decodeAll(in, 0, in.length),
                () -> e.name() + " decodeAll of " + hex(in));

        Decoder into = Decoders.newDecoder(e.name());
        StringBuilder text = new StringBuilder();
        int off = 0;
        while (true) {
            int n = Math.min(random.nextInt(12), in.length - off);
            boolean last = off + n == in.length && random.nextBoolean();
            int room = 0;
            while (into.bytesFitting(room) < n) room++;
            char[] dst = new char[room + 2];
            int held = into.unfinishedBytes();
            int written = into.decodeInto(in, off, n, last, dst, 2);
            int chunkStart = off;
            if (held >= 0) {
                assertTrue(written <= n + held, () -> e.name() + ": " + written + " chars from " + n + " bytes at "
                        + chunkStart + " with " + held + " unfinished, in " + hex(in));
            }
            text.append(dst, 2, written);
            off += n;
            if (last) break;
        }
        assertEquals(expected.toString(), text.toString(), () -> e.name() + " decodeInto of " + hex(in));
        assertEquals(whole.errors(), into.errors(), () -> e.name() + " errors of " + hex(in));
    }

    private static String hex(byte[] in) {
        StringBuilder s = new StringBuilder();
        for (byte b : in) s.append(String.format("%02X ", b & 0xFF));
        return s.toString().trim();
    }
}
