package io.github.jsoupcharset.detect;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.tools.GenerateIcuNgrams;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * The replica of ICU4J's single-byte recognisers gives exactly what ICU4J's detector gives, on
 * every page of the development set, its prefixes and crafted inputs, and {@link IcuOpinion} gives
 * the same confidences with it as without it.
 */
class IcuNgramsTest {
    /** The single-byte recognisers of the ICU4J the tests run with (IBM420 and IBM424 name no WHATWG encoding). */
    private static final Set<String> SINGLE_BYTE = Set.of("ISO-8859-1", "ISO-8859-2", "ISO-8859-5", "ISO-8859-6",
            "ISO-8859-7", "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-9", "windows-1251", "windows-1256", "KOI8-R");

    private static final Path TABLES_SOURCE =
            Paths.get("src/main/java/io/github/jsoupcharset/detect/IcuNgramTables.java");

    /** Lengths cut from each text: the short prefixes, odd ones, and around ICU4J's 8000-byte input limit. */
    private static final int[] PREFIXES = {0, 1, 2, 3, 16, 17, 100, 333, 1000, 4097, 7999, 8000, 8001};

    @Test
    void replicatesEverySingleByteRecogniser() {
        assertThat(IcuNgrams.recognisers(), equalTo(SINGLE_BYTE));
    }

    /**
     * The generated tables are those of the ICU4J the tests run with: another ICU4J fails here until
     * the tables are regenerated.
     */
    @Test
    void tablesAreThoseOfTheIcu4jOnTheClassPath() throws IOException {
        String[] checkedIn = Files.readString(TABLES_SOURCE, StandardCharsets.UTF_8).split("\n", -1);
        String[] generated = GenerateIcuNgrams.source().split("\n", -1);
        int line = 0;
        while (line < Math.min(checkedIn.length, generated.length) && checkedIn[line].equals(generated[line])) line++;
        String message = "IcuNgramTables.java (from ICU4J " + IcuNgramTables.ICU4J_VERSION + ") is not what ICU4J "
                + GenerateIcuNgrams.icuVersion() + " on the class path has, from line " + (line + 1) + ": run "
                + GenerateIcuNgrams.COMMAND;
        assertThat(message, line < checkedIn.length ? checkedIn[line] : "(the end)",
                equalTo(line < generated.length ? generated[line] : "(the end)"));
        assertThat(IcuNgramTables.ICU4J_VERSION, equalTo(GenerateIcuNgrams.icuVersion()));
    }

    /** The replica reads ICU4J's data from the generated tables, with no reflection (nor ICU4J) at run time. */
    @Test
    void replicaUsesNoReflection() throws IOException {
        List<Class<?>> classes = new ArrayList<>();
        classes.addAll(List.of(IcuNgrams.class.getNestMembers()));
        classes.addAll(List.of(IcuNgramTables.class.getNestMembers()));
        assertThat(classes.size() >= 5, equalTo(true)); // the two classes and their records
        for (Class<?> c : classes) {
            String file = c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class";
            byte[] bytes;
            try (InputStream in = c.getResourceAsStream(file)) {
                bytes = in.readAllBytes();
            }
            // the constant pool names every class and method the class uses
            String constants = new String(bytes, StandardCharsets.ISO_8859_1);
            assertThat(file, constants.contains("java/lang/reflect/"), equalTo(false));
            assertThat(file, constants.contains("setAccessible"), equalTo(false));
            assertThat(file, constants.contains("com/ibm/icu/"), equalTo(false));
        }
    }

    /**
     * Each recogniser's name, C1 name and confidence are ICU4J's on a text made of each of its
     * languages' n-grams, with and without a byte 0x80-0x9F, and on its prefixes: each alone and
     * all together.
     */
    @Test
    void replicaGivesIcu4jsNamesOnEachLanguagesNgrams() {
        for (IcuNgramTables.Recogniser r : IcuNgramTables.RECOGNISERS) {
            for (IcuNgramTables.Language language : r.languages()) {
                String hex = language.ngrams();
                byte[] text = new byte[64 * 4];
                for (int i = 0; i < 64; i++) {
                    int ngram = Integer.parseInt(hex, i * 6, i * 6 + 6, 16);
                    text[i * 4] = (byte) (ngram >>> 16);
                    text[i * 4 + 1] = (byte) (ngram >>> 8);
                    text[i * 4 + 2] = (byte) ngram;
                    text[i * 4 + 3] = ' ';
                }
                byte[] withC1 = text.clone();
                withC1[withC1.length - 1] = (byte) 0x85;
                for (byte[] t : List.of(text, withC1)) {
                    String what = r.name() + " " + language.code() + (t == withC1 ? " with C1" : "");
                    for (int len : new int[] {t.length, 100, 20, 4}) {
                        Set<String> alone = Set.of(r.name());
                        assertThat(what + " " + len, replica(t, len, alone), equalTo(icu(t, len, alone)));
                        assertThat(what + " " + len, replica(t, len, SINGLE_BYTE), equalTo(icu(t, len, SINGLE_BYTE)));
                    }
                    // a language's own n-grams make its recogniser name itself (or its C1 name): the check checks
                    List<String> whole = replica(t, t.length, Set.of(r.name()));
                    String expected = t == withC1 && r.c1Name() != null ? r.c1Name() : r.name();
                    assertThat(what + " " + whole, whole.size() == 1 && whole.get(0).startsWith(expected + "="),
                            equalTo(true));
                }
            }
        }
    }

