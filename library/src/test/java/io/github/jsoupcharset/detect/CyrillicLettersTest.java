package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

/**
 * The Cyrillic encodings' readings of one text are told apart by how often Russian writes their
 * letters ({@link CyrillicLetters}): a few lower-case Russian words in KOI8-R read in
 * windows-1251 as words of capitals, which no shape holds against, and the web's prior
 * (windows-1251 66 times the commoner) chose them. The texts are sentences written for the test.
 */
class CyrillicLettersTest {
    /** Russian, every letter of the alphabet but ё, capitals and small. */
    private static final String RUSSIAN = "Съешь же ещё этих мягких французских булок, да выпей чаю. "
            + "Вчера Маша приехала в Москву и сразу пошла в Третьяковскую галерею.";

    private static final List<String> ENGLISH_WITH_RUSSIAN_WORDS = List.of(
            "<p>The word for peace is мир and the word for hello is привет in this lesson.</p>",
            "<p>Settings: цвет поддерживает the page layout, so choose one you like.</p>",
            "<p>Our shop sells книги and журналы at the lowest prices in town.</p>",
            "<p>Search results for <b>новости спорта</b> on this site, page 2 of 7.</p>");

    @Test
    void aTextReadInItsOwnEncodingIsTheLikeliestReading() {
        for (Encoding own : CyrillicLetters.ENCODINGS) {
            byte[] bytes = RUSSIAN.getBytes(own.charset());
            double ownLog = CyrillicLetters.logLikelihood(bytes, bytes.length, own);
            for (Encoding other : CyrillicLetters.ENCODINGS) {
                double otherLog = CyrillicLetters.logLikelihood(bytes, bytes.length, other);
                assertThat(own + " read as " + other, ownLog, greaterThanOrEqualTo(otherLog));
                // the same letters at other bytes: about a unit of log-likelihood per letter lost
                if (!new String(bytes, other.charset()).equals(RUSSIAN)) {
                    assertThat(own + " read as " + other, ownLog - otherLog, greaterThan(10.0));
                }
            }
        }
    }

    /** Of the Cyrillic readings the detector ranks, the first is the author's, in either encoding. */
    @Test
    void theFirstCyrillicReadingRankedIsTheAuthors() {
        for (String html : ENGLISH_WITH_RUSSIAN_WORDS) {
            for (Encoding e : List.of(Encoding.KOI8_R, Encoding.WINDOWS_1251)) {
                byte[] bytes = html.getBytes(e.charset());
                Encoding first = Detector.ranked(bytes, 0, bytes.length, List.of()).candidates().stream()
                        .map(Ranking.Scored::encoding).filter(CyrillicLetters.ENCODINGS::contains).findFirst().orElseThrow();
                assertThat(e + ": " + html, new String(bytes, first.charset()), equalTo(html));
            }
        }
    }

    @Test
    void aFewLowerCaseWordsInKoi8rAreKoi8r() {
        // the third sentence is left out: its words read as Arabic in windows-1256 (DETECTION.md, "Not done")
        for (String html : ENGLISH_WITH_RUSSIAN_WORDS) {
            if (!html.contains("книги")) TwinEncodingsTest.assertDetected(html, Encoding.KOI8_R);
        }
    }

    @Test
    void theSameWordsInWindows1251AreWindows1251() {
        // the first two are left out: their words ending in т read in ISO-8859-7 as Greek words ending in ς
        for (String html : ENGLISH_WITH_RUSSIAN_WORDS.subList(2, 4)) TwinEncodingsTest.assertDetected(html, Encoding.WINDOWS_1251);
    }

    @Test
    void wordsOfCapitalsInWindows1251StayWindows1251() {
        // KOI8-R reads them as small letters: "ГЛАВНАЯ" as "цкюбмюъ", letters Russian rarely writes
        TwinEncodingsTest.assertDetected("<ul><li><a href=/>ГЛАВНАЯ</a><li><a href=/news>НОВОСТИ</a>"
                + "<li><a href=/contact>КОНТАКТЫ</a></ul><p>Welcome to our site.</p>", Encoding.WINDOWS_1251);
    }

