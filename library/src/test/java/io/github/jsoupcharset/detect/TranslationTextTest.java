package io.github.jsoupcharset.detect;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

/** {@link TranslationText}: a gettext catalogue's translations, cleaned of what only programs read. */
class TranslationTextTest {
    /** A little-endian {@code .mo} file holding {@code pairs} (original, translation, ...). */
    private static byte[] mo(String... pairs) {
        int n = pairs.length / 2;
        int originals = 28;
        int translations = originals + 8 * n;
        int data = translations + 8 * n;
        ByteArrayOutputStream strings = new ByteArrayOutputStream();
        ByteBuffer head = ByteBuffer.allocate(data).order(ByteOrder.LITTLE_ENDIAN);
        head.putInt(0x950412de).putInt(0).putInt(n).putInt(originals).putInt(translations).putInt(0).putInt(0);
        int[][] at = new int[pairs.length][2];
        for (int i = 0; i < pairs.length; i++) {
            byte[] b = pairs[i].getBytes(StandardCharsets.UTF_8);
            at[i] = new int[] {b.length, data + strings.size()};
            strings.writeBytes(b);
            strings.write(0);
        }
        for (int i = 0; i < n; i++) head.putInt(at[2 * i][0]).putInt(at[2 * i][1]);
        for (int i = 0; i < n; i++) head.putInt(at[2 * i + 1][0]).putInt(at[2 * i + 1][1]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.array());
        out.writeBytes(strings.toByteArray());
        return out.toByteArray();
    }

    @Test
    void readsTheTranslationsAndLeavesTheHeaderOut() {
        byte[] file = mo("", "Project-Id-Version: x\nContent-Type: text/plain; charset=UTF-8\n",
                "Cannot open «%s»", "Impossible d’ouvrir «%s»",
                "_File", "_Fichier",
                "%d file\0%d files", "%d fichier\0%d fichiers");
        assertThat(TranslationText.read(file),
                equalTo(List.of("Impossible d’ouvrir «x»", "Fichier", "x fichier", "x fichiers")));
    }

    @Test
    void cleansWhatOnlyProgramsRead() {
        assertThat(TranslationText.clean("50%% of %1$s: ${name} <b>done</b> &amp; {0}"), equalTo("50% of x: x done x"));
        assertThat(TranslationText.clean("&Öffnen… & Speichern"), equalTo("Öffnen… and Speichern"));
        assertThat(TranslationText.clean("%s: %s"), nullValue()); // fewer than three letters
    }

    @Test
    void aCatalogueInAnotherCharsetOrNoCatalogueAtAllGivesNothing() {
        byte[] latin1 = mo("Open", "Öffnen");
        latin1[latin1.length - 7] = (byte) 0xD6; // "Ö" as ISO-8859-1: not UTF-8
        assertThat(TranslationText.read(latin1), equalTo(List.of()));
        assertThat(TranslationText.read(new byte[] {1, 2, 3}), equalTo(List.of()));
        assertThat(TranslationText.read(new byte[40]), equalTo(List.of()));
    }
}
