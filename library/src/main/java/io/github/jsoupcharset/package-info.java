/**
 * Decode fetched HTML bytes as web browsers do and parse them with jsoup, with a record of how the
 * encoding was decided.
 *
 * <p>{@link io.github.jsoupcharset.BrowserCharsetJsoup} is the entry point (default options);
 * {@link io.github.jsoupcharset.BrowserCharsetParser} the same methods under other
 * {@link io.github.jsoupcharset.decision.SniffOptions}. Results are immutable records:
 * {@link io.github.jsoupcharset.ParsedHtml} (document and decision),
 * {@link io.github.jsoupcharset.DecodedHtml} (text and decision) and
 * {@link io.github.jsoupcharset.decision.EncodingDecision}, which says which rule decided
 * ({@link io.github.jsoupcharset.decision.DecisionSource}) and with what
 * {@link io.github.jsoupcharset.decision.Confidence}. {@link io.github.jsoupcharset.compare.ComparisonKey} turns
 * decoded text into a key for matching and deduplicating.
 */
package io.github.jsoupcharset;
