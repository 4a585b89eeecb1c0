package io.github.jsoupcharset.codec;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;

/** Decodes the same input every way (whole, split, byte by byte, padded, via CharsetDecoder) and checks all agree. */
final class DecoderHarness {
    private DecoderHarness() {}

    /** Output and error count of one decoding. */
    record Result(String text, long errors) {}

    static Result decodeWhole(String encoding, byte[] bytes) {
        Decoder d = Decoders.newDecoder(encoding);
        StringBuilder out = new StringBuilder();
        d.decode(bytes, 0, bytes.length, true, out);
        return new Result(out.toString(), d.errors());
    }

    /** Through {@link Decoder#decodeAll}, the whole-stream fast path. */
    static Result decodeAll(String encoding, byte[] bytes) {
        Decoder d = Decoders.newDecoder(encoding);
        String text = d.decodeAll(bytes, 0, bytes.length);
        return new Result(text, d.errors());
    }

    static Result decodeInPieces(String encoding, byte[] bytes, int... cuts) {
        Decoder d = Decoders.newDecoder(encoding);
        StringBuilder out = new StringBuilder();
        int from = 0;
        for (int cut : cuts) {
            d.decode(bytes, from, cut - from, false, out);
            from = cut;
        }
        d.decode(bytes, from, bytes.length - from, false, out);
        d.decode(new byte[0], 0, 0, true, out);
        return new Result(out.toString(), d.errors());
    }

    static Result decodeByteByByte(String encoding, byte[] bytes) {
        Decoder d = Decoders.newDecoder(encoding);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) d.decode(bytes, i, 1, i == bytes.length - 1, out);
        if (bytes.length == 0) d.decode(bytes, 0, 0, true, out);
        return new Result(out.toString(), d.errors());
    }

    /**
     * Asserts that {@code bytes} decode to {@code expected} with {@code errors} errors, whole (in one
     * call and through {@link Decoder#decodeAll}), split at every position, byte by byte, after 0-31
     * ASCII padding bytes (as UTF-16 units for UTF-16), and through the charset's CharsetDecoder with 1-char output buffers.
     */
    static void assertDecodes(String encoding, byte[] bytes, String expected, long errors) {
        String what = encoding + " " + hex(bytes);
        Result whole = decodeWhole(encoding, bytes);
        assertThat(what, whole.text(), equalTo(expected));
        assertThat(what + " errors", whole.errors(), is(errors));
        assertThat(what + " decodeAll", decodeAll(encoding, bytes), equalTo(whole));
        for (int cut = 0; cut <= bytes.length; cut++) {
            assertThat(what + " split at " + cut, decodeInPieces(encoding, bytes, cut), equalTo(whole));
        }
        assertThat(what + " byte by byte", decodeByteByByte(encoding, bytes), equalTo(whole));
        boolean utf16 = encoding.startsWith("UTF-16");
        for (int pad = 1; pad < 32; pad++) {
            byte[] padded = new byte[(utf16 ? 2 * pad : pad) + bytes.length];
            String prefix = "";
            for (int i = 0; i < pad; i++) {
                char c = (char) ('a' + i % 26);
                prefix += c;
                if (!utf16) {
                    padded[i] = (byte) c;
                } else {
                    padded[2 * i] = encoding.equals("UTF-16LE") ? (byte) c : 0;
                    padded[2 * i + 1] = encoding.equals("UTF-16LE") ? 0 : (byte) c;
                }
            }
            System.arraycopy(bytes, 0, padded, padded.length - bytes.length, bytes.length);
            String paddedExpected = encoding.equals("replacement") ? "\uFFFD" : prefix + expected;
            Result paddedWhole = decodeWhole(encoding, padded);
            assertThat(what + " padded " + pad, paddedWhole.text(), equalTo(paddedExpected));
            assertThat(what + " padded " + pad + " decodeAll", decodeAll(encoding, padded), equalTo(paddedWhole));
        }
        Charset cs = Decoders.charset(encoding);
        assertThat(what + " via CharsetDecoder", viaCharsetDecoder(replacing(encoding), bytes, 1, 1), equalTo(expected));
        assertThat(what + " via CharsetDecoder, large buffers",
                viaCharsetDecoder(replacing(encoding), bytes, bytes.length + 1, 1024), equalTo(expected));
        // REPORT: one malformed result per error, whatever the buffer sizes
        assertThat(what + " via CharsetDecoder, REPORT", viaCharsetDecoder(reporting(encoding), bytes, 1, 1),
                equalTo(expected));
        assertThat(what + " via CharsetDecoder, REPORT, large buffers",
                viaCharsetDecoder(reporting(encoding), bytes, bytes.length + 1, 1024), equalTo(expected));
        assertThat(what + " via Charset.decode", cs.decode(ByteBuffer.wrap(bytes)).toString(), equalTo(expected));
    }

    /**
     * Runs a CharsetDecoder feeding {@code inChunk} bytes at a time into an output buffer of
     * {@code outCapacity} chars, the way a Reader does; in REPORT mode each malformed result adds
     * one U+FFFD and skips its bytes.
     */
    static String viaCharsetDecoder(CharsetDecoder d, byte[] bytes, int inChunk, int outCapacity) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        in.limit(Math.min(bytes.length, inChunk));
        CharBuffer out = CharBuffer.allocate(outCapacity);
        StringBuilder text = new StringBuilder();
        while (true) {
            boolean endOfInput = in.limit() == bytes.length;
            CoderResult cr = d.decode(in, out, endOfInput);
            drain(out, text);
            if (cr.isOverflow()) continue;
            if (cr.isError()) {
                text.append('\uFFFD');
                in.position(in.position() + cr.length());
                continue;
            }
            if (endOfInput) break;
            in.limit(Math.min(bytes.length, in.limit() + inChunk));
        }
        while (true) {
            CoderResult cr = d.flush(out);
            drain(out, text);
            if (cr.isUnderflow()) break;
            if (cr.isError()) text.append('\uFFFD');
        }
        return text.toString();
    }

    static CharsetDecoder replacing(String encoding) {
        return Decoders.charset(encoding).newDecoder().onMalformedInput(CodingErrorAction.REPLACE);
    }

    static CharsetDecoder reporting(String encoding) {
        return Decoders.charset(encoding).newDecoder().onMalformedInput(CodingErrorAction.REPORT);
    }

    private static void drain(CharBuffer out, StringBuilder text) {
        out.flip();
        text.append(out);
        out.clear();
    }

    static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) b[i] = (byte) values[i];
        return b;
    }

    static String hex(byte[] bytes) {
        StringBuilder b = new StringBuilder();
        for (byte x : bytes) b.append(String.format("%02X ", x & 0xFF));
        return b.toString().trim();
    }

    static byte[] concat(byte[]... parts) {
        byte[] all = new byte[0];
        for (byte[] p : parts) {
            int n = all.length;
            all = Arrays.copyOf(all, n + p.length);
            System.arraycopy(p, 0, all, n, p.length);
        }
        return all;
    }
}
