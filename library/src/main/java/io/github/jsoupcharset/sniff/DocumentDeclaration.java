package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a scan of the document's own bytes ({@link Prescan}, "get an XML encoding",
 * {@link HeadMetaScanner}) found. Internal.
 *
 * @param declared the declaration the scan would use, if any
 * @param failedLabels the labels the scan would have used but that "get an encoding" did not know:
 *     the first {@link io.github.jsoupcharset.decision.EncodingDecision#MAX_IGNORED_LABELS} in document
 *     order (see {@link FailedLabels})
 * @param failedLabelCount how many such labels there were in all
 */
public record DocumentDeclaration(Optional<Declared> declared, List<FailedLabel> failedLabels, int failedLabelCount) {

    /** Checks the arguments and copies the list. */
    public DocumentDeclaration {
        Objects.requireNonNull(declared, "declared");
        failedLabels = List.copyOf(Objects.requireNonNull(failedLabels, "failedLabels"));
        if (failedLabelCount < failedLabels.size()) throw new IllegalArgumentException("failedLabelCount");
    }

    /** A scan that found nothing. */
    static DocumentDeclaration none(FailedLabels failed) {
        return new DocumentDeclaration(Optional.empty(), failed.kept(), failed.count());
    }

    /** A scan that found {@code declared}. */
    static DocumentDeclaration found(Declared declared, FailedLabels failed) {
        return new DocumentDeclaration(Optional.of(declared), failed.kept(), failed.count());
    }

    /** A scan that found nothing and no failed label. */
    static DocumentDeclaration none() {
        return new DocumentDeclaration(Optional.empty(), List.of(), 0);
    }

    /** A scan that found {@code declared} and no failed label. */
    static DocumentDeclaration found(Declared declared) {
        return new DocumentDeclaration(Optional.of(declared), List.of(), 0);
    }

    /**
     * A usable encoding declaration.
     *
     * @param encoding what the declaration means for this document: UTF-16BE/LE named by a meta or
     *     an ASCII XML declaration mean UTF-8, x-user-defined named by a meta means windows-1252
     * @param labelEncoding what the label itself names ("get an encoding" of {@code label}), before
     *     those substitutions
     * @param label the label as the scan read it (the attribute value or declaration value; for the
     *     BOM-less UTF-16 {@code <?x} patterns, the bytes' name such as {@code "UTF-16LE"})
     * @param source {@link DecisionSource#META_PRESCAN}, {@link DecisionSource#XML_DECLARATION} or
     *     {@link DecisionSource#LATE_META}
     * @param offset the byte offset of the declaration ({@code <meta} or {@code <?xml}) in the body
     */
    public record Declared(Encoding encoding, Encoding labelEncoding, String label, DecisionSource source, int offset) {
        /** Checks the arguments. */
        public Declared {
            Objects.requireNonNull(encoding, "encoding");
            Objects.requireNonNull(labelEncoding, "labelEncoding");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(source, "source");
        }

        /** This declaration moved {@code delta} bytes further into the body. */
        Declared shifted(int delta) {
            return new Declared(encoding, labelEncoding, label, source, offset + delta);
        }
    }

    /**
     * A label the document declared that "get an encoding" does not know.
     *
     * @param label the label as the scan read it
     * @param source the scan that read it
     * @param offset the byte offset of the declaration in the body
     */
    public record FailedLabel(String label, DecisionSource source, int offset) {
        /** Checks the arguments. */
        public FailedLabel {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(source, "source");
        }
    }
}
