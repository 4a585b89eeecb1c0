package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.both;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

/**
 * The classes of real pages detection read wrong before its priors came from the web: thin
 * evidence (a few bytes beyond ASCII in English text, a run of no-break spaces, an ideographic
 * space, Cyrillic only in attributes) and pages partly in UTF-8, partly in a legacy encoding.
 */
class WebEvidenceTest {
    private static final Charset CP1252 = Charset.forName("windows-1252");

    private static Detector.Guess guess(byte[] page) {
        return Detector.guess(page, 0, page.length, SniffOptions.Detection.AUTHOR_INTENT, Encoding.WINDOWS_1252, true);
    }

    private static byte[] page(String body, Charset charset) {
        return ("<html><body>" + body + "</body></html>").getBytes(charset);
    }

    private static final String ENGLISH = " a position I really like and the nation is growing. Some more plain English text"
            + " here about the economy and the dollar.";

    @Test
    void oneCurlyApostropheInEnglishIsWindows1252() {
        // the issue's repro: one 0x92 in plain English was macintosh's "í"
        byte[] en = ("<html><body><p>It\u2019s" + ENGLISH + "</p></body></html>").getBytes(CP1252);
        Detector.Guess g = guess(en);
        assertThat(g.encoding(), equalTo(Encoding.WINDOWS_1252));
        assertThat(g.source(), equalTo(DecisionSource.DETECTION));
    }

    @Test
    void typographicQuotesAndDashesAreWindows1252() {
        // as a real page had them: macintosh read "(ìthe Companyî)", "Passengersí"
        String text = "<p>Scottish Tours Ltd (\u201cthe Company\u201d) accepts you (\u201cthe Passenger\u201d) on"
                + " these terms. The limit of the Company\u2019s liability; notification of the Passengers\u2019"
                + " intention to cancel; reasonable care of Passengers\u2019 luggage.</p>";
        assertThat(guess(page(text + ENGLISH, CP1252)).encoding(), equalTo(Encoding.WINDOWS_1252));
    }

    @Test
    void aRunOfNoBreakSpacesIsNotCyrillic() {
        // IBM866 read 0xA0 0xA0 0xA0 as "ааа"
        String text = "<table><tr><td>Bacteria for biowarfare \u00a0\u00a0\u00a0 The apartheid government</td></tr>"
                + "<tr><td>Johannesburg uprising \u00a0\u00a0 In 1976, the black residents</td></tr></table>";
        assertThat(guess(page(text + ENGLISH, CP1252)).encoding(), equalTo(Encoding.WINDOWS_1252));
    }

    @Test
    void aSymbolAfterAWordIsWindows1252() {
        // "don´t" was ISO-8859-10's "donīt", "Campaign®" ISO-8859-16's "Campaignź"
        for (String text : List.of("<p>You don\u00b4t even have to read it.</p>", "<p>The Campaign\u00ae for change.</p>",
                "<p>Copyright \u00a9 2006 Massachusetts Mutual Life. 20\u00b0C, \u00bd cup, \u00a350.</p>",
                "<p>Only 99\u00a2 each.</p>")) { // ISO-8859-7 read "99’"
            assertThat(text, guess(page(text + ENGLISH, CP1252)).encoding(), equalTo(Encoding.WINDOWS_1252));
        }
    }

    @Test
    void symbolsSideBySideAreNotTheWebsPunctuation() {
        // GBK's "\u5317\u4eac" (B1 B1 BE A9) is windows-1252's "\u00b1\u00b1\u00be\u00a9": four of the
        // web's symbols, which counted as four where each stood beside another, and the English
        // page with two Chinese characters was windows-1252
        Charset gbk = Charset.forName("GBK");
        for (String text : List.of("<p>Welcome to \u5317\u4eac and enjoy the food.</p>",
                "<p>The \u5317\u4eac office is open on weekdays.</p>")) {
            assertThat(text, guess(page(text + ENGLISH, gbk)).encoding(), equalTo(Encoding.GBK));
        }
        // the web's punctuation beside more of it is the web's still: no-break spaces around a
        // dash or before a euro sign, nested quotes, a copyright sign before a no-break space
        for (String text : List.of("<p>Paris\u00a0\u2013\u00a0Lyon, 12,50\u00a0\u20ac la nuit.</p>",
                "<p>He said \u201cshe told me \u2018no\u2019\u201d and left.</p>", "<p>\u00a9\u00a02009 Example</p>")) {
            assertThat(text, guess(page(text + ENGLISH, CP1252)).encoding(), equalTo(Encoding.WINDOWS_1252));
        }
    }

