package io.github.jsoupcharset;

import org.jsoup.nodes.Document;

import java.util.Objects;

/**
 * A jsoup {@link Document} built from correctly decoded text, with the decision that chose the
 * encoding. The document is jsoup's own mutable tree; the decision is immutable.
 *
 * @param document the parsed document; its {@code charset()} is the decided encoding's charset
 * @param decision how the encoding was decided, with the number of U+FFFD the decoding produced
 */
public record ParsedHtml(Document document, EncodingDecision decision) {
    /** Checks the arguments. */
    public ParsedHtml {
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(decision, "decision");
    }
}
