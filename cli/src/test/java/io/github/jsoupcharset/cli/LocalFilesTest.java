package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Files that are not regular files: each said for what it is, none read without end, none waited on
 * without end, and those that can be read (a FIFO with a writer, a device for sniff) read.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // without the fixes some would never end
class LocalFilesTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void unixOnly() {
        assumeTrue(Files.exists(Path.of("/dev/zero")) && Files.exists(Path.of("/dev/null")), "a Unix system: /dev/zero, /dev/null");
    }

    private record Run(int status, String out, String err, long millis) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                (System.nanoTime() - start) / 1_000_000);
    }

    private static Path fifo(String name) throws IOException, InterruptedException {
        Path fifo = dir.resolve(name);
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo makes a FIFO");
        return fifo;
    }

    /** Writes {@code bytes} into a FIFO once a reader opens it, on a thread of its own. */
    private static Thread writer(Path fifo, byte[] bytes, boolean endless) {
        Thread t = new Thread(() -> {
            try (OutputStream out = new FileOutputStream(fifo.toFile())) {
                out.write(bytes);
                while (endless) out.write(new byte[1 << 16]);
            } catch (IOException e) {
                // the reader closed the FIFO: as it may
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void aFifoWithNoWriterIsGivenUpOnAfterTheReadTimeout() throws Exception {
        Path fifo = fifo("nobody.html");
        Run r = run("sniff", "--read-timeout", "1", fifo.toString());
        assertThat(r.err(), r.status(), is(1));
        assertThat(r.err(), containsString(fifo + ": FIFO: no writer within 1 s (see --read-timeout); not read"));
        assertThat(r.err(), r.millis(), lessThan(10_000L));
        // and it can be read afterwards: nothing was left holding it
        Thread w = writer(fifo, "<meta charset=koi8-r><p>x".getBytes(StandardCharsets.US_ASCII), false);
        Run again = run("sniff", "--read-timeout", "5", fifo.toString());
        w.join(5000);
        assertThat(again.err(), again.out(), containsString("encoding    KOI8-R"));
        assertThat(again.status(), is(0));
    }

    @Test
    void aFifoWhoseWriterFallsSilentIsGivenUpOnAndDevicesAreReadBySniff() throws Exception {
        Path fifo = fifo("silent.html");
        Thread t = new Thread(() -> {
            try (OutputStream out = new FileOutputStream(fifo.toFile())) {
                out.write("<p>".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(6000);
            } catch (IOException | InterruptedException e) {
                // the reader went away
            }
        });
        t.setDaemon(true);
        t.start();
        Run r = run("decode", "--read-timeout", "1", fifo.toString());
        assertThat(r.err(), r.status(), is(1));
        assertThat(r.err(), containsString(fifo + ": FIFO: nothing came for 1 s (see --read-timeout); 3 bytes had come"));
        assertThat(r.err(), r.millis(), lessThan(5_000L));

        // a device can be read: /dev/null is an empty page, /dev/zero is held to --max-body
        Run empty = run("sniff", "/dev/null");
        assertThat(empty.err(), empty.status(), is(0));
        assertThat(empty.out(), containsString("read        the whole page, 0 bytes"));
        Run zeros = run("decode", "--max-body", "100000", "/dev/zero");
        assertThat(zeros.status(), is(1));
        assertThat(zeros.err(), containsString("/dev/zero: more than 100000 bytes (see --max-body)"));
    }

    @Test
    void eachUnreadableFileIsSaidForWhatItIsAndAWarcAfterThemIsAudited() throws Exception {
        Path loop = dir.resolve("loop1");
        Files.createSymbolicLink(loop, dir.resolve("loop2"));
        Files.createSymbolicLink(dir.resolve("loop2"), loop);
        Path broken = Files.createSymbolicLink(dir.resolve("broken"), dir.resolve("not-there"));
        Path fifo = fifo("nobody.warc");
        Path sample = Main.sampleWarc();
        Run r = run("audit", "--read-timeout", "1", "/dev/zero", "/dev/null", loop.toString(), broken.toString(), fifo.toString(),
                dir.toString(), sample.toString());
        assertThat(r.err(), r.status(), is(1));
        assertThat(r.err(), containsString("/dev/zero: not a regular file: character device (a WARC is read from a file or a pipe)"));
        assertThat(r.err(), containsString("/dev/null: not a regular file: character device"));
        assertThat(r.err(), containsString(loop + ": symlink loop"));
        assertThat(r.err(), containsString(broken + ": broken symlink (to " + dir.resolve("not-there") + ", which does not exist)"));
        assertThat(r.err(), containsString(fifo + ": FIFO: no writer within 1 s (see --read-timeout)"));
        assertThat(r.err(), containsString(dir + ": is a directory"));
        assertThat(r.err(), not(containsString("no such file")));
        assertThat(r.out(), containsString("records read 42: 38 HTML pages audited"));
        assertThat(r.out(), containsString("6 of 7 files could not be read to the end"));
        // none of them alone: no table, each said
        Run alone = run("audit", "/dev/null", loop.toString());
        assertThat(alone.err(), containsString("/dev/null: not a regular file: character device"));
        assertThat(alone.err(), containsString(loop + ": symlink loop"));
        assertThat(alone.err(), containsString("audit: no WARC file could be read"));
    }

    @Test
    void aFifoIsAuditedAndOneOfEndlessZerosIsNotSearchedWithoutEnd() throws Exception {
        Path sample = Main.sampleWarc();
        Path warc = fifo("crawl.warc.gz");
        Thread w = writer(warc, Files.readAllBytes(sample), false);
        Run r = run("audit", "--read-timeout", "5", warc.toString());
        w.join(5000);
        assertThat(r.err(), r.status(), is(0));
        assertThat(r.out(), containsString("records read 42: 38 HTML pages audited"));

        Path zeros = fifo("zeros.warc");
        writer(zeros, new byte[0], true);
        Run z = run("audit", "--read-timeout", "5", zeros.toString());
        assertThat(z.status(), is(1));
        assertThat(z.err(), containsString(zeros + ": not a readable WARC file: "));
        assertThat(z.err(), containsString("it does not start as a WARC file does (with WARC/ or a gzip member)"));
    }
}
