package io.github.jsoupcharset;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.TestAbortedException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Where tests find {@code ../shared} (the read-only conformance data): system property
 * {@code jsoupcharset.shared} (surefire sets it), else {@code ../shared}. When it is missing, a
 * test is skipped with the reason, unless the data is required: system property
 * {@code jsoupcharset.requireShared=true} or environment variable
 * {@code JSOUPCHARSET_REQUIRE_SHARED=1} (which {@code .ci/run} sets), and then it fails.
 */
public final class SharedData {
    private SharedData() {}

    /** The shared data folder; skips the calling test when it is missing (fails it when required). */
    public static Path dir() {
        Path dir = Paths.get(System.getProperty("jsoupcharset.shared", "../shared"));
        require(dir);
        return dir;
    }

    /** A file or folder under the shared data folder, which must exist (else skip, or fail when required). */
    public static Path file(String relative) {
        Path p = dir().resolve(relative);
        require(p);
        return p;
    }

    /**
     * The dynamic tests a {@code @TestFactory} builds from shared data, or where that data is
     * missing, one test that is skipped with the reason: a factory that skipped itself would
     * report no tests at all. (When the data is required, the factory fails.)
     */
    public static List<DynamicTest> dynamicTests(Callable<List<DynamicTest>> build) throws Exception {
        try {
            return build.call();
        } catch (TestAbortedException missing) {
            return List.of(DynamicTest.dynamicTest("shared test data", () -> { throw missing; }));
        }
    }

    /** True when a missing file must fail the test instead of skipping it. */
    static boolean required() {
        String value = System.getProperty("jsoupcharset.requireShared");
        if (value == null || value.isBlank()) value = System.getenv("JSOUPCHARSET_REQUIRE_SHARED");
        return value != null && (value.trim().equals("1") || value.trim().equalsIgnoreCase("true"));
    }

    private static void require(Path p) {
        if (Files.exists(p)) return;
        String message = "shared test data not found at " + p.toAbsolutePath().normalize()
                + " (set -Djsoupcharset.shared=/path/to/shared)";
        // required only on the project's own switch: hosted CI services set CI=true for everyone
        if (required()) {
            Assertions.fail(message + "; required here (JSOUPCHARSET_REQUIRE_SHARED or -Djsoupcharset.requireShared is set)");
        }
        Assumptions.abort(message);
    }
}
