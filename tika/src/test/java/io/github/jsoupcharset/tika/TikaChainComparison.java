package io.github.jsoupcharset.tika;

import org.apache.tika.config.ServiceLoader;
import org.apache.tika.detect.AutoDetectReader;
import org.apache.tika.detect.DefaultEncodingDetector;
import org.apache.tika.detect.EncodingDetector;
import org.apache.tika.metadata.Metadata;

import java.io.ByteArrayInputStream;
import java.util.List;

/**
 * Tika 4's default encoding-detector chain alone, and with this detector, on the built pages and the
 * shared corpus, read as Tika's parsers read a page ({@code AutoDetectReader}). {@code
 * ChainComparisonTest} checks and prints the README's table.
 */
public final class TikaChainComparison {
    private TikaChainComparison() {}

    /** Tika's own name for the chain it loads without this detector. */
    static final String TIKA = "Tika 4.2 alone";
    static final String WITH = "with jsoup-charset-tika";

    /** Tika's default chain without this detector, as the services files give it. */
    static EncodingDetector tikaAlone() {
        return new DefaultEncodingDetector(new ServiceLoader(), List.of(BrowserEncodingDetector.class));
    }

    /** Tika's default chain as the services files give it with this artifact on the class path. */
    static EncodingDetector withThisDetector() {
        return new DefaultEncodingDetector();
    }

    static ChainComparison.Chain chain(EncodingDetector detector) {
        return (bytes, contentType) -> {
            Metadata metadata = new Metadata();
            if (contentType != null) metadata.set("Content-Type", contentType);
            try (AutoDetectReader reader = new AutoDetectReader(new ByteArrayInputStream(bytes), metadata, detector)) {
                StringBuilder text = new StringBuilder();
                char[] buf = new char[8192];
                for (int n; (n = reader.read(buf)) >= 0; ) text.append(buf, 0, n);
                return text.toString();
            }
        };
    }

    static ChainComparison.Result compare(List<ChainComparison.Case> cases) {
        return ChainComparison.compare(cases, TIKA, chain(tikaAlone()), WITH, chain(withThisDetector()));
    }
}
