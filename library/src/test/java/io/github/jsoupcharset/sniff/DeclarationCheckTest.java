package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.decision.EncodingDecision.Misdeclaration;
import io.github.jsoupcharset.detect.UnseenTextEvaluation.Breakage;
import io.github.jsoupcharset.detect.Utf8Scan;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

class DeclarationCheckTest {
    private static Optional<Misdeclaration> check(byte[] b, Encoding declared) {
        return DeclarationCheck.check(b, 0, b.length, declared, DecisionSource.HTTP_HEADER, true);
    }

    private static byte[] page(String text, java.nio.charset.Charset cs) {
        return ("<!DOCTYPE html><title>t</title><p>" + text).getBytes(cs);
    }

    @Test
    void utf8DeclaredWindows1252IsUtf8() {
        byte[] b = page("Café crème, déjà vu, naïve façade, über Größe", StandardCharsets.UTF_8);
        Optional<Misdeclaration> m = check(b, Encoding.WINDOWS_1252);
        assertThat(m.map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.UTF_8)));
        assertThat(m.get().evidence(), equalTo("valid UTF-8, 9 multi-byte sequences"));
    }

    @Test
    void oneOrTwoSequencesAtAWordsEdgeAreOnlyPossiblyMisdeclared() {
        // "Café" read as windows-1252 is "CafÃ©": what a page quoting mojibake writes too
        for (String text : List.of("Café", "Café crème", "Mein über-Name")) {
            Optional<Misdeclaration> m = check(page(text, StandardCharsets.UTF_8), Encoding.WINDOWS_1252);
            assertThat(text, m.map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.UTF_8)));
            assertThat(text, m.get().possible(), is(true));
        }
    }

    @Test
    void threeSequencesInWordsArePlainlyUtf8() {
        Optional<Misdeclaration> m = check(page("Café crème brûlée", StandardCharsets.UTF_8), Encoding.WINDOWS_1252);
        assertThat(m.map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.UTF_8)));
        assertThat(m.get().possible(), is(false));
    }

    @Test
    void everySingleByteDeclarationIsCheckedWithoutFailing() {
        // ISO-8859-8-I is no detection candidate; the check must still read it
        for (Encoding e : Encoding.all()) {
            if (!e.isAsciiCompatible() || e == Encoding.UTF_8 || e == Encoding.X_USER_DEFINED) continue;
            assertThat(e.name(), check(page("Il può venire.", StandardCharsets.UTF_8), e).map(Misdeclaration::bytesLookLike)
                    .orElse(e), equalTo(e == Encoding.GBK || e == Encoding.GB18030 || e == Encoding.BIG5 || e == Encoding.EUC_JP
                    || e == Encoding.SHIFT_JIS || e == Encoding.EUC_KR ? e : Encoding.UTF_8));
            assertThat(e.name(), check(page("Le café est ouvert.", e.charset()), e), equalTo(Optional.empty()));
        }
    }

    @Test
    void theEvidenceCountsInTheSingularForOne() {
        assertThat(check(page("Café", StandardCharsets.UTF_8), Encoding.WINDOWS_1252).get().evidence(),
                equalTo("valid UTF-8, 1 multi-byte sequence"));
        assertThat(check(page("Le café est ouvert.", Encoding.WINDOWS_1252.charset()), Encoding.UTF_8).get().evidence(),
                equalTo("1 UTF-8 error in 1 non-ASCII sequence; windows-1252 decodes with 0 errors"));
    }

    @Test
    void oneTwoByteUtf8SequenceThatLegacyTextCanBeIsOnlyPossiblyMisdeclared() {
        // "É…" (C9 85) is UTF-8's "Ʌ", a capital; "Ã©" alone is no word
        assertThat(check(page("CAFÉ… ok", Encoding.WINDOWS_1252.charset()), Encoding.WINDOWS_1252).get().possible(), is(true));
        assertThat(check(page("The École", StandardCharsets.UTF_8), Encoding.WINDOWS_1252).get().possible(), is(true));
    }

    @Test
    void oneSequenceInsideAWordIsEnough() {
        // â€™ between letters: three legacy characters that no legacy text writes inside a word
        for (String text : List.of("It’s here", "Em São Paulo")) {
            Optional<Misdeclaration> m = check(page(text, StandardCharsets.UTF_8), Encoding.WINDOWS_1252);
            assertThat(text, m.map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.UTF_8)));
            assertThat(text, m.get().possible(), is(false));
        }
    }

    /** Correct legacy pages that quote mojibake: their only non-ASCII bytes are valid UTF-8. */
    static final List<String> QUOTING_MOJIBAKE = List.of(
            "<p>If your page shows \u00c3\u00a9 where it should show &eacute;, the server sends UTF-8 as windows-1252; "
                    + "\u00c3\u00a8 and \u00c3\u00a0 are the same mistake.</p>",
            "<p>Mein \u00c3\u00bcber-Name</p>",
            "<table><tr><th>meant</th><th>shown</th></tr><tr><td>&eacute;</td><td>\u00c3\u00a9</td></tr>"
                    + "<tr><td>&egrave;</td><td>\u00c3\u00a8</td></tr><tr><td>&uuml;</td><td>\u00c3\u00bc</td></tr>"
                    + "<tr><td>&rsquo;</td><td>\u00e2\u20ac\u2122</td></tr></table>",
            "<pre>s = s.replace(\"\u00c3\u00a9\", \"&eacute;\").replace(\"\u00c3\u00a8\", \"&egrave;\")"
                    + ".replace(\"\u00e2\u20ac\u2122\", \"'\");</pre>",
            "<p>Wenn Sie \"\u00c3\u00a4\", \"\u00c3\u00b6\" oder \"\u00c3\u00bc\" sehen, ist die Kodierung falsch.</p>");

    @Test
    void legacyPagesThatQuoteMojibakeAreOnlyPossiblyMisdeclared() {
        for (String text : QUOTING_MOJIBAKE) {
            byte[] b = page(text, Encoding.WINDOWS_1252.charset());
            Optional<Misdeclaration> m = check(b, Encoding.WINDOWS_1252);
            assertThat(text, m.map(Misdeclaration::possible), equalTo(Optional.of(true)));
        }
        // ISO-8859-15 has no "¼": its "Ã©" (C3 A9) in a word
        byte[] latin9 = page("<p>Mein \u00c3\u00a9cole-Name</p>", Encoding.ISO_8859_15.charset());
        assertThat(check(latin9, Encoding.ISO_8859_15).map(Misdeclaration::possible), equalTo(Optional.of(true)));
    }

    @Test
    void checkedModeDecodesPagesThatQuoteMojibakeAsDeclaredAndReportsThemAsPossiblyMisdeclared() {
        BrowserCharsetParser browser = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);
        BrowserCharsetParser checked = BrowserCharsetJsoup.withOptions(
                SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));
        for (String text : QUOTING_MOJIBAKE) {
            for (String label : List.of("windows-1252", "iso-8859-1")) {
                byte[] b = page(text, Encoding.WINDOWS_1252.charset());
                String contentType = "text/html; charset=" + label;
                DecodedHtml mine = checked.decode(b, contentType);
                DecodedHtml theirs = browser.decode(b, contentType);
                assertThat(text, mine.text(), equalTo(theirs.text()));
                assertThat(text, mine.text(), containsString(text));
                assertThat(text, mine.decision().source(), equalTo(DecisionSource.HTTP_HEADER));
                for (EncodingDecision d : List.of(mine.decision(), theirs.decision())) {
                    assertThat(text, d.misdeclared(), is(false));
                    assertThat(text, d.possiblyMisdeclared(), is(true));
                    assertThat(text, d.toString(), containsString("HTTP_HEADER windows-1252 possibly wrong, bytes could be UTF-8"));
                }
            }
        }
    }

    @Test
    void oneOrTwoSymbolsStandingFreeAreEnough() {
        // "Copyright Â© 2008": no letter, so no quoted mojibake of one, and neither quoted nor in a cell of its own
        for (String text : List.of("Copyright © 2008 Fairfax Digital", "around £2 million", "his last club — because",
                "All promotions »</a>")) {
            Optional<Misdeclaration> m = check(page(text, StandardCharsets.UTF_8), Encoding.WINDOWS_1252);
            assertThat(text, m.map(Misdeclaration::possible), equalTo(Optional.of(false)));
        }
        // quoted, or alone in an element: what a page explaining mojibake writes
        for (String text : List.of("It shows \"\u00e2\u20ac\u2122\" for an apostrophe.", "<td>\u00c2\u00a9</td>")) {
            Optional<Misdeclaration> m = check(page(text, Encoding.WINDOWS_1252.charset()), Encoding.WINDOWS_1252);
            assertThat(text, m.map(Misdeclaration::possible), equalTo(Optional.of(true)));
        }
    }

    @Test
    void oneSequenceWhoseDeclaredReadingHasAControlIsEnough() {
        // "Á" is C3 81, and 81 is no character in windows-1252 (a C1 control): no legacy text has it
        Optional<Misdeclaration> m = check(page("\u00c1gnes", StandardCharsets.UTF_8), Encoding.WINDOWS_1252);
        assertThat(m.map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.UTF_8)));
        assertThat(m.get().possible(), is(false));
    }

    @Test
    void twoLegacyLettersSideBySideOneOfThemNoUtf8ByteAreLegacy() {
        // "öß" is F6 DF: F6 is in no UTF-8 text, so no broken sequence left it
        for (String text : List.of("Die Gr\u00f6\u00dfe", "Sch\u00f6ne Gr\u00fc\u00dfe")) {
            assertThat(text, check(page(text, Encoding.WINDOWS_1252.charset()), Encoding.UTF_8)
                    .map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.WINDOWS_1252)));
        }
    }

    @Test
    void threeLegacyLettersDeclaredUtf8AreLegacy() {
        String three = "La canción se escuchó en la radio toda la mañana.";
        assertThat(check(page(three, Encoding.WINDOWS_1252.charset()), Encoding.UTF_8)
                .map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.WINDOWS_1252)));
    }

    @Test
    void oneOrTwoSmallLegacyLettersInWordsAreLegacy() {
        for (String text : List.of("Le café est ouvert.", "La canción se escuchó en la radio.")) {
            assertThat(text, check(page(text, Encoding.WINDOWS_1252.charset()), Encoding.UTF_8)
                    .map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.WINDOWS_1252)));
        }
    }

    @Test
    void oneOrTwoLegacyLettersThatBrokenUtf8CouldLeaveStayUtf8() {
        // a capital: what a two-byte sequence that lost its last byte reads as ("Ã")
        assertThat(check(page("Voir École Normale.", Encoding.WINDOWS_1252.charset()), Encoding.UTF_8),
                equalTo(Optional.empty()));
        // a byte 0x80-0xBF: what a sequence that lost its lead leaves ("ó" is C3 B3, ł is B3)
        assertThat(check(page("Jest ładnie dzisiaj.", Encoding.WINDOWS_1250.charset()), Encoding.UTF_8),
                equalTo(Optional.empty()));
        // a letter on its own, not in a word ("Â" is what a broken "©" leaves)
        assertThat(check(page("Ir a la página siguiente o volver à la anterior.", Encoding.WINDOWS_1252.charset()),
                Encoding.UTF_8), equalTo(Optional.empty()));
    }

    @Test
    void aPageWhoseOnlySequencesAreBrokenStaysUtf8HoweverTheyBreak() {
        // two sequences and nothing else beyond ASCII
        String[] texts = {"Le café est prêt.", "C’est l’heure.", "Ça a l’air.", "Don’t “x", "日本 ok",
            "Да, ok", "Ωμ ok", "Fuß😀"};
        for (String text : texts) {
            byte[] utf8 = page(text, StandardCharsets.UTF_8);
            for (Breakage how : Breakage.values()) {
                byte[] bytes = how.breakEach(utf8);
                assertThat(Utf8Scan.of(bytes, 0, bytes.length, true, false, Integer.MAX_VALUE).sequences(), equalTo(0));
                assertThat(how + " " + new String(bytes, StandardCharsets.ISO_8859_1), check(bytes, Encoding.UTF_8),
                        equalTo(Optional.empty()));
            }
        }
    }

    @Test
    void theWebsPunctuationInItsPlaceDeclaredUtf8IsWindows1252() {
        // the commonest misdeclared page: windows-1252 punctuation behind charset=utf-8, which a
        // browser shows as U+FFFD; one or two bytes 0x80-0xBF, what a sequence that lost its lead
        // leaves, but not in these places
        for (String text : List.of("It\u2019s the nation\u2019s day.", "We\u2019ll see; don\u2019t.", "Paris \u2013 Lyon",
                "this Agreement \u2014 no other", "Civil Procedure, \u00a7\u00a71280 et seq.", "Copyright\u00a9 2008 Acme",
                "Copyright \u00a9 Smith Events", "<a>Register now \u00bb</a>", "It costs \u00a310.", "20\u00b0C today",
                "He said \u201cyes\u201d and left.", "\u00a92013 Acme", "Wait\u2026 <b>no</b>",
                "Cannot open file \u2018x.txt\u2019 here.", "Try \u2018--help\u2019 for more.", "Say \u2018no\u2019, it\u2019s fine.",
                "<td>Name\u00a0\u00a0\u00a0</td><td>Price</td>", "Tolerance \u00b12 mm")) {
            assertThat(text, check(page(text, Encoding.WINDOWS_1252.charset()), Encoding.UTF_8)
                    .map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.WINDOWS_1252)));
        }
        // elsewhere such a byte stays what a broken sequence may have left: a lone letter's
        // (Portuguese "\u00e9" C3 A9 without its lead reads "\u00a9"), a quote that never closes, a
        // symbol glued to words on both sides
        for (String text : List.of("ele \u00a9 bom", "a \u201cquote", "x\u2014y", "caf\u00a9 au lait", "It\u2019x",
                "a \u2018quote", "x\u2018y\u2019 z", "\u2018 x\u2019", "end\u2019 \u2018start", "voil\u00a0 tout", "x\u00b1y")) {
            assertThat(text, check(page(text, Encoding.WINDOWS_1252.charset()), Encoding.UTF_8), equalTo(Optional.empty()));
        }
        // and UTF-8 broken in two places, every way, stays UTF-8
        for (String text : List.of("Ele \u00e9 bom e \u00e9 meu.", "Il \u00e9tait \u00e0 Paris.", "Stra\u00dfe \u00d6 2", "F\u00f6\u00f6 bar")) {
            byte[] utf8 = page(text, StandardCharsets.UTF_8);
            for (Breakage how : Breakage.values()) {
                byte[] bytes = how.breakEach(utf8);
                assertThat(how + " " + new String(bytes, StandardCharsets.ISO_8859_1), check(bytes, Encoding.UTF_8),
                        equalTo(Optional.empty()));
            }
        }
    }

    @Test
    void twoLegacyWordsOfMoreThanOnePlacesErrorsAreLegacy() {
        // six errors in one run and three in another: no UTF-8 page broken in two places makes them
        // (one place makes five at most), however few the bytes
        for (String text : List.of("Hello, \u0434\u0440\u0443\u0437\u044c\u044f \u043c\u043e\u0438!",
                "\u041c\u043e\u0441\u043a\u0432\u0430 \u0441\u0442\u043e\u043b\u0438\u0446\u0430.")) {
            assertThat(text, check(page(text + " Plain English text otherwise, about the weather and the news.",
                    Encoding.WINDOWS_1251.charset()), Encoding.UTF_8).map(Misdeclaration::bytesLookLike),
                    equalTo(Optional.of(Encoding.WINDOWS_1251)));
        }
    }

    @Test
    void aFewJapaneseLettersDeclaredUtf8AreLegacy() {
        assertThat(check(page("ログイン", Encoding.EUC_JP.charset()), Encoding.UTF_8).map(Misdeclaration::bytesLookLike),
                equalTo(Optional.of(Encoding.EUC_JP)));
    }

    @Test
    void twoBrokenPlacesStayUtf8HoweverManyErrorsTheyMake() {
        // each 0xFF splits a two-byte sequence: three errors per place, six in all, two places
        byte[] good = page("A b c d é f g h i j k l m n o p q r s t u v w x y z é", StandardCharsets.UTF_8);
        String s = new String(good, StandardCharsets.ISO_8859_1);
        int first = s.indexOf('\u00C3');
        int second = s.lastIndexOf('\u00C3');
        s = s.substring(0, first + 1) + '\u00FF' + s.substring(first + 1, second + 1) + '\u00FF' + s.substring(second + 1);
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        assertThat(DeclarationCheck.twoPlaces(b, 0, b.length, true), is(true));
        assertThat(check(b, Encoding.UTF_8), equalTo(Optional.empty()));
    }

    @Test
    void windows1252DeclaredWindows1252IsLeftAlone() {
        byte[] b = page("Café crème, déjà vu, naïve façade, über Größe", Encoding.WINDOWS_1252.charset());
        assertThat(check(b, Encoding.WINDOWS_1252), equalTo(Optional.empty()));
    }

    @Test
    void multiByteDeclarationsAreNotCheckedForUtf8() {
        byte[] b = page("Café crème, déjà vu, naïve façade, über Größe", StandardCharsets.UTF_8);
        assertThat(check(b, Encoding.SHIFT_JIS), equalTo(Optional.empty()));
    }

    @Test
    void windows1251DeclaredUtf8IsWindows1251() {
        String text = "Привет, мир! Это страница на русском языке, которую сервер объявил как UTF-8.";
        Optional<Misdeclaration> m = check(page(text, Encoding.WINDOWS_1251.charset()), Encoding.UTF_8);
        assertThat(m.map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.WINDOWS_1251)));
        assertThat(m.get().declared(), equalTo(Encoding.UTF_8));
    }

    @Test
    void utf8WithTwoBrokenSequencesStaysUtf8() {
        byte[] good = page("Привет, мир! Это страница на русском языке, в которой есть ошибки.", StandardCharsets.UTF_8);
        byte[] b = MisdeclaredPages.twoBroken(good);
        assertThat(check(b, Encoding.UTF_8), equalTo(Optional.empty()));
    }

    @Test
    void mostlyGoodUtf8WithALegacyParagraphStaysUtf8() {
        byte[] utf8 = page("Привет, мир! Это страница на русском языке, в которой есть абзац в другой кодировке. ".repeat(3),
                StandardCharsets.UTF_8);
        byte[] legacy = "Résumé, café, déjà vu, crème brûlée, naïve.".getBytes(Encoding.WINDOWS_1252.charset());
        byte[] b = MisdeclaredPages.concat(utf8, legacy);
        assertThat(check(b, Encoding.UTF_8), equalTo(Optional.empty()));
    }
}
