package io.github.jsoupcharset.bench;

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
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.util.concurrent.TimeUnit;

/**
 * The CJK decoders beside the JDK's charset of the same name, in one run so that the machine's load
 * weighs on both alike ({@code impl=ours} or {@code jdk}). Each decodes the corpus's documents of
 * its family (all of them, one after another, per operation) as a String ({@code decodeAll}) and
 * into a reused char[] in the chunks {@code DecodingReader} gives it ({@code decodeInto}, what a
 * parse reads through; the JDK's through its CharsetDecoder into a CharBuffer of the same size).
 * The JDK's decoders differ from the Encoding Standard's in places: this measures speed only.
 * (To compare two versions of our decoders, run this benchmark at each commit.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CjkDecoderLoopBenchmark {
    @Param({"Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "GBK", "Big5"})
    public String encoding;

    @Param({"ours", "jdk"})
    public String impl;

    private byte[] bytes;
    private Charset jdk;
    private final char[] dst = new char[32 * 1024];

    @Setup
    public void setUp() {
        bytes = Corpus.concatenated(encoding);
        jdk = Charset.forName(encoding);
        Decoder ours = Decoders.newDecoder(encoding);
        String text = ours.decodeAll(bytes, 0, bytes.length);
        System.out.println("\n" + encoding + ": " + bytes.length + " bytes per operation, " + text.length()
                + " chars, " + ours.errors() + " errors (ours)");
    }

    /** The whole input as a String. */
    @Benchmark
    public String decodeAll() {
        if (impl.equals("jdk")) return new String(bytes, jdk);
        return Decoders.newDecoder(encoding).decodeAll(bytes, 0, bytes.length);
    }

    /** The whole input into one reused char[], as much at a time as is sure to fit. */
    @Benchmark
    public long decodeInto() {
        if (impl.equals("jdk")) return jdkInto();
        Decoder decoder = Decoders.newDecoder(encoding);
        int step = decoder.bytesFitting(dst.length);
        long chars = 0;
        for (int off = 0; off < bytes.length; off += step) {
            int n = Math.min(step, bytes.length - off);
            chars += decoder.decodeInto(bytes, off, n, off + n == bytes.length, dst, 0);
        }
        return chars + dst[0];
    }

    private long jdkInto() {
        CharsetDecoder decoder = jdk.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.wrap(dst);
        long chars = 0;
        while (true) {
            decoder.decode(in, out, true);
            chars += out.position();
            if (!in.hasRemaining()) break;
            out.clear();
        }
        out.clear();
        decoder.flush(out);
        return chars + out.position() + dst[0];
    }
}
