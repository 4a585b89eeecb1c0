package io.github.jsoupcharset.tika;

import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecodedHtmlReader;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;

import org.apache.tika.detect.EncodingDetector;
import org.apache.tika.detect.EncodingResult;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.ParseContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * An Apache Tika {@link EncodingDetector} that decides a page's encoding as a browser does: the
 * byte order mark, then the transport charset (the {@code charset} parameter of the {@link
 * Metadata}'s {@code Content-Type}, else of its {@code Content-Type-Hint}), then the page's
 * {@code <meta>} (the browsers' scan, a late {@code <meta>} in {@code <head>} included) or XML
 * declaration, then UTF-8 validity, detection and the default (windows-1252), as {@link
 * BrowserCharsetParser#sniff(byte[], String)} describes.
 *
 * <p>Registered through {@code META-INF/services/org.apache.tika.detect.EncodingDetector}: with
 * this artifact on the class path, Tika's {@code DefaultEncodingDetector} (and so {@code
 * AutoDetectParser}, the HTML and text parsers and {@code AutoDetectReader}) load it. The
 * returned {@link Charset} is {@link Encoding#charset()}: it decodes as the browser's decoder does
 * (Shift_JIS 0x81 0x60 as U+FF5E, windows-1252 0x81 as U+0081), including in the {@code
 * InputStreamReader} Tika reads the text through.
 *
 * <p>The decision is recorded in the {@link Metadata} under the keys of {@link DecisionMetadata}
 * (the rule, the encoding, the confidence, a header/meta conflict, ...).
 *
 * <p>It decides for HTML: when the Metadata's {@code Content-Type} names another type ({@code
 * text/plain}, {@code text/csv}, ...) it abstains, leaving the decision to the detectors after it.
 *
 * <p>It reads at most {@link #READ_LIMIT} bytes, between a {@code mark} and a {@code reset} of the
 * stream: as many as the decision needs (a declared page is settled by its first 8 KiB), as the
 * library's stream entry points read them ({@link BrowserCharsetParser#decode(InputStream,
 * String)}). When those 512 KiB end inside a head that goes on (a {@code <meta charset>} after
 * more than 512 KiB of scripts, say), or a page nothing declares goes on past them (its parts, if
 * it is partly UTF-8, are the whole body's), a {@link TikaInputStream} over a file ({@code
 * TikaInputStream.get(Path)}, or one Tika has spooled) is read on as {@link
 * BrowserCharsetParser#decode(java.nio.file.Path, String)} reads a file, so that the late meta
 * decides as in a browser; any other stream is decided from its first 512 KiB, as the library's
 * stream entry points decide, and its decision says the bound cut it short ({@link
 * DecisionMetadata#LOOKAHEAD_CUT} {@code true}): such a page declared only by that late meta gets
 * what its first 512 KiB give (windows-1252, the default, at a confidence of 0.1, for a head all
 * ASCII). Immutable and thread-safe.
 *
 * <p>Both generations of Tika's interface are implemented: {@link #detect(TikaInputStream,
 * Metadata, ParseContext)} (Tika 4) and {@link #detect(InputStream, Metadata)} (Tika 2 and 3,
 * whose interface declares that method), so the same jar plugs into either.
 */
public final class BrowserEncodingDetector implements EncodingDetector {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The most bytes one call reads from the stream (and so the mark's limit): 512 KiB. */
    public static final int READ_LIMIT = BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT;

    private static final String CONTENT_TYPE = "Content-Type";
    private static final String CONTENT_TYPE_HINT = "Content-Type-Hint";

    /** How the page's declaration is looked for (serialized: the parser is rebuilt from the options' parts). */
    private final SniffOptions.MetaScan metaScan;
    /** How an undeclared page is detected. */
    private final SniffOptions.Detection detection;
    /** Whether a plainly wrong declaration is trusted. */
    private final SniffOptions.Declarations declarations;
    /** The default encoding's WHATWG name. */
    private final String defaultEncoding;
    private final transient BrowserCharsetParser parser;

    /** A detector with the library's defaults ({@link SniffOptions#DEFAULTS}): what browsers decide. */
    public BrowserEncodingDetector() {
        this(SniffOptions.DEFAULTS);
    }

    /**
     * A detector with other options, e.g. {@code SniffOptions.DEFAULTS.withDeclarations(
     * SniffOptions.Declarations.CHECKED)} for the author's text where a declaration is plainly
     * wrong. Options that only touch the decoded text (text normalization) and per-page language
     * hints do not apply to a detector and are left out.
     *
     * @param options how to decide
     */
    public BrowserEncodingDetector(SniffOptions options) {
        Objects.requireNonNull(options, "options must not be null");
        this.metaScan = options.metaScan();
        this.detection = options.detection();
        this.declarations = options.declarations();
        this.defaultEncoding = options.defaultEncoding().name();
        this.parser = new BrowserCharsetParser(new SniffOptions(metaScan, detection, declarations,
                options.defaultEncoding(), SniffOptions.TextNormalization.NONE));
    }

    /**
     * The options this detector decides with.
     *
     * @return the options (no text normalization, no language hints)
     */
    public SniffOptions options() {
        return parser.options();
    }

    /**
     * Tika 4's entry point: decides the encoding of the document {@code tis} holds, records the
     * decision in {@code metadata} and returns the one result.
     *
     * @param tis the document, read from its current position and reset to it; null gives no result
     * @param metadata the document's metadata: its {@code Content-Type} and {@code Content-Type-Hint}
     *     are read, the decision is written
     * @param parseContext not used
     * @return the browser's encoding, with a confidence of 1 for a declared encoding (a BOM, the
     *     transport charset, the page's declaration) and for UTF-8 validity, the detector's
     *     calibrated probability for detection, 0.1 for the default; empty when {@code tis} is null
     *     or the Metadata names a type other than HTML
     * @throws IOException if reading or resetting the stream throws
     */
    @Override
    public List<EncodingResult> detect(TikaInputStream tis, Metadata metadata, ParseContext parseContext)
            throws IOException {
        EncodingDecision decision = decide(tis, metadata);
        return decision == null ? List.of() : Tika4.results(decision);
    }

    /**
     * Tika 2's and 3's entry point (their {@code EncodingDetector} declares this method; Tika 4's
     * does not): decides the encoding of the document {@code input} holds and records the decision
     * in {@code metadata}.
     *
     * @param input the document, read from its current position and reset to it (it must support
     *     {@code mark}, as Tika's contract says); null gives null
     * @param metadata the document's metadata: its {@code Content-Type} and {@code Content-Type-Hint}
     *     are read, the decision is written
     * @return the browser's encoding's {@link Encoding#charset()}, or null when {@code input} is null
     *     or the Metadata names a type other than HTML
     * @throws IOException if reading or resetting the stream throws
     */
    public Charset detect(InputStream input, Metadata metadata) throws IOException {
        EncodingDecision decision = decide(input, metadata);
        return decision == null ? null : decision.encoding().charset();
    }

    /**
     * Decides from the stream's look-ahead and the Metadata's transport charset and records the
     * decision, or returns null (recording nothing) when there is no stream or the document is not HTML.
     */
    private EncodingDecision decide(InputStream in, Metadata metadata) throws IOException {
        Objects.requireNonNull(metadata, "metadata must not be null");
        if (in == null) return null;
        String contentType = metadata.get(CONTENT_TYPE);
        if (contentType != null && !isHtmlOrUnknown(contentType)) return null;
        if (!in.markSupported()) throw new IOException("the stream does not support mark (Tika's contract says it does)");
        EncodingDecision decision;
        in.mark(READ_LIMIT);
        try {
            // the stream entry point reads only the look-ahead before it returns; the reader is
            // dropped unread and unclosed, and the stream goes back to its mark
            decision = parser.decode(in, transportContentType(metadata)).decision();
        } finally {
            in.reset();
        }
        if (in instanceof TikaInputStream tis && tis.hasFile() && readOn(decision, tis.getPath())) {
            // a file can be read on past the look-ahead, as the library's Path entry points read it
            try (DecodedHtmlReader reader = parser.decode(tis.getPath(), transportContentType(metadata))) {
                decision = reader.decision();
            }
        }
        DecisionMetadata.write(decision, metadata);
        return decision;
    }

    /**
     * Whether the file's decision needs more than the look-ahead: it was cut short while the
     * document could still declare more, or it was detected and the file goes on past the
     * look-ahead (a page partly UTF-8 is judged by the whole body's parts).
     */
    private static boolean readOn(EncodingDecision decision, java.nio.file.Path file) throws IOException {
        if (decision.source() == DecisionSource.BOM || decision.source() == DecisionSource.HTTP_HEADER) return false;
        EncodingDecision.Lookahead lookahead = decision.lookahead().orElse(null);
        if (lookahead == null) return false;
        return lookahead.cut() || decision.source() == DecisionSource.DETECTION
                && java.nio.file.Files.size(file) > lookahead.bytes();
    }

    /**
     * The Content-Type whose charset is the transport's: {@code Content-Type} if it has a charset
     * parameter (what the caller or a crawler set from the HTTP header), else {@code
     * Content-Type-Hint} (Tika's place for the type the caller knows before detection), else the
     * {@code Content-Type} without one.
     */
    static String transportContentType(Metadata metadata) {
        String contentType = metadata.get(CONTENT_TYPE);
        if (hasCharset(contentType)) return contentType;
        String hint = metadata.get(CONTENT_TYPE_HINT);
        if (hasCharset(hint)) return hint;
        return contentType;
    }

    private static boolean hasCharset(String contentType) {
        return contentType != null && contentType.toLowerCase(Locale.ROOT).contains("charset");
    }

    /** Whether a Content-Type names HTML (or XHTML), or no type at all (empty, or only parameters). */
    static boolean isHtmlOrUnknown(String contentType) {
        int semicolon = contentType.indexOf(';');
        String essence = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip()
                .toLowerCase(Locale.ROOT);
        return essence.isEmpty() || essence.equals("text/html") || essence.equals("application/xhtml+xml")
                || essence.equals("application/octet-stream");
    }

    /**
     * Tika 4's result types, kept out of this class's own method signatures: Tika 3 lists a
     * detector's methods when its configuration loads it, and has no {@code EncodingResult}.
     */
    static final class Tika4 {
        private Tika4() {}

        static List<EncodingResult> results(EncodingDecision decision) {
            return List.of(new EncodingResult(decision.encoding().charset(), confidence(decision), label(decision),
                    resultType(decision.source())));
        }

        private static float confidence(EncodingDecision decision) {
            return switch (decision.source()) {
                case DETECTION -> decision.detectorConfidence().orElse(0) / 100f;
                case DEFAULT -> 0.1f;
                default -> 1f;
            };
        }

        /** The label the encoding came from (as the header or the page spelled it), else its name. */
        private static String label(EncodingDecision decision) {
            Optional<String> label = switch (decision.source()) {
                case HTTP_HEADER -> decision.headerLabel();
                case META_PRESCAN, XML_DECLARATION, LATE_META -> decision.metaLabel();
                default -> Optional.empty();
            };
            return label.orElse(decision.encoding().name());
        }

        static EncodingResult.ResultType resultType(DecisionSource source) {
            return switch (source) {
                case BOM, HTTP_HEADER, META_PRESCAN, XML_DECLARATION, LATE_META -> EncodingResult.ResultType.DECLARATIVE;
                case DECLARATION_OVERRIDDEN, UTF8_VALIDITY -> EncodingResult.ResultType.STRUCTURAL;
                case DETECTION, DEFAULT -> EncodingResult.ResultType.STATISTICAL;
            };
        }
    }

    /**
     * A deserialized detector is a new one with the same options (its parser is not serialized).
     *
     * @return the detector to use
     * @throws ObjectStreamException never
     */
    @Serial
    private Object readResolve() throws ObjectStreamException {
        Encoding fallback = Encoding.forLabel(defaultEncoding).orElse(Encoding.WINDOWS_1252);
        return new BrowserEncodingDetector(new SniffOptions(metaScan, detection, declarations, fallback,
                SniffOptions.TextNormalization.NONE));
    }

    /**
     * Reads the options' parts, refusing a stream that lacks one.
     *
     * @param in the stream
     * @throws IOException if it cannot be read or lacks a part
     * @throws ClassNotFoundException if a class of it is missing
     */
    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (metaScan == null || detection == null || declarations == null || defaultEncoding == null) {
            throw new java.io.InvalidObjectException("a BrowserEncodingDetector needs all its options");
        }
    }

    @Override
    public String toString() {
        return "BrowserEncodingDetector[" + options() + "]";
    }
}
