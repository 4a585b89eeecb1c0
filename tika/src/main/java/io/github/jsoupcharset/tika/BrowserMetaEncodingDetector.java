package io.github.jsoupcharset.tika;

import org.apache.tika.detect.EncodingDetectorContext;
import org.apache.tika.detect.EncodingResult;
import org.apache.tika.detect.MetaEncodingDetector;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.ParseContext;

import java.io.Serial;
import java.util.List;

/**
 * Tika 4's arbiter that lets {@link BrowserEncodingDetector} decide wherever the class path puts
 * it: registered beside it in {@code META-INF/services}, so no one has to configure anything.
 *
 * <p>Tika 4's {@code DefaultEncodingDetector} loads its detectors in class-path order (the order
 * the build declares the jars in) and, by itself, takes the first that answers: a {@code
 * BrowserEncodingDetector} declared after Tika would never be asked. When the chain holds a
 * {@link MetaEncodingDetector}, Tika's {@code CompositeEncodingDetector} instead asks every other
 * detector, wherever it stands, and lets this one choose among their answers: this one chooses
 * {@code BrowserEncodingDetector}'s (the browser's decision for an HTML page), and abstains when
 * it gave none (a type other than HTML, or left out of the chain), which leaves Tika's own first
 * answer.
 *
 * <p>Tika keeps the first {@code MetaEncodingDetector} of its chain and ignores the others: with
 * another arbiter before this one on the class path, that one chooses (docs/tika.md says how to
 * make the browser's decision the only one). Tika 2 and 3 have no such arbiter and skip this class
 * when they load their detectors. Stateless, thread-safe.
 */
public final class BrowserMetaEncodingDetector implements MetaEncodingDetector {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The name under which Tika records {@link BrowserEncodingDetector}'s answer: its simple class name. */
    private static final String BROWSER = BrowserEncodingDetector.class.getSimpleName();

    /** The arbiter; Tika's service loader creates it. */
    public BrowserMetaEncodingDetector() {}

    /**
     * Chooses {@link BrowserEncodingDetector}'s answer among those the chain's other detectors gave
     * for this document (Tika puts them in the {@link EncodingDetectorContext} of {@code
     * parseContext} before it asks this one).
     *
     * @param tis the document (not read: the other detectors have read it)
     * @param metadata the document's metadata (not changed: {@code BrowserEncodingDetector} wrote
     *     its decision)
     * @param parseContext the parse's context, holding the other detectors' answers
     * @return {@code BrowserEncodingDetector}'s result, or empty when it gave none (Tika then takes
     *     the first detector's answer)
     */
    @Override
    public List<EncodingResult> detect(TikaInputStream tis, Metadata metadata, ParseContext parseContext) {
        EncodingDetectorContext answers = parseContext == null ? null : parseContext.get(EncodingDetectorContext.class);
        if (answers == null) return List.of();
        for (EncodingDetectorContext.Result answer : answers.getResults()) {
            if (answer.getDetectorName().equals(BROWSER) && !answer.getEncodingResults().isEmpty()) {
                answers.setArbitrationInfo(BROWSER + " decides as a browser");
                return answer.getEncodingResults();
            }
        }
        return List.of();
    }

    @Override
    public String toString() {
        return "BrowserMetaEncodingDetector[chooses " + BROWSER + "'s answer]";
    }
}
