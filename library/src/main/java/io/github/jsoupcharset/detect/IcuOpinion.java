package io.github.jsoupcharset.detect;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;
import com.ibm.icu.util.ULocale;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ObjIntConsumer;

/**
 * ICU4J's opinion, one piece of the evidence ({@link TextEvidence.Parts#score}): its
 * {@code CharsetDetector}'s confidence in each WHATWG encoding its recognisers can name. Its
 * n-gram models tell apart languages the exemplar sets cannot (Hebrew from Cyrillic); it cannot
 * name IBM866, windows-874, x-mac-cyrillic and others, which then get nothing from it. Its models
 * of languages not written in Latin letters read only the text's words beyond ASCII
 * ({@link #OWN_WORDS}). Internal; thread-safe.
 */
final class IcuOpinion {
    private IcuOpinion() {}

    /**
     * Encodings that write the same languages with the same letters at almost all the same bytes,
     * which ICU4J's n-gram recognisers (one model per language, over byte values) cannot tell
     * apart: it names one of a pair by whether C1 bytes are present (windows-1255 or ISO-8859-8,
     * windows-1253 or ISO-8859-7), or only one of them at all (ISO-8859-1, never ISO-8859-15;
     * windows-1251, never x-mac-cyrillic, whose Russian lower case is at windows-1251's bytes but
     * for я; KOI8-R, never KOI8-U). Its confidence in the language is given to both; the
     * characters they differ in (€, ₪, ¤, Ά, capitals, the C1 range) are the scoring's to weigh, as
     * for any other pair of candidates.
     */
    private static final Map<Encoding, Set<Encoding>> TWINS = Map.of(
            Encoding.WINDOWS_1252, Set.of(Encoding.ISO_8859_15),
            Encoding.ISO_8859_8, Set.of(Encoding.WINDOWS_1255),
            Encoding.WINDOWS_1255, Set.of(Encoding.ISO_8859_8),
            Encoding.ISO_8859_2, Set.of(Encoding.WINDOWS_1250),
            Encoding.WINDOWS_1250, Set.of(Encoding.ISO_8859_2),
            Encoding.WINDOWS_1251, Set.of(Encoding.X_MAC_CYRILLIC),
            Encoding.KOI8_R, Set.of(Encoding.KOI8_U),
            Encoding.ISO_8859_7, Set.of(Encoding.WINDOWS_1253),
            Encoding.WINDOWS_1253, Set.of(Encoding.ISO_8859_7));

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
     * others run. The single-byte recognisers run as {@link IcuNgrams}' replica, the others in
     * ICU4J's detector (not at all when none is wanted).
     */
    static Map<Encoding, Integer> confidences(byte[] text, int len, Set<Encoding> wanted) {
        return confidences(text, len, wanted, !IcuNgrams.recognisers().isEmpty());
    }

    /** {@link #confidences(byte[], int, Set)}, with the replica or (tests) all in ICU4J's detector. */
    static Map<Encoding, Integer> confidences(byte[] text, int len, Set<Encoding> wanted, boolean replica) {
        Map<Encoding, Integer> result = new HashMap<>();
        run(text, len, wanted, replica, false, result);
        if (wanted != null && Collections.disjoint(wanted, OWN_WORDS_NAME)) return result;
        byte[] words = wordsBeyondAscii(text, len);
        if (words.length > 0) run(words, words.length, wanted, replica, true, result);
        return result;
    }

    /**
     * Runs the recognisers that can name one of {@code wanted} (all if null) whose languages are
     * written beyond ASCII ({@link #OWN_WORDS}: {@code ownWords} true) or the others, on {@code
     * text[0, len)}, adding their confidences to {@code result}.
     */
    private static void run(byte[] text, int len, Set<Encoding> wanted, boolean replica, boolean ownWords,
            Map<Encoding, Integer> result) {
        ObjIntConsumer<String> add = (name, confidence) -> Encoding.forLabel(name).ifPresent(e -> {
            result.merge(e == Encoding.GB18030 ? Encoding.GBK : e, confidence, Math::max);
            for (Encoding twin : TWINS.getOrDefault(e, Set.of())) result.merge(twin, confidence, Math::max);
        });
        Set<String> replicated = replica ? IcuNgrams.recognisers() : Set.of();
        Set<String> replicaRuns = new HashSet<>();
        List<String> detectorRuns = new ArrayList<>();
        for (String name : CharsetDetector.getAllDetectableCharsets()) {
            if (OWN_WORDS.contains(name) != ownWords) continue;
            if (wanted == null ? !DEFAULT_RUNS.contains(name) : Collections.disjoint(wanted, results(name))) continue;
            if (!replicated.contains(name)) detectorRuns.add(name);
            else replicaRuns.add(name);
        }
        if (!replicaRuns.isEmpty()) IcuNgrams.match(text, len, replicaRuns, add);
        if (detectorRuns.isEmpty()) return;
        CharsetDetector detector = new CharsetDetector();
        for (String name : CharsetDetector.getAllDetectableCharsets()) {
            detector.setDetectableCharset(name, detectorRuns.contains(name));
        }
        detector.setText(len == text.length ? text : Arrays.copyOf(text, len));
        CharsetMatch[] matches = detector.detectAll();
        if (matches == null) return;
        for (CharsetMatch m : matches) add.accept(m.getName(), m.getConfidence());
    }