    @Test
    void euroSignsAloneAreWindows1252() {
        // GBK reads 0x80 alone as \u20ac, as windows-1252 does; weighed double as a GBK character
        // of two bytes, which it is not, it made English price lists GBK (at 96% for nine prices)
        for (String text : List.of("<p>Prices start at \u20ac5 per month.</p>",
                "<p>Menu: soup \u20ac5, salad \u20ac7, pasta \u20ac12, pizza \u20ac11, steak \u20ac24, fish \u20ac19,"
                        + " cake \u20ac6, coffee \u20ac3, tea \u20ac2.</p>")) {
            Detector.Guess g = guess(page(text + ENGLISH, CP1252));
            assertThat(text, g.encoding(), equalTo(Encoding.WINDOWS_1252));
            assertThat(text, g.runnerUp(), not(equalTo(Encoding.GBK)));
        }
        // a euro sign on a GBK page is GBK's still
        assertThat(guess(page("<p>\u4ef7\u683c \u20ac5\u3002\u6b22\u8fce\u5149\u4e34</p>" + ENGLISH,
                Charset.forName("GBK"))).encoding(), equalTo(Encoding.GBK));
    }

    @Test
    void aTemperatureIsNotARareHangulSyllable() {
        // EUC-KR reads 0xB0 "C" as 캜, one of the 8,822 syllables outside KS X 1001 that Korean
        // text hardly writes: "Click 20°C to make changes" was EUC-KR's "20캜" at 62
        for (String text : List.of("<p>Dialogue is locked. Click 20\u00b0C to make changes</p>",
                "<p>Chicony 20\u00b0C Internet Keyboard, whether this tag scales by a 20\u00b0C factor</p>")) {
            assertThat(text, guess(page(text + ENGLISH, CP1252)).encoding(), equalTo(Encoding.WINDOWS_1252));
        }
        // a Korean word among them is Korean still, and so is a rare syllable among common ones
        Charset eucKr = Charset.forName("EUC-KR");
        assertThat(guess(page("<p>\ud55c\uad6d\uc5b4 \ud398\uc774\uc9c0" + ENGLISH + "</p>", eucKr)).encoding(),
                equalTo(Encoding.EUC_KR));
        byte[] rare = page("<p>\ub611\ubc29\uac01\ud558 \ub620 \ud55c\uad6d\uc5b4 \uc18c\uc124\uc758 \uc81c\ubaa9\uc785\ub2c8\ub2e4</p>",
                Charset.forName("x-windows-949"));
        assertThat(guess(rare).encoding(), equalTo(Encoding.EUC_KR));
    }

    @Test
    void koi8rWordsStartingWithZeOrEAreNotCapitalsOfWindows1251() {
        // KOI8-R's з ш э are windows-1251's Ъ Ы Ь, which start no Russian word, in capitals either
        Charset koi8r = Charset.forName("KOI8-R");
        for (String words : List.of("\u0437\u0430\u0448\u0438\u0444\u0440\u043e\u0432\u0430\u043d\u044b \u0444\u0430\u0439\u043b\u0430",
                "\u044d\u0442\u043e \u0437\u043d\u0430\u0447\u0438\u0442")) {
            assertThat(words, guess(page("<p>Invalid compressed data" + ENGLISH + " " + words + ".</p>", koi8r)).encoding(),
                    equalTo(Encoding.KOI8_R));
        }
        // a windows-1251 heading in capitals is windows-1251 still
        assertThat(guess(page("<h1>\u041c\u042b \u0417\u0410\u0428\u0418\u0424\u0420\u041e\u0412\u0410\u041b\u0418 \u0424\u0410\u0419\u041b</h1>"
                + ENGLISH, Charset.forName("windows-1251"))).encoding(), equalTo(Encoding.WINDOWS_1251));
    }

    @Test
    void anIdeographicSpaceInAnEnglishPageIsShiftJis() {
        // one 0x81 0x40 was windows-1251's "Ѓ@"
        byte[] page = page("<p>Zen master Dogen (1200-1253CE Japan) \u3000 Many years ago I read the story."
                + ENGLISH + "</p>", Charset.forName("Shift_JIS"));
        assertThat(guess(page).encoding(), equalTo(Encoding.SHIFT_JIS));
    }

