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
 * text are read as Russian, not as Greek; Arabic and Persian lose nothing in ISO-8859-6 and
 * windows-1256, and a few KOI8-R words in English text are read as Russian, not as Arabic.
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

    private static final List<String> ARABIC = List.of(
            "مرحبا بكم في موقعنا",
            "اللغة العربية هي إحدى أكثر اللغات انتشاراً في العالم، ويتحدثها أكثر من أربعمائة مليون نسمة.",
            "أخبار الرياضة: فاز المنتخب الوطني في المباراة الأولى من الموسم على أرضه وبين جماهيره.");

    private static final List<String> PERSIAN = List.of(
            "به وب‌سایت ما خوش آمدید",
            "زبان فارسی یکی از زبان‌های هندواروپایی است و در ایران، افغانستان و تاجیکستان به آن سخن می‌گویند.");

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
    void arabicAndPersianLoseNothing() {
        for (String arabic : ARABIC) {
            for (Encoding e : List.of(Encoding.ISO_8859_6, Encoding.WINDOWS_1256)) {
                assertThat(arabic, loss(e, arabic.getBytes(e.charset())), equalTo(0.0));
            }
            TwinEncodingsTest.assertDetected("<html><body><p>" + arabic + "</p></body></html>", Encoding.WINDOWS_1256);
        }
        for (String persian : PERSIAN) {
            // windows-1256 has no Farsi yeh (U+06CC): its pages write the Arabic one; nor a zero-width non-joiner
            String text = persian.replace('\u06cc', '\u064a').replace("\u200c", " ");
            assertThat(text, loss(Encoding.WINDOWS_1256, text.getBytes(Encoding.WINDOWS_1256.charset())), equalTo(0.0));
            TwinEncodingsTest.assertDetected("<html><body><p>" + text + "</p></body></html>", Encoding.WINDOWS_1256);
        }
    }

    @Test
    void aFewKoi8RussianWordsInEnglishAreRussian() {
        // windows-1256 at 52% before: small KOI8-R letters are Arabic letters in windows-1256 and
        // ISO-8859-6, where Russian's о, а, е read as ذ, ء, إ
        String page = "<html><body><p>The package could not be installed because another version is already in"
                + " use; remove it first and try again with the newer one. Visible dead human remains удалось"
                + " результате.</p></body></html>";
        TwinEncodingsTest.assertDetected(page, Encoding.KOI8_R);
        byte[] bytes = "удалось результате".getBytes(Encoding.KOI8_R.charset());
        assertThat(loss(Encoding.ISO_8859_6, bytes), greaterThan(0.0));
        assertThat(loss(Encoding.WINDOWS_1256, bytes), greaterThan(0.0));
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
        assertThat(LetterShares.ARABIC.entropy, closeTo(3.14, 0.005));
        assertThat(LetterShares.ARABIC.spread, closeTo(0.79, 0.005));
        assertThat(LetterShares.ARABIC.margin, equalTo(0.25));
    }
}
