package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.decision.SniffOptions.Detection;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

class DetectorTest {
    private static byte[] b(int... bytes) {
        byte[] r = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) r[i] = (byte) bytes[i];
        return r;
    }

    private static Detector.Utf8 validity(byte[] b) {
        return Detector.utf8Validity(b, 0, b.length, true);
    }

    @Test
    void utf8ValidityFollowsTheEncodingStandardBounds() {
        assertThat(validity("plain <b>ascii</b>".getBytes(StandardCharsets.US_ASCII)), equalTo(Detector.Utf8.ASCII));
        assertThat(validity("Café 日本 😀".getBytes(StandardCharsets.UTF_8)), equalTo(Detector.Utf8.VALID));
        assertThat(validity(b(0xC0, 0x80)), equalTo(Detector.Utf8.INVALID)); // overlong
        assertThat(validity(b(0xE0, 0x80, 0x80)), equalTo(Detector.Utf8.INVALID)); // overlong
        assertThat(validity(b(0xED, 0xA0, 0x80)), equalTo(Detector.Utf8.INVALID)); // surrogate
        assertThat(validity(b(0xF4, 0x90, 0x80, 0x80)), equalTo(Detector.Utf8.INVALID)); // > U+10FFFF
        assertThat(validity(b(0xF5, 0x80, 0x80, 0x80)), equalTo(Detector.Utf8.INVALID));
        assertThat(validity(b(0x41, 0x80)), equalTo(Detector.Utf8.INVALID)); // lone continuation
        assertThat(validity(b(0xC3, 0x41)), equalTo(Detector.Utf8.INVALID));
    }

    @Test
    void aSequenceCutByTheEndOfAWholeBodyIsAnError() {
        for (byte[] cut : List.of(b(0x41, 0xC3), b(0x41, 0xE6), b(0x41, 0xE6, 0x97), b(0x41, 0xF0, 0x9F, 0x98),
                b(0x41, 0xC3, 0xA9, 0xE6, 0x97))) {
            assertThat(validity(cut), equalTo(Detector.Utf8.INVALID));
        }
    }

    @Test
    void aSequenceSplitByCuttingTheBodyOffIsLeftOut() {
        // with a whole sequence before it: still UTF-8
        for (byte[] cut : List.of(b(0x41, 0xC3, 0xA9, 0xC3), b(0x41, 0xC3, 0xA9, 0xE6, 0x97), b(0xF0, 0x9F, 0x98, 0x80, 0xF0, 0x9F, 0x98))) {
            assertThat(Detector.utf8Validity(cut, 0, cut.length, false), equalTo(Detector.Utf8.VALID));
        }
        // with only ASCII before it: no evidence of UTF-8, and nothing to detect
        for (byte[] cut : List.of(b(0x41, 0xC3), b(0x41, 0xE6, 0x97), b(0x41, 0xF0, 0x9F, 0x98))) {
            assertThat(Detector.utf8Validity(cut, 0, cut.length, false), equalTo(Detector.Utf8.ASCII));
            assertThat(Detector.guess(cut, 0, cut.length, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252, false).source(),
                    equalTo(DecisionSource.DEFAULT));
        }
        // an error before the cut is still an error
        byte[] bad = b(0x41, 0xC3, 0x41, 0xC3);
        assertThat(Detector.utf8Validity(bad, 0, bad.length, false), equalTo(Detector.Utf8.INVALID));
    }

    @Test
    void validUtf8IsUtf8ForAuthorIntentButNotForBrowserParity() {
        byte[] page = "<p>Café crème brûlée à la carte, naïve façade</p>".getBytes(StandardCharsets.UTF_8);
        Detector.Guess author = Detector.guess(page, 0, page.length, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252, true);
        assertThat(author.encoding(), equalTo(Encoding.UTF_8));
        assertThat(author.source(), equalTo(DecisionSource.UTF8_VALIDITY));
        Detector.Guess browser = Detector.guess(page, 0, page.length, Detection.BROWSER_PARITY, Encoding.WINDOWS_1252, true);
        assertThat(browser.encoding(), equalTo(Encoding.WINDOWS_1252));
    }

    @Test
    void pureAsciiAndNoDetectionGiveTheDefault() {
        byte[] ascii = "<p>hello</p>".getBytes(StandardCharsets.US_ASCII);
        Detector.Guess g = Detector.guess(ascii, 0, ascii.length, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1251, true);
        assertThat(g.encoding(), equalTo(Encoding.WINDOWS_1251));
        assertThat(g.source(), equalTo(DecisionSource.DEFAULT));
        byte[] utf8 = "é".getBytes(StandardCharsets.UTF_8);
        assertThat(Detector.guess(utf8, 0, utf8.length, Detection.NONE, Encoding.WINDOWS_1252, true).source(),
                equalTo(DecisionSource.DEFAULT));
    }

    @Test
    void undeclaredShiftJisIsDetected() {
        String text = "<html><body><p>日本語のテキストです。これは文字コードの判定のための文章です。"
                + "東京都は日本の首都であり、多くの人々が住んでいます。</p></body></html>";
        byte[] sjis = text.getBytes(Charset.forName("windows-31j"));
        Detector.Guess g = Detector.guess(sjis, 0, sjis.length, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252, true);
        assertThat(g.encoding(), equalTo(Encoding.SHIFT_JIS));
        assertThat(g.source(), equalTo(DecisionSource.DETECTION));
        assertThat(g.confidence(), greaterThan(0));
    }

    @Test
    void sevenBitIso2022JpIsRecognisedByItsEscapes() {
        byte[] jis = "<p>\u001B$B$3$s$K$A$O\u001B(B</p>".getBytes(StandardCharsets.US_ASCII);
        Detector.Guess g = Detector.guess(jis, 0, jis.length, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252, true);
        assertThat(g.encoding(), equalTo(Encoding.ISO_2022_JP));
        assertThat(g.source(), equalTo(DecisionSource.DETECTION));
    }

    @Test
    void legacyCyrillicEncodingsAreToldApart() {
        String text = "<html><body><p>Съешь же ещё этих мягких французских булок, да выпей чаю. "
                + "Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.</p></body></html>";
        for (String name : new String[] {"windows-1251", "KOI8-R", "ISO-8859-5", "IBM866", "x-mac-cyrillic"}) {
            Encoding e = Encoding.forLabel(name).get();
            byte[] bytes = text.getBytes(e == Encoding.X_MAC_CYRILLIC ? Charset.forName("x-MacCyrillic")
                    : e == Encoding.IBM866 ? Charset.forName("IBM866") : e.charset());
            Detector.Guess g = Detector.guess(bytes, 0, bytes.length, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252, true);
            assertThat(name, g.encoding(), equalTo(e));
            assertThat(name, g.runnerUp() != null && g.runnerUp() != e, equalTo(true));
        }
    }

    @Test
    void theRunnerUpDecodesTheTextDifferently() {
        // windows-1252 text without € Š š Ž ž Œ œ Ÿ: ISO-8859-15 and ISO-8859-1-like twins read it
        // alike, so the runner-up is the best reading that differs
        String[] texts = {"Le café crème, déjà vu, naïve façade, à l'école.", "Größe über Äpfel à la carte, schön grün.",
            "Žluťoučký kůň úpěl ďábelské ódy, příliš žluťoučký.", "Съешь же ещё этих мягких французских булок."};
        Encoding[] encodings = {Encoding.WINDOWS_1252, Encoding.WINDOWS_1252, Encoding.WINDOWS_1250, Encoding.WINDOWS_1251};
        for (int i = 0; i < texts.length; i++) {
            byte[] bytes = ("<p>" + texts[i]).getBytes(encodings[i].charset());
            Detector.Guess g = Detector.guess(bytes, 0, bytes.length, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252, true);
            assertThat(texts[i], g.encoding(), equalTo(encodings[i]));
            assertThat(texts[i] + " " + g.runnerUp(), new String(bytes, g.runnerUp().charset())
                    .equals(new String(bytes, g.encoding().charset())), equalTo(false));
        }
    }

    @Test
    void detectionNeverAnswersReplacementOrUtf16() {
        // ISO-2022-KR escape sequences: ICU may say ISO-2022-KR, which WHATWG maps to replacement
        byte[] kr = b(0x1B, 0x24, 0x29, 0x43, 0x0E, 0x30, 0x21, 0x0F, 0x0E, 0x3E, 0x7B, 0x0F, 0x80);
        Detector.Guess g = Detector.guess(kr, 0, kr.length, Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252, true);
        assertThat(g.encoding() == Encoding.REPLACEMENT || g.encoding() == Encoding.UTF_16LE
                || g.encoding() == Encoding.UTF_16BE, equalTo(false));
    }
}
