package io.github.jsoupcharset.encoding;

import io.github.jsoupcharset.SharedData;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.sameInstance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EncodingTest {
    /** encodings.json read here independently of the generator: name → labels. */
    private static Map<String, List<String>> encodingsJson() throws IOException {
        String json = Files.readString(SharedData.file("whatwg/encodings.json"), StandardCharsets.UTF_8);
        Map<String, List<String>> out = new LinkedHashMap<>();
        Matcher m = Pattern.compile("\\{\\s*\"labels\"\\s*:\\s*\\[([^\\]]*)\\]\\s*,\\s*\"name\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        while (m.find()) {
            List<String> labels = new ArrayList<>();
            Matcher s = Pattern.compile("\"([^\"]+)\"").matcher(m.group(1));
            while (s.find()) labels.add(s.group(1));
            out.put(m.group(2), labels);
        }
        return out;
    }

    @Test
    void everyLabelInEncodingsJsonResolvesToItsEncoding() throws IOException {
        Map<String, List<String>> json = encodingsJson();
        int labels = 0;
        for (Map.Entry<String, List<String>> e : json.entrySet()) {
            for (String label : e.getValue()) {
                assertThat(label, Encoding.forLabel(label).map(Encoding::name), equalTo(Optional.of(e.getKey())));
                assertThat(label, Encoding.forLabel(label.toUpperCase(java.util.Locale.ROOT)).map(Encoding::name),
                        equalTo(Optional.of(e.getKey())));
                labels++;
            }
            assertThat(Encoding.forLabel(e.getKey()).get().labels(), equalTo(e.getValue()));
        }
        assertThat(json.size(), is(40));
        assertThat(labels, is(228));
    }

    @Test
    void thereAre40EncodingsWith228LabelsInStandardOrder() {
        assertThat(Encoding.all().size(), is(40));
        assertThat(Encoding.all().stream().mapToInt(e -> e.labels().size()).sum(), is(228));
        assertThat(Encoding.all().get(0), sameInstance(Encoding.UTF_8));
        assertThat(Encoding.all().get(39), sameInstance(Encoding.X_USER_DEFINED));
    }

    @Test
    void namesRoundTrip() {
        for (Encoding e : Encoding.all()) {
            assertThat(Encoding.forLabel(e.name()).get(), sameInstance(e));
            assertThat(e.toString(), equalTo(e.name()));
        }
    }

    @Test
    void asciiWhitespaceIsTrimmedAndCaseIgnored() {
        assertThat(Encoding.forLabel(" \tUTF-8\n\f\r ").get(), sameInstance(Encoding.UTF_8));
        assertThat(Encoding.forLabel("LaTiN1").get(), sameInstance(Encoding.WINDOWS_1252));
        assertThat(Encoding.forLabel("SHIFT_jis").get(), sameInstance(Encoding.SHIFT_JIS));
        assertThat(Encoding.forLabel("utf-16").get(), sameInstance(Encoding.UTF_16LE));
        assertThat(Encoding.forLabel("iso-2022-kr").get(), sameInstance(Encoding.REPLACEMENT));
    }

    @ParameterizedTest
    @ValueSource(strings = {"utf-7", "latin-1", "utf_8", "shift_jis2004", "", "  ", "utf-8\u000B",
            "\u00A0utf-8", "utf-8\u3000", "x-whatwg-windows-1252"})
    void unknownLabelsFail(String label) {
        assertThat(Encoding.forLabel(label), equalTo(Optional.empty()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"utf-8\u0130", "\u0130so-8859-1", "\u212Aoi8-r", "koi8-\u0280", "windows-125\u0662",
            "ut\uFF46-8", "l\u0131"})
    void nonAsciiLookalikesFail(String label) {
        // U+0130 (İ) and U+212A (Kelvin sign) lowercase to ASCII letters in Java; U+0131 (ı)
        // uppercases to I: none of them is an ASCII case-insensitive match
        assertThat(Encoding.forLabel(label), equalTo(Optional.empty()));
    }

    @Test
    void nullLabelIsRejectedByName() {
        NullPointerException e = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
                () -> Encoding.forLabel(null));
        assertThat(e.getMessage().contains("label"), is(true));
    }

    @Test
    void charsetDecodesAsTheWhatwgDecoder() {
        byte[] bytes = {(byte) 0x80, (byte) 0x81, 'a'};
        assertThat(new String(bytes, Encoding.WINDOWS_1252.charset()), equalTo("\u20AC\u0081a"));
        assertThat(Encoding.WINDOWS_1252.charset().name(), equalTo("windows-1252"));
        assertThat(Encoding.SHIFT_JIS.charset().name(), equalTo("Shift_JIS"));
        assertThat(new String(new byte[] {(byte) 0x81, '<'}, Encoding.SHIFT_JIS.charset()), equalTo("\uFFFD<"));
        assertThat(Encoding.REPLACEMENT.charset().canEncode(), is(false));
        assertThat(Encoding.UTF_8.charset().newDecoder().charset(), equalTo(Encoding.UTF_8.charset()));
    }
}