    @Test
    void cyrillicOnlyInAttributesIsRead() {
        // the page's text is English with windows-1252's quotes; its only Cyrillic is an alt text
        byte[] page = page("<p>The \u201c2008 question\u201d increasingly bothers the Kremlin\u2026</p>"
                + "<a href=\"http://top.mail.ru/\"><img src=\"counter.gif\" alt=\"\u0420\u0435\u0439\u0442\u0438\u043d\u0433@Mail.ru\""
                + " title=\"\u041d\u043e\u0432\u043e\u0441\u0442\u0438 \u041c\u043e\u0441\u043a\u0432\u044b\"></a>"
                + ENGLISH, Charset.forName("windows-1251"));
        assertThat(guess(page).encoding(), equalTo(Encoding.WINDOWS_1251));
    }

    @Test
    void attributeValuesAreWeighedAsText() {
        byte[] html = "<p>plain</p><img alt=\"caf\u00e9\" src=\"x.png\"><a title='na\u00efve'>x</a>".getBytes(CP1252);
        byte[] out = new byte[html.length + 1];
        int n = MarkupStripper.withoutMarkup(html, 0, html.length, out);
        assertThat(new String(out, 0, n, CP1252).replaceAll(" +", " ").trim(), equalTo("plain caf\u00e9 na\u00efve x"));
    }

