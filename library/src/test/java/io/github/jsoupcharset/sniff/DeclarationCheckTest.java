package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision.Misdeclaration;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

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
    void oneTwoByteUtf8SequenceIsNotEnoughButTwoAre() {
        // Â© or É… can be legacy text; two such pairs and nothing else non-ASCII hardly are
        assertThat(check(page("Café", StandardCharsets.UTF_8), Encoding.WINDOWS_1252), equalTo(Optional.empty()));
        assertThat(check(page("Café crème", StandardCharsets.UTF_8), Encoding.WINDOWS_1252)
                .map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.UTF_8)));
    }

    @Test
    void oneThreeByteUtf8SequenceIsEnough() {
        // â€™ : three legacy characters that no legacy text writes together
        assertThat(check(page("It’s here", StandardCharsets.UTF_8), Encoding.WINDOWS_1252)
                .map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.UTF_8)));
    }

    @Test
    void threeLegacyLettersDeclaredUtf8AreLegacy() {
        String two = "La canción se escuchó en la radio.";
        String three = "La canción se escuchó en la radio toda la mañana.";
        assertThat(check(page(two, Encoding.WINDOWS_1252.charset()), Encoding.UTF_8), equalTo(Optional.empty()));
        assertThat(check(page(three, Encoding.WINDOWS_1252.charset()), Encoding.UTF_8)
                .map(Misdeclaration::bytesLookLike), equalTo(Optional.of(Encoding.WINDOWS_1252)));
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
        assertThat(DeclarationCheck.brokenRuns(b, 0, b.length, true), equalTo(2));
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