    @Test
    void replicaGivesIcu4jsConfidencesOnEveryPageAndItsPrefixes() throws IOException {
        Map<String, String> differ = new TreeMap<>();
        int compared = 0;
        for (DetectionCorpus.Case c : DetectionCorpus.development()) {
            // the text detection weighs (as ranked) and the whole page, markup and all
            for (byte[] text : List.of(DetectionCorpus.evidenceText(c.bytes()), c.bytes())) {
                List<Integer> lengths = new ArrayList<>(List.of(text.length));
                for (int n : PREFIXES) if (n < text.length) lengths.add(n);
                for (int len : lengths) {
                    List<String> icu = icu(text, len, SINGLE_BYTE);
                    List<String> replica = replica(text, len, SINGLE_BYTE);
                    if (!icu.equals(replica)) differ.put(c.path() + " [0, " + len + ")", "ICU4J " + icu + ", replica " + replica);
                    compared++;
                }
            }
        }
        assertThat(differ, equalTo(Map.of()));
        assertThat(compared > 5000, equalTo(true));
    }

    @Test
    void replicaRunsOnlyTheRecognisersAsked() throws IOException {
        List<Set<String>> subsets = List.of(Set.of("ISO-8859-1"), Set.of("windows-1251", "KOI8-R", "ISO-8859-5"),
                Set.of("ISO-8859-8"), Set.of("ISO-8859-8-I", "ISO-8859-2"), Set.of());
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        for (DetectionCorpus.Case c : cases.subList(0, Math.min(cases.size(), 120))) {
            byte[] text = DetectionCorpus.evidenceText(c.bytes());
            for (Set<String> names : subsets) {
                assertThat(c.path() + " " + names, replica(text, text.length, names), equalTo(icu(text, text.length, names)));
            }
        }
    }

    @Test
    void replicaGivesIcu4jsConfidencesOnCraftedInputs() {
        List<byte[]> inputs = new ArrayList<>();
        inputs.add(new byte[0]);
        for (int b = 0; b < 256; b++) inputs.add(new byte[] {(byte) b});
        byte[] spaces = new byte[300];
        Arrays.fill(spaces, (byte) ' ');
        inputs.add(spaces);
        byte[] apostrophes = new byte[50]; // mapped to nothing by ISO-8859-1's byte map
        Arrays.fill(apostrophes, (byte) '\'');
        inputs.add(apostrophes);
        byte[] every = new byte[256 * 3];
        for (int i = 0; i < every.length; i++) every[i] = (byte) i;
        inputs.add(every);
        // French, German, Czech, Russian and Hebrew words, with and without a C1 byte (a windows-125x quote)
        inputs.add(latin1("Le cœur a ses raisons que la raison ne connaît point, et les élèves de l'école"));
        inputs.add(latin1("Le c\u0153ur a ses raisons que la raison ne conna\u00eet point \u0093d\u00e9j\u00e0\u0094"));
        inputs.add(latin1("Die Würde des Menschen ist unantastbar. Sie zu achten und zu schützen ist Verpflichtung"));
        inputs.add("Příliš žluťoučký kůň úpěl ďábelské ódy".getBytes(java.nio.charset.Charset.forName("ISO-8859-2")));
        inputs.add("Příliš žluťoučký kůň úpěl ďábelské ódy \u201e".getBytes(java.nio.charset.Charset.forName("windows-1250")));
        inputs.add("Съешь же ещё этих мягких французских булок, да выпей чаю".getBytes(java.nio.charset.Charset.forName("windows-1251")));
        inputs.add("Съешь же ещё этих мягких французских булок, да выпей чаю".getBytes(java.nio.charset.Charset.forName("KOI8-R")));
        inputs.add("דג סקרן שט בים מאוכזב ולפתע מצא חברה \u201d".getBytes(java.nio.charset.Charset.forName("windows-1255")));
        byte[] longText = new byte[20_000]; // past ICU4J's 8000 bytes, with a C1 byte only after them
        byte[] phrase = latin1("les mots de la langue fran\u00e7aise ");
        for (int i = 0; i < longText.length; i++) longText[i] = phrase[i % phrase.length];
        longText[12_000] = (byte) 0x85;
        inputs.add(longText);
        byte[] c1Early = longText.clone();
        c1Early[7_999] = (byte) 0x85;
        inputs.add(c1Early);
        for (byte[] text : inputs) {
            for (int len : new int[] {text.length, text.length / 2, Math.min(text.length, 8000)}) {
                String what = "[" + new String(text, 0, Math.min(len, 40), StandardCharsets.ISO_8859_1) + "…] " + len;
                assertThat(what, replica(text, len, SINGLE_BYTE), equalTo(icu(text, len, SINGLE_BYTE)));
                assertThat(what, replica(text, len, null), equalTo(icu(text, len, null)));
            }
        }
    }

