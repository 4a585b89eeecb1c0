package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.detect.Detector;
import io.github.jsoupcharset.Confidence;
import io.github.jsoupcharset.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.EncodingDecision;
import io.github.jsoupcharset.IgnoredLabel;
import io.github.jsoupcharset.SniffOptions;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;
import io.github.jsoupcharset.sniff.DocumentDeclaration.FailedLabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The HTML Standard's encoding sniffing algorithm
 * (https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding) over a
 * complete body: BOM, transport layer, prescan, XML declaration, then (for
 * {@link SniffOptions.MetaScan#BROWSER_HEAD_SCAN}) the browsers' meta scan of the head, then
 * detection or the default. Internal.
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
        List<IgnoredLabel> ignored = new ArrayList<>();
        int ignoredCount = 0;

        // 1. BOM sniffing: certain, beats everything including HTTP.
        Encoding bom = bomSniff(body, off, len);
        int bomLength = bom == null ? 0 : bom == Encoding.UTF_8 ? 3 : 2;

        // 4. The transport layer: "get an encoding" of the label; an unknown label is ignored. No
        // UTF-16 or x-user-defined substitution here (that is only for declarations in the bytes).
        Optional<Encoding> headerEncoding = Optional.empty();
        if (headerLabel != null) {
            headerEncoding = Encoding.forLabel(headerLabel);
            if (headerEncoding.isEmpty()) {
                ignored.add(new IgnoredLabel(headerLabel, DecisionSource.HTTP_HEADER));
                ignoredCount++;
            }
        }

        // 5. and later: what the document declares (after any BOM, for the record); its failed
        // labels come in document order, the first few of them with the count of all
        DocumentDeclaration document = documentDeclaration(body, off + bomLength, len - bomLength, options);
        Optional<Declared> declared = document.declared().map(d -> d.shifted(bomLength));
        for (FailedLabel f : document.failedLabels()) ignored.add(new IgnoredLabel(f.label(), f.source()));
        ignoredCount += document.failedLabelCount();

        Encoding encoding;
        DecisionSource source;
        Confidence confidence;
        OptionalInt detectorConfidence = OptionalInt.empty();
        Optional<Encoding> runnerUp = Optional.empty();
        boolean conflict = false;
        if (bom != null) {
            encoding = bom;
            source = DecisionSource.BOM;
            confidence = Confidence.CERTAIN;
            conflict = headerEncoding.isPresent() && headerEncoding.get() != bom || disagrees(declared, bom);
        } else if (headerEncoding.isPresent()) {
            encoding = headerEncoding.get();
            source = DecisionSource.HTTP_HEADER;
            confidence = Confidence.CERTAIN;
            conflict = disagrees(declared, encoding);
        } else if (declared.isPresent()) {
            encoding = declared.get().encoding();
            source = declared.get().source();
            // a meta found while parsing "changes the encoding", which makes the confidence certain
            confidence = source == DecisionSource.LATE_META ? Confidence.CERTAIN : Confidence.TENTATIVE;
        } else {
            // 8-9. Autodetection, then the default.
            Detector.Guess guess = Detector.guess(body, off, len, options.detection(), options.defaultEncoding(), complete);
            encoding = guess.encoding();
            source = guess.source();
            confidence = Confidence.TENTATIVE;
            if (source == DecisionSource.DETECTION) {
                detectorConfidence = OptionalInt.of(guess.confidence());
                runnerUp = Optional.ofNullable(guess.runnerUp());
            }
        }
        return new EncodingDecision(encoding, source, confidence,
                Optional.ofNullable(headerLabel), headerEncoding,
                declared.map(Declared::label), declared.map(Declared::encoding), declared.map(Declared::source),
                conflict, ignored, ignoredCount, detectorConfidence, runnerUp, OptionalInt.empty());
    }

    /**
     * The document's own declaration as {@code options.metaScan()} looks for it. Offsets relative to
     * {@code off}. Every scan records its failed labels in one {@link FailedLabels}, which counts a
     * declaration two scans read once.
     */
    static DocumentDeclaration documentDeclaration(byte[] body, int off, int len, SniffOptions options) {
        FailedLabels failed = new FailedLabels();
        Declared declared;
        switch (options.metaScan()) {
            case SPEC_PRESCAN_1024:
                declared = Prescan.prescan(body, off, Math.min(Prescan.WINDOW, len), failed);
                break;
            case SPEC:
                declared = specDeclaration(body, off, len, failed);
                break;
            default:
                declared = browserDeclaration(body, off, len, failed);
                break;
        }
        return declared != null ? DocumentDeclaration.found(declared, failed) : DocumentDeclaration.none(failed);
    }

    /**
     * The HTML Standard: the prescan of the first 1024 bytes, then the XML declaration, then a meta
     * later in the head (the standard's "change the encoding" when the tree builder meets it).
     */
    private static Declared specDeclaration(byte[] body, int off, int len, FailedLabels failed) {
        Declared prescan = Prescan.prescan(body, off, Math.min(Prescan.WINDOW, len), failed);
        if (prescan != null) return prescan;
        Declared xml = wholeXmlDeclaration(body, off, len, failed);
        if (xml != null) return xml;
        // the head scan reads the prescan's window again; FailedLabels counts a meta both read once
        return HeadMetaScanner.scan(body, off, len, failed);
    }

    /**
     * What browsers do: the BOM-less UTF-16 {@code <?x} patterns, then their tokenizer-based meta
     * scan (the first 1024 bytes unconditionally, then as long as the head lasts), then the XML
     * declaration. A meta starting in the first 1024 bytes is reported as {@link
     * DecisionSource#META_PRESCAN}, a later one as {@link DecisionSource#LATE_META}.
     */
    private static Declared browserDeclaration(byte[] body, int off, int len, FailedLabels failed) {
        Optional<Declared> utf16 = Prescan.utf16XmlPattern(body, off, len).declared();
        if (utf16.isPresent()) return utf16.get();
        Declared head = HeadMetaScanner.scan(body, off, len, failed);
        failed.relabelMetas(Sniffer::metaSource);
        if (head != null) {
            return new Declared(head.encoding(), head.labelEncoding(), head.label(), metaSource(head.offset()), head.offset());
        }
        return wholeXmlDeclaration(body, off, len, failed);
    }

    /** A meta starting in the first 1024 bytes is the prescan's; a later one is a late meta. */
    private static DecisionSource metaSource(int offset) {
        return offset < Prescan.WINDOW ? DecisionSource.META_PRESCAN : DecisionSource.LATE_META;
    }

    /**
     * The XML declaration, read to its {@code >} even past 1024 bytes (Blink buffers until it sees
     * the {@code >}; Gecko extends its scan to the end of the token). Null if it gives nothing; its
     * failed label is recorded in {@code failed}.
     */
    private static Declared wholeXmlDeclaration(byte[] body, int off, int len, FailedLabels failed) {
        DocumentDeclaration xml = Prescan.getXmlEncoding(body, off, len);
        for (FailedLabel f : xml.failedLabels()) failed.add(f.label(), f.source(), f.offset());
        return xml.declared().orElse(null);
    }

    /** BOM sniffing: EF BB BF is UTF-8, FE FF is UTF-16BE, FF FE is UTF-16LE; otherwise null. */
    static Encoding bomSniff(byte[] b, int off, int len) {
        if (len >= 3 && (b[off] & 0xFF) == 0xEF && (b[off + 1] & 0xFF) == 0xBB && (b[off + 2] & 0xFF) == 0xBF) {
            return Encoding.UTF_8;
        }
        if (len >= 2 && (b[off] & 0xFF) == 0xFE && (b[off + 1] & 0xFF) == 0xFF) return Encoding.UTF_16BE;
        if (len >= 2 && (b[off] & 0xFF) == 0xFF && (b[off + 1] & 0xFF) == 0xFE) return Encoding.UTF_16LE;
        return null;
    }

    /**
     * Whether the document declares something other than {@code decided}. A declaration agrees when
     * either what its label names or what it means for the document is {@code decided} (a UTF-16
     * document whose meta says utf-16 is consistent, though a meta's UTF-16 means UTF-8).
     */
    private static boolean disagrees(Optional<Declared> declared, Encoding decided) {
        return declared.isPresent() && declared.get().encoding() != decided && declared.get().labelEncoding() != decided;
    }
}
