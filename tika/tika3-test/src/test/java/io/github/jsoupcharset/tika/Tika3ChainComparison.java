package io.github.jsoupcharset.tika;

import org.apache.tika.config.ServiceLoader;
import org.apache.tika.detect.AutoDetectReader;
import org.apache.tika.detect.DefaultEncodingDetector;
import org.apache.tika.detect.EncodingDetector;
import org.apache.tika.metadata.Metadata;

import java.io.ByteArrayInputStream;
import java.util.List;

/**
 * Tika 3's default encoding-detector chain (HtmlEncodingDetector, juniversalchardet, ICU4J) alone,
 * and with this detector, on the built pages and the shared corpus, read as Tika's parsers read a
 * page ({@code AutoDetectReader}). {@code Tika3ChainComparisonTest} checks and prints the README's
 * table.
 */
public final class Tika3ChainComparison {
    private Tika3ChainComparison() {}

    static final String TIKA = "Tika 3.3 alone";
    static final String WITH = "with jsoup-charset-tika";

    static EncodingDetector tikaAlone() {
        return new DefaultEncodingDetector(new ServiceLoader(), List.of(BrowserEncodingDetector.class));
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
        return ChainComparison.compare(cases, TIKA, chain(tikaAlone()), WITH, chain(new DefaultEncodingDetector()));
    }
}
