package io.github.jsoupcharset.tika;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.IgnoredLabel;

import org.apache.tika.metadata.Metadata;

import java.util.Optional;

/**
 * The {@link Metadata} keys under which {@link BrowserEncodingDetector} records its decision, each
 * the name of an {@link EncodingDecision} component under the prefix {@value #PREFIX}. Every call
 * of the detector sets all of them afresh: a key whose value the decision lacks is removed.
 * Values are plain strings: names of the WHATWG Encoding Standard ({@code Shift_JIS}), of the
 * library's enums ({@code META_PRESCAN}, {@code CERTAIN}), {@code true}/{@code false}, numbers.
 */
public final class DecisionMetadata {
    private DecisionMetadata() {}

    /** The prefix of every key. */
    public static final String PREFIX = "jsoup-charset:";
    /** The encoding decided, by its WHATWG name, e.g. {@code Shift_JIS}; what the returned Charset is named. */
    public static final String ENCODING = PREFIX + "encoding";
    /**
     * The rule that decided, a {@link io.github.jsoupcharset.decision.DecisionSource} name: {@code BOM},
     * {@code HTTP_HEADER}, {@code META_PRESCAN}, {@code XML_DECLARATION}, {@code LATE_META},
     * {@code DECLARATION_OVERRIDDEN}, {@code UTF8_VALIDITY}, {@code DETECTION} or {@code DEFAULT}.
     */
    public static final String RULE = PREFIX + "rule";
    /** The HTML Standard's confidence: {@code CERTAIN} or {@code TENTATIVE}. */
    public static final String CONFIDENCE = PREFIX + "confidence";
    /** {@code true} when the transport charset (or a BOM) and the page's declaration name different encodings. */
    public static final String CONFLICT = PREFIX + "conflict";
    /** The transport charset as given (the Content-Type's {@code charset} parameter), if there was one. */
    public static final String HEADER_LABEL = PREFIX + "header-label";
    /** The encoding the transport charset names, if it is a label the Encoding Standard knows. */
    public static final String HEADER_ENCODING = PREFIX + "header-encoding";
    /** The label the page declared ({@code <meta>} or XML declaration), as written, if any. */
    public static final String META_LABEL = PREFIX + "meta-label";
    /** The encoding the page's declaration means, if any. */
    public static final String META_ENCODING = PREFIX + "meta-encoding";
    /** Where the page's declaration was found: {@code META_PRESCAN}, {@code XML_DECLARATION} or {@code LATE_META}. */
    public static final String META_SOURCE = PREFIX + "meta-source";
    /** For {@code DETECTION}: the calibrated probability, 0-100, that the detected encoding is the author's. */
    public static final String DETECTOR_CONFIDENCE = PREFIX + "detector-confidence";
    /** For {@code DETECTION}: the detector's second choice. */
    public static final String DETECTOR_RUNNER_UP = PREFIX + "detector-runner-up";
    /**
     * Present when the declaration the encoding rests on is plainly contradicted by the bytes:
     * {@code DECLARATION declared ENCODING, bytes look like ENCODING (EVIDENCE)}, e.g. {@code
     * HTTP_HEADER declared windows-1252, bytes look like UTF-8 (valid UTF-8, 212 multi-byte sequences)}.
     */
    public static final String MISDECLARATION = PREFIX + "misdeclaration";
    /** Labels seen but unknown to the Encoding Standard, one value each (the first few). */
    public static final String IGNORED_LABELS = PREFIX + "ignored-labels";
    /** Present when the bytes do not look like text: why, e.g. {@code PNG image signature}. */
    public static final String BINARY_EVIDENCE = PREFIX + "binary-evidence";
    /** How many bytes of the stream the decision was made from. */
    public static final String LOOKAHEAD_BYTES = PREFIX + "lookahead-bytes";
    /**
     * {@code true} when the read limit was reached while the decision still wanted more bytes (a
     * head longer than 512 KiB): the decision was made without them, as a browser makes it.
     */
    public static final String LOOKAHEAD_CUT = PREFIX + "lookahead-cut";

    /** Records {@code decision} in {@code metadata}, replacing what an earlier call recorded. */
    static void write(EncodingDecision d, Metadata metadata) {
        metadata.set(ENCODING, d.encoding().name());
        metadata.set(RULE, d.source().name());
        metadata.set(CONFIDENCE, d.confidence().name());
        metadata.set(CONFLICT, Boolean.toString(d.conflict()));
        set(metadata, HEADER_LABEL, d.headerLabel());
        set(metadata, HEADER_ENCODING, d.headerEncoding().map(e -> e.name()));
        set(metadata, META_LABEL, d.metaLabel());
        set(metadata, META_ENCODING, d.metaEncoding().map(e -> e.name()));
        set(metadata, META_SOURCE, d.metaSource().map(Enum::name));
        set(metadata, DETECTOR_CONFIDENCE, d.detectorConfidence().isPresent()
                ? Optional.of(Integer.toString(d.detectorConfidence().getAsInt())) : Optional.empty());
        set(metadata, DETECTOR_RUNNER_UP, d.detectorRunnerUp().map(e -> e.name()));
        set(metadata, MISDECLARATION, d.misdeclaration().map(m -> m.declaration() + " declared "
                + m.declared().name() + (m.possible() ? ", bytes could be " : ", bytes look like ")
                + m.bytesLookLike().name() + " (" + m.evidence() + ")"));
        metadata.remove(IGNORED_LABELS);
        for (IgnoredLabel ignored : d.ignoredLabels()) metadata.add(IGNORED_LABELS, ignored.label());
        set(metadata, BINARY_EVIDENCE, d.binaryEvidence());
        set(metadata, LOOKAHEAD_BYTES, d.lookahead().map(l -> Long.toString(l.bytes())));
        set(metadata, LOOKAHEAD_CUT, d.lookahead().map(l -> Boolean.toString(l.cut())));
    }

    private static void set(Metadata metadata, String key, Optional<String> value) {
        if (value.isPresent()) {
            metadata.set(key, value.get());
        } else {
            metadata.remove(key);
        }
    }
}