    /**
     * The recognisers whose languages are written in another script than Latin (Russian, Greek,
     * Arabic, Hebrew): their words are all bytes beyond ASCII, so they are given only the text's
     * words that hold such a byte ({@link #wordsBeyondAscii}). The rest of the text is words of
     * another language (English around a few Russian words) or names, and only dilutes the
     * n-grams of the language: "Цвет поддерживает" in an English paragraph, read in windows-1251
     * or as Greek, was a few hits in hundreds of English n-grams either way.
     */
    static final Set<String> OWN_WORDS = ownWords();

    private static Set<String> ownWords() {
        Set<String> names = new HashSet<>();
        for (IcuNgramTables.Recogniser r : IcuNgramTables.RECOGNISERS) {
            boolean latin = false;
            for (IcuNgramTables.Language l : r.languages()) {
                latin |= "Latn".equals(ULocale.addLikelySubtags(new ULocale(l.code())).getScript());
            }
            if (!latin) names.add(r.name());
        }
        return Set.copyOf(names);
    }

    /** The encodings the {@link #OWN_WORDS} recognisers can name. */
    private static final Set<Encoding> OWN_WORDS_NAME = ownWordsName();

    private static Set<Encoding> ownWordsName() {
        Set<Encoding> named = new HashSet<>();
        for (String name : OWN_WORDS) named.addAll(results(name));
        return Set.copyOf(named);
    }

    /** The recognisers ICU4J's detector runs by default. */
    private static final Set<String> DEFAULT_RUNS = defaultRuns();

    private static Set<String> defaultRuns() {
        return Set.of(new CharsetDetector().getDetectableCharsets());
    }

    /**
     * The words of {@code text[0, len)} that hold a byte beyond ASCII (a word: a run of such bytes
     * and ASCII letters), each after a space (the n-grams that begin a word begin with one), at most {@link IcuNgrams#INPUT_LIMIT} bytes.
     */
    static byte[] wordsBeyondAscii(byte[] text, int len) {
        byte[] out = new byte[Math.min(2 * len, IcuNgrams.INPUT_LIMIT)]; // a space before each word
        int n = 0;
        int copied = 0; // where the last word copied ends: a word is copied once
        // from one byte beyond ASCII to the next, ASCII between them stepped over
        for (int i = AsciiBytes.firstNonAscii(text, 0, len); i < len && n < out.length;
                i = AsciiBytes.firstNonAscii(text, i, len)) {
            int start = i;
            while (start > copied && inWord(text[start - 1])) start--;
            while (i < len && inWord(text[i])) i++;
            out[n++] = ' ';
            int count = Math.min(i - start, out.length - n);
            System.arraycopy(text, start, out, n, count);
            n += count;
            copied = i;
        }
        return Arrays.copyOf(out, n);
    }

    /** Whether a byte belongs to a word: beyond ASCII, or an ASCII letter. */
    private static boolean inWord(byte b) {
        return b < 0 || AsciiBytes.isAsciiLetter(b);
    }

    /** The WHATWG encodings a recogniser named {@code name} can answer (ISO-8859 ones: windows-125x too). */
    static Set<Encoding> results(String name) {
        Set<Encoding> results = RESULTS == null ? null : RESULTS.get(name); // null while the class initialises (NAMES, OWN_WORDS_NAME)
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
        for (Encoding e : Set.copyOf(results)) results.addAll(TWINS.getOrDefault(e, Set.of()));
        return results;
    }
}
