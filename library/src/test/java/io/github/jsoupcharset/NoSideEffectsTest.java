package io.github.jsoupcharset;

import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

/**
 * Having the library on the class path changes nothing for code that does not call it: it
 * registers no charset with {@code java.nio}, so no label a browser ignores becomes decodable
 * through {@code Charset.forName}, and jsoup's own parsing of a page naming one is jsoup's.
 */
class NoSideEffectsTest {
    @Test
    void noCharsetOfOursIsFoundByName() {
        for (Encoding e : Encoding.all()) {
            for (String name : List.of("x-whatwg-" + e.name(), ("x-whatwg-" + e.name()).toLowerCase(Locale.ROOT))) {
                assertThat(name, Charset.isSupported(name), is(false));
            }
        }
        assertThat(Charset.isSupported("replacement"), is(false));
        assertThat(Charset.availableCharsets().keySet().stream().filter(n -> n.startsWith("x-whatwg")).toList(), empty());
    }

    @Test
    void theLibraryShipsNoCharsetProvider() throws IOException {
        String ours = Encoding.class.getProtectionDomain().getCodeSource().getLocation().toString();
        List<String> providers = Collections.list(Encoding.class.getClassLoader()
                .getResources("META-INF/services/java.nio.charset.spi.CharsetProvider")).stream()
                .map(URL::toString).filter(u -> u.startsWith(ours) || u.startsWith("jar:" + ours)).toList();
        assertThat(providers, empty());
    }

    @Test
    void jsoupAloneIgnoresLabelsOnlyWeKnow() throws IOException {
        // a page naming a charset only a provider of ours would give: jsoup falls back to its default
        assertThat(jsoupText("<meta charset=x-whatwg-replacement><p>secret"), equalTo("secret"));
        assertThat(jsoupText("<meta charset=x-whatwg-UTF-16LE><p>plain ascii"), equalTo("plain ascii"));
        assertThat(jsoupText("<meta charset=x-whatwg-gbk><p>\u00E9"), equalTo("\u00E9"));
    }

    private static String jsoupText(String page) throws IOException {
        return Jsoup.parse(new ByteArrayInputStream(page.getBytes(StandardCharsets.UTF_8)), null, "").text();
    }
}
