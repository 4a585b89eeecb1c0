package examples.spark;

import io.github.jsoupcharset.cli.Main;
import io.github.jsoupcharset.cli.SampleWarc;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jobs on a real cluster: a Spark standalone master and two workers of one core, each a JVM of
 * its own, and each job given to {@code SparkSubmit --master spark://…} with the jar, as on a
 * cluster. The WARC files are split so that every executor reads some of them, one file with broken
 * records among them; the audit's table, records line, failures, exit status and pages must be what
 * {@code jsoup-charset audit} gives on the same files, and the clean-text job's rows what its own code
 * gives record by record in this JVM. Everything the processes write is under
 * {@code target/standalone-cluster} (the executors' logs in {@code work-N/APP/EXECUTOR/stderr}).
 */
class StandaloneClusterIT {
    private static final Path DIR = Path.of("target", "standalone-cluster").toAbsolutePath();
    private static final Path SAMPLE = Path.of("..", "sample.warc.gz").toAbsolutePath();
    private static final Pattern APP_ID = Pattern.compile("app ID (app-[0-9-]+)");

    private static StandaloneCluster cluster;
    private static SparkSession local;
    private static List<Path> warcs;

    @BeforeAll
    static void startCluster() throws Exception {
        assertTrue(Files.isRegularFile(Cluster.JAR) && Files.isRegularFile(Cluster.SPARK_ICU4J), "run mvn verify: the jar and Spark's ICU4J");
        deleteRecursively(DIR);
        Path in = Files.createDirectories(DIR.resolve("warcs"));
        // four files, each a task of its own: two executors read two each
        Path copies = in.resolve("copies.warc.gz");
        SampleWarc.write(copies, 2);
        Path plain = in.resolve("plain.warc");
        SampleWarc.write(plain, 1);
        Path odd = Files.write(in.resolve("odd.warc.gz"), SparkAuditTest.oddRecords(true));
        Path sample = Files.copy(SAMPLE, in.resolve("sample.warc.gz"));
        warcs = List.of(copies, plain, odd, sample);
        cluster = StandaloneCluster.start(DIR, 2, "1g");
    }

    @AfterAll
    static void stopCluster() {
        try {
            if (local != null) local.stop();
        } finally {
            if (cluster != null) cluster.close();
        }
    }

    private record Submitted(int status, String stdout, Path log, String appId) {}

    /** {@code spark-submit --master spark://… --class JOB jsoup-charset-spark.jar ARGS}, as a JVM of its own. */
    private static Submitted submit(String name, Class<?> job, List<String> args) throws Exception {
        List<String> command = Cluster.java();
        command.addAll(StandaloneCluster.SHORT_LIVED_JVM);
        command.addAll(List.of("-Xmx768m", "-cp", String.join(File.pathSeparator, Cluster.sparkClassPath()),
                "org.apache.spark.deploy.SparkSubmit", "--master", cluster.masterUrl(), "--deploy-mode", "client",
                "--name", name, "--class", job.getName(),
                "--conf", "spark.ui.enabled=false",
                "--conf", "spark.driver.host=127.0.0.1",
                "--conf", "spark.driver.bindAddress=127.0.0.1",
                "--conf", "spark.executor.memory=512m",
                "--conf", "spark.executor.extraJavaOptions=" + String.join(" ", StandaloneCluster.SHORT_LIVED_JVM),
                "--conf", "spark.executor.cores=1",
                "--conf", "spark.cores.max=2",
                // the job starts once both executors are there, so that both get tasks
                "--conf", "spark.scheduler.minRegisteredResourcesRatio=1.0",
                "--conf", "spark.scheduler.maxRegisteredResourcesWaitingTime=60s",
                // small files: one file a task (a crawl's files are each larger than the default 128 MB)
                "--conf", "spark.files.maxPartitionBytes=1",
                "--conf", "spark.files.openCostInBytes=1",
                Cluster.JAR.toAbsolutePath().toString()));
        command.addAll(args);
        Path log = DIR.resolve(name + ".log");
        Path out = DIR.resolve(name + ".out");
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(log.toFile()).redirectOutput(out.toFile());
        pb.environment().putAll(cluster.environment());
        Process p = pb.start();
        try {
            assertTrue(p.waitFor(150, TimeUnit.SECONDS), () -> name + ": spark-submit still running; " + log + ":\n" + Cluster.tail(log));
        } finally {
            List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
            all.add(p.toHandle());
            StandaloneCluster.stop(all);
        }
        String stderr = Files.readString(log, StandardCharsets.ISO_8859_1);
        Matcher app = APP_ID.matcher(stderr);
        assertTrue(app.find(), () -> name + ": no app ID in the driver's log " + log + ":\n" + Cluster.firstExceptionAndTail(log));
        return new Submitted(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), log, app.group(1));
    }

    /** The stderr of each executor of the application, across the workers. */
    private static List<Path> executorLogs(String appId) throws IOException {
        List<Path> logs = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            Path app = DIR.resolve("work-" + i).resolve(appId);
            if (!Files.isDirectory(app)) continue;
            try (Stream<Path> executors = Files.list(app)) {
                executors.map(e -> e.resolve("stderr")).filter(Files::isRegularFile).forEach(logs::add);
            }
        }
        return logs;
    }

    /** Both executors, one on each worker, ran tasks of the application; returns their logs' text. */
    private static List<String> assertBothExecutorsRanTasks(Submitted job) throws IOException {
        List<Path> logs = executorLogs(job.appId());
        assertEquals(2, logs.size(), () -> "executors of " + job.appId() + ": " + logs);
        List<String> texts = new ArrayList<>();
        for (Path log : logs) {
            String text = Files.readString(log, StandardCharsets.ISO_8859_1);
            assertTrue(text.contains("Running task"), () -> log + " ran no task:\n" + Cluster.tail(log));
            texts.add(text);
        }
        return texts;
    }

    @Test
    void theAuditOnTheClusterGivesTheCommandsTablePagesAndFailures() throws Exception {
        Path out = DIR.resolve("audit");
        List<String> args = new ArrayList<>(List.of("--max-body", "4096", out.toString()));
        warcs.forEach(w -> args.add(w.toString()));
        Submitted job = submit("audit", SparkAudit.class, args);

        Path jsonl = DIR.resolve("command.jsonl");
        List<String> cliArgs = new ArrayList<>(List.of("audit", "--max-body", "4096", "--jsonl", jsonl.toString()));
        warcs.forEach(w -> cliArgs.add(w.toString()));
        ByteArrayOutputStream cliOut = new ByteArrayOutputStream();
        ByteArrayOutputStream cliErr = new ByteArrayOutputStream();
        int cliStatus = Main.run(cliArgs.toArray(String[]::new), new PrintStream(cliOut, true, StandardCharsets.UTF_8),
                new PrintStream(cliErr, true, StandardCharsets.UTF_8), false);

        assertEquals(1, cliStatus, "the broken records fail the command");
        assertEquals(cliStatus, job.status(), () -> "exit status; " + job.log() + ":\n" + Cluster.firstExceptionAndTail(job.log()));
        assertEquals(cliOut.toString(StandardCharsets.UTF_8), job.stdout(), "the table and the records line");
        assertEquals(job.stdout(), Files.readString(out.resolve("table.txt")));
        // the failures the driver prints are the command's (but its progress line), whichever executor met them
        // (the command names a file as it was given, the job by its URI)
        List<String> driverFailures = Files.readAllLines(job.log(), StandardCharsets.ISO_8859_1).stream()
                .filter(l -> l.startsWith("jsoup-charset: ")).map(l -> l.replace("file:" + DIR, DIR.toString())).sorted().toList();
        List<String> cliFailures = cliErr.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> l.startsWith("jsoup-charset: ") && !l.startsWith("jsoup-charset: audit: ")).sorted().toList();
        assertEquals(cliFailures, driverFailures);
        assertTrue(driverFailures.size() >= 2, driverFailures::toString);
        List<String> executors = assertBothExecutorsRanTasks(job);
        assertEquals(1, executors.stream().filter(t -> t.contains("jsoup-charset: ")).count(), "the broken records are on one executor");

        List<String> rows = parquetAsJson(out.resolve("pages"), "warc", "notUtf8");
        List<String> lines = Files.readAllLines(jsonl).stream().filter(l -> !l.contains(",\"error\":")).toList();
        assertEquals(SparkAuditTest.multiset(lines, "schema", "warc"), SparkAuditTest.multiset(rows),
                "the pages, as Parquet rows and as --jsonl lines");
        assertTrue(rows.size() > 38 * 4, "pages: " + rows.size());
    }

    @Test
    void cleanTextOnTheClusterGivesWhatItsCodeGivesRecordByRecord() throws Exception {
        Path out = DIR.resolve("clean");
        List<String> args = new ArrayList<>(List.of(out.toString()));
        warcs.forEach(w -> args.add(w.toString()));
        Submitted job = submit("clean-text", CleanText.class, args);
        assertEquals(0, job.status(), () -> "exit status; " + job.log() + ":\n" + Cluster.firstExceptionAndTail(job.log()));

        // the same code, in this JVM, record by record
        List<String> expected = new ArrayList<>();
        for (Path warc : warcs) {
            try (WarcReader reader = new WarcReader(warc)) {
                for (WarcRecord record : reader) {
                    Row row = CleanText.clean(warc.toString(), record);
                    if (row != null) expected.add(key(row));
                }
            }
        }
        assertTrue(job.stdout().contains(expected.size() + " pages cleaned"), job.stdout());
        List<String> executors = assertBothExecutorsRanTasks(job);
        // the broken records were skipped by whichever executor read their file, and reported in its log
        List<String> skipped = executors.stream().filter(t -> t.contains("; record skipped")).toList();
        assertEquals(1, skipped.size(), "executors that skipped records");
        assertTrue(skipped.get(0).contains("http://broken.example.net/: ") && skipped.get(0).contains("http://broken2.example.net/: "));

        List<String> rows = local().read().parquet(out.toString()).collectAsList().stream().map(StandaloneClusterIT::key).toList();
        assertEquals(counted(expected), counted(rows));
    }

    /** A clean-text row (of {@link CleanText#SCHEMA}) without its WARC file's name (the job names it by URI). */
    private static String key(Row row) {
        return row.getString(1) + "\n" + row.getString(2) + "\n" + row.getString(3) + "\n"
                + Base64.getEncoder().encodeToString((byte[]) row.get(4)) + "\n" + row.getString(5);
    }

    private static Map<String, Long> counted(List<String> keys) {
        return keys.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }

    private static List<String> parquetAsJson(Path dir, String... drop) {
        return local().read().parquet(dir.toString()).drop(drop).toJSON().collectAsList();
    }

    /** A session in this JVM, to read what the jobs wrote. */
    private static synchronized SparkSession local() {
        if (local == null) {
            local = SparkSession.builder().master("local[1]").appName("StandaloneClusterIT").config("spark.ui.enabled", "false").getOrCreate();
        }
        return local;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted((a, b) -> b.getNameCount() - a.getNameCount())::iterator) Files.delete(p);
        }
    }
}
