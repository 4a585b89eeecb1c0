package io.github.jsoupcharset.internal;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.github.jsoupcharset.SharedData;
import io.github.jsoupcharset.tools.GenerateTables;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GeneratedTablesTest {
    private static final Path SOURCES = Paths.get("src/main/java/io/github/jsoupcharset/internal");

    @Test
    void checkedInTablesAreWhatTheGeneratorWrites() throws IOException {
        Map<String, String> generated = GenerateTables.generate(SharedData.file("whatwg"));
        assertThat(generated.keySet().size(), is(2));
        for (Map.Entry<String, String> e : generated.entrySet()) {
            String checkedIn = Files.readString(SOURCES.resolve(e.getKey()), StandardCharsets.UTF_8);
            assertThat(e.getKey() + " is stale: run tools/generate-tables", checkedIn, equalTo(e.getValue()));
        }
    }

    @Test
    void tablesHaveTheExpectedShape() {
        assertThat(EncodingLabels.TABLE.length, is(40));
        assertThat(EncodingLabels.LABEL_COUNT, is(228));
        assertThat(SingleByteIndexes.TABLE.length, is(28));
        for (String[] row : SingleByteIndexes.TABLE) assertThat(row[0], row[1].length(), is(128));
    }
}
