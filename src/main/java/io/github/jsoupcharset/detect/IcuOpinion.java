package io.github.jsoupcharset.detect;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;
import io.github.jsoupcharset.encoding.Encoding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * ICU4J's opinion, one piece of the evidence ({@link TextEvidence.Parts#score}): its
 * {@code CharsetDetector}'s confidence in each WHATWG encoding its recognisers can name. Its
 * n-gram models tell apart languages the exemplar sets cannot (Hebrew from Cyrillic); it cannot
 * name IBM866, windows-874, x-mac-cyrillic and others, which then get nothing from it. Internal;
 * thread-safe.
 */
final class IcuOpinion {
    private IcuOpinion() {}

    /**
     * The encodings ICU4J can name (as {@link #confidences(byte[], int)} maps them): the others never get
     * its confidence. Its ISO-8859 recognisers answer windows-125x instead when they see C1 bytes.
     */
    static final Set<Encoding> NAMES = names();

    private static Set<Encoding> names() {
        Set<Encoding> names = new HashSet<>();
        for (String name : CharsetDetector.getAllDetectableCharsets()) names.addAll(results(name));
        return Set.copyOf(names);
    }

    /** ICU4J's confidence per WHATWG encoding (the best it gives for any label of it). */
    static Map<Encoding, Integer> confidences(byte[] text, int len) {
        return confidences(text, len, null);
    }

    /**
     * ICU4J's confidence in the encodings {@code wanted} (all if null), running only the
     * recognisers that can name one of them: each recogniser's confidence is its own, whichever
     * others run.
     */
    static Map<Encoding, Integer> confidences(byte[] text, int len, Set<Encoding> wanted) {
        Map<Encoding, Integer> result = new HashMap<>();
        CharsetDetector detector = new CharsetDetector();
        if (wanted != null) {
            for (String name : CharsetDetector.getAllDetectableCharsets()) {
                boolean useful = false;
                for (Encoding e : results(name)) useful |= wanted.contains(e);
                detector.setDetectableCharset(name, useful);
            }
        }
        detector.setText(len == text.length ? text : Arrays.copyOf(text, len));
        CharsetMatch[] matches = detector.detectAll();
        if (matches == null) return result;
        for (CharsetMatch m : matches) {
            Encoding.forLabel(m.getName()).ifPresent(e -> result.merge(e == Encoding.GB18030 ? Encoding.GBK : e,
                    m.getConfidence(), Math::max));
        }
        return result;
    }

    /** The WHATWG encodings a recogniser named {@code name} can answer (ISO-8859 ones: windows-125x too). */
    static Set<Encoding> results(String name) {
        Set<Encoding> results = RESULTS == null ? null : RESULTS.get(name); // null while NAMES is built
        return results != null ? results : computeResults(name);
    }

    /** {@link #results} of every recogniser, worked out once. */
    private static final Map<String, Set<Encoding>> RESULTS = allResults();

    private static Map<String, Set<Encoding>> allResults() {
        Map<String, Set<Encoding>> m = new HashMap<>();
        for (String name : CharsetDetector.getAllDetectableCharsets()) m.put(name, Set.copyOf(computeResults(name)));
        return Map.copyOf(m);
    }

    private static Set<Encoding> computeResults(String name) {
        Set<Encoding> results = new HashSet<>();
        List<String> labels = new ArrayList<>(List.of(name));
        String windows = Map.of("ISO-8859-1", "windows-1252", "ISO-8859-2", "windows-1250", "ISO-8859-7",
                "windows-1253", "ISO-8859-8", "windows-1255", "ISO-8859-8-I", "windows-1255", "ISO-8859-9",
                "windows-1254").get(name);
        if (windows != null) labels.add(windows);
        for (String label : labels) {
            Encoding.forLabel(label).ifPresent(e -> results.add(e == Encoding.GB18030 ? Encoding.GBK : e));
        }
        return results;
    }
}
