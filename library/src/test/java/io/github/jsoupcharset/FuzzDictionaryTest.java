package io.github.jsoupcharset;

import io.github.jsoupcharset.encoding.Encoding;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fuzzing dictionary ({@code fuzz.dict}, written by {@code tools/fuzz-seeds}) stays usable: libFuzzer
 * rejects a dictionary with one malformed line, and a label missing from it is a label the fuzzer has
 * to find byte by byte.
 */
class FuzzDictionaryTest {
    private static List<String> lines() throws IOException {
        try (InputStream in = FuzzDictionaryTest.class.getResourceAsStream("fuzz.dict")) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines()
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        }
    }

    @Test
    void everyLineIsALibFuzzerToken() throws IOException {
        for (String line : lines()) {
            assertThat(line, matchesPattern("\"([\\x20-\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\x[0-9A-F]{2})+\""));
        }
    }

    @Test
    void everyLabelIsInTheDictionary() throws IOException {
        List<String> lines = lines();
        for (Encoding e : Encoding.all()) {
            for (String label : e.labels()) assertThat(e.name(), lines, hasItem('"' + label + '"'));
        }
    }
}
