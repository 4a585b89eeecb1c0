package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * Running only the recognisers that can name a finalist gives the finalists the same confidences,
 * every encoding ICU4J answers is one it is known to name, and the recognisers of languages
 * written beyond ASCII read only the words that hold such bytes.
 */
class IcuOpinionTest {
    @Test
    void runningSomeRecognisersGivesTheirConfidencesUnchanged() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        Set<Encoding> wanted = Set.of(Encoding.WINDOWS_1251, Encoding.KOI8_R, Encoding.WINDOWS_1250, Encoding.GBK,
                Encoding.WINDOWS_1255);
        for (DetectionCorpus.Case c : cases.subList(0, Math.min(cases.size(), 150))) {
            byte[] text = DetectionCorpus.evidenceText(c.bytes());
            Map<Encoding, Integer> all = IcuOpinion.confidences(text, text.length);
            Map<Encoding, Integer> some = IcuOpinion.confidences(text, text.length, wanted);
            for (Encoding e : wanted) assertThat(c.path() + " " + e, some.get(e), equalTo(all.get(e)));
        }
    }

    @Test
    void everyEncodingIcuNamesIsKnownToBeNameable() {
        byte[] text = "Ceci est un texte fran\u00e7ais, \u00e0 peine \u00e9crit.".getBytes(StandardCharsets.ISO_8859_1);
        for (String name : com.ibm.icu.text.CharsetDetector.getAllDetectableCharsets()) {
            assertThat(name, IcuOpinion.NAMES.containsAll(IcuOpinion.results(name)), equalTo(true));
        }
        for (Encoding e : IcuOpinion.confidences(text, text.length).keySet()) {
            assertThat(e.name(), IcuOpinion.NAMES.contains(e), equalTo(true));
        }
    }

    private static final String ENGLISH = "Printer requires the program but it is not currently installed. Please install "
            + "it before using this printer. Amount of border space between the menubar shadow and the menu items. ";

    @Test
    void wordsBeyondAsciiAreTheWordsThatHoldSuchABytesEachAfterASpace() {
        byte[] text = "File: \u00e9t\u00e9 x caf\u00e9s, 12\u00b0 and more".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(new String(IcuOpinion.wordsBeyondAscii(text, text.length), StandardCharsets.ISO_8859_1),
                equalTo(" \u00e9t\u00e9 caf\u00e9s \u00b0"));
        assertThat(IcuOpinion.wordsBeyondAscii(text, 4).length, equalTo(0));
    }

    @Test
    void russianWordsInEnglishTextGetTheRussianModelsConfidence() {
        byte[] text = (ENGLISH + ENGLISH + "\u0426\u0432\u0435\u0442 \u043f\u043e\u0434\u0434\u0435\u0440\u0436\u0438\u0432\u0430\u0435\u0442.")
                .getBytes(java.nio.charset.Charset.forName("windows-1251"));
        Map<Encoding, Integer> icu = IcuOpinion.confidences(text, text.length);
        // on the whole text the English n-grams drown the Russian ones: ICU4J gives windows-1251 little
        assertThat(icu4jOnTheWholeText(text, "windows-1251") < 20, equalTo(true));
        assertThat(icu.get(Encoding.WINDOWS_1251) >= 40, equalTo(true));
        assertThat(icu.get(Encoding.WINDOWS_1251) > icu.getOrDefault(Encoding.ISO_8859_7, 0), equalTo(true));
    }

    @Test
    void latinRecognisersStillReadTheWholeText() {
        byte[] text = (ENGLISH + "Caf\u00e9 cr\u00e8me.").getBytes(StandardCharsets.ISO_8859_1);
        int iso88591 = icu4jOnTheWholeText(text, "ISO-8859-1");
        assertThat(iso88591 > 0, equalTo(true));
        assertThat(IcuOpinion.confidences(text, text.length).get(Encoding.WINDOWS_1252), equalTo(iso88591));
    }

    /** ICU4J's detector's confidence in {@code name} on all of {@code text} (0 when it does not name it). */
    private static int icu4jOnTheWholeText(byte[] text, String name) {
        com.ibm.icu.text.CharsetDetector detector = new com.ibm.icu.text.CharsetDetector();
        detector.setText(text);
        for (com.ibm.icu.text.CharsetMatch m : detector.detectAll()) {
            if (m.getName().equals(name)) return m.getConfidence();
        }
        return 0;
    }
}
