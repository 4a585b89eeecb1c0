package io.github.jsoupcharset.codec;

import static io.github.jsoupcharset.codec.DecoderHarness.assertDecodes;
import static io.github.jsoupcharset.codec.DecoderHarness.bytes;
import static io.github.jsoupcharset.codec.DecoderHarness.viaCharsetDecoder;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.emptyIterable;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.ByteArrayInputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CharsetsTest {
    @Test
    void everyEncodingHasADecoderAndACharset() {
        for (String[] row : EncodingLabels.TABLE) {
            String name = row[0];
            assertThat(name, Decoders.newDecoder(name), instanceOf(Decoder.class));
            Charset cs = Decoders.charset(name);
            assertThat(cs, sameInstance(Decoders.charset(name)));
            assertThat(name, cs, instanceOf(WhatwgCharset.class));
            assertThat(cs.name(), equalTo(name));
            assertThat(cs.aliases(), emptyIterable());
            assertThat(((WhatwgCharset) cs).encodingName(), equalTo(name));
        }
    }

    @Test
    void unknownNamesAreRejectedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Decoders.newDecoder("utf-8"));
        assertThat(e.getMessage().contains("\"utf-8\""), is(true));
        assertThrows(IllegalArgumentException.class, () -> Decoders.charset("latin1"));
    }

    @Test
    void sharedCharsetIsCreatedOnceUnderConcurrency() {
        Charset[] seen = IntStream.range(0, 16).mapToObj(i -> CompletableFuture.supplyAsync(() -> Decoders.charset("KOI8-R")))
                .map(CompletableFuture::join).toArray(Charset[]::new);
        for (Charset c : seen) assertThat(c, sameInstance(seen[0]));
    }

    @Test
    void replacementDecodesNonEmptyInputToOneError() {
        assertDecodes("replacement", bytes('a', 'b', 0xFF), "\uFFFD", 1);
        assertDecodes("replacement", bytes(0x1B, '$', ')', 'C'), "\uFFFD", 1);
        assertDecodes("replacement", bytes(), "", 0);
        Charset cs = Decoders.charset("replacement");
        assertThat(cs.canEncode(), is(false));
        assertThrows(UnsupportedOperationException.class, cs::newEncoder);
    }

    @Test
    void xUserDefinedMapsHighBytesToPrivateUse() {
        assertDecodes("x-user-defined", bytes('a', 0x80, 0xFF), "a\uF780\uF7FF", 0);
        Charset cs = Decoders.charset("x-user-defined");
        assertThat(new String("a\uF780\uF7FF\u00E9".getBytes(cs), StandardCharsets.ISO_8859_1), equalTo("a\u0080\u00FF?"));
        assertThat(cs.newEncoder().canEncode('\uF7AB'), is(true));
        assertThat(cs.newEncoder().canEncode('\u00E9'), is(false));
    }

    @Test
    void unicodeEncodersFollowTheStandard() {
        String s = "a\u00E9\u20AC\uD83D\uDE00";
        assertThat(s.getBytes(Decoders.charset("UTF-8")), equalTo(s.getBytes(StandardCharsets.UTF_8)));
        assertThat(s.getBytes(Decoders.charset("UTF-16LE")), equalTo(s.getBytes(StandardCharsets.UTF_16LE)));
        assertThat(s.getBytes(Decoders.charset("UTF-16BE")), equalTo(s.getBytes(StandardCharsets.UTF_16BE)));
        // unpaired surrogates are unmappable: replaced by '?' (UTF-8) or U+FFFD (UTF-16)
        assertThat(new String("a\uD800b\uDC00".getBytes(Decoders.charset("UTF-8")), StandardCharsets.UTF_8), equalTo("a?b?"));
        assertThat(new String("a\uD800b".getBytes(Decoders.charset("UTF-16LE")), StandardCharsets.UTF_16LE), equalTo("a\uFFFDb"));
        assertThat(Decoders.charset("UTF-8").newEncoder().canEncode('\uD800'), is(false));
        assertThat(Decoders.charset("UTF-8").newEncoder().canEncode("\uD83D\uDE00"), is(true));
    }

    @Test
    void containsIsSensible() {
        Charset utf8 = Decoders.charset("UTF-8");
        Charset w1252 = Decoders.charset("windows-1252");
        assertThat(utf8.contains(w1252), is(true));
        assertThat(w1252.contains(utf8), is(false));
        assertThat(w1252.contains(StandardCharsets.US_ASCII), is(true));
        assertThat(w1252.contains(Decoders.charset("windows-1251")), is(false));
        assertThat(Decoders.charset("ISO-8859-8").contains(Decoders.charset("ISO-8859-8-I")), is(true));
        assertThat(Decoders.charset("replacement").contains(StandardCharsets.US_ASCII), is(false));
        assertThat(Decoders.charset("replacement").contains(Decoders.charset("replacement")), is(true));
    }

    @Test
    void ignoreAndCustomReplacementApplyOncePerError() {
        byte[] in = bytes('a', 0xED, 0xA0, 0x80, 'b', 0xEF, 0xBF, 0xBD, 0xC3);
        CharsetDecoder ignoring = Decoders.charset("UTF-8").newDecoder().onMalformedInput(CodingErrorAction.IGNORE);
        assertThat(viaCharsetDecoder(ignoring, in, 1, 1), equalTo("ab\uFFFD"));
        CharsetDecoder replacing = Decoders.charset("UTF-8").newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .replaceWith("?");
        assertThat(viaCharsetDecoder(replacing, in, 3, 2), equalTo("a???b\uFFFD?"));
    }

    @Test
    void reportModeGivesTheBytesOfEachError() {
        CharsetDecoder d = DecoderHarness.reporting("UTF-8");
        ByteBuffer in = ByteBuffer.wrap(bytes('x', 0xE1, 0x80, 0x41, 0xED, 0xA0, 'y'));
        CharBuffer out = CharBuffer.allocate(16);
        CoderResult cr = d.decode(in, out, true);
        // E1 80 41: the error is found at 41, which is restored and decoded again
        assertThat(cr.isMalformed(), is(true));
        assertThat(cr.length(), is(3));
        assertThat(in.position(), is(1));
        in.position(in.position() + cr.length());
        cr = d.decode(in, out, true);
        // ED A0: one report for ED, one for the restored A0
        assertThat(cr.length(), is(1));
        assertThat(in.position(), is(4));
        in.position(in.position() + 1);
        cr = d.decode(in, out, true);
        assertThat(cr.length(), is(1));
        assertThat(in.position(), is(5));
        in.position(in.position() + 1);
        assertThat(d.decode(in, out, true).isUnderflow(), is(true));
        assertThat(d.flush(out).isUnderflow(), is(true));
        assertThat(out.flip().toString(), equalTo("xAy"));
        assertThrows(MalformedInputException.class, () -> DecoderHarness.reporting("UTF-8").decode(ByteBuffer.wrap(bytes('a', 0xC3))));
    }

    @Test
    void readerGivesTheSameTextAsTheDecoder() throws IOException {
        byte[] in = bytes('a', 0xE9, 0x80, 0x81);
        try (Reader r = new InputStreamReader(new ByteArrayInputStream(in), Decoders.charset("windows-1252"))) {
            StringWriter w = new StringWriter();
            r.transferTo(w);
            assertThat(w.toString(), equalTo("a\u00E9\u20AC\u0081"));
        }
    }

    @Test
    void readerKeepsTheReplacementOfASequenceCutOffByTheEndOfInput() throws IOException {
        // InputStreamReader never calls CharsetDecoder.flush(); the last U+FFFD must not depend on it
        assertThat(read("UTF-8", bytes('a', 0xE2, 0x82), 8192), equalTo("a\uFFFD"));
        assertThat(read("UTF-8", bytes('a', 0xF0, 0x9F, 0x98), 1), equalTo("a\uFFFD"));
        assertThat(read("UTF-16LE", bytes('a', 0, 'b'), 8192), equalTo("a\uFFFD"));
        assertThat(read("UTF-16BE", bytes(0, 'a', 0xD8, 0x3D), 3), equalTo("a\uFFFD"));
        assertThat(read("UTF-16BE", bytes(0, 'a', 0xD8, 0x3D, 0xDE), 8192), equalTo("a\uFFFD"));
        // and Charset.decode, which does flush, gives it once
        assertThat(Decoders.charset("UTF-8").decode(ByteBuffer.wrap(bytes('a', 0xE2, 0x82))).toString(), equalTo("a\uFFFD"));
    }

    @Test
    void readerGivesTheDecodersTextForRandomBytesInEveryEncoding() throws IOException {
        java.util.Random random = new java.util.Random(6);
        for (String[] row : EncodingLabels.TABLE) {
            if (!(Decoders.charset(row[0]) instanceof WhatwgCharset)) continue;
            for (int round = 0; round < 200; round++) {
                // ASCII, leads, trails, digits and ESC sequences
                byte[] in = AsciiInvariant.hostileBytes(random, 40);
                if (row[0].equals("ISO-2022-JP") && endsInsideAnEscape(in)) continue;
                String expected = decodeAll(row[0], in);
                int readSize = 1 + random.nextInt(5);
                assertThat(row[0] + " " + java.util.HexFormat.ofDelimiter(" ").formatHex(in) + " read " + readSize,
                        read(row[0], in, readSize), equalTo(expected));
            }
        }
    }

    @Test
    void reportModeAcceptsIso2022JpEndingWithItsReturnToAscii() throws IOException {
        // every ISO-2022-JP document ends with ESC ( B; REPORT mode (Files.readString) took those
        // bytes, which give no output, for an unfinished sequence and threw
        byte[] in = bytes('a', 0x1B, '$', 'B', 0x30, 0x21, 0x1B, '(', 'B');
        CharsetDecoder d = DecoderHarness.reporting("ISO-2022-JP");
        assertThat(d.decode(ByteBuffer.wrap(in)).toString(), equalTo("a\u4E9C"));
        try (Reader r = new InputStreamReader(new ByteArrayInputStream(in), DecoderHarness.reporting("ISO-2022-JP"))) {
            StringWriter w = new StringWriter();
            r.transferTo(w);
            assertThat(w.toString(), equalTo("a\u4E9C"));
        }
    }

    @Test
    void reportModeGivesOneReportPerErrorWhenRestoredBytesCarryErrorsForward() {
        // found by fuzzing: ESC $ B, then ESC ( ESC: the unknown escape restores "(" as a JIS X 0208
        // lead, the second ESC ends it with an error and starts an escape, which the newline
        // ends with an error, and the newline in JIS X 0208 is one more: four errors, four reports
        byte[] in = bytes(0x1B, '$', 'B', 0x1B, '(', 0x1B, '\n');
        assertThat(DecoderHarness.viaCharsetDecoder(DecoderHarness.reporting("ISO-2022-JP"), in, in.length + 1, 1024),
                equalTo(decodeAll("ISO-2022-JP", in)));
        assertThat(decodeAll("ISO-2022-JP", in), equalTo("\uFFFD".repeat(4)));
        // UTF-8 D4 D6 FC: D4's error, D6 restored as a lead and ended by FC, FC itself
        assertThat(DecoderHarness.viaCharsetDecoder(DecoderHarness.reporting("UTF-8"), bytes(0xD4, 0xD6, 0xFC, '='), 5, 1024),
                equalTo("\uFFFD\uFFFD\uFFFD="));
    }

    @Test
    void reportModeGivesTheDecodersTextForRandomBytesInEveryEncoding() {
        java.util.Random random = new java.util.Random(7);
        for (String[] row : EncodingLabels.TABLE) {
            for (int round = 0; round < 1000; round++) {
                byte[] in = AsciiInvariant.hostileBytes(random, 30);
                assertThat(row[0] + " " + java.util.HexFormat.ofDelimiter(" ").formatHex(in),
                        DecoderHarness.viaCharsetDecoder(DecoderHarness.reporting(row[0]), in, in.length + 1, 1024),
                        equalTo(decodeAll(row[0], in)));
            }
        }
    }

    /**
     * ISO-2022-JP input ending in ESC $ or ESC (: the standard gives an error, then the "$" or "("
     * again; InputStreamReader, which resets the decoder instead of flushing it, gets one U+FFFD for
     * both bytes (CharsetDecoder's own replacement of what is left in its buffer).
     */
    private static boolean endsInsideAnEscape(byte[] in) {
        int n = in.length;
        return n >= 2 && in[n - 2] == 0x1B && (in[n - 1] == '$' || in[n - 1] == '(');
    }

    /** Reads through an InputStreamReader from a stream that hands out at most {@code chunk} bytes per read. */
    private static String read(String encoding, byte[] bytes, int chunk) throws IOException {
        java.io.InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
        try (Reader r = new InputStreamReader(trickle, Decoders.charset(encoding))) {
            StringWriter w = new StringWriter();
            r.transferTo(w);
            return w.toString();
        }
    }

    private static String decodeAll(String encoding, byte[] bytes) {
        StringBuilder out = new StringBuilder();
        Decoders.newDecoder(encoding).decode(bytes, 0, bytes.length, true, out);
        return out.toString();
    }

    @Test
    void resetStartsANewStream() {
        CharsetDecoder d = Decoders.charset("UTF-8").newDecoder();
        d.decode(ByteBuffer.wrap(bytes(0xE2, 0x82)), CharBuffer.allocate(4), false);
        d.reset();
        CharBuffer out = CharBuffer.allocate(4);
        d.decode(ByteBuffer.wrap(bytes('a')), out, true);
        d.flush(out);
        assertThat(out.flip().toString(), equalTo("a"));
    }
}
