package io.github.jsoupcharset;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Locates the shared conformance data (../shared) for tests. */
public final class SharedData {
    private SharedData() {}

    /** The shared data directory: system property {@code jsoupcharset.shared} (surefire sets it), else {@code ../shared}. */
    public static Path dir() {
        return Paths.get(System.getProperty("jsoupcharset.shared", "../shared"));
    }

    /**
     * A file under {@link #dir()}. When it is missing the test fails on CI (env {@code CI=true})
     * and is skipped elsewhere.
     */
    public static Path file(String relative) {
        Path p = dir().resolve(relative);
        if (!Files.exists(p)) {
            String message = "shared test data missing: " + p.toAbsolutePath()
                    + " (set -Djsoupcharset.shared=DIR or check out ../shared)";
            if ("true".equals(System.getenv("CI"))) Assertions.fail(message);
            Assumptions.abort(message);
        }
        return p;
    }
}