    /** A UTF-8 template (navigation, footer) around an article in {@code article}'s encoding. */
    private static byte[] mixed(String template, String article, Charset articleCharset) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("<html><head><title>" + template + "</title></head><body><nav>" + template + "</nav><article>")
                .getBytes(StandardCharsets.UTF_8));
        out.writeBytes(article.getBytes(articleCharset));
        out.writeBytes(("</article><footer>" + template + "</footer></body></html>").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static final String NAV = "\u0413\u043b\u0430\u0432\u043d\u0430\u044f \u041d\u043e\u0432\u043e\u0441\u0442\u0438"
            + " \u0421\u043f\u043e\u0440\u0442 \u041a\u043e\u043d\u0442\u0430\u043a\u0442\u044b";
    private static final String ARTICLE = "\u041c\u043e\u0441\u043a\u0432\u0430 \u2014 \u0441\u0442\u043e\u043b\u0438\u0446\u0430"
            + " \u0420\u043e\u0441\u0441\u0438\u0438, \u043a\u0440\u0443\u043f\u043d\u0435\u0439\u0448\u0438\u0439 \u043f\u043e"
            + " \u0447\u0438\u0441\u043b\u0435\u043d\u043d\u043e\u0441\u0442\u0438 \u043d\u0430\u0441\u0435\u043b\u0435\u043d\u0438\u044f"
            + " \u0433\u043e\u0440\u043e\u0434 \u0441\u0442\u0440\u0430\u043d\u044b. ";

    @Test
    void aUtf8TemplateAroundAWindows1251ArticleIsDecidedForTheArticle() {
        // was x-mac-cyrillic at 93: the article's windows-1251 read with the template's bytes
        byte[] page = mixed(NAV, ARTICLE.repeat(6), Charset.forName("windows-1251"));
        DecodedHtml d = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS).decode(page, "text/html");
        EncodingDecision decision = d.decision();
        assertThat(decision.encoding(), equalTo(Encoding.WINDOWS_1251));
        assertThat(decision.mixture().isPresent(), is(true));
        assertThat(decision.mixture().get().other(), equalTo(Encoding.UTF_8));
        // the template is wrong in windows-1251: not a sure reading
        assertThat(decision.detectorConfidence().getAsInt(), lessThan(EncodingDecision.DETECTION_UNSURE_BELOW));
        assertThat(d.text().contains(ARTICLE.trim()), is(true));
    }

    @Test
    void aSmallUtf8TemplateAroundALongLegacyArticleIsNamed() {
        // a menu and a title in UTF-8, 5% of the characters, around a long windows-1251 article:
        // windows-1251 at 100 with no mixture named, the menu mojibake ("Р“Р»...")
        byte[] page = mixed(NAV, ARTICLE.repeat(20), Charset.forName("windows-1251"));
        Detector.Guess g = guess(page);
        assertThat(g.encoding(), equalTo(Encoding.WINDOWS_1251));
        assertThat("the mixture named", g.mixture(), notNullValue());
        assertThat(g.mixture().other(), equalTo(Encoding.UTF_8));
        assertThat(g.mixture().sharePercent(), is(both(greaterThanOrEqualTo(3)).and(lessThan(10))));
        assertThat(g.confidence(), lessThanOrEqualTo(100 - g.mixture().sharePercent()));
    }

    @Test
    void aUtf8OpeningBeforeALegacyBulkIsDecidedForTheBulk() {
        // the text weighed starts at the first non-ASCII byte: 20 KB of UTF-8 made it a fifth UTF-8
        // while the page is not a tenth, and ranked as it was, UTF-8 Russian read best as macintosh,
        // at 100
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("<html><body><nav>" + NAV + "</nav>").getBytes(StandardCharsets.UTF_8));
        while (out.size() < 20_000) out.writeBytes(("<p>" + ARTICLE).getBytes(StandardCharsets.UTF_8));
        while (out.size() < 240_000) out.writeBytes(("<p>" + ARTICLE).getBytes(Charset.forName("windows-1251")));
        byte[] body = out.toByteArray();
        for (SniffOptions.Detection mode : List.of(SniffOptions.Detection.AUTHOR_INTENT, SniffOptions.Detection.BROWSER_PARITY)) {
            Detector.Guess g = Detector.guess(body, 0, body.length, mode, Encoding.WINDOWS_1252, true);
            assertThat(mode.name(), g.encoding(), equalTo(Encoding.WINDOWS_1251));
            assertThat(mode.name(), g.mixture().other(), equalTo(Encoding.UTF_8));
            assertThat(mode.name(), g.mixture().sharePercent(), lessThan(10));
        }
    }

    @Test
    void aLegacyOpeningBeforeAUtf8BulkIsDecidedForTheBulk() {
        // the text weighed, 8 KiB from the first non-ASCII byte, all windows-1251: the page was
        // windows-1251 at 100 with no mixture named, its 500 KB of UTF-8 mojibake
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("<html><body>".getBytes(StandardCharsets.US_ASCII));
        while (out.size() < 30_000) out.writeBytes(("<p>" + ARTICLE).getBytes(Charset.forName("windows-1251")));
        while (out.size() < 530_000) out.writeBytes(("<p>" + ARTICLE).getBytes(StandardCharsets.UTF_8));
        byte[] body = out.toByteArray();
        Detector.Guess g = guess(body);
        assertThat(g.encoding(), equalTo(Encoding.UTF_8));
        assertThat(g.mixture().other(), equalTo(Encoding.WINDOWS_1251));
        assertThat(g.mixture().sharePercent(), lessThan(15));
        // a browser never guesses UTF-8: the legacy part, saying what else the page holds
        Detector.Guess browser = Detector.guess(body, 0, body.length, SniffOptions.Detection.BROWSER_PARITY,
                Encoding.WINDOWS_1252, true);
        assertThat(browser.encoding(), equalTo(Encoding.WINDOWS_1251));
        assertThat(browser.mixture().other(), equalTo(Encoding.UTF_8));
    }

    @Test
    void aWindows1251TemplateAroundAUtf8ArticleIsDecidedForTheArticle() {
        // the reverse: a legacy template kept around articles written in UTF-8
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Charset cp1251 = Charset.forName("windows-1251");
        out.writeBytes(("<html><body><nav>" + NAV + "</nav><article>").getBytes(cp1251));
        out.writeBytes(ARTICLE.repeat(6).getBytes(StandardCharsets.UTF_8));
        out.writeBytes(("</article><footer>" + NAV + "</footer></body></html>").getBytes(cp1251));
        byte[] page = out.toByteArray();
        Detector.Guess g = guess(page);
        assertThat(g.encoding(), equalTo(Encoding.UTF_8));
        assertThat(g.mixture().other(), equalTo(Encoding.WINDOWS_1251));
        assertThat(g.confidence(), lessThan(EncodingDecision.DETECTION_UNSURE_BELOW));
    }

    @Test
    void aUtf8PageWithOneLegacyWordIsUtf8AndSaysSo() {
        // mostly valid UTF-8 is not valid UTF-8: it reached detection, and read as GBK or a Cyrillic code page
        String utf8Text = ARTICLE.repeat(10);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("<html><body><p>" + utf8Text + "</p><p>").getBytes(StandardCharsets.UTF_8));
        out.writeBytes("caf\u00e9".getBytes(CP1252));
        out.writeBytes("</p></body></html>".getBytes(StandardCharsets.UTF_8));
        byte[] page = out.toByteArray();
        Detector.Guess g = guess(page);
        assertThat(g.encoding(), equalTo(Encoding.UTF_8));
        assertThat(g.mixture().sharePercent() < EncodingDecision.Mixture.LARGE_SHARE, is(true));
        String s = EncodingDecision.builder(Encoding.UTF_8, DecisionSource.DETECTION,
                io.github.jsoupcharset.decision.Confidence.TENTATIVE).mixture(java.util.Optional.of(g.mixture())).build().toString();
        assertThat(s.contains("mixed: " + g.mixture().sharePercent() + "% reads as " + g.mixture().other().name()), is(true));
    }

    @Test
    void legacyTextIsNotMixedForItsAccidentalSequences() {
        // GBK text reads a fifth as whole UTF-8 sequences, never a whole run of them
        String chinese = "\u4e2d\u534e\u4eba\u6c11\u5171\u548c\u56fd\u6210\u7acb\u4e8e\u4e00\u4e5d\u56db\u4e5d\u5e74\uff0c"
                + "\u9996\u90fd\u5317\u4eac\u3002\u8fd9\u662f\u4e00\u4e2a\u6d4b\u8bd5\u9875\u9762\uff0c\u6211\u4eec\u5728"
                + "\u8fd9\u91cc\u5199\u4e00\u4e9b\u4e2d\u6587\u3002";
        byte[] page = page("<p>" + chinese.repeat(20) + "</p>", Charset.forName("GBK"));
        Detector.Guess g = guess(page);
        assertThat(g.encoding(), equalTo(Encoding.GBK));
        assertThat(g.mixture() == null, is(true));
        byte[] russian = page("<p>" + ARTICLE.repeat(10) + "</p>", Charset.forName("windows-1251"));
        assertThat(guess(russian).mixture() == null, is(true));
    }
    @Test
    void aLegacyPageQuotingMojibakeIsReadAsWritten() {
        // was ISO-8859-5 at 58: "Ã©" (a UTF-8 "é" read as windows-1252) is the only word beside the "é"
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("<html><body><p>If your page shows ".getBytes(CP1252));
        out.writeBytes("\u00e9".getBytes(StandardCharsets.UTF_8));
        out.writeBytes(" where it should show \u00e9, read on.</p></body></html>".getBytes(CP1252));
        byte[] page = out.toByteArray();
        Detector.Guess g = guess(page);
        assertThat(g.encoding(), equalTo(Encoding.WINDOWS_1252));
        assertThat(g.mixture().other(), equalTo(Encoding.UTF_8));
        assertThat(g.confidence(), lessThan(EncodingDecision.DETECTION_UNSURE_BELOW));
        String text = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS).decode(page, "text/html").text();
        assertThat(text.contains("shows \u00c3\u00a9 where it should show \u00e9,"), is(true));
    }

    @Test
    void aUtf8PageWithOneStrayLegacyApostropheIsUtf8() {
        // was windows-874 at 10: seven UTF-8 letters read as Thai around one windows-1252 "’"
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("<html><body><p>Caf\u00e9 cr\u00e8me \u00e0 la carte, it".getBytes(StandardCharsets.UTF_8));
        out.writeBytes("\u2019".getBytes(CP1252));
        out.writeBytes("s the na\u00efve fa\u00e7ade of the r\u00e9sum\u00e9.</p></body></html>".getBytes(StandardCharsets.UTF_8));
        byte[] page = out.toByteArray();
        Detector.Guess g = guess(page);
        assertThat(g.encoding(), equalTo(Encoding.UTF_8));
        assertThat(g.mixture().other(), equalTo(Encoding.WINDOWS_1252));
        assertThat(g.confidence(), lessThan(EncodingDecision.DETECTION_UNSURE_BELOW));
        // a browser shows no guessed UTF-8: the legacy part's encoding, the mixture said
        Detector.Guess browser = Detector.guess(page, 0, page.length, SniffOptions.Detection.BROWSER_PARITY,
                Encoding.WINDOWS_1252, true);
        assertThat(browser.encoding(), equalTo(Encoding.WINDOWS_1252));
        assertThat(browser.mixture().other(), equalTo(Encoding.UTF_8));
        assertThat(browser.confidence(), lessThan(EncodingDecision.DETECTION_UNSURE_BELOW));
    }

    @Test
    void aChineseCharacterAloneThatIsWholeUtf8IsNoMixture() {
        // 木 牛 女 平 品 are GBK bytes that are also whole UTF-8 sequences, alone between spaces
        byte[] page = page("<p>Buy it: \u5168\u65b0 \u624b\u673a \u6728 \u725b \u5973 \u5e73 \u54c1</p>",
                Charset.forName("GBK"));
        Detector.Guess g = guess(page);
        assertThat(g.encoding(), equalTo(Encoding.GBK));
        assertThat(g.mixture() == null, is(true));
    }
}
