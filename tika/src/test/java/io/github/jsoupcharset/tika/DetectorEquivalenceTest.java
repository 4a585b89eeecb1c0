package io.github.jsoupcharset.tika;

import io.github.jsoupcharset.BrowserCharsetJsoup;

import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.ParseContext;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Every page of {@code corpus/realweb} through the detector, from a stream and from a file: what
 * it records is what the library's {@code sniff(byte[], contentType)} decides, field by field, but
 * where the documented look-ahead bound (512 KiB of a stream) applied, and the recorded decision
 * says so ({@link DecisionMetadata#LOOKAHEAD_BYTES} short of the page, with its evidence, or {@link
 * DecisionMetadata#LOOKAHEAD_CUT}). The library's own entry points are compared by the library's
 * {@code EntryPointEquivalenceTest}.
 */
class DetectorEquivalenceTest {
    private static final Pattern FIELD = Pattern.compile("\"(body|content_type)\": (null|\"([^\"]*)\")");
    /** What the look-ahead's evidence weighs: a decision made from fewer bytes may weigh less. */
    private static final Set<String> EVIDENCE = Set.of(DecisionMetadata.CONFIDENCE, DecisionMetadata.MISDECLARATION,
            DecisionMetadata.DETECTOR_CONFIDENCE, DecisionMetadata.DETECTOR_RUNNER_UP, DecisionMetadata.BINARY_EVIDENCE);
    private static final Set<String> LOOKAHEAD = Set.of(DecisionMetadata.LOOKAHEAD_BYTES, DecisionMetadata.LOOKAHEAD_CUT);

    @Test
    void theDetectorRecordsTheDecisionOfEveryPagesBytes() throws IOException {
        Path corpus = SharedPages.file("corpus/realweb");
        BrowserEncodingDetector detector = new BrowserEncodingDetector();
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (String line : Files.readAllLines(corpus.resolve("cases.jsonl"), StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            String body = null;
            String contentType = "text/html"; // none recorded: served as text/html without a charset
            for (Matcher m = FIELD.matcher(line); m.find(); ) {
                if (m.group(1).equals("body")) body = m.group(3);
                else if (m.group(3) != null) contentType = m.group(3);
            }
            if (!BrowserEncodingDetector.isHtmlOrUnknown(contentType)) continue; // the detector abstains
            Path file = corpus.resolve(body);
            byte[] bytes = Files.readAllBytes(file);
            Metadata want = new Metadata();
            DecisionMetadata.write(BrowserCharsetJsoup.sniff(bytes, contentType), want);
            Metadata fromStream = metadata(contentType);
            try (TikaInputStream tis = TikaInputStream.get(new ByteArrayInputStream(bytes))) {
                detector.detect(tis, fromStream, new ParseContext());
            }
            Metadata fromFile = metadata(contentType);
            try (TikaInputStream tis = TikaInputStream.get(file)) {
                detector.detect(tis, fromFile, new ParseContext());
            }
            differences.addAll(differences(body + " (stream)", want, fromStream, bytes.length));
            differences.addAll(differences(body + " (file)", want, fromFile, bytes.length));
            compared++;
        }
        assertThat(compared, greaterThan(1000));
        assertThat(String.join("\n", differences.subList(0, Math.min(40, differences.size()))), differences, empty());
    }

    private static Metadata metadata(String contentType) {
        Metadata m = new Metadata();
        m.set("Content-Type", contentType);
        return m;
    }

    /** How {@code got} differs from {@code want} beyond what the recorded look-ahead allows. */
    private static List<String> differences(String what, Metadata want, Metadata got, long length) {
        String bytesRead = got.get(DecisionMetadata.LOOKAHEAD_BYTES);
        boolean prefix = bytesRead != null && Long.parseLong(bytesRead) < length;
        if (prefix && "true".equals(got.get(DecisionMetadata.LOOKAHEAD_CUT))) return List.of(); // the bound, said
        List<String> out = new ArrayList<>();
        Set<String> names = new java.util.TreeSet<>(List.of(want.names()));
        for (String name : got.names()) if (name.startsWith(DecisionMetadata.PREFIX)) names.add(name);
        for (String name : names) {
            if (LOOKAHEAD.contains(name) || prefix && EVIDENCE.contains(name)) continue;
            if (!List.of(want.getValues(name)).equals(List.of(got.getValues(name)))) {
                out.add(what + ": " + name + " " + List.of(got.getValues(name)) + ", the bytes' " + List.of(want.getValues(name)));
            }
        }
        return out;
    }
}
