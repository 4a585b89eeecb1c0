package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;
import io.github.jsoupcharset.sniff.DocumentDeclaration.FailedLabel;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

/** Get an XML encoding, as the prescan and the browsers read the XML declaration. */
class XmlDeclarationTest {
    private static Optional<Encoding> xml(String latin1) {
        byte[] b = latin1.getBytes(StandardCharsets.ISO_8859_1);
        return XmlDeclaration.getXmlEncoding(b, 0, b.length).declared().map(Declared::encoding);
    }

    @Test
    void xmlDeclaration() {
        assertThat(xml("<?xml version=\"1.0\" encoding=\"koi8-r\"?>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(xml("<?xml encoding='koi8-r'>"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(xml("<?xml encoding \t\n= \"koi8-r\">"), equalTo(Optional.of(Encoding.KOI8_R)));
        assertThat(xml("<?xml<encoding=\"koi8-r\">"), equalTo(Optional.of(Encoding.KOI8_R)));
    }

    @Test
    void xmlDeclarationMustStartAtByteZero() {
        assertThat(xml(" <?xml encoding=\"koi8-r\"?>"), equalTo(Optional.empty()));
        assertThat(xml("\u00EF\u00BB\u00BF<?xml encoding=\"koi8-r\"?>"), equalTo(Optional.empty()));
        assertThat(xml("<?XML encoding=\"koi8-r\"?>"), equalTo(Optional.empty()));
    }

    @Test
    void xmlDeclarationSearchStopsAtTheFirstGreaterThan() {
        assertThat(xml("<?xml>encoding=\"koi8-r\"?>"), equalTo(Optional.empty()));
        assertThat(xml("<?xml encoding=\"koi8-r\""), equalTo(Optional.empty()));
        assertThat(xml("<?xml encoding=\"koi8>-r\""), equalTo(Optional.empty()));
    }

    @Test
    void xmlDeclarationSyntax() {
        assertThat(xml("<?xml ENCODING=\"koi8-r\"?>"), equalTo(Optional.empty()));
        assertThat(xml("<?xml encodingencoding=\"koi8-r\"?>"), equalTo(Optional.empty()));
        assertThat(xml("<?xml encoding=koi8-r?>"), equalTo(Optional.empty()));
        assertThat(xml("<?xml encoding=\"koi8-r'?>"), equalTo(Optional.empty()));
        assertThat(xml("<?xml encoding=\" koi8-r\"?>"), equalTo(Optional.empty()));
        assertThat(xml("<?xml encoding=\"koi8\t-r\"?>"), equalTo(Optional.empty()));
    }

    @Test
    void xmlDeclarationUtf16IsUtf8AndUnknownIsRecorded() {
        assertThat(xml("<?xml encoding=\"UTF-16\"?>"), equalTo(Optional.of(Encoding.UTF_8)));
        assertThat(xml("<?xml encoding=\"x-user-defined\"?>"), equalTo(Optional.of(Encoding.X_USER_DEFINED)));
        byte[] b = "<?xml encoding=\"utf-7\"?>".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(XmlDeclaration.getXmlEncoding(b, 0, b.length).failedLabels(),
                contains(new FailedLabel("utf-7", DecisionSource.XML_DECLARATION, 0)));
    }
}
