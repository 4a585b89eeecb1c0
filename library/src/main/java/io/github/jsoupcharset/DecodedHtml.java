package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import java.util.Objects;

/**
 * The decoded characters of an HTML body and the decision that chose their encoding.
 *
 * @param text the body decoded as the decision says, byte order mark removed
 * @param decision how the encoding was decided, with the number of U+FFFD the decoding produced
 */
public record DecodedHtml(String text, EncodingDecision decision) {
    /**
     * Checks the arguments.
     *
     * @param text the body decoded as the decision says, byte order mark removed
     * @param decision how the encoding was decided, with the number of U+FFFD the decoding produced
     * @throws NullPointerException if an argument is null
     */
    public DecodedHtml {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(decision, "decision");
    }
}
