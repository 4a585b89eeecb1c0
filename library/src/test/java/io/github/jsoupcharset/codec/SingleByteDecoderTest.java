package io.github.jsoupcharset.codec;

import static io.github.jsoupcharset.codec.DecoderHarness.assertDecodes;
import static io.github.jsoupcharset.codec.DecoderHarness.bytes;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.github.jsoupcharset.SharedData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SingleByteDecoderTest {
    static Stream<String> singleByteEncodings() {
        List<String> names = new ArrayList<>();
        for (String[] row : EncodingLabels.TABLE) {
            String n = row[0];
            if (n.startsWith("ISO-8859") || n.startsWith("windows-") || n.startsWith("KOI8") || n.equals("IBM866")
                    || n.equals("macintosh") || n.equals("x-mac-cyrillic")) names.add(n);
        }
        assertThat(names.size(), is(28));
        return names.stream();
    }

    /** The index file read here, independently of the generated table: code point per byte 0x80-0xFF, -1 if none. */
    static int[] index(String encoding) throws IOException {
        String file = "index-" + (encoding.equals("ISO-8859-8-I") ? "iso-8859-8" : encoding.toLowerCase(Locale.ROOT)) + ".txt";
        int[] index = new int[128];
        Arrays.fill(index, -1);
        for (String line : Files.readAllLines(SharedData.file("whatwg/" + file), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.trim().split("\\s+");
            index[Integer.parseInt(f[0])] = Integer.decode(f[1]);
        }
        return index;
    }

    @Test
    void errorsAreReportedWhereTheirReplacementLandsInAndAfterEightByteBlocks() {
        // windows-1253 leaves 0xAA undefined; 21 bytes: two blocks of eight, then a tail of five
        byte[] body = "abcdefghijklmnopqrstu".getBytes(StandardCharsets.US_ASCII);
        body[3] = (byte) 0xAA;
        body[12] = (byte) 0xAA;
        body[19] = (byte) 0xAA;
        Decoder decoder = Decoders.newDecoder("windows-1253");
        List<Long> at = new ArrayList<>();
        decoder.setErrorListener(at::add);
        StringBuilder out = new StringBuilder("xy");
        decoder.decode(body, 0, body.length, true, out);
        assertThat(out.toString(), equalTo("xyabc\uFFFDefghijkl\uFFFDnopqrs\uFFFDu"));
        assertThat(at, equalTo(List.of(5L, 14L, 21L)));
        assertThat(decoder.errors(), is(3L));
    }

    @ParameterizedTest
    @MethodSource("singleByteEncodings")
    void everyByteDecodesAsTheIndexSays(String encoding) throws IOException {
        int[] index = index(encoding);
        StringBuilder all = new StringBuilder();
        int errors = 0;
        for (int b = 0; b < 256; b++) {
            int cp = b < 0x80 ? b : index[b - 0x80];
            String expected = cp < 0 ? "\uFFFD" : String.valueOf((char) cp);
            if (cp < 0) errors++;
            DecoderHarness.Result r = DecoderHarness.decodeWhole(encoding, bytes(b));
            assertThat(encoding + " byte " + b, r.text(), equalTo(expected));
            assertThat(encoding + " byte " + b + " errors", r.errors(), is(cp < 0 ? 1L : 0L));
            all.append(expected);
        }
        byte[] every = new byte[256];
        for (int b = 0; b < 256; b++) every[b] = (byte) b;
        assertDecodes(encoding, every, all.toString(), errors);
    }

    @ParameterizedTest
    @MethodSource("singleByteEncodings")
    void encoderRoundTripsEveryMappedByteAndCanEncodeAgreesWithTheIndex(String encoding) throws IOException {
        int[] index = index(encoding);
        Charset cs = Decoders.charset(encoding);
        CharsetEncoder enc = cs.newEncoder();
        boolean[] mapped = new boolean[0x10000];
        for (int b = 0; b < 0x80; b++) mapped[b] = true;
        for (int cp : index) if (cp >= 0) mapped[cp] = true;
        for (int c = 0; c < 0x10000; c++) {
            assertThat(encoding + " canEncode U+" + Integer.toHexString(c), enc.canEncode((char) c), is(mapped[c]));
        }
        for (int b = 0; b < 256; b++) {
            int cp = b < 0x80 ? b : index[b - 0x80];
            if (cp < 0) continue;
            ByteBuffer out = cs.newEncoder().encode(CharBuffer.wrap(String.valueOf((char) cp)));
            assertThat(encoding + " encodes U+" + Integer.toHexString(cp), out.remaining(), is(1));
            assertThat(encoding + " encodes U+" + Integer.toHexString(cp), out.get() & 0xFF, is(b));
        }
        // the text of all mapped bytes round-trips as a whole
        byte[] every = new byte[256];
        for (int b = 0; b < 256; b++) every[b] = (byte) b;
        String text = new String(every, cs).replace("\uFFFD", "");
        assertThat(new String(text.getBytes(cs), cs), equalTo(text));
    }

    @Test
    void unencodableCharactersAreUnmappable() throws CharacterCodingException {
        CharsetEncoder enc = Decoders.charset("windows-1252").newEncoder();
        assertThat(enc.canEncode("caf\u00E9 \u20AC"), is(true));
        assertThat(enc.canEncode("\u4E00"), is(false));
        assertThat(enc.canEncode("\uD83D\uDE00"), is(false));
        assertThat(enc.canEncode('\uD83D'), is(false));
        assertThat(new String("a\u4E00\uD83D\uDE00b".getBytes(Decoders.charset("windows-1252")), StandardCharsets.US_ASCII),
                equalTo("a??b"));
        assertThat(Decoders.charset("windows-1252").newEncoder().encode(CharBuffer.wrap("\u20AC")).get() & 0xFF, is(0x80));
    }

    @Test
    void windows1252KeepsTheC1BytesJavaRejects() {
        assertDecodes("windows-1252", bytes(0x80, 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x9F),
                "\u20AC\u0081\u008D\u008F\u0090\u009D\u0178", 0);
    }

    @Test
    void undefinedBytesAreErrors() {
        assertDecodes("ISO-8859-3", bytes('a', 0xA5, 'b', 0xAE), "a\uFFFDb\uFFFD", 2);
        assertDecodes("windows-1253", bytes(0xAA, 0xD2, 0xFF), "\uFFFD\uFFFD\uFFFD", 3);
        assertDecodes("KOI8-U", bytes(0xAE, 0xBE), "\u045E\u040E", 0);
    }

    @Test
    void longInputAcrossChunks() {
        byte[] in = new byte[50000];
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < in.length; i++) {
            in[i] = (byte) (i % 7 == 0 ? 0xE9 : 'a' + i % 26);
            expected.append(i % 7 == 0 ? '\u00E9' : (char) ('a' + i % 26));
        }
        assertThat(DecoderHarness.decodeWhole("windows-1252", in).text(), equalTo(expected.toString()));
        assertThat(DecoderHarness.decodeInPieces("windows-1252", in, 8191, 8193, 30000).text(), equalTo(expected.toString()));
    }
}
