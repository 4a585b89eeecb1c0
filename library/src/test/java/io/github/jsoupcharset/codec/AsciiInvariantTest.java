package io.github.jsoupcharset.codec;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.jsoupcharset.encoding.Encoding;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Guarantee 2: no decoder swallows an ASCII byte (see {@link AsciiInvariant} for the exact statement). */
class AsciiInvariantTest {
    @Test
    void noDecoderSwallowsAnAsciiByte() {
        List<String> failures = new ArrayList<>();
        for (Encoding e : Encoding.all()) {
            String failure = firstFailure(e, new Random(e.name().hashCode()), 3000);
            if (failure != null) failures.add(failure);
        }
        if (!failures.isEmpty()) fail(String.join("\n", failures));
    }

    @Test
    void theStatementIsExactOnHandPickedCases() {
        // a bad UTF-8 lead before "<": restored
        assertThat(AsciiInvariant.expectedAscii(Encoding.UTF_8, DecoderHarness.bytes(0xE2, '<', 'a')), equalTo("<a"));
        // Shift_JIS 81 40 is U+3000 (the 0x40 is consumed); 85 40 is unmapped, so 0x40 is restored
        assertThat(AsciiInvariant.expectedAscii(Encoding.SHIFT_JIS, DecoderHarness.bytes(0x81, 0x40, 0x85, 0x40)), equalTo("@"));
        // gb18030: 81 30 81 30 is U+0080; 81 30 'x' restores the digit and x; FE 39 FE 39 maps to
        // nothing but is consumed whole
        assertThat(AsciiInvariant.expectedAscii(Encoding.GB18030, DecoderHarness.bytes(0x81, 0x30, 0x81, 0x30)), equalTo(""));
        assertThat(AsciiInvariant.expectedAscii(Encoding.GB18030, DecoderHarness.bytes(0x81, 0x30, 'x')), equalTo("0x"));
        assertThat(AsciiInvariant.expectedAscii(Encoding.GB18030, DecoderHarness.bytes(0xFE, 0x39, 0xFE, 0x39)), equalTo(""));
        // ISO-2022-JP: ESC ( B switches to ASCII; ESC $ x is an unknown escape, "$x" restored
        assertThat(AsciiInvariant.expectedAscii(Encoding.ISO_2022_JP, DecoderHarness.bytes(0x1B, '(', 'B', 'a', 0x1B, '$', 'x')), equalTo("a$x"));
        // UTF-16LE: a lone lead surrogate does not consume the "<" after it
        assertThat(AsciiInvariant.expectedAscii(Encoding.UTF_16LE, DecoderHarness.bytes(0x00, 0xD8, '<', 0)), equalTo("<"));
        // the check catches a decoder that drops the restored byte
        assertThat(AsciiInvariant.check(Encoding.UTF_8, DecoderHarness.bytes(0xE2, '<'), "\uFFFD") != null, equalTo(true));
    }

    @Test
    void replacementDecodesAnyNonEmptyInputToOneReplacementCharacter() {
        Random random = new Random(3);
        for (int round = 0; round < 2000; round++) {
            byte[] in = AsciiInvariant.hostileBytes(random, 64);
            assertThat(decode(Encoding.REPLACEMENT, in), equalTo(in.length == 0 ? "" : "\uFFFD"));
        }
    }

    /** The first input of {@code rounds} random ones that breaks the invariant, described, or null. */
    static String firstFailure(Encoding e, Random random, int rounds) {
        for (int round = 0; round < rounds; round++) {
            byte[] in = AsciiInvariant.hostileBytes(random, 24);
            String failure = AsciiInvariant.check(e, in, decode(e, in));
            if (failure != null) return failure;
            // and the whole-stream fast path
            failure = AsciiInvariant.check(e, in, Decoders.newDecoder(e.name()).decodeAll(in, 0, in.length));
            if (failure != null) return "decodeAll: " + failure;
        }
        return null;
    }

    private static String decode(Encoding e, byte[] in) {
        StringBuilder out = new StringBuilder();
        Decoders.newDecoder(e.name()).decode(in, 0, in.length, true, out);
        return out.toString();
    }
}
