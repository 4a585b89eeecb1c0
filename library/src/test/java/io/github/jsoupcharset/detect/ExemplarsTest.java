package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/** The exemplar sets the scoring weighs letters by ({@link Exemplars}), and what they decide. */
class ExemplarsTest {
    @Test
    void koreanWritesItsJamoAsLetters() {
        Exemplars.Exemplar korean = Exemplars.SETS.get("ko");
        for (int jamo : new int[] {'ㄱ', 'ㅋ', 'ㅎ', 'ㅏ', 'ㅠ', 'ㅣ'}) assertThat(Character.toString(jamo), korean.halves(jamo), equalTo(2));
        assertThat("a common syllable", korean.halves('한'), equalTo(2));
        assertThat("a syllable outside KS X 1001", korean.halves('캜'), equalTo(1));
    }

    @Test
    void shortInformalKoreanIsKorean() {
        // with the jamo at half a letter: windows-874 at 84%, EUC-JP at 90%, ISO-8859-5 at 87%
        for (String text : List.of("ㅎㅎ 감사합니다", "ㅋㅋㅋ 오늘 재미있었다", "오늘 날씨 좋다 ㅎㅎ", "ㅠㅠ 너무 슬퍼요")) {
            TwinEncodingsTest.assertDetected("<html><body><p>" + text + "</p></body></html>", Encoding.EUC_KR);
        }
    }

    @Test
    void japaneseHiraganaStaysJapanese() {
        // its hiragana are EUC-KR's jamo: the kanji and kana beside them decide
        for (String text : List.of("ありがとうございます", "こんにちは、元気ですか", "ひらがなのテキスト")) {
            TwinEncodingsTest.assertDetected("<html><body><p>" + text + "</p></body></html>", Encoding.EUC_JP);
        }
    }
}
