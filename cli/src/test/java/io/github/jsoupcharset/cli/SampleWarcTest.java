package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

class SampleWarcTest {
    private static byte[] gunzip(Path p) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
            return in.readAllBytes();
        }
    }

    @Test
    void checkedInSampleIsWhatTheGeneratorWrites(@TempDir Path dir) throws IOException {
        Path fresh = dir.resolve("sample.warc.gz");
        SampleWarc.write(fresh, 1);
        // compare the records, not the compressed bytes, which may vary with the platform's zlib
        boolean same = Arrays.equals(gunzip(fresh), gunzip(Main.sampleWarc()));
        assertThat("examples/sample.warc.gz is stale: regenerate it with SampleWarc", same, is(true));
    }
}
