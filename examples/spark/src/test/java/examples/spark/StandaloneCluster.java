package examples.spark;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Spark standalone cluster on this machine, made of the Spark jars Maven has: a master and
 * workers, each a JVM of its own started with Spark's {@code Master} and {@code Worker} main classes,
 * bound to 127.0.0.1 on ephemeral ports. Its files are under one directory: {@code spark-home/jars}
 * (links to Spark's class path, where the workers find the executors' class path), the master's and
 * the workers' logs, and each worker's work directory, with the executors' logs
 * ({@code work-N/APP/EXECUTOR/stderr}). {@link #close()} ends every process it started, the executors
 * too, and so does a shutdown hook if the test's JVM ends first.
 */
final class StandaloneCluster implements AutoCloseable {
    private static final Pattern MASTER_URL = Pattern.compile("Starting Spark master at (spark://[^\\s]+)");
    private static final Pattern UI_PORT = Pattern.compile("MasterWebUI.*started at http://[^:\\s]+:(\\d+)");
    private static final Pattern ALIVE_WORKERS = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");
    /**
     * Options for the cluster's JVMs, which live for seconds on a machine of two cores: the quick
     * compiler only, and one garbage collector thread.
     */
    static final List<String> SHORT_LIVED_JVM = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private static final Duration START = Duration.ofSeconds(90);

    private final Path dir;
    private final List<Process> processes = new ArrayList<>();
    private final Thread hook = new Thread(this::stopAll, "standalone-cluster-stop");
    private String masterUrl;
    private int uiPort;

    private StandaloneCluster(Path dir) {
        this.dir = dir;
    }

    /**
     * Starts a master and {@code workers} workers of one core and {@code workerMemory} each, and
     * waits until the master counts them alive.
     */
    static StandaloneCluster start(Path dir, int workers, String workerMemory) throws IOException, InterruptedException {
        StandaloneCluster cluster = new StandaloneCluster(dir);
        Runtime.getRuntime().addShutdownHook(cluster.hook);
        try {
            cluster.startAll(workers, workerMemory);
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** {@code spark://127.0.0.1:PORT}. */
    String masterUrl() {
        return masterUrl;
    }

    /** The directory of the cluster's files. */
    Path dir() {
        return dir;
    }

    private void startAll(int workers, String workerMemory) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path home = sparkHome();
        Path masterLog = dir.resolve("master.log");
        Process master = launch(masterLog, home, "org.apache.spark.deploy.master.Master",
                "--host", "127.0.0.1", "--port", "0", "--webui-port", "0");
        long deadline = System.nanoTime() + START.toNanos();
        while (masterUrl == null || uiPort == 0) {
            String log = read(masterLog);
            Matcher url = MASTER_URL.matcher(log);
            Matcher ui = UI_PORT.matcher(log);
            if (url.find()) masterUrl = url.group(1);
            if (ui.find()) uiPort = Integer.parseInt(ui.group(1));
            waitOrFail(master, deadline, "the master to start", masterLog);
        }
        List<Path> workerLogs = new ArrayList<>();
        for (int i = 1; i <= workers; i++) {
            Path log = dir.resolve("worker-" + i + ".log");
            workerLogs.add(log);
            launch(log, home, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--port", "0",
                    "--webui-port", "0", "--cores", "1", "--memory", workerMemory,
                    "--work-dir", dir.resolve("work-" + i).toAbsolutePath().toString(), masterUrl);
        }
        // the master's JSON page counts the workers that registered
        while (aliveWorkers() < workers) {
            for (int i = 0; i < processes.size(); i++) {
                waitOrFail(processes.get(i), deadline, workers + " workers to register", i == 0 ? masterLog : workerLogs.get(i - 1));
            }
        }
    }

    /**
     * A Spark installation's layout with the test's Spark class path in {@code jars/}: a worker
     * builds an executor's class path from {@code $SPARK_HOME/jars}.
     */
    private Path sparkHome() throws IOException {
        Path jars = dir.resolve("spark-home").resolve("jars");
        if (Files.isDirectory(jars)) {
            try (Stream<Path> old = Files.list(jars)) {
                for (Path p : (Iterable<Path>) old::iterator) Files.delete(p);
            }
        }
        Files.createDirectories(jars);
        int n = 0;
        for (String entry : Cluster.sparkClassPath()) {
            Path jar = Path.of(entry).toAbsolutePath();
            if (!Files.isRegularFile(jar)) continue;
            Path link = jars.resolve(jar.getFileName());
            if (Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) link = jars.resolve((n++) + "-" + jar.getFileName());
            try {
                Files.createSymbolicLink(link, jar);
            } catch (UnsupportedOperationException | IOException e) {
                Files.copy(jar, link);
            }
        }
        return jars.getParent();
    }

    /** Starts a JVM with Spark's class path, its output and errors to {@code log}. */
    private Process launch(Path log, Path home, String mainClass, String... args) throws IOException {
        List<String> command = Cluster.java();
        command.addAll(SHORT_LIVED_JVM);
        command.addAll(List.of("-Xmx256m", "-cp", String.join(java.io.File.pathSeparator, Cluster.sparkClassPath()), mainClass));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        environment(pb.environment(), home);
        Process p = pb.start();
        synchronized (processes) {
            processes.add(p);
        }
        return p;
    }

    /** What every process of the cluster, and spark-submit, runs with. */
    static void environment(Map<String, String> env, Path home) {
        env.put("SPARK_HOME", home.toAbsolutePath().toString());
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
        env.put("SPARK_LOCAL_HOSTNAME", "127.0.0.1");
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_NO_DAEMONIZE", "1");
        env.remove("SPARK_CONF_DIR");
        env.remove("SPARK_DIST_CLASSPATH");
        env.remove("HADOOP_CONF_DIR");
    }

    /** The environment spark-submit is run with. */
    Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        environment(env, dir.resolve("spark-home"));
        return env;
    }

    private int aliveWorkers() {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + uiPort + "/json/").toURL().openConnection();
            c.setConnectTimeout(2000);
            c.setReadTimeout(2000);
            try (InputStream in = c.getInputStream()) {
                Matcher m = ALIVE_WORKERS.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                return m.find() ? Integer.parseInt(m.group(1)) : 0;
            } finally {
                c.disconnect();
            }
        } catch (IOException e) {
            return 0;
        }
    }

    private static void waitOrFail(Process p, long deadline, String what, Path log) throws InterruptedException {
        if (!p.isAlive()) throw new AssertionError("exited (" + p.exitValue() + ") while waiting for " + what + "; " + log + ":\n" + Cluster.tail(log));
        if (System.nanoTime() > deadline) throw new AssertionError("timed out waiting for " + what + "; " + log + ":\n" + Cluster.tail(log));
        Thread.sleep(200);
    }

    private static String read(Path log) {
        try {
            return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Ends the workers' executors, the workers and the master; waits for them. */
    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs or ran
        }
    }

    private void stopAll() {
        List<ProcessHandle> all = new ArrayList<>();
        synchronized (processes) {
            // the executors first (a worker's children), then the workers, then the master
            for (int i = processes.size() - 1; i >= 0; i--) {
                ProcessHandle h = processes.get(i).toHandle();
                h.descendants().forEach(all::add);
                all.add(h);
            }
            processes.clear();
        }
        stop(all);
    }

    /** Asks each process to end, then kills what is left after ten seconds. */
    static void stop(List<ProcessHandle> handles) {
        handles.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (ProcessHandle h : handles) {
            long left = deadline - System.nanoTime();
            try {
                if (left > 0) h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                // killed below
            }
            if (h.isAlive()) h.destroyForcibly();
        }
    }
}
