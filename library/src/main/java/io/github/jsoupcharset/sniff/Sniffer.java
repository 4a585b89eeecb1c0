package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.detect.Calibration;
import io.github.jsoupcharset.detect.Detector;
import io.github.jsoupcharset.decision.Confidence;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.EncodingDecision.Misdeclaration;
import io.github.jsoupcharset.decision.IgnoredLabel;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;
import io.github.jsoupcharset.sniff.DocumentDeclaration.FailedLabel;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The HTML Standard's encoding sniffing algorithm
 * (https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding) over a
 * complete body, as the standard's ordered list: BOM ({@link Bom}), transport layer (the header's
 * label, found by {@link ContentType}), what the document declares ({@link DocumentScan}: the
 * prescan, the XML declaration and a meta later in the head, as {@link SniffOptions.MetaScan}
 * asks), detection ({@link Detector}) or the default. Each step is its own class; this one only
 * orders them and reports the decision. Not the standard's: a declaration the bytes plainly
 * contradict ({@link DeclarationCheck}) is reported, and overridden under {@link
 * SniffOptions.Declarations#CHECKED}. Internal.
 */
public final class Sniffer {
    private Sniffer() {}

    /**
     * Decides the encoding of {@code body[off, off+len)}. Never throws for any bytes; the caller
     * has checked {@code off} and {@code len}.
     *
     * <p>Even when a BOM or the header decides, the document's own declaration is still looked
     * for, so the decision can record it and report a conflict.
     *
     * @param headerLabel the charset parameter of the Content-Type header as sent, or null
     */
    public static EncodingDecision sniff(byte[] body, int off, int len, String headerLabel, SniffOptions options) {
        return sniff(body, off, len, headerLabel, options, true);
    }

    /**
     * As {@link #sniff(byte[], int, int, String, SniffOptions)}, for a body that may have been cut
     * off.
     *
     * @param complete whether the bytes are the whole body; false when the download was cut off
     *     (jsoup's {@code Response.isTruncated()}): then a UTF-8 sequence cut off at the end is not
     *     held against UTF-8
     */
    public static EncodingDecision sniff(byte[] body, int off, int len, String headerLabel, SniffOptions options,
            boolean complete) {
        Encoding bom = Bom.sniff(body, off, len);
        int bomLength = Bom.length(bom);
        DocumentScan.Scanned scanned = DocumentScan.scan(body, off + bomLength, len - bomLength, options.metaScan());
        return decided(body, off, len, headerLabel, options, complete, true, bom, scanned);
    }

    /**
     * As {@link #sniff(byte[], int, int, String, SniffOptions)}, for bytes that are only part of a
     * body whose end they do not reach (a stream's look-ahead, bytes of a file gathered around a
     * contradiction): a UTF-8 sequence cut off at their end is not held against UTF-8, and the
     * decision is not {@linkplain EncodingDecision#truncated() truncated}, since the body goes on.
     */
    public static EncodingDecision sniffPart(byte[] body, int off, int len, String headerLabel, SniffOptions options) {
        Encoding bom = Bom.sniff(body, off, len);
        int bomLength = Bom.length(bom);
        DocumentScan.Scanned scanned = DocumentScan.scan(body, off + bomLength, len - bomLength, options.metaScan());
        return decided(body, off, len, headerLabel, options, false, false, bom, scanned);
    }

    /**
     * As {@link #sniffPart}, with the runs of non-ASCII bytes of the whole body the bytes begin
     * ({@link BodyRuns#counts}, read past them): a page partly UTF-8 and partly not is judged mixed,
     * and the share of its parts given, as where the body is held whole ({@link MixtureWatch}).
     */
    static EncodingDecision sniffPart(byte[] body, int off, int len, String headerLabel, SniffOptions options,
            int[] bodyRuns) {
        return sniffGathered(body, off, len, headerLabel, options, false, bodyRuns);
    }

    /**
     * The decision from bytes gathered from a longer body (a file's look-ahead and the bytes
     * around where later bytes contradicted its decision), with the runs of non-ASCII bytes of
     * the whole body ({@link BodyRuns}): as {@link #sniff} ({@code toTheEnd}: the bytes
     * reach the body's end) or {@link #sniffPart}, a page partly UTF-8 judged mixed, and the share
     * of its parts given, as where the body is held whole.
     */
    public static EncodingDecision sniffGathered(byte[] body, int off, int len, String headerLabel, SniffOptions options,
            boolean toTheEnd, BodyRuns bodyRuns) {
        return sniffGathered(body, off, len, headerLabel, options, toTheEnd, bodyRuns.counts());
    }

    private static EncodingDecision sniffGathered(byte[] body, int off, int len, String headerLabel, SniffOptions options,
            boolean toTheEnd, int[] bodyRuns) {
        Encoding bom = Bom.sniff(body, off, len);
        int bomLength = Bom.length(bom);
        DocumentScan.Scanned scanned = DocumentScan.scan(body, off + bomLength, len - bomLength, options.metaScan());
        return decided(body, off, len, headerLabel, options, toTheEnd, toTheEnd, bom, scanned, bodyRuns);
    }

    /**
     * The decision from the first bytes {@code body[off, off+len)} of a body still arriving, or
     * null while bytes after them could change it ({@link #wantsMore}): what {@link #sniff} decides
     * (not {@code complete}) once they are enough, the document scanned once for both.
     */
    public static EncodingDecision sniffLookahead(byte[] body, int off, int len, String headerLabel, SniffOptions options) {
        Encoding bom = Bom.sniff(body, off, len);
        int bomLength = Bom.length(bom);
        if (len < bomLength + Prescan.WINDOW) return null;
        DocumentScan.Scanned scanned = DocumentScan.scan(body, off + bomLength, len - bomLength, options.metaScan());
        if (wantsMore(body, off, len, headerLabel, options, bom, scanned)) return null;
        return decided(body, off, len, headerLabel, options, false, false, bom, scanned);
    }

    /**
     * Where a body's text starts under {@code decision}: after the byte order mark when a BOM
     * decided (which the text leaves out), else at its first byte.
     */
    public static int textStart(EncodingDecision decision) {
        return decision.source() == DecisionSource.BOM ? Bom.length(decision.encoding()) : 0;
    }

    /**
     * Where the head scan of {@code body[off, off+len)}, the first bytes of a longer body, stopped
     * for want of bytes while a late {@code <meta>} could still come (the head goes on past them):
     * an index into {@code body} to {@link HeadMetaScanner#resume} from with the bytes that follow,
     * or -1 if nothing after these bytes could declare the encoding for {@code options}.
     */
    public static int headResumeAt(byte[] body, int off, int len, SniffOptions options) {
        if (options.metaScan() == SniffOptions.MetaScan.SPEC_PRESCAN_1024) return -1;
        Encoding bom = Bom.sniff(body, off, len);
        int bomLength = Bom.length(bom);
        DocumentScan.Scanned scanned = DocumentScan.scan(body, off + bomLength, len - bomLength, options.metaScan());
        if (!scanned.headWantsMore()) return -1;
        int at = HeadMetaScanner.resumeAt(body, off + bomLength, len - bomLength);
        return at < 0 ? -1 : off + bomLength + at;
    }

    /**
     * {@code endOfBody}: whether the bytes end where the body ends (or was cut off), so that a text
     * that reads as double-encoded throughout may be repaired; not for a stream's look-ahead.
     */
    private static EncodingDecision decided(byte[] body, int off, int len, String headerLabel, SniffOptions options,
            boolean complete, boolean endOfBody, Encoding bom, DocumentScan.Scanned scanned) {
        return decided(body, off, len, headerLabel, options, complete, endOfBody, bom, scanned, null);
    }

    /** As {@link #decided(byte[], int, int, String, SniffOptions, boolean, boolean, Encoding, DocumentScan.Scanned)}, with the whole body's runs ({@link Detector#guess}). */
    private static EncodingDecision decided(byte[] body, int off, int len, String headerLabel, SniffOptions options,
            boolean complete, boolean endOfBody, Encoding bom, DocumentScan.Scanned scanned, int[] bodyRuns) {
        EncodingDecision d = decide(body, off, len, headerLabel, options, complete, bom, scanned.document(), bodyRuns);
        // not the standard's: whether the bytes look like text at all (MIME Sniffing's text-or-binary rules)
        Optional<String> binary = BinaryCheck.evidence(body, off, len, d.encoding());
        // nor this: UTF-8 read as windows-1252 and encoded again before it was served
        Optional<EncodingDecision.DoubleEncoding> doubled = Optional.empty();
        if (d.encoding() == Encoding.UTF_8) {
            int bomLength = textStart(d);
            DoubleEncodingScan scan = DoubleEncodingScan.of(body, off + bomLength, len - bomLength, complete);
            if (scan.sequences() > 0) {
                boolean whole = scan.wholeText() && binary.isEmpty();
                doubled = Optional.of(new EncodingDecision.DoubleEncoding(scan.sequences(), whole,
                        whole && endOfBody && options.declarations() == SniffOptions.Declarations.CHECKED));
            }
        }
        if (binary.isEmpty() && doubled.isEmpty() && complete) return d;
        // a detected encoding of what looks binary is no likely text, however far it leads
        OptionalInt detector = binary.isPresent() && d.detectorConfidence().isPresent()
                ? OptionalInt.of(Math.min(d.detectorConfidence().getAsInt(), Calibration.NOT_TEXT)) : d.detectorConfidence();
        return d.toBuilder().binaryEvidence(binary).doubleEncoding(doubled).truncated(!complete && endOfBody)
                .detectorConfidence(detector).build();
    }

    /**
     * The ordered list; {@code bom} and {@code document} are steps 1 and 5's findings, worked out
     * by the caller (the document's scan is shared with {@link #wantsMore}).
     */
    private static EncodingDecision decide(byte[] body, int off, int len, String headerLabel, SniffOptions options,
            boolean complete, Encoding bom, DocumentDeclaration document, int[] bodyRuns) {
        // 1. BOM sniffing: certain, beats everything including HTTP.
        int bomLength = Bom.length(bom);

        // 2-3. No user override; the whole body is at hand, so there is nothing to wait for.

        // 4. The transport layer: "get an encoding" of the label; an unknown label is ignored. No
        // UTF-16 or x-user-defined substitution here (that is only for declarations in the bytes).
        Optional<Encoding> headerEncoding = headerLabel == null ? Optional.empty() : Encoding.forLabel(headerLabel);

        // 5. The prescan, and after it what else options.metaScan() reads of the document (after
        // any BOM; read even when the BOM or the header decides, for the record).
        Optional<Declared> declared = document.declared().map(d -> d.shifted(bomLength));

        // 6-7. No parent document and no memory of earlier visits: nothing to do.

        Findings findings = new Findings(headerLabel, headerEncoding, declared, document);
        if (bom != null) {
            boolean conflict = headerEncoding.isPresent() && headerEncoding.get() != bom || disagrees(declared, bom);
            return findings.decision(bom, DecisionSource.BOM, Confidence.CERTAIN, conflict);
        }
        if (headerEncoding.isPresent()) {
            Encoding encoding = headerEncoding.get();
            // not the standard's: a declaration the bytes plainly contradict is reported (both
            // here and for the document's own), and overridden under Declarations.CHECKED
            Optional<Misdeclaration> wrong = DeclarationCheck.check(body, off, len, encoding, DecisionSource.HTTP_HEADER,
                    complete);
            return findings.declaration(encoding, DecisionSource.HTTP_HEADER, Confidence.CERTAIN,
                    disagrees(declared, encoding), wrong, options);
        }
        if (declared.isPresent()) {
            DecisionSource source = declared.get().source();
            // a meta found while parsing "changes the encoding", which makes the confidence certain
            Confidence confidence = source == DecisionSource.LATE_META ? Confidence.CERTAIN : Confidence.TENTATIVE;
            Optional<Misdeclaration> wrong = DeclarationCheck.check(body, off, len, declared.get().encoding(), source,
                    complete);
            return findings.declaration(declared.get().encoding(), source, confidence, false, wrong, options);
        }

        // 8-9. Autodetection, then the default.
        Detector.Guess guess = Detector.guess(body, off, len, options.detection(), options.defaultEncoding(), complete,
                options.languageHints(), bodyRuns);
        if (guess.source() != DecisionSource.DETECTION) {
            return findings.decision(guess.encoding(), guess.source(), Confidence.TENTATIVE, false);
        }
        EncodingDecision detected = findings.decision(guess.encoding(), guess.source(), Confidence.TENTATIVE, false,
                OptionalInt.of(guess.confidence()), Optional.ofNullable(guess.runnerUp()));
        return guess.mixture() == null ? detected : detected.toBuilder().mixture(Optional.of(guess.mixture())).build();
    }

    /**
     * Whether bytes after {@code body[off, off+len)} (the first bytes of a body still arriving)
     * could change what {@link #sniff} decides from them: while the prescan's 1024 bytes (after
     * any BOM) or the head (as {@code options.metaScan()} reads it) are unfinished, or an XML
     * declaration has no {@code >}; and, unless a BOM, the header's {@code headerLabel} or the
     * document itself declares the encoding under {@link SniffOptions.Declarations#BROWSER}, also
     * until there are {@link Detector#DETECTION_WINDOW} bytes from shortly before the first
     * non-ASCII byte (detection's window, and what the declaration check reads first). A declared
     * page is decided by its declaration whatever follows, as a browser decides it; its
     * declaration check ({@link EncodingDecision#misdeclaration()}) then sees the bytes read.
     * Bytes past all that can still contradict a UTF-8 decision (its validity is a property of the
     * whole body); the caller watches for that.
     *
     * <p>{@code bom} and {@code scanned} are the body's BOM and its document's scan; the caller has
     * checked that the prescan's window is there.
     */
    private static boolean wantsMore(byte[] body, int off, int len, String headerLabel, SniffOptions options,
            Encoding bom, DocumentScan.Scanned scanned) {
        int docOff = off + Bom.length(bom);
        int docLen = len - Bom.length(bom);
        if (AsciiBytes.startsWith(body, docOff, docOff + docLen, "<?xml")
                && AsciiBytes.indexOf(body, docOff, docOff + docLen, (byte) '>') < 0) {
            return true;
        }
        if (scanned.headWantsMore()) return true;
        if (bom != null) return false;
        // a declaration settles the decision, as a browser decides, unless the check may override it
        if (options.declarations() == SniffOptions.Declarations.BROWSER
                && (headerLabel != null && Encoding.forLabel(headerLabel).isPresent()
                        || scanned.document().declared().isPresent())) {
            return false;
        }
        int firstNonAscii = docOff;
        int end = off + len;
        while (firstNonAscii < end && body[firstNonAscii] >= 0) firstNonAscii++;
        if (firstNonAscii == end) return true;
        // the detector's window starts up to 1024 bytes before the first non-ASCII byte
        return end < Math.max(docOff, firstNonAscii - Prescan.WINDOW) + Detector.DETECTION_WINDOW;
    }

    /**
     * Whether the document declares something other than {@code decided}. A declaration agrees when
     * either what its label names or what it means for the document is {@code decided} (a UTF-16
     * document whose meta says utf-16 is consistent, though a meta's UTF-16 means UTF-8).
     */
    private static boolean disagrees(Optional<Declared> declared, Encoding decided) {
        return declared.isPresent() && declared.get().encoding() != decided && declared.get().labelEncoding() != decided;
    }

    /**
     * What every decision records whichever step decides: the header's label and encoding, the
     * document's declaration, and the labels that failed "get an encoding" (the header's first,
     * then the document's in document order, the first few of them with the count of all).
     */
    private static final class Findings {
        private final String headerLabel;
        private final Optional<Encoding> headerEncoding;
        private final Optional<Declared> declared;
        private final List<IgnoredLabel> ignored = new ArrayList<>();
        private final int ignoredCount;

        Findings(String headerLabel, Optional<Encoding> headerEncoding, Optional<Declared> declared,
                DocumentDeclaration document) {
            this.headerLabel = headerLabel;
            this.headerEncoding = headerEncoding;
            this.declared = declared;
            int count = 0;
            if (headerLabel != null && headerEncoding.isEmpty()) {
                ignored.add(new IgnoredLabel(headerLabel, DecisionSource.HTTP_HEADER));
                count++;
            }
            for (FailedLabel f : document.failedLabels()) ignored.add(new IgnoredLabel(f.label(), f.source()));
            this.ignoredCount = count + document.failedLabelCount();
        }

        EncodingDecision decision(Encoding encoding, DecisionSource source, Confidence confidence, boolean conflict) {
            return decision(encoding, source, confidence, conflict, OptionalInt.empty(), Optional.empty());
        }

        /**
         * The decision of a declaration: as declared, with any misdeclaration reported; under
         * {@link SniffOptions.Declarations#CHECKED} a misdeclared page gets what its bytes look like
         * (never a possibly misdeclared one).
         */
        EncodingDecision declaration(Encoding encoding, DecisionSource source, Confidence confidence, boolean conflict,
                Optional<Misdeclaration> wrong, SniffOptions options) {
            if (wrong.isPresent() && !wrong.get().possible()
                    && options.declarations() == SniffOptions.Declarations.CHECKED) {
                return decision(wrong.get().bytesLookLike(), DecisionSource.DECLARATION_OVERRIDDEN, Confidence.TENTATIVE,
                        conflict, OptionalInt.empty(), Optional.empty(), wrong);
            }
            return decision(encoding, source, confidence, conflict, OptionalInt.empty(), Optional.empty(), wrong);
        }

        EncodingDecision decision(Encoding encoding, DecisionSource source, Confidence confidence, boolean conflict,
                OptionalInt detectorConfidence, Optional<Encoding> runnerUp) {
            return decision(encoding, source, confidence, conflict, detectorConfidence, runnerUp, Optional.empty());
        }

        EncodingDecision decision(Encoding encoding, DecisionSource source, Confidence confidence, boolean conflict,
                OptionalInt detectorConfidence, Optional<Encoding> runnerUp, Optional<Misdeclaration> misdeclaration) {
            return EncodingDecision.builder(encoding, source, confidence)
                    .headerLabel(Optional.ofNullable(headerLabel)).headerEncoding(headerEncoding)
                    .metaLabel(declared.map(Declared::label)).metaEncoding(declared.map(Declared::encoding))
                    .metaSource(declared.map(Declared::source)).conflict(conflict)
                    .ignoredLabels(ignored).ignoredLabelCount(ignoredCount)
                    .detectorConfidence(detectorConfidence).detectorRunnerUp(runnerUp)
                    .misdeclaration(misdeclaration).build();
        }
    }

    /**
     * The languages a page's URL (its top-level domain) and {@code Content-Language} header hint
     * at, as detection knows them ({@code detect.LanguageHints}); for {@code SniffOptions}.
     *
     * @param url the page's URL, or null
     * @param contentLanguage the header's value, or null
     * @return the languages, possibly none
     */
    public static java.util.List<String> languageHints(String url, String contentLanguage) {
        return io.github.jsoupcharset.detect.LanguageHints.of(url, contentLanguage);
    }
}
