package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.encoding.Encoding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;

/** Fuzz target for {@code decode}: the text and the decision agree, and every error is counted. */
class DecodeFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void decode(byte[] data) {
        FuzzInput in = FuzzInput.of(data);
        BrowserCharsetParser parser = BrowserCharsetJsoup.withOptions(in.options());
        DecodedHtml decoded = parser.decode(in.body(), in.contentType());
        EncodingDecision d = decoded.decision();
        SniffFuzzTest.checkDecision(in, d);
        // the decision is sniff's, with the count added
        int count = d.replacementCount().orElseThrow();
        assertEquals(parser.sniff(in.body(), in.contentType()).withReplacementCount(count), d);
        // guarantee 6: every U+FFFD the decoding produced is counted (a page may also contain
        // U+FFFD itself, validly encoded, in UTF-8, UTF-16 and gb18030)
        long inText = decoded.text().chars().filter(c -> c == 0xFFFD).count();
        assertTrue(inText >= count, () -> inText + " U+FFFD in the text, " + count + " counted");
        if (!canEncodeReplacementCharacter(d.encoding())) assertEquals(inText, count);
    }

    static boolean canEncodeReplacementCharacter(Encoding e) {
        return e == Encoding.UTF_8 || e == Encoding.UTF_16BE || e == Encoding.UTF_16LE
                || e == Encoding.GB18030 || e == Encoding.GBK;
    }
}
