package io.github.jsoupcharset.tika;

import org.apache.tika.config.ServiceLoader;
import org.apache.tika.detect.AutoDetectReader;
import org.apache.tika.detect.DefaultEncodingDetector;
import org.apache.tika.detect.EncodingDetector;
import org.apache.tika.metadata.Metadata;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Tika 4's default encoding-detector chain alone, and with this detector, on the built pages and the
 * shared corpus, read as Tika's parsers read a page ({@code AutoDetectReader}). Prints the table of
 * the README:
 * {@code mvn -f tika/pom.xml -q test-compile exec:java -Dexec.mainClass=io.github.jsoupcharset.tika.TikaChainComparison -Dexec.classpathScope=test},
 * or run {@code ChainComparisonTest}, which checks and prints it.
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

    /**
     * Prints the comparison on the built pages and, where it is there, the shared corpus.
     *
     * @param args optional: the shared folder (default {@code ../shared}, {@code ../../shared})
     * @throws IOException if the corpus cannot be read
     */
    public static void main(String[] args) throws IOException {
        List<ChainComparison.Case> cases = new ArrayList<>(ChainComparison.builtCases());
        Path shared = args.length > 0 ? Paths.get(args[0])
                : Files.isDirectory(Paths.get("../shared")) ? Paths.get("../shared") : Paths.get("../../shared");
        Path corpus = shared.resolve("corpus/chardet");
        if (Files.isDirectory(corpus)) cases.addAll(ChainComparison.corpusCases(corpus));
        System.out.print(compare(cases).table());
    }
}
