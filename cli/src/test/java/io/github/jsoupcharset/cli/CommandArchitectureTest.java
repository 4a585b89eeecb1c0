package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;

/**
 * The command is a client of the library's public API: it uses the packages the library's module
 * exports and nothing internal (ARCHITECTURE.md). On the class path nothing else enforces this.
 */
class CommandArchitectureTest {
    private static final Path SOURCES = Path.of("src/main/java");
    /** The library's exported packages (its module-info.java), relative to io.github.jsoupcharset. */
    private static final Set<String> EXPORTED = Set.of("", "decision", "encoding", "contentcoding", "compare");

    private static final Pattern OUR_REFERENCE = Pattern.compile("\\bio\\.github\\.jsoupcharset((?:\\.[a-z]\\w*)*)\\.([A-Z]\\w*|\\*)");
    private static final Pattern COMMENT_OR_STRING = Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\\\n])*\"", Pattern.DOTALL);

    @Test
    void theCommandUsesTheLibrarysExportedPackagesOnly() throws IOException {
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String code = COMMENT_OR_STRING.matcher(Files.readString(file)).replaceAll(" ");
                Matcher m = OUR_REFERENCE.matcher(code);
                while (m.find()) {
                    String used = m.group(1).isEmpty() ? "" : m.group(1).substring(1);
                    if (!used.equals("cli") && !EXPORTED.contains(used)) violations.add(file + " uses " + m.group(0));
                }
            }
        }
        assertThat(violations, empty());
    }
}
