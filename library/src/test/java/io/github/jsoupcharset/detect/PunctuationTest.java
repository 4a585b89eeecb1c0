package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * Punctuation a language writes weighs as its letters do ({@link Exemplars#PUNCTUATION}): Spanish,
 * Catalan, French, Italian and Norwegian quote with « », which ISO-8859-2 reads as the Czech and
 * Slovak letters Ť ť, so that a reading with more letters won pages whose other letters read the
 * same (á é í ó ú ñ→ň are all Slovak). The texts are sentences written for the test.
 */
class PunctuationTest {
    private static final String SPANISH = "<p>El programa «gestor» no encontró el archivo «datos» en el "
            + "directorio «tmp»; revise la opción «ruta» y la configuración del año.</p>";
    private static final String NORWEGIAN = "<p>Filen «rapport» ble ikke funnet i mappen «dokumenter»; "
            + "sjekk innstillingen «bane» før du prøver på nytt.</p>";

    @Test
    void guillemetsAreTheLanguagesPunctuationNotSlovakLetters() {
        for (String text : List.of(SPANISH, NORWEGIAN)) {
            for (Encoding e : List.of(Encoding.WINDOWS_1252, Encoding.ISO_8859_15)) {
                byte[] bytes = text.getBytes(e.charset());
                DecodedHtml decoded = BrowserCharsetJsoup.decode(bytes, "text/html");
                assertThat(e + ": " + decoded.decision(), decoded.text(), equalTo(text));
            }
        }
    }

    @Test
    void punctuationCountsForTheLanguagesThatWriteItAndNeverAgainstOthers() {
        Exemplars.Exemplar es = Exemplars.SETS.get("es");
        Exemplars.Exemplar cs = Exemplars.SETS.get("cs");
        assertThat((CharacterProperties.flags('«') & CharacterProperties.LETTER) != 0, equalTo(true));
        assertThat(es.halves('«'), equalTo(2)); // a standard letter of Spanish
        assertThat(cs.halves('«'), equalTo(1)); // nothing for Czech: a half, as the half it costs
        assertThat(cs.halves('Ť'), equalTo(2));
        // the General Punctuation block is at the same bytes in every windows-125x: not weighed
        assertThat((CharacterProperties.flags('“') & CharacterProperties.LETTER) != 0, equalTo(false));
    }
}
