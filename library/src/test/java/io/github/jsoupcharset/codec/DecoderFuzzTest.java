package io.github.jsoupcharset.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.jsoupcharset.encoding.Encoding;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * Fuzz target for every decoder in {@link Encoding#all()} (so decoders added later are fuzzed
 * too): byte 0 picks the encoding, byte 1 the chunking, the rest is the input. Checks that one
 * call, any split into chunks and the {@code CharsetDecoder} all give the same text, that each
 * error gives one U+FFFD, and that no ASCII byte is swallowed.
 */
class DecoderFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void decoders(byte[] data) {
        if (data.length < 2) return;
        Encoding e = Encoding.all().get((data[0] & 0xFF) % Encoding.all().size());
        int chunking = data[1] & 0xFF;
        byte[] in = Arrays.copyOfRange(data, 2, data.length);
        checkDecoder(e, in, chunking);
    }

    static void checkDecoder(Encoding e, byte[] in, int chunking) {
        Decoder whole = Decoders.newDecoder(e.name());
        StringBuilder expected = new StringBuilder();
        whole.decode(in, 0, in.length, true, expected);
        String text = expected.toString();
        long replacements = text.chars().filter(c -> c == 0xFFFD).count();
        assertTrue(whole.errors() <= replacements, "each error is one U+FFFD");

        // the whole-stream fast path (what decode and parse use) gives the same text and count
        Decoder all = Decoders.newDecoder(e.name());
        assertEquals(text, all.decodeAll(in, 0, in.length), "decodeAll");
        assertEquals(whole.errors(), all.errors(), "decodeAll errors");

        // the same bytes in chunks of 1 to 8 bytes (chunking picks the sizes), empty calls between
        Decoder chunked = Decoders.newDecoder(e.name());
        StringBuilder out = new StringBuilder();
        int size = 1 + (chunking & 7);
        for (int off = 0; off < in.length; off += size) {
            chunked.decode(in, off, Math.min(size, in.length - off), false, out);
            if ((chunking & 8) != 0) chunked.decode(in, off, 0, false, out);
        }
        chunked.decode(in, in.length, 0, true, out);
        assertEquals(text, out.toString(), "chunked decoding");
        assertEquals(whole.errors(), chunked.errors());

        // straight into arrays with just the room bytesFitting promises, in the same chunks
        Decoder into = Decoders.newDecoder(e.name());
        StringBuilder intoText = new StringBuilder();
        for (int off = 0; off <= in.length; off += size) {
            int n = Math.min(size, in.length - off);
            boolean last = off + n == in.length;
            int room = 0;
            while (into.bytesFitting(room) < n) room++;
            char[] dst = new char[room + 3];
            intoText.append(dst, 3, into.decodeInto(in, off, n, last, dst, 3));
            if (last) break;
        }
        assertEquals(text, intoText.toString(), "decodeInto");
        assertEquals(whole.errors(), into.errors(), "decodeInto errors");

        Charset cs = e.charset();
        if (cs instanceof WhatwgCharset) {
            int outCapacity = 1 + (chunking >>> 4);
            assertEquals(text, DecoderHarness.viaCharsetDecoder(DecoderHarness.replacing(e.name()), in, size, outCapacity),
                    "CharsetDecoder");
            assertEquals(text, DecoderHarness.viaCharsetDecoder(DecoderHarness.replacing(e.name()), in, in.length + 1,
                    64 * outCapacity), "CharsetDecoder, large buffers");
            // REPORT mode: each malformed result stands for one U+FFFD
            assertEquals(text, DecoderHarness.viaCharsetDecoder(DecoderHarness.reporting(e.name()), in, in.length + 1, 1024),
                    "CharsetDecoder, REPORT");
        }
        assertNull(AsciiInvariant.check(e, in, text));
    }
}
