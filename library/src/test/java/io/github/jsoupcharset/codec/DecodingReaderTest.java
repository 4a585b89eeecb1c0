package io.github.jsoupcharset.codec;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Reading a body through {@link DecodingReader}, whatever the reads' sizes, gives the text and
 * the error count of decoding it whole: for single-byte encodings (decoded straight into the
 * caller's buffer, including bytes their index leaves undefined) and for stateful ones (a chunk at
 * a time).
 */
class DecodingReaderTest {
    private static final String[] ENCODINGS = io.github.jsoupcharset.encoding.Encoding.all().stream()
            .map(io.github.jsoupcharset.encoding.Encoding::name).toArray(String[]::new);

    private static byte[] randomBytes(Random random, int size) {
        byte[] b = new byte[size];
        random.nextBytes(b);
        return b;
    }

    /** Random bytes mostly, with runs of ASCII markup between (the direct paths' ASCII loops). */
    private static byte[] textLike(Random random, String encoding, int size) {
        byte[] b = randomBytes(random, size);
        for (int i = 0; i < size; i += 50 + random.nextInt(200)) {
            for (int k = i; k < Math.min(size, i + random.nextInt(120)); k++) b[k] = (byte) ('a' + k % 26);
        }
        return b;
    }

    @Test
    void readsTheTextAndErrorsOfDecodingWhole() throws Exception {
        Random random = new Random(7);
        for (String encoding : ENCODINGS) {
            for (int size : new int[] {0, 1, 100, 40_000}) {
                // random bytes, and text in the encoding with ASCII runs between
                byte[] body = size < 100 ? randomBytes(random, size) : textLike(random, encoding, size);
                Decoder whole = Decoders.newDecoder(encoding);
                String expected = whole.decodeAll(body, 0, body.length);
                for (int readSize : new int[] {1, 7, 100, 300, 4096, 70_000}) {
                    DecodingReader reader = new DecodingReader(body, 0, body.length, Decoders.newDecoder(encoding));
                    StringBuilder text = new StringBuilder();
                    char[] buf = new char[readSize];
                    for (int n; (n = reader.read(buf, 0, buf.length)) != -1; ) text.append(buf, 0, n);
                    String what = encoding + ", " + size + " bytes read " + readSize + " chars at a time";
                    assertThat(what, text.toString(), equalTo(expected));
                    assertThat(what, reader.errors(), equalTo(whole.errors()));
                    assertThat(what + ": stays at the end", reader.read(buf, 0, buf.length), equalTo(-1));
                    // stopping after one read, finish counts the errors of the bytes left
                    DecodingReader stopped = new DecodingReader(body, 0, body.length, Decoders.newDecoder(encoding));
                    stopped.read(buf, 0, buf.length);
                    assertThat(what + ", finished after one read", stopped.finish(), equalTo(whole.errors()));
                    assertThat(what + ", finished", stopped.read(buf, 0, buf.length), equalTo(-1));
                }
            }
        }
        // the bodies do hit the single-byte holes
        Decoder d = Decoders.newDecoder("ISO-8859-3");
        byte[] holes = {(byte) 0xA5, 'a', (byte) 0xAE};
        d.decodeAll(holes, 0, holes.length);
        assertThat(d.errors(), greaterThan(0L));
    }
}
