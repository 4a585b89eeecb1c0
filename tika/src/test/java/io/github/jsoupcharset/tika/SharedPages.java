package io.github.jsoupcharset.tika;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where the tests find {@code shared/} (read-only data beside the repository), as the library's
 * SharedData does: system property {@code jsoupcharset.shared} (surefire sets it), else
 * {@code ../../shared}. Missing, a test is skipped with the reason, or fails when the data is
 * required ({@code JSOUPCHARSET_REQUIRE_SHARED=1}, which {@code .ci/run} sets, or system property
 * {@code jsoupcharset.requireShared=true}).
 */
public final class SharedPages {
    private SharedPages() {}

    /**
     * A folder or file under the shared data folder; skips the calling test when it is missing.
     *
     * @param relative its path under {@code shared/}
     * @return its path
     */
    public static Path file(String relative) {
        Path p = Paths.get(System.getProperty("jsoupcharset.shared", "../../shared")).resolve(relative);
        if (!Files.exists(p)) {
            String why = "shared data missing: " + p.toAbsolutePath().normalize();
            if ("1".equals(System.getenv("JSOUPCHARSET_REQUIRE_SHARED"))
                    || Boolean.getBoolean("jsoupcharset.requireShared")) {
                Assertions.fail(why + " (required)");
            }
            Assumptions.abort(why);
        }
        return p;
    }
}
