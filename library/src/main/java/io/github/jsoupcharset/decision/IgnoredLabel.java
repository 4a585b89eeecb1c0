package io.github.jsoupcharset.decision;

import java.util.Objects;

/**
 * An encoding label the document or its header gave that did not take part in the decision,
 * because the Encoding Standard does not know it ({@code utf-7}, {@code latin-1}, {@code x-bogus}).
 *
 * @param label the label as it was written (after the spec's own lowercasing for meta attributes),
 *     cut as {@link EncodingDecision} cuts labels when longer than
 *     {@link EncodingDecision#MAX_LABEL_LENGTH} characters
 * @param where where it was found: {@link DecisionSource#HTTP_HEADER},
 *     {@link DecisionSource#META_PRESCAN}, {@link DecisionSource#XML_DECLARATION} or
 *     {@link DecisionSource#LATE_META}
 */
public record IgnoredLabel(String label, DecisionSource where) {
    /**
     * Checks the arguments and cuts a label longer than {@link EncodingDecision#MAX_LABEL_LENGTH}.
     *
     * @param label the label as it was written; kept whole up to
     *     {@link EncodingDecision#MAX_LABEL_LENGTH} characters, cut beyond
     * @param where the rule whose input the label was found in
     * @throws NullPointerException if an argument is null
     */
    public IgnoredLabel {
        label = EncodingDecision.boundedLabel(Objects.requireNonNull(label, "label"));
        Objects.requireNonNull(where, "where");
    }
}
