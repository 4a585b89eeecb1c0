package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import org.jsoup.nodes.Document;

import java.util.Objects;

/**
 * A jsoup {@link Document} built from correctly decoded text, with the decision that chose the
 * encoding. The document is jsoup's own mutable tree; the decision is immutable.
 *
 * @param document the parsed document; its {@code charset()} is the decided encoding's charset
 * @param decision how the encoding was decided, with the number of U+FFFD the decoding produced
 * @param truncated true when the body is not the whole response: jsoup stopped reading at its
 *     {@code maxBodySize} ({@code Connection.Response.isTruncated()}; 2 MB by default in jsoup
 *     1.24). Only {@link BrowserCharsetParser#parseWithDecision(org.jsoup.Connection.Response)} can
 *     know; for bytes handed over directly it is false
 */
public record ParsedHtml(Document document, EncodingDecision decision, boolean truncated) {
    /**
     * Checks the arguments.
     *
     * @param document the parsed document; its {@code charset()} is the decided encoding's charset
     * @param decision how the encoding was decided, with the number of U+FFFD the decoding produced
     * @param truncated true when jsoup stopped reading the body at its {@code maxBodySize}
     * @throws NullPointerException if {@code document} or {@code decision} is null
     */
    public ParsedHtml {
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(decision, "decision");
    }

    /**
     * A result for a complete body ({@code truncated} false), as for bytes handed over directly.
     *
     * @param document the parsed document; its {@code charset()} is the decided encoding's charset
     * @param decision how the encoding was decided, with the number of U+FFFD the decoding produced
     * @throws NullPointerException if an argument is null
     */
    public ParsedHtml(Document document, EncodingDecision decision) {
        this(document, decision, false);
    }
}
