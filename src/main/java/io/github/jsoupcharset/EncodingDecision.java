package io.github.jsoupcharset;

import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.Labels;

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
 * {@code MAX_LABEL_LENGTH - 1} characters followed by {@code "…"}. The constructor applies both
 * bounds.
 *
 * @param encoding the encoding the body is decoded with
 * @param source the rule that decided
 * @param confidence the HTML Standard's confidence in the encoding
 * @param headerLabel the {@code charset} parameter of the Content-Type header, as sent (unquoted;
 *     cut if longer than {@link #MAX_LABEL_LENGTH}), if there was one
 * @param headerEncoding what {@code headerLabel} means, if it is a known label
 * @param metaLabel the label the document declared ({@code <meta>} or XML declaration), as the
 *     scan read it (cut if longer than {@link #MAX_LABEL_LENGTH}), if any
 * @param metaEncoding what the document's declaration means for this document (UTF-16 labels in a
 *     meta mean UTF-8, x-user-defined means windows-1252), if any
 * @param metaSource where the document's declaration was found ({@link DecisionSource#META_PRESCAN},
 *     {@link DecisionSource#XML_DECLARATION} or {@link DecisionSource#LATE_META}), if any
 * @param conflict true when the header (or a BOM) and the document's declaration name different
 *     encodings; the header or BOM wins, as in browsers
 * @param ignoredLabels labels seen but not known to the Encoding Standard: the first
 *     {@link #MAX_IGNORED_LABELS}, the header's first, then the document's in document order
 * @param ignoredLabelCount how many labels were ignored in all, at least {@code ignoredLabels.size()};
 *     more when a page declares more than {@link #MAX_IGNORED_LABELS} unknown labels
 * @param detectorConfidence for {@link DecisionSource#DETECTION}: the detector's confidence, the
 *     calibrated probability (in percent, 0-100) that the detected encoding decodes the page as its
 *     author wrote it; under {@link #DETECTION_UNSURE_BELOW} treat the encoding as unknown
 *     ({@link #isDetectionUnsure()})
 * @param detectorRunnerUp for {@link DecisionSource#DETECTION}: the detector's second choice
 * @param replacementCount the number of U+FFFD the decoding produced (decoding errors), present
 *     once the body has been decoded
 * @param misdeclaration present when the declaration the encoding rests on (header, {@code <meta>}
 *     or XML declaration; never a BOM) is plainly contradicted by the bytes: which declaration,
 *     what the bytes look like instead and why. Reported in every mode; under {@link
 *     SniffOptions.Declarations#BROWSER} the declaration still decides (a browser trusts it), under
 *     {@link SniffOptions.Declarations#CHECKED} it is overridden: {@link #source()} is then {@link
 *     DecisionSource#DECLARATION_OVERRIDDEN} and {@link #encoding()} is {@link
 *     Misdeclaration#bytesLookLike()}
 * @param binaryEvidence present when the body does not look like text (see {@link #looksBinary()}):
 *     why, e.g. {@code "PNG image signature"} or {@code "140 control bytes in the first 1445"}
 * @param lookahead for a decision made from the first bytes of a stream (the {@code InputStream}
 *     and {@code Connection.Response} entry points): how many bytes it was made from, whether the
 *     look-ahead bound cut it short, and where later bytes contradicted it; empty for a decision
 *     made from a whole body
 */
public record EncodingDecision(
        Encoding encoding,
        DecisionSource source,
        Confidence confidence,
        Optional<String> headerLabel,
        Optional<Encoding> headerEncoding,
        Optional<String> metaLabel,
        Optional<Encoding> metaEncoding,
        Optional<DecisionSource> metaSource,
        boolean conflict,
        List<IgnoredLabel> ignoredLabels,
        int ignoredLabelCount,
        OptionalInt detectorConfidence,
        Optional<Encoding> detectorRunnerUp,
        OptionalInt replacementCount,
        Optional<Misdeclaration> misdeclaration,
        Optional<String> binaryEvidence,
        Optional<Lookahead> lookahead) {

    /**
     * What a decision made while the bytes were still arriving was made from, and what came after.
     * The stream entry points read a bounded look-ahead (at most {@link
     * BrowserCharsetParser#STREAM_LOOKAHEAD_LIMIT} bytes), decide from it, and then decode the rest
     * as it arrives without holding it; see {@link BrowserCharsetParser#parseWithDecision(
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
     *     scan goes on through a file, as through a {@code byte[]} body); empty if nothing
     *     contradicted it or the body was not read to its end
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
     * A declaration the bytes plainly contradict (see {@link SniffOptions.Declarations}).
     *
     * @param declaration where the declaration was: {@link DecisionSource#HTTP_HEADER},
     *     {@link DecisionSource#META_PRESCAN}, {@link DecisionSource#XML_DECLARATION} or
     *     {@link DecisionSource#LATE_META}
     * @param declared the encoding it declared
     * @param bytesLookLike the encoding the bytes are in, by the evidence
     * @param evidence why, in a few words, e.g. {@code "valid UTF-8, 212 multi-byte sequences"}
     */
    public record Misdeclaration(DecisionSource declaration, Encoding declared, Encoding bytesLookLike,
                                 String evidence) {
        /**
         * Checks the arguments.
         *
         * @param declaration where the declaration was
         * @param declared the encoding it declared
         * @param bytesLookLike the encoding the bytes are in, by the evidence
         * @param evidence why, in a few words
         * @throws NullPointerException if an argument is null
         */
        public Misdeclaration {
            Objects.requireNonNull(declaration, "declaration");
            Objects.requireNonNull(declared, "declared");
            Objects.requireNonNull(bytesLookLike, "bytesLookLike");
            Objects.requireNonNull(evidence, "evidence");
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
     * Checks the arguments, keeps the first {@link #MAX_IGNORED_LABELS} ignored labels and cuts
     * labels longer than {@link #MAX_LABEL_LENGTH}.
     *
     * @param encoding the encoding the body is decoded with
     * @param source the rule that decided
     * @param confidence the HTML Standard's confidence in the encoding
     * @param headerLabel the {@code charset} parameter of the Content-Type header, if any
     * @param headerEncoding what {@code headerLabel} means, if it is a known label
     * @param metaLabel the label the document declared, if any
     * @param metaEncoding what the document's declaration means for this document, if any
     * @param metaSource where the document's declaration was found, if any
     * @param conflict true when the header (or a BOM) and the document's declaration disagree
     * @param ignoredLabels labels seen but unknown to the Encoding Standard, in the order seen
     * @param ignoredLabelCount how many labels were ignored in all
     * @param detectorConfidence for {@link DecisionSource#DETECTION}: the detector's confidence, 0-100
     * @param detectorRunnerUp for {@link DecisionSource#DETECTION}: the detector's second choice
     * @param replacementCount the number of U+FFFD the decoding produced, once decoded
     * @param misdeclaration the declaration the bytes plainly contradict, if any
     * @param binaryEvidence why the body does not look like text, if it does not
     * @param lookahead for a decision made from the first bytes of a stream: what it was made from
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code ignoredLabelCount} is less than the number of
     *     {@code ignoredLabels}
     */
    public EncodingDecision {
        Objects.requireNonNull(encoding, "encoding");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(confidence, "confidence");
        Objects.requireNonNull(headerLabel, "headerLabel");
        Objects.requireNonNull(headerEncoding, "headerEncoding");
        Objects.requireNonNull(metaLabel, "metaLabel");
        Objects.requireNonNull(metaEncoding, "metaEncoding");
        Objects.requireNonNull(metaSource, "metaSource");
        Objects.requireNonNull(ignoredLabels, "ignoredLabels");
        if (ignoredLabelCount < ignoredLabels.size()) {
            throw new IllegalArgumentException("ignoredLabelCount " + ignoredLabelCount + " is less than the "
                    + ignoredLabels.size() + " ignoredLabels");
        }
        ignoredLabels = List.copyOf(ignoredLabels.size() <= MAX_IGNORED_LABELS ? ignoredLabels
                : ignoredLabels.subList(0, MAX_IGNORED_LABELS));
        headerLabel = headerLabel.map(Labels::bounded);
        metaLabel = metaLabel.map(Labels::bounded);
        Objects.requireNonNull(detectorConfidence, "detectorConfidence");
        Objects.requireNonNull(detectorRunnerUp, "detectorRunnerUp");
        Objects.requireNonNull(replacementCount, "replacementCount");
        Objects.requireNonNull(misdeclaration, "misdeclaration");
        Objects.requireNonNull(binaryEvidence, "binaryEvidence");
        Objects.requireNonNull(lookahead, "lookahead");
    }

    /**
     * A decision about a body that looks like text, made from a whole body (the constructor of the
     * earlier releases, before {@link #binaryEvidence()} and {@link #lookahead()}).
     *
     * @param encoding the encoding the body is decoded with
     * @param source the rule that decided
     * @param confidence the HTML Standard's confidence in the encoding
     * @param headerLabel the {@code charset} parameter of the Content-Type header, if any
     * @param headerEncoding what {@code headerLabel} means, if it is a known label
     * @param metaLabel the label the document declared, if any
     * @param metaEncoding what the document's declaration means for this document, if any
     * @param metaSource where the document's declaration was found, if any
     * @param conflict true when the header (or a BOM) and the document's declaration disagree
     * @param ignoredLabels labels seen but unknown to the Encoding Standard, in the order seen
     * @param ignoredLabelCount how many labels were ignored in all
     * @param detectorConfidence for {@link DecisionSource#DETECTION}: the detector's confidence, 0-100
     * @param detectorRunnerUp for {@link DecisionSource#DETECTION}: the detector's second choice
     * @param replacementCount the number of U+FFFD the decoding produced, once decoded
     * @param misdeclaration the declaration the bytes plainly contradict, if any
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code ignoredLabelCount} is less than the number of
     *     {@code ignoredLabels}
     */
    public EncodingDecision(Encoding encoding, DecisionSource source, Confidence confidence, Optional<String> headerLabel,
            Optional<Encoding> headerEncoding, Optional<String> metaLabel, Optional<Encoding> metaEncoding,
            Optional<DecisionSource> metaSource, boolean conflict, List<IgnoredLabel> ignoredLabels, int ignoredLabelCount,
            OptionalInt detectorConfidence, Optional<Encoding> detectorRunnerUp, OptionalInt replacementCount,
            Optional<Misdeclaration> misdeclaration) {
        this(encoding, source, confidence, headerLabel, headerEncoding, metaLabel, metaEncoding, metaSource, conflict,
                ignoredLabels, ignoredLabelCount, detectorConfidence, detectorRunnerUp, replacementCount, misdeclaration,
                Optional.empty(), Optional.empty());
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
     * calibration such guesses were right only about two times in three, so a caller should treat
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
     * @return true if {@link #misdeclaration()} is present
     */
    public boolean misdeclared() {
        return misdeclaration.isPresent();
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
        return new EncodingDecision(encoding, source, confidence, headerLabel, headerEncoding, metaLabel,
                metaEncoding, metaSource, conflict, ignoredLabels, ignoredLabelCount, detectorConfidence, detectorRunnerUp,
                OptionalInt.of(count), misdeclaration, binaryEvidence, lookahead);
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
        return new EncodingDecision(encoding, source, confidence, headerLabel, headerEncoding, metaLabel,
                metaEncoding, metaSource, conflict, ignoredLabels, ignoredLabelCount, detectorConfidence, detectorRunnerUp,
                replacementCount, misdeclaration, binaryEvidence, Optional.of(lookahead));
    }

    /**
     * A one-line summary, e.g. {@code windows-1251 (LATE_META, CERTAIN; meta "windows-1251")}; when
     * more labels were ignored than kept, with their number ({@code ; 655360 labels ignored}); a
     * misdeclared page says so, e.g. {@code ; HTTP_HEADER windows-1252 overridden: UTF-8, valid
     * UTF-8, 40 multi-byte sequences} (or {@code looks wrong} where it was not overridden); a body
     * that does not look like text says why ({@code ; looks binary: PNG image signature}); a
     * decision made from a stream's look-ahead says so, e.g. {@code ; from the first 524288 bytes,
     * cut short, contradicted at byte 600000}.
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
                .append(source == DecisionSource.DECLARATION_OVERRIDDEN ? " overridden: " : " looks wrong, bytes look like ")
                .append(m.bytesLookLike().name()).append(", ").append(m.evidence()));
        binaryEvidence.ifPresent(e -> b.append("; looks binary: ").append(e));
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
