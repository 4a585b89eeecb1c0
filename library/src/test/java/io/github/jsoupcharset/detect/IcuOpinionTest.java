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
 * and every encoding ICU4J answers is one it is known to name.
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
}
