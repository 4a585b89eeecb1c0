package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

class LanguageHintsTest {
    @Test
    void topLevelDomainAndContentLanguageBecomeLanguagesDetectionKnows() {
        assertThat(LanguageHints.of("http://www.example.co.jp/index.html", null), contains("ja"));
        assertThat(LanguageHints.of("https://news.example.RU./", "ru-RU"), contains("ru"));
        assertThat(LanguageHints.of("https://example.com.tw/", null), contains("zh_Hant"));
        assertThat(LanguageHints.of(null, "zh-Hant-HK, en"), contains("zh_Hant"));
        assertThat(LanguageHints.of("https://example.com/", "zh-CN"), contains("zh"));
        assertThat(LanguageHints.of("https://example.ua/", "uk"), contains("uk", "ru"));
        assertThat(LanguageHints.of("https://example.com/", "en-US"), empty()); // English: no legacy encoding to prefer
        assertThat(LanguageHints.of("not a url at all", "klingon"), empty());
        assertThat(LanguageHints.of(null, null), empty());
    }

    @Test
    void htmlLangIsReadFromTheRootElement() {
        assertThat(lang("<!DOCTYPE html><html lang=\"ru\"><head>"), equalTo("ru"));
        assertThat(lang("<HTML xml:lang='ja' LANG=ja>"), equalTo("ja"));
        assertThat(lang("<html class=x lang=zh-TW>"), equalTo("zh_Hant"));
        assertThat(lang("<htmlfoo lang=ru><html dir=ltr>"), nullValue());
        assertThat(lang("<html><body lang=ru>"), nullValue());
        assertThat(lang("<html data-slang=ru>"), nullValue());
        assertThat(lang("<p>no root</p>"), nullValue());
    }

    private static String lang(String page) {
        byte[] b = page.getBytes(StandardCharsets.US_ASCII);
        return LanguageHints.htmlLang(b, 0, b.length, 4096);
    }

    @Test
    void aHintBreaksATieOnly() {
        List<Ranking.Scored> tie = List.of(new Ranking.Scored(Encoding.WINDOWS_1251, 100), new Ranking.Scored(Encoding.WINDOWS_1255, 99));
        assertThat(LanguageHints.breakTie(tie, List.of("he")).get(0).encoding(), equalTo(Encoding.WINDOWS_1255));
        assertThat(LanguageHints.breakTie(tie, List.of("he")).get(1).encoding(), equalTo(Encoding.WINDOWS_1251));
        // the leader is written in a hinted language: it stays
        assertThat(LanguageHints.breakTie(tie, List.of("ru", "he")).get(0).encoding(), equalTo(Encoding.WINDOWS_1251));
        // clear evidence: a lead of more than the tie (2 points, or 1% of the score)
        List<Ranking.Scored> clear = List.of(new Ranking.Scored(Encoding.WINDOWS_1251, 400), new Ranking.Scored(Encoding.WINDOWS_1255, 395));
        assertThat(LanguageHints.breakTie(clear, List.of("he")), equalTo(clear));
        assertThat(LanguageHints.breakTie(tie, List.of()), equalTo(tie));
    }

    /**
     * On the development set, the page's own language as a hint (the language its folder names,
     * or the one language of its encoding) never turns a page decoded to its true text without
     * hints into one that is not; and a wrong hint (any other language) turns at most {@link
     * #WRONG_HINT_FLIPS} of the right (page, hint) pairs wrong: short pages whose candidates tie.
     */
    @Test
    void aRightHintNeverTurnsARightAnswerWrongOnTheCorpus() throws IOException {
        List<DetectionCorpus.Case> cases = DetectionCorpus.development();
        List<String> languages = new ArrayList<>(Exemplars.SETS.keySet());
        Map<String, String> broken = new TreeMap<>();
        int rightHints = 0;
        int wrongHints = 0;
        int wrongFlips = 0;
        for (DetectionCorpus.Case c : cases) {
            String truth = DetectionEvaluation.truthText(c);
            if (!truth.equals(BrowserCharsetJsoup.decode(c.bytes(), "text/html").text())) continue;
            String own = ownLanguage(c);
            for (String language : languages) {
                SniffOptions hinted = SniffOptions.DEFAULTS.withLanguageHints(LanguageHints.of(null, language.replace('_', '-')));
                String text = BrowserCharsetJsoup.withOptions(hinted).decode(c.bytes(), "text/html").text();
                if (language.equals(own)) {
                    rightHints++;
                    if (!truth.equals(text)) broken.put(c.path(), "hint " + language);
                } else {
                    wrongHints++;
                    if (!truth.equals(text)) wrongFlips++;
                }
            }
        }
        assertThat(rightHints > 200, equalTo(true));
        assertThat(broken, equalTo(Map.of()));
        System.out.println("wrong-hint flips: " + wrongFlips + " of " + wrongHints);
        assertThat("right answers a wrong hint turned wrong, of " + wrongHints, wrongFlips <= WRONG_HINT_FLIPS, equalTo(true));
    }

    /** Of the 387 right pages × every other language, the pairs a wrong hint turns wrong (see DETECTION.md; 33 before the priors came from the web). */
    static final int WRONG_HINT_FLIPS = 14;

    /** The language the corpus folder names ("windows-1250-hungarian": hu), or the one language of a CJK encoding, or null. */
    static String ownLanguage(DetectionCorpus.Case c) {
        String folder = c.path().split("/")[1].toLowerCase(java.util.Locale.ROOT);
        Map<String, String> names = Map.ofEntries(Map.entry("hungarian", "hu"), Map.entry("czech", "cs"),
                Map.entry("polish", "pl"), Map.entry("slovak", "sk"), Map.entry("slovene", "sl"), Map.entry("croatian", "hr"),
                Map.entry("romanian", "ro"), Map.entry("bulgarian", "bg"), Map.entry("russian", "ru"), Map.entry("greek", "el"),
                Map.entry("hebrew", "he"), Map.entry("turkish", "tr"), Map.entry("arabic", "ar"));
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (folder.endsWith("-" + e.getKey())) return e.getValue();
        }
        if (c.truth() == Encoding.ISO_2022_JP) return "ja";
        if (c.truth() == Encoding.UTF_8) return null;
        String[] own = Candidates.of(c.truth()).languages();
        return own.length == 1 ? own[0] : null;
    }
}