    /**
     * The fallback (everything in ICU4J's detector) and the replica give the same map, whatever is
     * wanted: for all, none and each encoding ICU4J can name alone (the map for a set is the
     * confidences of the recognisers of each member merged by their maximum, so this covers every
     * set), and a few sets.
     */
    @Test
    void icuOpinionIsTheSameWithAndWithoutTheReplica() throws IOException {
        List<Set<Encoding>> wanted = new ArrayList<>();
        wanted.add(null);
        wanted.add(Set.of());
        for (Encoding e : IcuOpinion.NAMES) wanted.add(Set.of(e));
        wanted.add(Set.of(Encoding.WINDOWS_1251, Encoding.KOI8_R, Encoding.ISO_8859_5));
        wanted.add(Set.of(Encoding.SHIFT_JIS, Encoding.WINDOWS_1252, Encoding.EUC_JP));
        wanted.add(Set.of(Encoding.ISO_8859_8, Encoding.ISO_8859_8_I, Encoding.WINDOWS_1255));
        wanted.add(Set.of(Encoding.EUC_KR, Encoding.WINDOWS_1250, Encoding.UTF_16LE));
        Map<String, String> differ = new TreeMap<>();
        for (DetectionCorpus.Case c : DetectionCorpus.development()) {
            byte[] text = DetectionCorpus.evidenceText(c.bytes());
            for (Set<Encoding> w : wanted) {
                for (int len : w == null ? new int[] {text.length, Math.min(text.length, 100)} : new int[] {text.length}) {
                    Map<Encoding, Integer> icu = IcuOpinion.confidences(text, len, w, false);
                    Map<Encoding, Integer> replica = IcuOpinion.confidences(text, len, w, true);
                    if (!icu.equals(replica)) differ.put(c.path() + " " + w + " " + len, "ICU4J " + icu + ", replica " + replica);
                }
            }
        }
        assertThat(differ, equalTo(Map.of()));
        // and the usual form is the replica's
        byte[] text = latin1("Ceci est un texte fran\u00e7ais, \u00e0 peine \u00e9crit.");
        assertThat(IcuOpinion.confidences(text, text.length), equalTo(IcuOpinion.confidences(text, text.length, null, true)));
    }

    /** ICU4J's detector with only {@code names} enabled (null: its defaults): each match as "name=confidence", sorted. */
    private static List<String> icu(byte[] text, int len, Set<String> names) {
        CharsetDetector detector = new CharsetDetector();
        for (String name : CharsetDetector.getAllDetectableCharsets()) {
            // the defaults less the recognisers not replicated
            boolean on = names == null ? SINGLE_BYTE.contains(name) : names.contains(name);
            detector.setDetectableCharset(name, on);
        }
        detector.setText(Arrays.copyOf(text, len));
        List<String> matches = new ArrayList<>();
        CharsetMatch[] all = detector.detectAll();
        if (all != null) for (CharsetMatch m : all) matches.add(m.getName() + "=" + m.getConfidence());
        Collections.sort(matches);
        return matches;
    }

    private static List<String> replica(byte[] text, int len, Set<String> names) {
        List<String> matches = new ArrayList<>();
        Set<String> named = names == null ? null : new HashSet<>(names);
        IcuNgrams.match(text, len, named, (name, confidence) -> matches.add(name + "=" + confidence));
        Collections.sort(matches);
        return matches;
    }

    private static byte[] latin1(String s) {
        return s.getBytes(java.nio.charset.Charset.forName("windows-1252"));
    }
}
