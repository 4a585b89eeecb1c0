package examples.spark;

import io.github.jsoupcharset.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
        assertTrue(Files.isRegularFile(Cluster.JAR) && Files.isRegularFile(Cluster.SPARK_ICU4J), "run mvn verify: the jar and Spark's ICU4J");
        List<String> cluster = Cluster.sparkClassPath();
        cluster.add(Cluster.JAR.toString());

        List<String> command = Cluster.java();
        command.addAll(List.of("-Dspark.master=local[2]", "-Dspark.ui.enabled=false",
                "-cp", String.join(File.pathSeparator, cluster), "examples.spark.SparkAudit",
                dir.resolve("out").toString(), SAMPLE.toString()));
        Process p = new ProcessBuilder(command).redirectError(dir.resolve("stderr.txt").toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = p.waitFor();
        assertEquals(0, status, () -> "exit status; stderr:\n" + Cluster.tail(dir.resolve("stderr.txt")));

        ByteArrayOutputStream cli = new ByteArrayOutputStream();
        Main.run(new String[] {"audit", SAMPLE.toString()}, new PrintStream(cli, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false);
        assertEquals(cli.toString(StandardCharsets.UTF_8), out);
    }
}
