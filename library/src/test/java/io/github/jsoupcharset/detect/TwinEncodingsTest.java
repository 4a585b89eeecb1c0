package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * Encodings that write the same language at almost the same bytes are told apart by the
 * characters they differ in: ISO-8859-15 and windows-1252 (€ at A4 against ¤, which no text
 * writes), windows-1255 and ISO-8859-8 (₪ at A4 against ¤), windows-1253 and ISO-8859-7 (Ά),
 * windows-1251 and x-mac-cyrillic (capitals). ICU4J's n-gram opinion, one model per language, counts for both of a pair
 * ({@link IcuOpinion}); before, the one ICU4J names took it and won pages the other wrote.
 * The texts are sentences written for the test, not pages of the corpus.
 */
class TwinEncodingsTest {
    private static final String FRENCH = "<p>Le menu du jour co\u00fbte 20 \u20ac, le caf\u00e9 2 \u20ac. "
            + "Les enfants mangent pour 8 \u20ac et l'entr\u00e9e du mus\u00e9e est gratuite le dimanche.</p>";
    private static final String GREEK = "<p>\u0386\u03c1\u03b8\u03c1\u03bf \u03b3\u03b9\u03b1 \u03c4\u03b7\u03bd "
            + "\u0391\u03b8\u03ae\u03bd\u03b1: \u0386\u03bb\u03bb\u03bf\u03b9 \u03ad\u03c1\u03c7\u03bf\u03bd\u03c4\u03b1\u03b9 "
            + "\u03c4\u03bf \u03ba\u03b1\u03bb\u03bf\u03ba\u03b1\u03af\u03c1\u03b9 \u03ba\u03b1\u03b9 \u03bc\u03ad\u03bd\u03bf\u03c5\u03bd "
            + "\u03c3\u03c4\u03b7\u03bd \u03c0\u03cc\u03bb\u03b7 \u03bc\u03ad\u03c7\u03c1\u03b9 \u03c4\u03bf "
            + "\u03c6\u03b8\u03b9\u03bd\u03cc\u03c0\u03c9\u03c1\u03bf.</p>";
    private static final String HEBREW = "<p>\u05d4\u05de\u05d7\u05d9\u05e8 \u05e9\u05dc \u05d4\u05e1\u05e4\u05e8 "
            + "\u05d4\u05d5\u05d0 50 \u20aa \u05d5\u05d4\u05de\u05e9\u05dc\u05d5\u05d7 \u05e2\u05d5\u05dc\u05d4 10 \u20aa "
            + "\u05d1\u05dc\u05d1\u05d3.</p>";

    private static final String RUSSIAN = "<p>\u0412\u0447\u0435\u0440\u0430 \u041c\u0430\u0448\u0430 "
            + "\u043f\u0440\u0438\u0435\u0445\u0430\u043b\u0430 \u0432 \u041c\u043e\u0441\u043a\u0432\u0443 "
            + "\u0438 \u0441\u0440\u0430\u0437\u0443 \u043f\u043e\u0448\u043b\u0430 \u0432 "
            + "\u0422\u0440\u0435\u0442\u044c\u044f\u043a\u043e\u0432\u0441\u043a\u0443\u044e "
            + "\u0433\u0430\u043b\u0435\u0440\u0435\u044e. \u041e\u043d\u0430 \u0434\u043e\u043b\u0433\u043e "
            + "\u0441\u043c\u043e\u0442\u0440\u0435\u043b\u0430 \u043d\u0430 \u043a\u0430\u0440\u0442\u0438\u043d\u044b "
            + "\u0420\u0435\u043f\u0438\u043d\u0430.</p>";

    /** Asserts that {@code text} in {@code encoding}, served as {@code text/html} without a charset, decodes back to itself. */
    static void assertDetected(String text, Encoding encoding) {
        byte[] bytes = text.getBytes(encoding.charset());
        DecodedHtml decoded = BrowserCharsetJsoup.decode(bytes, "text/html");
        assertThat(encoding + ": " + decoded.decision(), decoded.text(), equalTo(text));
    }

    @Test
    void eachOfAPairReadsItsOwnCharacters() {
        for (Encoding e : List.of(Encoding.ISO_8859_15, Encoding.WINDOWS_1252)) assertDetected(FRENCH, e);
        // Ά is A2 in windows-1253, B6 in ISO-8859-7 (where A2 is ’): each reads itself
        for (Encoding e : List.of(Encoding.ISO_8859_7, Encoding.WINDOWS_1253)) assertDetected(GREEK, e);
        assertDetected(HEBREW, Encoding.WINDOWS_1255);
        // Russian lower case sits at the same bytes in windows-1251 and x-mac-cyrillic, capitals not
        for (Encoding e : List.of(Encoding.WINDOWS_1251, Encoding.X_MAC_CYRILLIC)) assertDetected(RUSSIAN, e);
    }

    @Test
    void theCurrencySignIsNoText() {
        // ¤ is what windows-1252 makes of ISO-8859-15's €: a reading full of it is implausible
        int sign = CharacterProperties.flags(0xA4);
        assertThat((sign & CharacterProperties.UNWRITTEN) != 0, equalTo(true));
        assertThat((CharacterProperties.flags(0x20AC) & CharacterProperties.UNWRITTEN) != 0, equalTo(false));
        // and ICU4J's opinion of a language reaches both encodings of a pair
        byte[] hebrew = HEBREW.getBytes(Encoding.WINDOWS_1255.charset());
        var icu = IcuOpinion.confidences(hebrew, hebrew.length);
        assertThat(icu.get(Encoding.WINDOWS_1255), equalTo(icu.get(Encoding.ISO_8859_8)));
        byte[] greek = GREEK.getBytes(Encoding.WINDOWS_1253.charset());
        icu = IcuOpinion.confidences(greek, greek.length);
        assertThat(icu.get(Encoding.WINDOWS_1253), equalTo(icu.get(Encoding.ISO_8859_7)));
    }
}
