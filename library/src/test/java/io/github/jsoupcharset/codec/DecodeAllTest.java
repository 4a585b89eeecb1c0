package io.github.jsoupcharset.codec;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/** {@link Decoder#decodeAll}'s fast paths give the text and error count of the streaming steps. */
class DecodeAllTest {
    private static void check(String encoding, byte[] bytes) {
        for (int pad = 0; pad < 32; pad++) {
            byte[] b = new byte[pad + bytes.length + 3];
            java.util.Arrays.fill(b, (byte) 'a');
            System.arraycopy(bytes, 0, b, pad + 1, bytes.length);
            Decoder streaming = Decoders.newDecoder(encoding);
            StringBuilder expected = new StringBuilder();
            streaming.decode(b, 1, b.length - 2, true, expected);
            Decoder whole = Decoders.newDecoder(encoding);
            String actual = whole.decodeAll(b, 1, b.length - 2);
            assertThat(encoding + " pad " + pad, actual, equalTo(expected.toString()));
            assertThat(encoding + " pad " + pad + " errors", whole.errors(), equalTo(streaming.errors()));
        }
    }

    @Test
    void jdkTwinsOnlyWhereTheJdkAgreesWithTheIndexOrSaysUfffd() {
        for (String[] row : SingleByteIndexes.TABLE) {
            char[] index = row[1].toCharArray();
            java.nio.charset.Charset twin = SingleByteDecoder.jdkTwin(row[0].equals("ISO-8859-8-I") ? "ISO-8859-8" : row[0], index);
            if (twin == null) continue;
            for (int b = 0x80; b < 0x100; b++) {
                String jdk = new String(new byte[] {(byte) b}, twin);
                assertThat(row[0] + " byte " + b, jdk.equals(String.valueOf(index[b - 0x80])) || jdk.equals("\uFFFD"),
                        equalTo(true));
            }
        }
        // the JDK's KOI8-U maps AE and BE to box drawing, where WHATWG has U+045E and U+040E
        char[] koi8u = null;
        for (String[] row : SingleByteIndexes.TABLE) if (row[0].equals("KOI8-U")) koi8u = row[1].toCharArray();
        assertThat(SingleByteDecoder.jdkTwin("KOI8-U", koi8u), equalTo(null));
        assertThat(SingleByteDecoder.jdkTwin("no-such-charset", koi8u), equalTo(null));
    }

    @Test
    void singleByteEveryByteAsTheIndexSaysWithAnErrorWhereItHasNoCodePoint() {
        for (String[] row : SingleByteIndexes.TABLE) {
            char[] index = row[1].toCharArray();
            byte[] in = new byte[256];
            StringBuilder expected = new StringBuilder();
            long errors = 0;
            for (int b = 0; b < 256; b++) {
                in[b] = (byte) b;
                char c = b < 0x80 ? (char) b : index[b - 0x80];
                expected.append(c);
                if (c == '\uFFFD') errors++;
            }
            Decoder d = Decoders.newDecoder(row[0]);
            assertThat(row[0], d.decodeAll(in, 0, in.length), equalTo(expected.toString()));
            assertThat(row[0] + " errors", d.errors(), equalTo(errors));
            check(row[0], in);
        }
    }

    @Test
    void singleByteTextWithAndWithoutC1Bytes() {
        // windows-1252's 0x80-0x9F are not Latin-1 (0x81 is U+0081 in WHATWG, left out by the JDK);
        // ISO-8859-7's 0xAE is undefined
        check("windows-1252", "caf\u00e9 na\u00efve".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(Decoders.newDecoder("windows-1252").decodeAll(new byte[] {(byte) 0x93, 'a', (byte) 0x94}, 0, 3),
                equalTo("\u201Ca\u201D"));
        check("windows-1252", new byte[] {'a', (byte) 0x81, (byte) 0x80, 'b'});
        check("ISO-8859-7", new byte[] {'a', (byte) 0xAE, (byte) 0xE1, 'b'});
        assertThat(Decoders.newDecoder("windows-1252").decodeAll(new byte[] {(byte) 0x81}, 0, 1), equalTo("\u0081"));
    }

    @Test
    void everyEncodingOnRandomBytes() {
        Random random = new Random(7);
        for (Encoding e : Encoding.all()) {
            for (int round = 0; round < 20; round++) {
                byte[] b = new byte[random.nextInt(200)];
                random.nextBytes(b);
                check(e.name(), b);
            }
        }
    }

    @Test
    void utf8ValidInvalidAndTruncated() {
        check("UTF-8", "caf\u00e9 \u043f\u0440\u0438\u0432\u0435\u0442 \ud83d\ude00 \ufffd".getBytes(StandardCharsets.UTF_8));
        String[] hex = {"ed a0 80", "c0 af", "f4 90 80 80", "e1 80 41", "f0 9f 98", "e2 82", "80", "ff fe", "ef bf bd"};
        for (String h : hex) {
            String[] parts = h.split(" ");
            byte[] b = new byte[parts.length];
            for (int i = 0; i < parts.length; i++) b[i] = (byte) Integer.parseInt(parts[i], 16);
            check("UTF-8", b);
        }
    }
}
