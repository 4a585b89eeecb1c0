package io.github.jsoupcharset.codec;

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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GeneratedTablesTest {
    private static final Path SOURCES = Paths.get("src/main/java/io/github/jsoupcharset/codec");
    private static final Path RESOURCES = Paths.get("src/main/resources/io/github/jsoupcharset/codec");

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
    void checkedInIndexResourcesAreWhatTheGeneratorWrites() throws IOException {
        Map<String, byte[]> generated = GenerateTables.generateResources(SharedData.file("whatwg"));
        assertThat(generated.keySet().size(), is(7));
        for (Map.Entry<String, byte[]> e : generated.entrySet()) {
            byte[] checkedIn = Files.readAllBytes(RESOURCES.resolve(e.getKey()));
            assertThat(e.getKey() + " is stale: run tools/generate-tables", Arrays.equals(checkedIn, e.getValue()), is(true));
        }
    }

    @Test
    void indexResourcesLoadAsTheIndexFilesSay() throws IOException {
        Path whatwg = SharedData.file("whatwg");
        Map<String, int[]> loaded = Map.of("big5", CjkIndexes.Big5.INDEX, "euc-kr", CjkIndexes.EucKr.INDEX,
                "gb18030", CjkIndexes.Gb18030.INDEX, "jis0208", CjkIndexes.Jis0208.INDEX, "jis0212", CjkIndexes.Jis0212.INDEX,
                "iso-2022-jp-katakana", CjkIndexes.Iso2022JpKatakana.INDEX);
        for (Map.Entry<String, int[]> e : loaded.entrySet()) {
            List<int[]> rows = GenerateTables.readIndex(whatwg.resolve("index-" + e.getKey() + ".txt"));
            int mapped = 0;
            for (int cp : e.getValue()) {
                if (cp != 0) mapped++;
                // the decoders write these indexes' code points as one char: only Big5 goes above U+FFFF
                if (!e.getKey().equals("big5")) assertThat(e.getKey(), cp <= 0xFFFF, is(true));
            }
            assertThat(e.getKey(), mapped, is(rows.size()));
            for (int[] r : rows) assertThat(e.getKey() + " " + r[0], e.getValue()[r[0]], is(r[1]));
        }
        List<int[]> ranges = GenerateTables.readIndex(whatwg.resolve("index-gb18030-ranges.txt"));
        assertThat(CjkIndexes.Gb18030Ranges.POINTERS.length, is(ranges.size()));
        assertThat(ranges.size(), is(207));
        for (int i = 0; i < ranges.size(); i++) {
            assertThat(CjkIndexes.Gb18030Ranges.POINTERS[i], is(ranges.get(i)[0]));
            assertThat(CjkIndexes.Gb18030Ranges.CODE_POINTS[i], is(ranges.get(i)[1]));
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
