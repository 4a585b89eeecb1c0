/**
 * How a page's encoding was decided: {@link io.github.jsoupcharset.decision.EncodingDecision} (the
 * encoding, the rule that decided, the HTML Standard's confidence, the labels seen, conflicts, the
 * U+FFFD count…), its enums, and {@link io.github.jsoupcharset.decision.SniffOptions}, which steers
 * the decision. Depends on nothing of the library's but its encodings.
 */
package io.github.jsoupcharset.decision;
