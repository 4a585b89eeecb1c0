package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

/** Extracting a character encoding from a meta element. */
class MetaContentTest {
    @Test
    void extractionFindsCharsetCaseInsensitively() {
        assertThat(MetaContent.extractLabelFromMeta("text/html; CharSet=koi8-r"), equalTo(Optional.of("koi8-r")));
        assertThat(MetaContent.extractLabelFromMeta("text/html"), equalTo(Optional.empty()));
    }

    @Test
    void extractionSkipsWhitespaceAroundEquals() {
        assertThat(MetaContent.extractLabelFromMeta("charset \t= \nkoi8-r"), equalTo(Optional.of("koi8-r")));
    }

    @Test
    void extractionRetriesAfterCharsetWithoutEquals() {
        assertThat(MetaContent.extractLabelFromMeta("charset; charset=koi8-r"), equalTo(Optional.of("koi8-r")));
        assertThat(MetaContent.extractLabelFromMeta("charsetcharset=koi8-r"), equalTo(Optional.of("koi8-r")));
        assertThat(MetaContent.extractLabelFromMeta("charset"), equalTo(Optional.empty()));
        assertThat(MetaContent.extractLabelFromMeta("charset  "), equalTo(Optional.empty()));
    }

    @Test
    void extractionQuotes() {
        assertThat(MetaContent.extractLabelFromMeta("charset='koi8-r'"), equalTo(Optional.of("koi8-r")));
        assertThat(MetaContent.extractLabelFromMeta("charset=\"koi8 r\";x"), equalTo(Optional.of("koi8 r")));
        assertThat(MetaContent.extractLabelFromMeta("charset='koi8-r"), equalTo(Optional.empty()));
        assertThat(MetaContent.extractLabelFromMeta("charset=\"koi8-r'"), equalTo(Optional.empty()));
        assertThat(MetaContent.extractLabelFromMeta("charset="), equalTo(Optional.empty()));
        assertThat(MetaContent.extractLabelFromMeta("charset=  "), equalTo(Optional.empty()));
    }

    @Test
    void extractionUnquotedEndsAtWhitespaceOrSemicolon() {
        assertThat(MetaContent.extractLabelFromMeta("charset=koi8-r;foo"), equalTo(Optional.of("koi8-r")));
        assertThat(MetaContent.extractLabelFromMeta("charset=koi8-r foo"), equalTo(Optional.of("koi8-r")));
        assertThat(MetaContent.extractLabelFromMeta("charset=koi8-r\""), equalTo(Optional.of("koi8-r\"")));
    }

    @Test
    void extractionWantsAsciiCharset() {
        // U+212A KELVIN SIGN folds to "k" in Java's case-insensitive matching, but not in ASCII's
        assertThat(MetaContent.extractLabelFromMeta("\u212Aharset=koi8-r"), equalTo(Optional.empty()));
        assertThat(MetaContent.extractEncodingFromMeta("charset=koi8-r"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(MetaContent.extractEncodingFromMeta("charset=utf-7"), equalTo(Optional.empty()));
    }
}
