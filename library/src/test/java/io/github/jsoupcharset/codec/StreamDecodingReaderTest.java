package io.github.jsoupcharset.codec;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

class StreamDecodingReaderTest {
    /** Reads a body whose first {@code cut} bytes are the look-ahead, watching for UTF-8 errors; returns [text, contradictedAt]. */
    private static Object[] read(byte[] body, int cut) throws IOException {
        StreamDecodingReader r = new StreamDecodingReader(Arrays.copyOf(body, cut), 0, cut,
                new ByteArrayInputStream(body, cut, body.length - cut), Decoders.newDecoder("UTF-8"),
                StreamDecodingReader.Watch.UTF8_ERROR, () -> false);
        StringWriter text = new StringWriter();
        r.transferTo(text);
        return new Object[] {text.toString(), r.contradictedAt()};
    }

    @Test
    void aSequenceTheLookAheadCutIsNoContradictionWhenTheRestCompletesIt() throws IOException {
        byte[] body = "<p>чай</p>".getBytes(StandardCharsets.UTF_8);
        for (int cut = 1; cut < body.length; cut++) {
            Object[] r = read(body, cut);
            assertThat("cut at " + cut, r[0], is("<p>чай</p>"));
            assertThat("cut at " + cut, r[1], is(-1L));
        }
    }

    @Test
    void anErrorAfterTheLookAheadIsFoundAtItsFirstByte() throws IOException {
        byte[] good = "<p>чай ".getBytes(StandardCharsets.UTF_8);
        byte[] body = Arrays.copyOf(good, good.length + 2);
        body[good.length] = (byte) 0xE9; // windows-1252 é, then '<'
        body[good.length + 1] = '<';
        for (int cut = 1; cut <= good.length; cut++) {
            assertThat("cut at " + cut, read(body, cut)[1], is((long) good.length));
        }
    }
}
