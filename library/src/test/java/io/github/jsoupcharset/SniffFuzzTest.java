package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.encoding.Encoding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz target for {@code sniff}: any body, any Content-Type (or none), any options. In the normal
 * build it runs over its seeds in {@code src/test/resources/io/github/jsoupcharset/SniffFuzzTestInputs};
 * {@code mvn -P fuzz} fuzzes it (see docs/guarantees.md).
 */
class SniffFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void sniff(byte[] data) {
        FuzzInput in = FuzzInput.of(data);
        BrowserCharsetParser parser = BrowserCharsetJsoup.withOptions(in.options());
        EncodingDecision d = parser.sniff(in.body(), in.contentType());
        checkDecision(in, d);
        assertEquals(d, parser.sniff(in.body(), in.contentType()), "sniffing is deterministic");
    }

    /** What every decision must satisfy, whatever the input. */
    static void checkDecision(FuzzInput in, EncodingDecision d) {
        assertTrue(d.replacementCount().isEmpty() || d.replacementCount().getAsInt() >= 0);
        if (d.source() == DecisionSource.DETECTION || d.source() == DecisionSource.UTF8_VALIDITY
                || d.source() == DecisionSource.DEFAULT) {
            // guarantee 3: detection never lands on replacement or UTF-16
            assertNotEquals(Encoding.REPLACEMENT, d.encoding());
            assertNotEquals(Encoding.UTF_16BE, d.encoding());
            assertNotEquals(Encoding.UTF_16LE, d.encoding());
        }
        if (d.source() == DecisionSource.META_PRESCAN || d.source() == DecisionSource.LATE_META) {
            // a meta's UTF-16 means UTF-8, its x-user-defined windows-1252
            assertNotEquals(Encoding.UTF_16BE, d.encoding());
            assertNotEquals(Encoding.UTF_16LE, d.encoding());
            assertNotEquals(Encoding.X_USER_DEFINED, d.encoding());
        }
        if (d.source() == DecisionSource.HTTP_HEADER) {
            assertEquals(Encoding.forLabel(d.headerLabel().orElseThrow()).orElseThrow(), d.encoding());
        }
        if (in.contentType() == null) assertTrue(d.headerLabel().isEmpty());
        assertTrue(d.toString().startsWith(d.encoding().name()));
    }
}
