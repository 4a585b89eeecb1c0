package io.github.jsoupcharset;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.sameInstance;

/**
 * The library in a class loader of its own, as servlet containers, Spring Boot jars, {@code mvn
 * exec:java}, Spark executors and OSGi run it: {@code java.nio} finds charset providers only
 * through the system class loader, so nothing we return may depend on a lookup by name.
 */
class ClassLoaderTest {
    @Test
    void everyEncodingsDocumentRoundTripsInAChildClassLoader() throws Exception {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        // the platform loader as parent: the library, jsoup and ICU4J are loaded by the child alone
        try (URLClassLoader child = new URLClassLoader("child", classPath(), ClassLoader.getPlatformClassLoader())) {
            Thread.currentThread().setContextClassLoader(child);
            Class<?> check = Class.forName(DocumentRoundTrip.class.getName(), true, child);
            assertThat(check, not(sameInstance(DocumentRoundTrip.class)));
            assertThat(check.getClassLoader(), sameInstance(child));
            assertThat(Class.forName("org.jsoup.nodes.Document", false, child).getClassLoader(), sameInstance(child));
            @SuppressWarnings("unchecked")
            List<String> failures = (List<String>) check.getMethod("failures").invoke(null);
            assertThat(failures, empty());
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /**
     * The same in a JVM whose system class path holds nothing of ours (in this one it holds the
     * library, so a lookup through the system class loader would still succeed here).
     */
    @Test
    void everyEncodingsDocumentRoundTripsInAJvmWhoseSystemClassPathHasNoneOfIt(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path launcher = dir.resolve("Launcher.java");
        Files.writeString(launcher, String.join("\n",
                "import java.net.*;",
                "import java.util.*;",
                "public class Launcher {",
                "  public static void main(String[] args) throws Exception {",
                "    List<URL> urls = new ArrayList<>();",
                "    for (String e : args[0].split(java.io.File.pathSeparator)) if (!e.isEmpty()) urls.add(new java.io.File(e).toURI().toURL());",
                "    ClassLoader child = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());",
                "    Thread.currentThread().setContextClassLoader(child);",
                "    Object failures = Class.forName(args[1], true, child).getMethod(\"failures\").invoke(null);",
                "    System.out.println(failures);",
                "    System.exit(((List<?>) failures).isEmpty() ? 0 : 1);",
                "  }",
                "}", ""));
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", empty.toString(), launcher.toString(), System.getProperty("java.class.path"), DocumentRoundTrip.class.getName())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(output, p.waitFor(5, TimeUnit.MINUTES), equalTo(true));
        assertThat(output, p.exitValue(), equalTo(0));
        assertThat(output.trim(), equalTo("[]"));
    }

    private static URL[] classPath() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty()) urls.add(new File(entry).toURI().toURL());
        }
        return urls.toArray(new URL[0]);
    }
}
