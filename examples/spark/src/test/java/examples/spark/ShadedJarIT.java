package examples.spark;

import io.github.jsoupcharset.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jar given to spark-submit, run as a cluster runs it: Spark's classpath (with Spark's own,
 * older ICU4J) ahead of the jar, and none of the jar's dependencies outside it. Its table must be the
 * command's.
 */
class ShadedJarIT {
    private static final Path SAMPLE = Path.of("..", "sample.warc.gz");

    @TempDir
    Path dir;

    @Test
    void theJarDecidesAsTheCommandWithSparksIcu4jFirstOnTheClasspath() throws Exception {
        Path jar = Path.of("target", "jsoup-charset-spark.jar");
        Path sparkIcu = Path.of("target", "cluster", "spark-icu4j.jar");
        assertTrue(Files.isRegularFile(jar) && Files.isRegularFile(sparkIcu), "run mvn verify: the jar and Spark's ICU4J");
        // Spark and Hadoop as the test runs them, without this module and what the jar carries
        List<String> cluster = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            boolean carried = name.startsWith("jsoup-") || name.startsWith("icu4j-") || name.startsWith("jwarc-")
                    || entry.endsWith("classes") || name.startsWith("junit-") || name.startsWith("surefire")
                    || name.startsWith("failsafe");
            if (!carried) cluster.add(entry);
        }
        cluster.add(sparkIcu.toString());
        cluster.add(jar.toString());

        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(Arrays.asList(System.getProperty("spark.jvm.options").trim().split("\\s+")));
        command.addAll(List.of("-Dspark.master=local[2]", "-Dspark.ui.enabled=false",
                "-cp", String.join(File.pathSeparator, cluster), "examples.spark.SparkAudit",
                dir.resolve("out").toString(), SAMPLE.toString()));
        Process p = new ProcessBuilder(command).redirectError(dir.resolve("stderr.txt").toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = p.waitFor();
        assertEquals(0, status, () -> "exit status; stderr:\n" + tail(dir.resolve("stderr.txt")));

        ByteArrayOutputStream cli = new ByteArrayOutputStream();
        Main.run(new String[] {"audit", SAMPLE.toString()}, new PrintStream(cli, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false);
        assertEquals(cli.toString(StandardCharsets.UTF_8), out);
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.subList(Math.max(0, lines.size() - 40), lines.size()).stream().collect(Collectors.joining("\n"));
        } catch (IOException e) {
            return e.toString();
        }
    }
}
