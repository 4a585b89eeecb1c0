package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.bench.baseline.BaselineDecoders;
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

import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The CJK decoders before and after they shared one loop, in one run so that the machine's load
 * weighs on both alike: {@code impl=baseline} is the copy in {@code bench.baseline}, {@code
 * current} the library's. Each decodes the corpus's documents of its family (all of them, one after
 * another, per operation) as a String ({@code decodeAll}) and into a caller's char[] in the chunks
 * {@code DecodingReader} gives it ({@code decodeInto}, what a parse reads through). Setup checks
 * that both give the same text and count the same errors.
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

    @Param({"baseline", "current"})
    public String impl;

    private byte[] bytes;
    private Function<String, Decoder> factory;
    private final char[] dst = new char[32 * 1024];

    @Setup
    public void setUp() {
        bytes = Corpus.concatenated(encoding);
        factory = impl.equals("baseline") ? BaselineDecoders::newDecoder : Decoders::newDecoder;
        Decoder baseline = BaselineDecoders.newDecoder(encoding);
        Decoder current = Decoders.newDecoder(encoding);
        if (!baseline.decodeAll(bytes, 0, bytes.length).equals(current.decodeAll(bytes, 0, bytes.length))
                || baseline.errors() != current.errors()) {
            throw new AssertionError(encoding + ": baseline and current decode differently");
        }
        System.out.println("\n" + encoding + ": " + bytes.length + " bytes per operation, " + current.errors() + " errors");
    }

    /** The whole input as a String. */
    @Benchmark
    public String decodeAll() {
        return factory.apply(encoding).decodeAll(bytes, 0, bytes.length);
    }

    /** The whole input into one reused char[], as much at a time as is sure to fit. */
    @Benchmark
    public long decodeInto() {
        Decoder decoder = factory.apply(encoding);
        int step = decoder.bytesFitting(dst.length);
        long chars = 0;
        for (int off = 0; off < bytes.length; off += step) {
            int n = Math.min(step, bytes.length - off);
            chars += decoder.decodeInto(bytes, off, n, off + n == bytes.length, dst, 0);
        }
        return chars + dst[0];
    }
}