    @Test
    void onlyTheCyrillicReadingsBehindTheLikeliestLose() {
        byte[] koi8 = ENGLISH_WITH_RUSSIAN_WORDS.get(0).getBytes(Encoding.KOI8_R.charset());
        List<Candidates.Candidate> finalists = List.of(Candidates.of(Encoding.WINDOWS_1251),
                Candidates.of(Encoding.WINDOWS_874), Candidates.of(Encoding.KOI8_R));
        double[] shortfalls = CyrillicLetters.shortfalls(finalists, koi8, koi8.length);
        assertThat(shortfalls[0], greaterThan(1.0)); // windows-1251: "НЙТ", "РТЙЧЕФ"
        assertThat(shortfalls[1], equalTo(0.0)); // windows-874 reads Thai: not weighed here
        assertThat(shortfalls[2], equalTo(0.0)); // KOI8-R, the likeliest
        // one Cyrillic reading alone has no rival of its alphabet
        double[] alone = CyrillicLetters.shortfalls(finalists.subList(0, 2), koi8, koi8.length);
        assertThat(alone[0], equalTo(0.0));
    }

    @Test
    void theCaseThePageWritesTellsTwoWordsApart() {
        // "белый обобщенный" in windows-1251 is KOI8-R's "АЕКШИ НАНАЫЕММШИ", whose letters Russian
        // writes as often; in a page whose English is in small letters, the Russian is too
        String html = "<p>The ideas and their build-up make the show worth watching, especially in its last season."
                + " This is in part due to the greater number of participants. белый обобщенный.</p>";
        TwinEncodingsTest.assertDetected(html, Encoding.WINDOWS_1251);
        TwinEncodingsTest.assertDetected(html, Encoding.KOI8_R);
    }

    @Test
    void thePagesShareOfCapitalWordsIsCountedInItsLatinWords() {
        byte[] text = "Welcome to NASA HQ, a site".getBytes(StandardCharsets.US_ASCII);
        // 5 words of two letters or more ("a" is none), 2 of them in capitals: (2 + 1) / (5 + 2)
        assertThat(CyrillicLetters.WordCase.of(text, text.length).capitals(), equalTo(3.0 / 7));
        assertThat(CyrillicLetters.WordCase.of(text, 0).capitals(), equalTo(0.5));
        // only the first 2 KiB are read for Latin words
        byte[] far = (" ".repeat(CyrillicLetters.LATIN_SPAN) + "NASA HQ").getBytes(StandardCharsets.US_ASCII);
        assertThat(CyrillicLetters.WordCase.of(far, far.length).capitals(), equalTo(0.5));
    }

    @Test
    void wordsOfFourLettersOrMoreCountTheirCaseInEachReading() {
        // four Latin words, none in capitals: a word of capitals costs ln((1 - 1/6) / (1/6)) = ln 5;
        // "США" (an abbreviation, capitals in any text) does not count
        byte[] text = "Welcome to our site: США ПРИВЕТ привет".getBytes(Encoding.WINDOWS_1251.charset());
        CyrillicLetters.WordCase words = CyrillicLetters.WordCase.of(text, text.length);
        assertThat(words.words(), equalTo(2));
        assertThat(words.shortfall(Encoding.WINDOWS_1251), closeTo(Math.log(5), 1e-12));
        // KOI8-R reads the same bytes in the other case: "ПРИВЕТ" small, "привет" capitals
        assertThat(words.shortfall(Encoding.KOI8_R), closeTo(Math.log(5), 1e-12));
        byte[] small = "Welcome to our site: привет мир".getBytes(Encoding.WINDOWS_1251.charset());
        assertThat(CyrillicLetters.WordCase.of(small, small.length).shortfall(Encoding.WINDOWS_1251), equalTo(0.0));
        assertThat(CyrillicLetters.WordCase.of(small, small.length).shortfall(Encoding.KOI8_R), closeTo(Math.log(5), 1e-12));
    }

    @Test
    void onlyTheFirstWordsBeyondAsciiCount() {
        byte[] text = ("Welcome to our site: " + "ПРИВЕТ ".repeat(40)).getBytes(Encoding.WINDOWS_1251.charset());
        CyrillicLetters.WordCase words = CyrillicLetters.WordCase.of(text, text.length);
        assertThat(words.words(), equalTo(CyrillicLetters.CASE_WORDS));
        assertThat(words.shortfall(Encoding.WINDOWS_1251), closeTo(CyrillicLetters.CASE_WORDS * Math.log(5), 1e-9));
    }
}
