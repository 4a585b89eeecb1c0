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
    void aFewUtf8SequencesAreNotEnough() {
        byte[] b = page("Café crème déjà", StandardCharsets.UTF_8); // 4 sequences, below the minimum of 8
        assertThat(check(b, Encoding.WINDOWS_1252), equalTo(Optional.empty()));
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
