package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Windows-874's reading of Thai and ISO-8859-7's and windows-1253's of Greek lose nothing for being
 * unlike the language; windows-874's reading of Korean, Chinese and Japanese text loses more the
 * more it reads, and a Korean page whose title is decorated with symbols (each two Thai letters in
 * windows-874, nothing to EUC-KR's reading) is read as Korean; a few Russian words in English
 * text are read as Russian, not as Greek.
 */
class LetterSharesTest {
    private static final List<String> THAI = List.of(
            "สวัสดีครับ ยินดีต้อนรับ",
            "ภาษาไทยเป็นภาษาราชการของประเทศไทย มีผู้พูดเป็นภาษาแม่ประมาณหกสิบล้านคน",
            "ร้านของเราเปิดทุกวันตั้งแต่เก้าโมงเช้าถึงสองทุ่ม สั่งซื้อสินค้าออนไลน์ได้ที่หน้าเว็บไซต์ หรือโทรสอบถามรายละเอียดเพิ่มเติม",
            "ข่าวกีฬา: ทีมชาติไทยชนะการแข่งขันฟุตบอลนัดแรกของฤดูกาล");

    private static final List<String> NOT_THAI = List.of(
            "오늘은 날씨가 좋아서 공원에서 산책을 했어요",
            "今天天气很好，我们去公园散步了",
            "今日は天気が良かったので公園を散歩しました");

    private static final List<String> GREEK = List.of(
            "Καλημέρα σας, τι κάνετε;",
            "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και η μεγαλύτερη πόλη της χώρας.",
            "ΝΕΑ ΑΠΟ ΤΗΝ ΠΟΛΗ: Το μουσείο θα μείνει ανοιχτό και το Σάββατο μέχρι τις εννέα το βράδυ.");

    private static double penalty(byte[] text) {
        return loss(Encoding.WINDOWS_874, text);
    }

    private static double loss(Encoding e, byte[] text) {
        int[] histogram = new int[256];
        for (byte b : text) histogram[b & 0xFF]++;
        return LetterShares.loss(e, histogram);
    }

    @Test
    void thaiLosesNothing() {
        for (String thai : THAI) {
            assertThat(thai, penalty(thai.getBytes(Encoding.WINDOWS_874.charset())), equalTo(0.0));
            TwinEncodingsTest.assertDetected("<html><body><p>" + thai + "</p></body></html>", Encoding.WINDOWS_874);
        }
    }

    @Test
    void greekLosesNothing() {
        for (String greek : GREEK) {
            for (Encoding e : List.of(Encoding.ISO_8859_7, Encoding.WINDOWS_1253)) {
                assertThat(greek, loss(e, greek.getBytes(e.charset())), equalTo(0.0));
            }
            TwinEncodingsTest.assertDetected("<html><body><p>" + greek + "</p></body></html>", Encoding.ISO_8859_7);
        }
    }

    @Test
    void aFewRussianWordsInEnglishAreRussian() {
        // ISO-8859-7 at 73-74% before: small Russian letters are small Greek ones there, т a final ς
        String page = "<html><body><p>The colour picker on this page now works in every browser we tried, and the"
                + " settings are kept between visits. Цвет поддерживает all of the usual formats.</p></body></html>";
        TwinEncodingsTest.assertDetected(page, Encoding.WINDOWS_1251);
        byte[] bytes = "Цвет поддерживает".getBytes(Encoding.WINDOWS_1251.charset());
        assertThat(loss(Encoding.ISO_8859_7, bytes), greaterThan(0.0));
    }

    @Test
    void otherScriptsReadAsThaiLoseMoreTheMoreTheyRead() {
        List<Encoding> encodings = List.of(Encoding.EUC_KR, Encoding.GBK, Encoding.SHIFT_JIS);
        for (int i = 0; i < NOT_THAI.size(); i++) {
            String text = NOT_THAI.get(i);
            double once = penalty(text.getBytes(encodings.get(i).charset()));
            double twice = penalty((text + " " + text).getBytes(encodings.get(i).charset()));
            assertThat(text, once, greaterThan(0.0));
            assertThat(text, twice, greaterThan(2 * once));
        }
    }

    @Test
    void aKoreanPageWithADecoratedTitleIsKorean() {
        // windows-874 at 98% before: ☆ ˚ 。 ★ are EUC-KR's leads 0xA1-0xA2, Thai consonants there
        for (String body : List.of("2010/01/05", "http://sky.example.com")) {
            TwinEncodingsTest.assertDetected("<html><head><title>☆ ˚。˚하늘정원。˚。★</title></head><body><p>" + body
                    + "</p></body></html>", Encoding.EUC_KR);
        }
    }

    @Test
    void theSharesAreThoseDocumented() {
        assertThat(LetterShares.THAI.entropy, closeTo(3.64, 0.005));
        assertThat(LetterShares.THAI.spread, closeTo(0.82, 0.005));
        assertThat(LetterShares.GREEK.entropy, closeTo(3.14, 0.005));
        assertThat(LetterShares.GREEK.spread, closeTo(0.73, 0.005));
    }
}
