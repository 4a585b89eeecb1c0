package io.github.jsoupcharset.decision;

import io.github.jsoupcharset.encoding.Encoding;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * How a document's encoding was decided, with everything that was seen on the way: the encoding,
 * the rule that decided, the HTML Standard's confidence, what the HTTP header and the document
 * declared, whether they disagreed, the labels that were ignored, and (once the body has been
 * decoded) how many U+FFFD replacement characters the decoding produced. Immutable.
 *
 * <p>A decision is small whatever the page: it keeps the first {@link #MAX_IGNORED_LABELS}
 * ignored labels and counts the rest, and no label it holds is longer than {@link
 * #MAX_LABEL_LENGTH} characters. A longer label (a header or attribute value padded or filled
 * with garbage; the longest label the Encoding Standard knows has 19 characters) is kept
 * without its leading and trailing ASCII whitespace and, if still too long, cut to its first
 * {@code MAX_LABEL_LENGTH - 1} characters followed by {@code "…"}. The builder applies both
 * bounds.
 *
 * <p>Made by the library's sniffing; {@link #builder(Encoding, DecisionSource, Confidence)} and
 * {@link #toBuilder()} make one (in tests, or to record a decision made elsewhere). A class rather
 * than a record, so that new facts can be added to it without breaking callers: equal when every
 * accessor's value is equal.
 *
 */
public final class EncodingDecision {
    private final Encoding encoding;
    private final DecisionSource source;
    private final Confidence confidence;
    private final Optional<String> headerLabel;
    private final Optional<Encoding> headerEncoding;
    private final Optional<String> metaLabel;
    private final Optional<Encoding> metaEncoding;
    private final Optional<DecisionSource> metaSource;
    private final boolean conflict;
    private final List<IgnoredLabel> ignoredLabels;
    private final int ignoredLabelCount;
    private final OptionalInt detectorConfidence;
    private final Optional<Encoding> detectorRunnerUp;
    private final OptionalInt replacementCount;
    private final Optional<Misdeclaration> misdeclaration;
    private final Optional<String> binaryEvidence;
    private final Optional<Lookahead> lookahead;
    private final boolean truncated;
    private final Optional<DoubleEncoding> doubleEncoding;
    private final Optional<Mixture> mixture;


    /**
     * What a decision made while the bytes were still arriving was made from, and what came after.
     * The stream entry points read a bounded look-ahead (at most {@link
     * io.github.jsoupcharset.BrowserCharsetParser#STREAM_LOOKAHEAD_LIMIT} bytes), decide from it, and then decode the rest
     * as it arrives without holding it; see {@link io.github.jsoupcharset.BrowserCharsetParser#parseWithDecision(
     * java.io.InputStream, String, String)} for what the look-ahead holds.
     *
     * @param bytes how many bytes (from the first, a BOM included) the decision was made from;
     *     when the stream ended within the look-ahead, the whole body, and the decision is the one
     *     the {@code byte[]} entry points make
     * @param cut true when the look-ahead bound was reached while a step of the decision still
     *     wanted more bytes (the head had not ended, an XML declaration had no {@code >}, or there
     *     were not yet a detection window's worth of bytes after the first non-ASCII byte): the
     *     decision was made without them, as a browser makes it, and the {@code byte[]} entry
     *     points, reading the whole body, may decide otherwise
     * @param contradictedAt the offset (from the first byte of the stream) of the first byte after
     *     the look-ahead that shows the decision wrong: where a UTF-8 decision (by {@link
     *     DecisionSource#UTF8_VALIDITY} or {@link DecisionSource#DECLARATION_OVERRIDDEN}) met its
     *     first decoding error (the first byte of the ill-formed sequence), or where a page whose look-ahead was all ASCII (so that nothing could
     *     be detected) had its first non-ASCII byte; or, in a file whose look-ahead was cut while
     *     its head went on, where the {@code <meta>} that declares its encoding starts (the head
     *     scan goes on through a file, as through a {@code byte[]} body); or, for a detected page
     *     partly UTF-8 and partly not whose whole body reads best in the other encoding than its
     *     look-ahead (its mixture counted over the whole body, as the {@code byte[]} entry points
     *     count it), the first byte after the look-ahead; empty if nothing contradicted it or the
     *     body was not read to its end
     * @param decodedAgain true when the first decision was contradicted and the body, read again
     *     from its source (a file), was decoded with this decision instead, decided from the
     *     look-ahead and the bytes around {@code contradictedAt} (from the late meta on): what a
     *     browser does when it reloads a page its guess got wrong
     */
    public record Lookahead(long bytes, boolean cut, OptionalLong contradictedAt, boolean decodedAgain) {
        /**
         * Checks the arguments.
         *
         * @param bytes how many bytes the decision was made from
         * @param cut whether the look-ahead bound cut the decision short
         * @param contradictedAt where later bytes contradicted the decision, if they did
         * @param decodedAgain whether the body was decoded again with this decision after the
         *     first was contradicted
         * @throws IllegalArgumentException if {@code bytes} is negative, or {@code decodedAgain}
         *     without {@code contradictedAt}
         * @throws NullPointerException if {@code contradictedAt} is null
         */
        public Lookahead {
            if (bytes < 0) throw new IllegalArgumentException("bytes must not be negative: " + bytes);
            Objects.requireNonNull(contradictedAt, "contradictedAt");
            if (decodedAgain && contradictedAt.isEmpty()) {
                throw new IllegalArgumentException("decodedAgain needs the contradiction that made it");
            }
        }

        /**
         * Whether bytes after the look-ahead showed the decision wrong.
         *
         * @return true if {@link #contradictedAt()} is present
         */
        public boolean contradicted() {
            return contradictedAt.isPresent();
        }
    }

    /**
     * A declaration the bytes contradict (see {@link SniffOptions.Declarations}): plainly, or only
     * possibly.
     *
     * @param declaration where the declaration was: {@link DecisionSource#HTTP_HEADER},
     *     {@link DecisionSource#META_PRESCAN}, {@link DecisionSource#XML_DECLARATION} or
     *     {@link DecisionSource#LATE_META}
     * @param declared the encoding it declared
     * @param bytesLookLike the encoding the bytes are in, by the evidence
     * @param evidence why, in a few words, e.g. {@code "valid UTF-8, 212 multi-byte sequences"}
     * @param possible true when the evidence is too thin to override the declaration: the bytes
     *     read as {@code bytesLookLike} too, but the declared reading is plausible text (one or two
     *     UTF-8 sequences standing alone or at a word's edge, as a correct page that quotes
     *     mojibake, "Ã©", has them); {@link SniffOptions.Declarations#CHECKED} keeps such a
     *     declaration, and {@link EncodingDecision#misdeclared()} does not count it
     */
    public record Misdeclaration(DecisionSource declaration, Encoding declared, Encoding bytesLookLike,
                                 String evidence, boolean possible) {
        /**
         * Checks the arguments.
         *
         * @param declaration where the declaration was
         * @param declared the encoding it declared
         * @param bytesLookLike the encoding the bytes are in, by the evidence
         * @param evidence why, in a few words
         * @param possible whether the evidence is only enough for a possible misdeclaration
         * @throws NullPointerException if an argument is null
         */
        public Misdeclaration {
            Objects.requireNonNull(declaration, "declaration");
            Objects.requireNonNull(declared, "declared");
            Objects.requireNonNull(bytesLookLike, "bytesLookLike");
            Objects.requireNonNull(evidence, "evidence");
        }

        /**
         * A plain misdeclaration (not {@link #possible()}).
         *
         * @param declaration where the declaration was
         * @param declared the encoding it declared
         * @param bytesLookLike the encoding the bytes are in, by the evidence
         * @param evidence why, in a few words
         * @throws NullPointerException if an argument is null
         */
        public Misdeclaration(DecisionSource declaration, Encoding declared, Encoding bytesLookLike, String evidence) {
            this(declaration, declared, bytesLookLike, evidence, false);
        }
    }

    /**
     * Text that was UTF-8, read as windows-1252 and encoded as UTF-8 again before it was served:
     * "Café" as "CafÃ©", "’" as "â€™". Looked for in a body decoded as UTF-8: its characters are
     * mapped back to the windows-1252 bytes they came from (ISO-8859-1 for U+0080 to U+009F), and
     * each multi-byte UTF-8 sequence those bytes form counts.
     *
     * @param sequences how many such sequences the text holds (at least 1)
     * @param wholeText true when the whole text reads as double-encoded: no non-ASCII character
     *     outside a sequence (a page that only quotes "Ã©" among genuine text is not), and at least
     *     {@link #MIN_SEQUENCES_FOR_WHOLE_TEXT} sequences, most of them in words ("CafÃ©": a
     *     letter, a digit or another non-ASCII character beside it; a table or a quotation of
     *     mojibake, each "Ã©" standing alone, is not); what {@link SniffOptions.Declarations#CHECKED}
     *     repairs
     * @param repaired true when the text was repaired: decoded from the windows-1252 bytes of its
     *     characters, as UTF-8 (under {@link SniffOptions.Declarations#CHECKED}, for a whole text,
     *     from the {@code byte[]} entry points or a stream that ended within the look-ahead)
     */
    public record DoubleEncoding(int sequences, boolean wholeText, boolean repaired) {
        /** The fewest sequences for a whole text to count as double-encoded. */
        public static final int MIN_SEQUENCES_FOR_WHOLE_TEXT = 8;

        /**
         * Checks the arguments.
         *
         * @param sequences how many sequences the text holds
         * @param wholeText whether the whole text reads as double-encoded
         * @param repaired whether the text was repaired
         * @throws IllegalArgumentException if {@code sequences} is under 1, {@code wholeText} with
         *     fewer than {@link #MIN_SEQUENCES_FOR_WHOLE_TEXT}, or {@code repaired} without {@code wholeText}
         */
        public DoubleEncoding {
            if (sequences < 1) throw new IllegalArgumentException("sequences must be at least 1: " + sequences);
            if (wholeText && sequences < MIN_SEQUENCES_FOR_WHOLE_TEXT) {
                throw new IllegalArgumentException("a whole text needs at least " + MIN_SEQUENCES_FOR_WHOLE_TEXT + " sequences");
            }
            if (repaired && !wholeText) throw new IllegalArgumentException("only a whole text is repaired");
        }
    }

    /**
     * An undeclared page whose parts read best in different encodings (a UTF-8 template around a
     * windows-1251 article, or the reverse, where a site was moved to UTF-8 piece by piece):
     * detection decides for the bulk of the text, and this names the encoding the rest reads in.
     * The decided encoding is wrong for that part, so the detector's confidence is at most the
     * share it is right for, and under {@link #DETECTION_UNSURE_BELOW} when the other part is
     * {@link #LARGE_SHARE} or more.
     *
     * @param other the encoding the rest of the text reads best in
     * @param sharePercent that rest's share of the page's non-ASCII characters, in percent (1-50)
     */
    public record Mixture(Encoding other, int sharePercent) {
        /** The share of the text (percent) from which a mixture makes detection unsure. */
        public static final int LARGE_SHARE = 10;

        /**
         * Checks the arguments.
         *
         * @param other the encoding the rest of the text reads best in
         * @param sharePercent that rest's share, in percent
         * @throws NullPointerException if {@code other} is null
         * @throws IllegalArgumentException if {@code sharePercent} is not within 0-100
         */
        public Mixture {
            Objects.requireNonNull(other, "other");
            if (sharePercent < 0 || sharePercent > 100) {
                throw new IllegalArgumentException("sharePercent must be within 0-100: " + sharePercent);
            }
        }
    }

    /** How many ignored labels a decision keeps; {@link #ignoredLabelCount()} counts them all. */
    public static final int MAX_IGNORED_LABELS = 8;

    /**
     * The longest label a decision keeps whole, in characters; a longer one is trimmed of ASCII
     * whitespace and, if still longer, cut to this length, its last character {@code "…"}.
     */
    public static final int MAX_LABEL_LENGTH = 64;

    /**
     * {@code label} as a decision keeps it: unchanged up to {@link #MAX_LABEL_LENGTH} characters;
     * longer, without its leading and trailing ASCII whitespace (which "get an encoding" ignores),
     * and if still longer cut to {@code MAX_LABEL_LENGTH - 1} characters followed by {@code "…"}.
     * The result is never longer than {@code MAX_LABEL_LENGTH}, and bounding it again leaves it as
     * it is.
     *
     * @param label a label as a header or document sent it
     * @return the label as a decision keeps it
     * @throws NullPointerException if {@code label} is null
     */
    public static String boundedLabel(String label) {
        int max = MAX_LABEL_LENGTH;
        if (label.length() <= max) return label;
        int from = 0;
        int to = label.length();
        while (from < to && isAsciiWhitespace(label.charAt(from))) from++;
        while (to > from && isAsciiWhitespace(label.charAt(to - 1))) to--;
        if (to - from <= max) return label.substring(from, to);
        int cut = from + max - 1;
        // a surrogate pair is kept whole or not at all
        if (Character.isHighSurrogate(label.charAt(cut - 1))) cut--;
        return label.substring(from, cut) + "\u2026";
    }

    /** The Infra Standard's ASCII whitespace: tab, line feed, form feed, carriage return, space. */
    private static boolean isAsciiWhitespace(char c) {
        return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
    }

    /**
     * A builder of a decision that starts from these three facts, every other one absent (no
     * labels, no conflict, nothing ignored, not detected, not yet decoded, not misdeclared, text,
     * not from a stream).
     *
     * @param encoding the encoding the body is decoded with
     * @param source the rule that decided
     * @param confidence the HTML Standard's confidence in the encoding
     * @return a new builder
     * @throws NullPointerException if an argument is null
     */
    public static Builder builder(Encoding encoding, DecisionSource source, Confidence confidence) {
        return new Builder().encoding(encoding).source(source).confidence(confidence);
    }

    /**
     * A builder that starts from this decision's facts.
     *
     * @return a new builder holding this decision's values
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.encoding = encoding;
        b.source = source;
        b.confidence = confidence;
        b.headerLabel = headerLabel;
        b.headerEncoding = headerEncoding;
        b.metaLabel = metaLabel;
        b.metaEncoding = metaEncoding;
        b.metaSource = metaSource;
        b.conflict = conflict;
        b.ignoredLabels = ignoredLabels;
        b.ignoredLabelCount = ignoredLabelCount;
        b.detectorConfidence = detectorConfidence;
        b.detectorRunnerUp = detectorRunnerUp;
        b.replacementCount = replacementCount;
        b.misdeclaration = misdeclaration;
        b.binaryEvidence = binaryEvidence;
        b.lookahead = lookahead;
        b.truncated = truncated;
        b.doubleEncoding = doubleEncoding;
        b.mixture = mixture;
        return b;
    }

    /**
     * Builds an {@link EncodingDecision}. Not thread-safe; the decisions it builds are immutable.
     * {@link #build()} keeps the first {@link #MAX_IGNORED_LABELS} ignored labels and cuts labels
     * longer than {@link #MAX_LABEL_LENGTH}.
     */
    public static final class Builder {
        private Encoding encoding;
        private DecisionSource source;
        private Confidence confidence;
        private Optional<String> headerLabel = Optional.empty();
        private Optional<Encoding> headerEncoding = Optional.empty();
        private Optional<String> metaLabel = Optional.empty();
        private Optional<Encoding> metaEncoding = Optional.empty();
        private Optional<DecisionSource> metaSource = Optional.empty();
        private boolean conflict;
        private List<IgnoredLabel> ignoredLabels = List.of();
        private int ignoredLabelCount;
        private OptionalInt detectorConfidence = OptionalInt.empty();
        private Optional<Encoding> detectorRunnerUp = Optional.empty();
        private OptionalInt replacementCount = OptionalInt.empty();
        private Optional<Misdeclaration> misdeclaration = Optional.empty();
        private Optional<String> binaryEvidence = Optional.empty();
        private Optional<Lookahead> lookahead = Optional.empty();
        private boolean truncated;
        private Optional<DoubleEncoding> doubleEncoding = Optional.empty();
        private Optional<Mixture> mixture = Optional.empty();

        private Builder() {}

        /**
         * Sets {@link EncodingDecision#encoding()}.
         *
         * @param encoding the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder encoding(Encoding encoding) {
            this.encoding = Objects.requireNonNull(encoding, "encoding");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#source()}.
         *
         * @param source the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder source(DecisionSource source) {
            this.source = Objects.requireNonNull(source, "source");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#confidence()}.
         *
         * @param confidence the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder confidence(Confidence confidence) {
            this.confidence = Objects.requireNonNull(confidence, "confidence");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#headerLabel()}.
         *
         * @param headerLabel the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder headerLabel(Optional<String> headerLabel) {
            this.headerLabel = Objects.requireNonNull(headerLabel, "headerLabel");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#headerEncoding()}.
         *
         * @param headerEncoding the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder headerEncoding(Optional<Encoding> headerEncoding) {
            this.headerEncoding = Objects.requireNonNull(headerEncoding, "headerEncoding");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#metaLabel()}.
         *
         * @param metaLabel the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder metaLabel(Optional<String> metaLabel) {
            this.metaLabel = Objects.requireNonNull(metaLabel, "metaLabel");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#metaEncoding()}.
         *
         * @param metaEncoding the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder metaEncoding(Optional<Encoding> metaEncoding) {
            this.metaEncoding = Objects.requireNonNull(metaEncoding, "metaEncoding");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#metaSource()}.
         *
         * @param metaSource the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder metaSource(Optional<DecisionSource> metaSource) {
            this.metaSource = Objects.requireNonNull(metaSource, "metaSource");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#conflict()}.
         *
         * @param conflict the value
         * @return this builder
         */
        public Builder conflict(boolean conflict) {
            this.conflict = conflict;
            return this;
        }

        /**
         * Sets {@link EncodingDecision#ignoredLabels()}.
         *
         * @param ignoredLabels the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder ignoredLabels(List<IgnoredLabel> ignoredLabels) {
            this.ignoredLabels = Objects.requireNonNull(ignoredLabels, "ignoredLabels");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#ignoredLabelCount()}.
         *
         * @param ignoredLabelCount the value
         * @return this builder
         */
        public Builder ignoredLabelCount(int ignoredLabelCount) {
            this.ignoredLabelCount = ignoredLabelCount;
            return this;
        }

        /**
         * Sets {@link EncodingDecision#detectorConfidence()}.
         *
         * @param detectorConfidence the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder detectorConfidence(OptionalInt detectorConfidence) {
            this.detectorConfidence = Objects.requireNonNull(detectorConfidence, "detectorConfidence");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#detectorRunnerUp()}.
         *
         * @param detectorRunnerUp the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder detectorRunnerUp(Optional<Encoding> detectorRunnerUp) {
            this.detectorRunnerUp = Objects.requireNonNull(detectorRunnerUp, "detectorRunnerUp");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#replacementCount()}.
         *
         * @param replacementCount the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder replacementCount(OptionalInt replacementCount) {
            this.replacementCount = Objects.requireNonNull(replacementCount, "replacementCount");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#misdeclaration()}.
         *
         * @param misdeclaration the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder misdeclaration(Optional<Misdeclaration> misdeclaration) {
            this.misdeclaration = Objects.requireNonNull(misdeclaration, "misdeclaration");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#binaryEvidence()}.
         *
         * @param binaryEvidence the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder binaryEvidence(Optional<String> binaryEvidence) {
            this.binaryEvidence = Objects.requireNonNull(binaryEvidence, "binaryEvidence");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#lookahead()}.
         *
         * @param lookahead the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder lookahead(Optional<Lookahead> lookahead) {
            this.lookahead = Objects.requireNonNull(lookahead, "lookahead");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#truncated()}.
         *
         * @param truncated the value
         * @return this builder
         */
        public Builder truncated(boolean truncated) {
            this.truncated = truncated;
            return this;
        }

        /**
         * Sets {@link EncodingDecision#doubleEncoding()}.
         *
         * @param doubleEncoding the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder doubleEncoding(Optional<DoubleEncoding> doubleEncoding) {
            this.doubleEncoding = Objects.requireNonNull(doubleEncoding, "doubleEncoding");
            return this;
        }

        /**
         * Sets {@link EncodingDecision#mixture()}.
         *
         * @param mixture the value
         * @return this builder
         * @throws NullPointerException if the value is null
         */
        public Builder mixture(Optional<Mixture> mixture) {
            this.mixture = Objects.requireNonNull(mixture, "mixture");
            return this;
        }

        /**
         * The decision.
         *
         * @return a decision with this builder's values
         * @throws IllegalArgumentException if {@code ignoredLabelCount} is less than the number of
         *     {@code ignoredLabels}, or the replacement count or detector confidence is negative
         */
        public EncodingDecision build() {
            if (ignoredLabelCount < ignoredLabels.size()) {
                throw new IllegalArgumentException("ignoredLabelCount " + ignoredLabelCount + " is less than the "
                        + ignoredLabels.size() + " ignoredLabels");
            }
            if (replacementCount.isPresent() && replacementCount.getAsInt() < 0) {
                throw new IllegalArgumentException("replacementCount must not be negative: " + replacementCount);
            }
            if (detectorConfidence.isPresent() && detectorConfidence.getAsInt() < 0) {
                throw new IllegalArgumentException("detectorConfidence must not be negative: " + detectorConfidence);
            }
            ignoredLabels = List.copyOf(ignoredLabels.size() <= MAX_IGNORED_LABELS ? ignoredLabels
                    : ignoredLabels.subList(0, MAX_IGNORED_LABELS));
            headerLabel = headerLabel.map(EncodingDecision::boundedLabel);
            metaLabel = metaLabel.map(EncodingDecision::boundedLabel);
            return new EncodingDecision(this);
        }
    }

    private EncodingDecision(Builder b) {
        this.encoding = b.encoding;
        this.source = b.source;
        this.confidence = b.confidence;
        this.headerLabel = b.headerLabel;
        this.headerEncoding = b.headerEncoding;
        this.metaLabel = b.metaLabel;
        this.metaEncoding = b.metaEncoding;
        this.metaSource = b.metaSource;
        this.conflict = b.conflict;
        this.ignoredLabels = b.ignoredLabels;
        this.ignoredLabelCount = b.ignoredLabelCount;
        this.detectorConfidence = b.detectorConfidence;
        this.detectorRunnerUp = b.detectorRunnerUp;
        this.replacementCount = b.replacementCount;
        this.misdeclaration = b.misdeclaration;
        this.binaryEvidence = b.binaryEvidence;
        this.lookahead = b.lookahead;
        this.truncated = b.truncated;
        this.doubleEncoding = b.doubleEncoding;
        this.mixture = b.mixture;
    }

    /**
     * The encoding the body is decoded with.
     *
     * @return encoding
     */
    public Encoding encoding() {
        return encoding;
    }

    /**
     * The rule that decided.
     *
     * @return source
     */
    public DecisionSource source() {
        return source;
    }

    /**
     * The HTML Standard's confidence in the encoding.
     *
     * @return confidence
     */
    public Confidence confidence() {
        return confidence;
    }

    /**
     * The {@code charset} parameter of the Content-Type header, as sent (unquoted; cut if longer
     than {@link #MAX_LABEL_LENGTH}), if there was one.
     *
     * @return headerLabel
     */
    public Optional<String> headerLabel() {
        return headerLabel;
    }

    /**
     * What {@code headerLabel} means, if it is a known label.
     *
     * @return headerEncoding
     */
    public Optional<Encoding> headerEncoding() {
        return headerEncoding;
    }

    /**
     * The label the document declared ({@code <meta>} or XML declaration), as the scan read it
     (cut if longer than {@link #MAX_LABEL_LENGTH}), if any.
     *
     * @return metaLabel
     */
    public Optional<String> metaLabel() {
        return metaLabel;
    }

    /**
     * What the document's declaration means for this document (UTF-16 labels in a meta mean UTF-8,
     x-user-defined means windows-1252), if any.
     *
     * @return metaEncoding
     */
    public Optional<Encoding> metaEncoding() {
        return metaEncoding;
    }

    /**
     * Where the document's declaration was found ({@link DecisionSource#META_PRESCAN}, {@link
     DecisionSource#XML_DECLARATION} or {@link DecisionSource#LATE_META}), if any.
     *
     * @return metaSource
     */
    public Optional<DecisionSource> metaSource() {
        return metaSource;
    }

    /**
     * True when the header (or a BOM) and the document's declaration name different encodings; the
     header or BOM wins, as in browsers.
     *
     * @return conflict
     */
    public boolean conflict() {
        return conflict;
    }

    /**
     * Labels seen but not known to the Encoding Standard: the first {@link #MAX_IGNORED_LABELS},
     the header's first, then the document's in document order.
     *
     * @return ignoredLabels
     */
    public List<IgnoredLabel> ignoredLabels() {
        return ignoredLabels;
    }

    /**
     * How many labels were ignored in all, at least {@code ignoredLabels.size()}; more when a page
     declares more than {@link #MAX_IGNORED_LABELS} unknown labels.
     *
     * @return ignoredLabelCount
     */
    public int ignoredLabelCount() {
        return ignoredLabelCount;
    }

    /**
     * For {@link DecisionSource#DETECTION}: the detector's confidence, the calibrated probability
     (in percent, 0-100) that the detected encoding decodes the page as its author wrote it; under
     {@link #DETECTION_UNSURE_BELOW} treat the encoding as unknown ({@link #isDetectionUnsure()}).
     *
     * @return detectorConfidence
     */
    public OptionalInt detectorConfidence() {
        return detectorConfidence;
    }

    /**
     * For {@link DecisionSource#DETECTION}: the detector's second choice, the best candidate after
     * the one chosen that decodes the page differently (ISO-8859-15 beside windows-1252 on text
     * without € Š š Ž ž Œ œ Ÿ reads the same and is passed over), or the second when every
     * candidate ranked reads the page alike.
     *
     * @return detectorRunnerUp
     */
    public Optional<Encoding> detectorRunnerUp() {
        return detectorRunnerUp;
    }

    /**
     * The number of U+FFFD the decoding produced (decoding errors), present once the body has been
     decoded.
     *
     * @return replacementCount
     */
    public OptionalInt replacementCount() {
        return replacementCount;
    }

    /**
     * Present when the declaration the encoding rests on (header, {@code <meta>} or XML
     declaration; never a BOM) is plainly contradicted by the bytes: which declaration, what the
     bytes look like instead and why; or, {@link Misdeclaration#possible()}, possibly contradicted
     (the evidence too thin to override it, see {@link #possiblyMisdeclared()}). Reported in every
     mode; a possible misdeclaration is never overridden. Otherwise under {@link
     SniffOptions.Declarations#BROWSER} the declaration still decides (a browser trusts it), under
     {@link SniffOptions.Declarations#CHECKED} it is overridden: {@link #source()} is then {@link
     DecisionSource#DECLARATION_OVERRIDDEN} and {@link #encoding()} is {@link
     Misdeclaration#bytesLookLike()}.
     *
     * @return misdeclaration
     */
    public Optional<Misdeclaration> misdeclaration() {
        return misdeclaration;
    }

    /**
     * Present when the body does not look like text (see {@link #looksBinary()}): why, e.g. {@code
     "PNG image signature"} or {@code "140 control bytes in the first 1445"}.
     *
     * @return binaryEvidence
     */
    public Optional<String> binaryEvidence() {
        return binaryEvidence;
    }

    /**
     * For a decision made from the first bytes of a stream (the {@code InputStream} and {@code
     Connection.Response} entry points): how many bytes it was made from, whether the look-ahead
     bound cut it short, and where later bytes contradicted it; empty for a decision made from a
     whole body.
     *
     * @return lookahead
     */
    public Optional<Lookahead> lookahead() {
        return lookahead;
    }

    /**
     * Whether the body was cut off before its end: by a crawler (a WARC record's {@code
     * WARC-Truncated}: length, time, disconnect), by jsoup's {@code maxBodySize}, or as the caller
     * said (the entry points that take a {@code truncated} flag). A UTF-8 sequence cut off at the
     * end of such a body is not held against UTF-8 (its decoding still gives one U+FFFD).
     *
     * @return true if the body is not the whole response
     */
    public boolean truncated() {
        return truncated;
    }

    /**
     * Present when a body decoded as UTF-8 holds double-encoded text ("CafÃ©", "â€™"): how many
     * sequences, whether the whole text reads so, and whether it was repaired (see {@link
     * DoubleEncoding}).
     *
     * @return doubleEncoding
     */
    public Optional<DoubleEncoding> doubleEncoding() {
        return doubleEncoding;
    }

    /**
     * Present when detection found that parts of an undeclared page read best in different
     * encodings: the encoding the part not decided for reads in, and its share (see {@link Mixture}).
     *
     * @return mixture
     */
    public Optional<Mixture> mixture() {
        return mixture;
    }

    /**
     * How many double-encoded sequences the text holds.
     *
     * @return {@link DoubleEncoding#sequences()}, or 0 when {@link #doubleEncoding()} is empty
     */
    public int doubleEncodedSequences() {
        return doubleEncoding.map(DoubleEncoding::sequences).orElse(0);
    }

    /**
     * Whether {@code o} is a decision with equal values for every accessor.
     *
     * @param o the object to compare with
     * @return true if equal
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof EncodingDecision)) return false;
        EncodingDecision d = (EncodingDecision) o;
        return encoding == d.encoding
                && source == d.source
                && confidence == d.confidence
                && headerLabel.equals(d.headerLabel)
                && headerEncoding.equals(d.headerEncoding)
                && metaLabel.equals(d.metaLabel)
                && metaEncoding.equals(d.metaEncoding)
                && metaSource.equals(d.metaSource)
                && conflict == d.conflict
                && ignoredLabels.equals(d.ignoredLabels)
                && ignoredLabelCount == d.ignoredLabelCount
                && detectorConfidence.equals(d.detectorConfidence)
                && detectorRunnerUp.equals(d.detectorRunnerUp)
                && replacementCount.equals(d.replacementCount)
                && misdeclaration.equals(d.misdeclaration)
                && binaryEvidence.equals(d.binaryEvidence)
                && lookahead.equals(d.lookahead)
                && truncated == d.truncated
                && doubleEncoding.equals(d.doubleEncoding)
                && mixture.equals(d.mixture);
    }

    @Override
    public int hashCode() {
        return Objects.hash(encoding, source, confidence, headerLabel, headerEncoding, metaLabel, metaEncoding, metaSource, conflict, ignoredLabels, ignoredLabelCount, detectorConfidence, detectorRunnerUp, replacementCount, misdeclaration, binaryEvidence, lookahead, truncated, doubleEncoding, mixture);
    }

    /**
     * Whether the body does not look like text: it starts with the signature of a binary format
     * (PNG, GIF, JPEG, WebP, PDF, ZIP, gzip and the other image, audio, video and archive formats
     * of the WHATWG MIME Sniffing standard, and a few more), or its first 1445 bytes (MIME
     * Sniffing's resource header) hold control bytes text does not (MIME Sniffing's binary data
     * bytes, NUL aside: UTF-16 and UTF-32 text without a byte order mark is full of NULs; at least
     * two, and one byte in a hundred), or nothing but NULs. A body decoded as UTF-16 is judged on
     * signatures only. The body is decoded all the same: no byte is lost, but its text is likely
     * worthless, whatever {@link #encoding()} says, and {@link #detectorConfidence()}, calibrated on
     * text, says nothing of it.
     *
     * @return true if {@link #binaryEvidence()} is present
     */
    public boolean looksBinary() {
        return binaryEvidence.isPresent();
    }

    /**
     * The detector confidence (a calibrated probability, in percent) under which a caller should
     * treat a detected encoding as unknown (DETECTION.md, "Confidence").
     */
    public static final int DETECTION_UNSURE_BELOW = 70;

    /**
     * Whether detection decided the encoding with a confidence under {@link
     * #DETECTION_UNSURE_BELOW} percent: on pages held out from its
     * calibration such guesses were right little more often than not (57%), so a caller should treat
     * the encoding as unknown (try a declaration from elsewhere, or flag the page).
     *
     * @return true only for {@link DecisionSource#DETECTION} with a confidence under the threshold
     */
    public boolean isDetectionUnsure() {
        return detectorConfidence.isPresent() && detectorConfidence.getAsInt() < DETECTION_UNSURE_BELOW;
    }

    /**
     * Whether the bytes plainly contradict the declaration (whether or not it was overridden): what
     * an audit counts as a misdeclared page.
     *
     * @return true if {@link #misdeclaration()} is present and not {@link Misdeclaration#possible()}
     */
    public boolean misdeclared() {
        return misdeclaration.isPresent() && !misdeclaration.get().possible();
    }

    /**
     * Whether the bytes could be read otherwise but the evidence is too thin to say the declaration
     * is wrong (one or two UTF-8 sequences in a page declared windows-1252 that read as plausible
     * text there, as a page that quotes mojibake has): what an audit counts apart from {@link
     * #misdeclared()}. Such a declaration is never overridden.
     *
     * @return true if {@link #misdeclaration()} is present and {@link Misdeclaration#possible()}
     */
    public boolean possiblyMisdeclared() {
        return misdeclaration.isPresent() && misdeclaration.get().possible();
    }

    /**
     * This decision with the number of U+FFFD the decoding produced. The decision is made before
     * decoding (sniffing reads only part of the body), so the count is added once the whole body
     * has been decoded.
     *
     * @param count the number of U+FFFD replacement characters, one per decoding error
     * @return a decision equal to this one but for {@link #replacementCount()}
     * @throws IllegalArgumentException if {@code count} is negative
     */
    public EncodingDecision withReplacementCount(int count) {
        if (count < 0) throw new IllegalArgumentException("count must not be negative: " + count);
        return toBuilder().replacementCount(OptionalInt.of(count)).build();
    }

    /**
     * This decision with what the stream it was made from held: see {@link Lookahead}.
     *
     * @param lookahead how many bytes the decision was made from, whether a bound cut it short,
     *     and where later bytes contradicted it
     * @return a decision equal to this one but for {@link #lookahead()}
     * @throws NullPointerException if {@code lookahead} is null
     */
    public EncodingDecision withLookahead(Lookahead lookahead) {
        Objects.requireNonNull(lookahead, "lookahead");
        return toBuilder().lookahead(Optional.of(lookahead)).build();
    }

    /**
     * A one-line summary, e.g. {@code windows-1251 (LATE_META, CERTAIN; meta "windows-1251")}; when
     * more labels were ignored than kept, with their number ({@code ; 655360 labels ignored}); a
     * misdeclared page says so, e.g. {@code ; HTTP_HEADER windows-1252 overridden: UTF-8, valid
     * UTF-8, 40 multi-byte sequences} (or {@code looks wrong} where it was not overridden, {@code
     * possibly wrong, bytes could be} where the evidence was thin); a body
     * that does not look like text says why ({@code ; looks binary: PNG image signature}); a
     * decision made from a stream's look-ahead says so, e.g. {@code ; from the first 524288 bytes,
     * cut short, contradicted at byte 600000}; double-encoded text is counted ({@code ; 12
     * double-encoded sequences, repaired}), a body cut off says so ({@code ; truncated}), and a
     * page read in two encodings names the other ({@code ; mixed: 22% reads as UTF-8}).
     */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(encoding.name()).append(" (").append(source).append(", ").append(confidence);
        headerLabel.ifPresent(l -> b.append("; header \"").append(l).append('"'));
        metaLabel.ifPresent(l -> b.append("; ").append(metaSource.map(s -> s == DecisionSource.XML_DECLARATION
                ? "xml" : "meta").orElse("meta")).append(" \"").append(l).append('"'));
        if (conflict) b.append("; conflict");
        for (IgnoredLabel i : ignoredLabels) b.append("; ignored \"").append(i.label()).append('"');
        if (ignoredLabelCount > ignoredLabels.size()) b.append("; ").append(ignoredLabelCount).append(" labels ignored");
        detectorConfidence.ifPresent(c -> b.append("; detector confidence ").append(c));
        detectorRunnerUp.ifPresent(e -> b.append("; runner-up ").append(e.name()));
        misdeclaration.ifPresent(m -> b.append("; ").append(m.declaration()).append(' ').append(m.declared().name())
                .append(source == DecisionSource.DECLARATION_OVERRIDDEN ? " overridden: "
                        : m.possible() ? " possibly wrong, bytes could be " : " looks wrong, bytes look like ")
                .append(m.bytesLookLike().name()).append(", ").append(m.evidence()));
        binaryEvidence.ifPresent(e -> b.append("; looks binary: ").append(e));
        doubleEncoding.ifPresent(e -> b.append("; ").append(e.sequences()).append(" double-encoded sequence")
                .append(e.sequences() == 1 ? "" : "s").append(e.repaired() ? ", repaired" : e.wholeText() ? ", whole text" : ""));
        if (truncated) b.append("; truncated");
        mixture.ifPresent(m -> b.append("; mixed: ").append(m.sharePercent()).append("% reads as ").append(m.other().name()));
        replacementCount.ifPresent(c -> b.append("; ").append(c).append(" U+FFFD"));
        lookahead.ifPresent(l -> {
            b.append("; from the first ").append(l.bytes()).append(" bytes");
            if (l.cut()) b.append(", cut short");
            l.contradictedAt().ifPresent(at -> b.append(", contradicted at byte ").append(at));
            if (l.decodedAgain()) b.append(", decoded again");
        });
        return b.append(')').toString();
    }
}
