package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.util.concurrent.TimeUnit;

/**
 * Decode throughput per encoding family on the corpus's real documents of that encoding (all of
 * them, one after another, per operation): our decoder against the nearest JDK charset on the
 * same bytes. MB/s = bytes (printed at setup) × ops/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DecodeBenchmark {
    @Param({"UTF-8", "windows-1252", "windows-1251", "Shift_JIS", "EUC-JP", "EUC-KR", "GBK", "Big5", "ISO-2022-JP"})
    public String encoding;

    private byte[] bytes;
    private Charset jdk;
    private Charset ours;
    private CharsetDecoder jdkDecoder;
    private CharsetDecoder oursDecoder;
    private CharBuffer chars;

    @Setup
    public void setUp() {
        bytes = Corpus.concatenated(encoding);
        jdk = Charset.forName(Corpus.jdkCharset(encoding));
        ours = Encoding.forLabel(encoding).orElseThrow().charset();
        jdkDecoder = jdk.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        oursDecoder = ours.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        chars = CharBuffer.allocate(2 * bytes.length + 16);
        System.out.println("\n" + encoding + ": " + bytes.length + " bytes per operation (JDK: " + jdk.name() + ")");
    }

    /** What the library does: its decoder, the text as a String. */
    @Benchmark
    public String oursString() {
        return Decoders.decodeToString(encoding, bytes, 0, bytes.length);
    }

    /** The JDK's charset, the text as a String. */
    @Benchmark
    public String jdkString() {
        return new String(bytes, jdk);
    }

    /** Our charset ({@code Encoding.charset()}) as a java.nio CharsetDecoder into a CharBuffer. */
    @Benchmark
    public CharBuffer oursCharsetDecoder() throws CharacterCodingException {
        chars.clear();
        oursDecoder.reset();
        oursDecoder.decode(ByteBuffer.wrap(bytes), chars, true);
        oursDecoder.flush(chars);
        return chars;
    }

    /** The JDK's CharsetDecoder into a CharBuffer. */
    @Benchmark
    public CharBuffer jdkCharsetDecoder() throws CharacterCodingException {
        chars.clear();
        jdkDecoder.reset();
        jdkDecoder.decode(ByteBuffer.wrap(bytes), chars, true);
        jdkDecoder.flush(chars);
        return chars;
    }
}
