package examples.spark;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** A JVM as a cluster starts one for the job's jar, for the tests that run the jar. */
final class Cluster {
    private Cluster() {}

    /** The jar given to spark-submit. */
    static final Path JAR = Path.of("target", "jsoup-charset-spark.jar");

    /** Spark's own ICU4J, older than the library's, copied by the build. */
    static final Path SPARK_ICU4J = Path.of("target", "cluster", "spark-icu4j.jar");

    /**
     * Spark and Hadoop as the tests run them, with Spark's ICU4J, and without this module and what
     * the jar carries (the library, jsoup, ICU4J, jwarc), nor the test framework.
     */
    static List<String> sparkClassPath() {
        List<String> cluster = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            boolean carried = name.startsWith("jsoup-") || name.startsWith("icu4j-") || name.startsWith("jwarc-")
                    || entry.endsWith("classes") || name.startsWith("junit-") || name.startsWith("surefire")
                    || name.startsWith("failsafe");
            if (!carried) cluster.add(entry);
        }
        cluster.add(SPARK_ICU4J.toString());
        return cluster;
    }

    /** {@code java} with the options spark-submit adds on Java 17. */
    static List<String> java() {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(Arrays.asList(System.getProperty("spark.jvm.options").trim().split("\\s+")));
        return command;
    }

    /** The last 40 lines of a log, for a failure message. */
    static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.subList(Math.max(0, lines.size() - 40), lines.size()).stream().collect(Collectors.joining("\n"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The first exception in a log with the five lines after it, then the last 40 lines, for a failure message. */
    static String firstExceptionAndTail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("Exception")) {
                    return String.join("\n", lines.subList(i, Math.min(lines.size(), i + 6))) + "\n...\n" + tail(file);
                }
            }
            return tail(file);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
