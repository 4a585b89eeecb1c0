package io.github.jsoupcharset.internal;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;
import io.github.jsoupcharset.DecisionSource;
import io.github.jsoupcharset.Encoding;
import io.github.jsoupcharset.SniffOptions;

import java.util.Arrays;
import java.util.Optional;

/**
 * What the sniffing algorithm does when nothing declares the encoding (the HTML Standard's
 * optional autodetection step, then its default): UTF-8 validity, then ICU4J's statistical
 * detector with its answers restricted to WHATWG encodings, then the default. Internal.
 *
 * <p>Cost is bounded: UTF-8 validity is one linear pass over the body; the statistical detector
 * sees at most the first {@link #DETECTION_WINDOW} bytes.
 */
public final class Detector {
    /** The statistical detector looks at no more than this many leading bytes. */
    public static final int DETECTION_WINDOW = 64 * 1024;

    private Detector() {}

    /**
     * A guess for undeclared bytes.
     *
     * @param encoding the encoding guessed
     * @param source {@link DecisionSource#UTF8_VALIDITY}, {@link DecisionSource#DETECTION} or
     *     {@link DecisionSource#DEFAULT}
     * @param confidence the detector's confidence 0-100 for DETECTION, -1 otherwise
     */
    public record Guess(Encoding encoding, DecisionSource source, int confidence) {}

    /** Guesses the encoding of undeclared bytes {@code [off, off+len)}. */
    public static Guess guess(byte[] bytes, int off, int len, SniffOptions.Detection mode, Encoding defaultEncoding) {
        Guess fallback = new Guess(defaultEncoding, DecisionSource.DEFAULT, -1);
        if (mode == SniffOptions.Detection.NONE) return fallback;
        Utf8 utf8 = utf8Validity(bytes, off, len);
        // pure ASCII decodes identically in every ASCII-compatible encoding: nothing to detect
        if (utf8 == Utf8.ASCII) return fallback;
        if (utf8 == Utf8.VALID && mode == SniffOptions.Detection.AUTHOR_INTENT) {
            return new Guess(Encoding.UTF_8, DecisionSource.UTF8_VALIDITY, -1);
        }
        return statistical(bytes, off, Math.min(len, DETECTION_WINDOW), mode, utf8 == Utf8.VALID)
                .orElse(fallback);
    }

    private static Optional<Guess> statistical(byte[] bytes, int off, int len, SniffOptions.Detection mode,
                                               boolean validUtf8) {
        CharsetDetector detector = new CharsetDetector();
        detector.enableInputFilter(true); // ignore <markup> so tags and attributes do not count as text
        detector.setText(off == 0 && len == bytes.length ? bytes : Arrays.copyOfRange(bytes, off, off + len));
        CharsetMatch[] matches = detector.detectAll();
        if (matches == null) return Optional.empty();
        for (CharsetMatch m : matches) {
            Optional<Encoding> e = Encoding.forLabel(m.getName());
            if (e.isEmpty()) continue; // UTF-32, IBM420/424 and other names browsers do not support
            Encoding enc = e.get();
            if (enc == Encoding.UTF_8) {
                // Chromium discards a UTF-8 guess for web pages and uses its default instead
                if (mode == SniffOptions.Detection.BROWSER_PARITY) return Optional.empty();
                if (!validUtf8) continue;
            }
            // never guess an ASCII-incompatible encoding or replacement for BOM-less bytes
            if (enc == Encoding.REPLACEMENT || enc == Encoding.UTF_16BE || enc == Encoding.UTF_16LE) continue;
            return Optional.of(new Guess(enc, DecisionSource.DETECTION, m.getConfidence()));
        }
        return Optional.empty();
    }

    enum Utf8 { ASCII, VALID, INVALID }

    /**
     * Whether the bytes are all ASCII, valid UTF-8 with at least one multi-byte sequence, or not
     * UTF-8. A sequence cut off by the end of the bytes (a truncated download) does not count
     * against validity; decoding reports it as one U+FFFD.
     */
    static Utf8 utf8Validity(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        boolean nonAscii = false;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            nonAscii = true;
            int need;
            int lower = 0x80;
            int upper = 0xBF;
            if (c >= 0xC2 && c <= 0xDF) {
                need = 1;
            } else if (c >= 0xE0 && c <= 0xEF) {
                need = 2;
                if (c == 0xE0) lower = 0xA0;
                if (c == 0xED) upper = 0x9F;
            } else if (c >= 0xF0 && c <= 0xF4) {
                need = 3;
                if (c == 0xF0) lower = 0x90;
                if (c == 0xF4) upper = 0x8F;
            } else {
                return Utf8.INVALID;
            }
            i++;
            for (int k = 0; k < need; k++, i++) {
                if (i >= end) return Utf8.VALID; // truncated at the end
                int t = b[i] & 0xFF;
                if (t < lower || t > upper) return Utf8.INVALID;
                lower = 0x80;
                upper = 0xBF;
            }
        }
        return nonAscii ? Utf8.VALID : Utf8.ASCII;
    }
}
