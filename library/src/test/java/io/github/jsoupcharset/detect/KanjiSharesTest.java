package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * EUC-JP's and Shift_JIS's readings of Japanese lose nothing for their kanji; EUC-JP's reading
 * of Korean and Chinese text, whose syllables and hanzi are kanji there, loses more the more it
 * reads, and a short Korean title is read as Korean.
 */
class KanjiSharesTest {
    private static final List<String> JAPANESE = List.of(
            "今日は天気が良かったので公園を散歩しました",
            "東京都は新しい計画を発表した。市民の意見を聞いて、来年から実施する予定だという。",
            "日本語の文章には漢字と平仮名と片仮名が使われています",
            "会社概要・お問い合わせ・個人情報保護方針");

    private static double loss(Encoding e, byte[] text) {
        int[] nonAscii = new int[text.length];
        int count = 0;
        for (int i = 0; i < text.length; i++) if (text[i] < 0) nonAscii[count++] = i;
        return KanjiShares.loss(e, text, text.length, nonAscii, count);
    }

    @Test
    void japaneseLosesNothing() {
        for (String japanese : JAPANESE) {
            for (Encoding e : List.of(Encoding.EUC_JP, Encoding.SHIFT_JIS)) {
                assertThat(japanese + " in " + e, loss(e, japanese.getBytes(e.charset())), equalTo(0.0));
                TwinEncodingsTest.assertDetected("<html><body><p>" + japanese + "</p></body></html>", e);
            }
        }
    }

    @Test
    void koreanAndChineseReadAsKanjiLoseMoreTheMoreTheyRead() {
        String korean = "오늘은 날씨가 좋아서 공원에서 산책을 했어요. 저녁에는 친구들과 함께 밥을 먹었습니다.";
        String chinese = "今天天气很好，我们去公园散步了。晚上和朋友们一起吃饭。";
        for (String[] text : new String[][] {{korean, "EUC-KR"}, {chinese, "GBK"}}) {
            Encoding written = Encoding.forLabel(text[1]).orElseThrow();
            double once = loss(Encoding.EUC_JP, text[0].getBytes(written.charset()));
            double twice = loss(Encoding.EUC_JP, (text[0] + " " + text[0]).getBytes(written.charset()));
            assertThat(text[0], once, greaterThan(0.0));
            assertThat(text[0], twice, greaterThan(2 * once));
        }
    }

    @Test
    void aShortKoreanTitleIsKorean() {
        // EUC-JP at 40% before (a tie: seven syllables are seven first-level kanji there)
        TwinEncodingsTest.assertDetected("<html><head><title>젤리의 놀이터</title></head><body><p></p></body></html>",
                Encoding.EUC_KR);
    }

    @Test
    void theSharesAreThoseDocumented() {
        assertThat(KanjiShares.ENTROPY, closeTo(6.64, 0.005));
        assertThat(KanjiShares.SPREAD, closeTo(1.79, 0.005));
        assertThat(KanjiShares.MARGIN, equalTo(1.25));
    }
}
