package io.github.jsoupcharset.nio;

import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;

class WhatwgCharsetProviderTest {
    @Test
    void everyEncodingButReplacementIsFoundByItsPrefixedNameInAnyCase() {
        for (Encoding e : Encoding.all()) {
            String name = "x-whatwg-" + e.name();
            if (e == Encoding.REPLACEMENT) {
                assertThat(name, Charset.isSupported(name), is(false));
                continue;
            }
            assertThat(name, Charset.forName(name).name(), equalTo(name));
            assertThat(name, Charset.forName(name.toUpperCase(Locale.ROOT)).name(), equalTo(name));
            assertThat(Charset.availableCharsets().keySet(), hasItem(name));
        }
        assertThat(Charset.isSupported("x-whatwg-"), is(false));
        assertThat(Charset.isSupported("x-whatwg-latin1"), is(false));
    }

    @Test
    void anyJavaCodeDecodesLikeABrowser() throws IOException {
        byte[] bytes = {(byte) 0x80, (byte) 0x81, 'a'};
        assertThat(new String(bytes, "x-whatwg-windows-1252"), equalTo("\u20AC\u0081a"));
        byte[] sjis = {(byte) 0x81, 0x60, (byte) 0x82, '<'};
        try (Reader r = new InputStreamReader(new ByteArrayInputStream(sjis), "X-WHATWG-SHIFT_JIS")) {
            char[] buf = new char[8];
            int n = r.read(buf);
            // the ASCII byte after a bad lead byte is never swallowed
            assertThat(new String(buf, 0, n), equalTo("\uFF5E\uFFFD<"));
        }
        assertThat("\u00A5".getBytes(Charset.forName("x-whatwg-Shift_JIS")), equalTo(new byte[] {0x5C}));
    }

    @Test
    void jsoupItselfCanUseTheCharsetsByName() throws IOException {
        byte[] page = {'<', 'p', '>', (byte) 0x81, 0x40, '<', '/', 'p', '>'};
        Document doc = Jsoup.parse(new ByteArrayInputStream(page), "x-whatwg-gbk", "");
        assertThat(doc.selectFirst("p").text(), equalTo("\u4E02"));
    }

    @Test
    void aPageCannotNameReplacementToHideItsText() throws IOException {
        byte[] page = "<meta charset=x-whatwg-replacement><p>secret".getBytes(StandardCharsets.US_ASCII);
        assertThat(Jsoup.parse(new ByteArrayInputStream(page), null, "").text(), equalTo("secret"));
    }

    @Test
    void otherNamesAreLeftToOtherProviders() {
        WhatwgCharsetProvider p = new WhatwgCharsetProvider();
        assertThat(p.charsetForName("UTF-8"), equalTo(null));
        assertThat(p.charsetForName("Shift_JIS"), equalTo(null));
        assertThat(p.charsetForName(null), equalTo(null));
        int n = 0;
        for (var it = p.charsets(); it.hasNext(); it.next()) n++;
        assertThat(n, equalTo(39));
    }
}
