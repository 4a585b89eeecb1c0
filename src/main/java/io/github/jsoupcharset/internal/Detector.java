package io.github.jsoupcharset.internal;

import io.github.jsoupcharset.DecisionSource;
import io.github.jsoupcharset.Encoding;
import io.github.jsoupcharset.SniffOptions;

/**
 * What the sniffing algorithm does when nothing declares the encoding: UTF-8 validity, then
 * statistical detection restricted to WHATWG encodings, then the default. Internal.
 */
public final class Detector {
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
        return new Guess(defaultEncoding, DecisionSource.DEFAULT, -1); // replaced by the real detector
    }
}
