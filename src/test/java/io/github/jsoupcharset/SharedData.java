package io.github.jsoupcharset;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where tests find {@code ../shared} (the read-only conformance data): system property
 * {@code jsoupcharset.shared} (surefire sets it), else {@code ../shared}. When it is missing, a
 * test fails under CI ({@code CI=true}) and is skipped with a message elsewhere.
 */
public final class SharedData {
    private SharedData() {}

    /** The shared data folder; fails (CI) or skips the calling test when it is missing. */
    public static Path dir() {
        Path dir = Paths.get(System.getProperty("jsoupcharset.shared", "../shared"));
        require(dir);
        return dir;
    }

    /** A file or folder under the shared data folder, which must exist (fail under CI, else skip). */
    public static Path file(String relative) {
        Path p = dir().resolve(relative);
        require(p);
        return p;
    }

    private static void require(Path p) {
        if (Files.exists(p)) return;
        String message = "shared test data not found at " + p.toAbsolutePath()
                + " (set -Djsoupcharset.shared=/path/to/shared)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) Assertions.fail(message);
        Assumptions.abort("skipped: " + message);
    }
}
