package io.github.jsoupcharset;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

/**
 * The dependency rules of ARCHITECTURE.md, checked over the sources' imports and fully qualified
 * names: which of our packages each package may use, which libraries, and what module-info.java
 * exports.
 */
class ArchitectureTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final String BASE = "io.github.jsoupcharset";

    /**
     * For each package (relative to {@value #BASE}, "" for the root): the packages of ours it may
     * use and the libraries it may use.
     */
    private static final Map<String, List<String>> OURS = Map.ofEntries(
            Map.entry("", List.of("decision", "encoding", "contentcoding", "compare", "codec", "sniff", "stream")),
            Map.entry("decision", List.of("encoding")),
            Map.entry("encoding", List.of("codec")),
            Map.entry("contentcoding", List.of()),
            Map.entry("compare", List.of()),
            Map.entry("codec", List.of()),
            Map.entry("markup", List.of()),
            Map.entry("stream", List.of("decision", "encoding", "codec", "sniff")),
            Map.entry("sniff", List.of("decision", "encoding", "markup", "detect")),
            Map.entry("detect", List.of("decision", "encoding", "codec", "markup")));
    private static final Map<String, List<String>> LIBRARIES = Map.ofEntries(
            Map.entry("", List.of("org.jsoup", "com.ibm.icu")),
            Map.entry("decision", List.of()),
            Map.entry("encoding", List.of()),
            Map.entry("contentcoding", List.of()),
            Map.entry("compare", List.of("com.ibm.icu")),
            Map.entry("codec", List.of()),
            Map.entry("markup", List.of()),
            Map.entry("stream", List.of()),
            Map.entry("sniff", List.of("org.jsoup")), // Parser.unescapeEntities for character references in a meta
            Map.entry("detect", List.of("com.ibm.icu")));
    private static final List<String> ALL_LIBRARIES = List.of("org.jsoup", "com.ibm.icu", "org.netpreserve.jwarc", "org.brotli");

    private static final Pattern OUR_REFERENCE = Pattern.compile("\\bio\\.github\\.jsoupcharset((?:\\.[a-z]\\w*)*)\\.([A-Z]\\w*)");
    private static final Pattern COMMENT_OR_STRING = Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\\\n])*\"", Pattern.DOTALL);

    @Test
    void eachPackageUsesOnlyWhatItMay() throws IOException {
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("module-info.java")).toList()) {
                String pkg = packageOf(file);
                if (!OURS.containsKey(pkg)) {
                    violations.add(file + ": package \"" + pkg + "\" has no rules in ArchitectureTest and ARCHITECTURE.md");
                    continue;
                }
                String code = COMMENT_OR_STRING.matcher(Files.readString(file)).replaceAll(" ");
                Matcher m = OUR_REFERENCE.matcher(code);
                while (m.find()) {
                    String used = m.group(1).isEmpty() ? "" : m.group(1).substring(1);
                    if (used.equals(pkg)) continue;
                    if (!OURS.get(pkg).contains(used)) violations.add(file + " uses " + m.group(0));
                }
                for (String library : ALL_LIBRARIES) {
                    if (Pattern.compile("\\b" + Pattern.quote(library) + "\\.").matcher(code).find()
                            && !LIBRARIES.get(pkg).contains(library)) {
                        violations.add(file + " uses " + library);
                    }
                }
            }
        }
        assertThat(violations, empty());
    }

    @Test
    void theModuleExportsThePublicPackagesOnly() throws IOException {
        String module = COMMENT_OR_STRING.matcher(Files.readString(SOURCES.resolve("module-info.java"))).replaceAll(" ");
        Set<String> exported = new TreeSet<>();
        Matcher m = Pattern.compile("\\bexports\\s+([\\w.]+)\\s*;").matcher(module);
        while (m.find()) exported.add(m.group(1));
        assertThat(exported, equalTo(Set.of(BASE, BASE + ".decision", BASE + ".encoding", BASE + ".contentcoding", BASE + ".compare").stream()
                .collect(Collectors.toCollection(TreeSet::new))));
    }

    private static String packageOf(Path file) {
        String relative = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
        String base = BASE;
        if (relative.equals(base)) return "";
        return relative.startsWith(base + ".") ? relative.substring(base.length() + 1) : relative;
    }
}
