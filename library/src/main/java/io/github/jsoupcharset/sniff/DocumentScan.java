package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;

import java.util.Optional;

/**
 * What the document's own bytes declare, looked for as {@link SniffOptions.MetaScan} asks: the HTML
 * Standard's prescan (step 5 of the encoding sniffing algorithm,
 * https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding) with its
 * fallback, the XML declaration, and a meta later in the head ("changing the encoding while
 * parsing", https://html.spec.whatwg.org/multipage/parsing.html#changing-the-encoding-while-parsing),
 * or what browsers do instead. Each scan is its own class ({@link Prescan}, {@link XmlDeclaration},
 * {@link HeadMetaScanner}); this class only orders them. Internal.
 */
final class DocumentScan {
    private DocumentScan() {}

    /**
     * The document's own declaration as a scan finds it, and whether the head scan ran out of
     * bytes while a meta it honours could still come ({@link HeadMetaScanner.Result}; never under
     * {@link SniffOptions.MetaScan#SPEC_PRESCAN_1024}): the first bytes of a body still arriving
     * are scanned once for both.
     */
    record Scanned(DocumentDeclaration document, boolean headWantsMore) {}

    /**
     * The document's own declaration as {@code metaScan} looks for it. Offsets relative to
     * {@code off}. Every scan records its failed labels in one {@link FailedLabels}, which counts a
     * declaration two scans read once.
     */
    static Scanned scan(byte[] body, int off, int len, SniffOptions.MetaScan metaScan) {
        FailedLabels failed = new FailedLabels();
        Declared declared;
        boolean headWantsMore = false;
        switch (metaScan) {
            case SPEC_PRESCAN_1024:
                declared = Prescan.prescan(body, off, Math.min(Prescan.WINDOW, len), failed);
                break;
            case SPEC: {
                // the HTML Standard: the prescan of the first 1024 bytes, then the XML declaration,
                // then a meta later in the head (its "change the encoding" when the tree builder meets it)
                declared = Prescan.prescan(body, off, Math.min(Prescan.WINDOW, len), failed);
                if (declared == null) declared = wholeXmlDeclaration(body, off, len, failed);
                if (declared == null) {
                    // the head scan reads the prescan's window again; FailedLabels counts a meta both read once
                    HeadMetaScanner.Result head = HeadMetaScanner.scan(body, off, len, failed);
                    declared = head.declared();
                    headWantsMore = head.wantsMore();
                }
                break;
            }
            default: {
                // what browsers do: the BOM-less UTF-16 <?x patterns, then their tokenizer-based meta
                // scan (the first 1024 bytes unconditionally, then as long as the head lasts), then
                // the XML declaration; a meta starting in the first 1024 bytes is reported as
                // META_PRESCAN, a later one as LATE_META
                Optional<Declared> utf16 = XmlDeclaration.utf16XmlPattern(body, off, len).declared();
                if (utf16.isPresent()) {
                    declared = utf16.get();
                    break;
                }
                HeadMetaScanner.Result head = HeadMetaScanner.scan(body, off, len, failed);
                headWantsMore = head.wantsMore();
                failed.relabelMetas(DocumentScan::metaSource);
                declared = head.declared() != null
                        ? new Declared(head.declared().encoding(), head.declared().labelEncoding(), head.declared().label(),
                                metaSource(head.declared().offset()), head.declared().offset())
                        : wholeXmlDeclaration(body, off, len, failed);
                break;
            }
        }
        DocumentDeclaration document = declared != null ? DocumentDeclaration.found(declared, failed)
                : DocumentDeclaration.none(failed);
        return new Scanned(document, headWantsMore);
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
        return XmlDeclaration.getXmlEncoding(body, off, len, failed);
    }
}
