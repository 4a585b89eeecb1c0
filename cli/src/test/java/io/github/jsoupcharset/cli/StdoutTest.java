package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A reader that closes the pipe ends the command quietly with 0; any other failure to write is reported. */
class StdoutTest {
    @TempDir
    static Path dir;

    private static Path bigPage() throws IOException {
        Path page = dir.resolve("big.html");
        if (!Files.exists(page)) Files.writeString(page, "<p>" + "Всё хорошо. ".repeat(400_000), StandardCharsets.UTF_8);
        return page;
    }

    private static ProcessBuilder command(String... args) {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
                Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    }

    @Test
    void aReaderThatClosesThePipeEndsTheCommandQuietlyWithZero() throws Exception {
        Process p = command("decode", bigPage().toString()).start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errReader = new Thread(() -> {
            try (InputStream in = p.getErrorStream()) {
                in.transferTo(err);
            } catch (IOException e) {
                // the process ended
            }
        });
        errReader.start();
        // as `| head -c 10`: read ten bytes, then close the pipe
        byte[] first = p.getInputStream().readNBytes(10);
        p.getInputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS), is(true));
        errReader.join();
        assertThat(new String(first, StandardCharsets.UTF_8), is("<p>Всё "));
        assertThat(err.toString(StandardCharsets.UTF_8), is(""));
        assertThat(p.exitValue(), is(0));
    }

    @Test
    void aFullDiskIsStillAFailure() throws Exception {
        File full = new File("/dev/full");
        assumeTrue(full.exists() && full.canWrite(), "/dev/full, a device every write to fails with ENOSPC");
        Process p = command("decode", bigPage().toString()).redirectOutput(ProcessBuilder.Redirect.to(full)).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS), is(true));
        assertThat(err, containsString("jsoup-charset: cannot write: No space left on device"));
        assertThat(p.exitValue(), is(1));
    }
}
