package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.DecisionSource;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

/**
 * The README's Java examples compile and run against pages served here, and what they print, and
 * the values their comments show ({@code // true}, {@code // Optional[windows-1252]}, {@code //
 * OptionalInt[0] — …}), is what they give.
 */
class ReadmeExamplesTest {
    /** A comment that is a value: the whole comment, or its start before " — ". */
    private static final Pattern VALUE = Pattern.compile("(true|false|Optional\\.empty|Optional\\[[^\\]…]*\\]"
            + "|OptionalInt\\[\\d+\\]|-?\\d+|\"[^\"…]*\"|(?:Encoding|DecisionSource)\\.[A-Z_0-9]+)( — .*)?");
    /** A statement line whose comment may be a value: {@code call(…);   // comment}, not a declaration. */
    private static final Pattern STATEMENT = Pattern.compile("^([A-Za-z_][\\w.]*\\(.*\\));\\s+// (.*)$");

    /** A windows-1251 page declared in its first 1024 bytes, as the README's first example prints it. */
    private static final byte[] PAGE = ("<!DOCTYPE html>\n<html><head><meta charset=\"windows-1251\">\n<title>Новости</title></head>\n"
            + "<body><p>Привет, мир!</p></body></html>\n").getBytes(Charset.forName("windows-1251"));

    private static HttpServer server;
    private static String url;

    @TempDir
    Path dir;

    @BeforeAll
    static void serve() throws IOException {
        byte[] gzipped = Coded.gzip(PAGE);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            boolean gzip = exchange.getRequestURI().getPath().equals("/gzip");
            byte[] body = gzip ? gzipped : PAGE;
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            if (gzip) exchange.getResponseHeaders().add("Content-Encoding", "gzip");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort() + "/page";
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    /** The repository's root: the first folder up from here with README.md and docs/library.md. */
    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isRegularFile(p.resolve("docs/library.md"))) return p;
        }
        throw new AssertionError("README.md and docs/library.md not found above " + Path.of("").toAbsolutePath());
    }

    /** The ```java blocks of README.md and docs/library.md, in order. */
    private static List<List<String>> javaBlocks() throws IOException {
        List<List<String>> blocks = new ArrayList<>();
        javaBlocks(root().resolve("README.md"), blocks);
        javaBlocks(root().resolve("docs/library.md"), blocks);
        return blocks;
    }

    private static void javaBlocks(Path markdown, List<List<String>> blocks) throws IOException {
        List<String> block = null;
        for (String line : Files.readAllLines(markdown)) {
            if (block == null && line.equals("```java")) {
                block = new ArrayList<>();
            } else if (block != null && line.equals("```")) {
                blocks.add(block);
                block = null;
            } else if (block != null) {
                block.add(line);
            }
        }
    }

    @Test
    void everyJavaExampleCompilesRunsAndPrintsWhatItSays() throws Exception {
        List<List<String>> blocks = javaBlocks();
        assertThat(blocks.size(), greaterThanOrEqualTo(7));
        Path src = Files.createDirectories(dir.resolve("src/readme"));
        List<String> files = new ArrayList<>();
        List<String> expectedOutput = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            files.add(Files.writeString(src.resolve("Block" + i + ".java"), source(i, blocks.get(i), expectedOutput)).toString());
        }
        Path classes = Files.createDirectories(dir.resolve("classes"));
        // the JDK's javac, as a user compiles the examples (the tests' module does not read java.compiler)
        List<String> args = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                "-d", classes.toString(), "-cp", System.getProperty("java.class.path"), "-encoding", "UTF-8", "-proc:none"));
        args.addAll(files);
        Process javac = new ProcessBuilder(args).redirectErrorStream(true).start();
        String diagnostics = new String(javac.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(diagnostics, javac.waitFor(), equalTo(0));

        List<String> checks = new ArrayList<>();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
                PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            for (int i = 0; i < blocks.size(); i++) {
                Method run = loader.loadClass("readme.Block" + i).getMethod("run", PrintStream.class, List.class, String.class,
                        HttpClient.class, HttpRequest.class, byte[].class, byte[].class, String.class, String.class,
                        byte[].class, byte[].class, InputStream.class, Path.class);
                HttpRequest request = HttpRequest.newBuilder(URI.create(url.replace("/page", "/gzip"))).build();
                byte[] body = "<html><title>中文</title><p>中文网页，编码是国标。".getBytes(Charset.forName("GBK"));
                byte[] utf8 = ("<html><p>" + "Café déjà vu, naïve façade. ".repeat(20)).getBytes(StandardCharsets.UTF_8);
                run.invoke(null, out, checks, url, HttpClient.newHttpClient(), request, Coded.gzip(PAGE), body,
                        "text/html", "http://example.test/", utf8, new byte[] {(byte) 0x81, 0x60},
                        new ByteArrayInputStream(PAGE), Files.write(dir.resolve("big.html"), PAGE));
            }
        }
        // what the examples print is what the comments after their println show
        assertThat(printed.toString(StandardCharsets.UTF_8), equalTo(String.join("\n", expectedOutput) + "\n"));
        assertThat(expectedOutput.isEmpty(), equalTo(false));
        // and each value a comment shows is the value
        assertThat(checks.toString(), checks.size(), greaterThanOrEqualTo(8));
        for (String check : checks) {
            String[] parts = check.split("\t", -1);
            assertThat(parts[0], parts[1], equalTo(parts[2]));
        }
    }

    /**
     * Block {@code i} as a class whose {@code run} holds its statements, with the examples' free
     * variables as parameters; {@code System.out} is {@code out}, each statement whose comment is
     * a value records it in {@code checks}, and the comment lines after a println are added to
     * {@code expectedOutput}.
     */
    private static String source(int i, List<String> block, List<String> expectedOutput) {
        StringBuilder imports = new StringBuilder();
        StringBuilder body = new StringBuilder();
        boolean afterPrintln = false;
        for (String line : block) {
            if (line.startsWith("import ")) {
                imports.append(line).append('\n');
                continue;
            }
            if (afterPrintln && line.startsWith("// ")) {
                expectedOutput.add(line.substring(3));
                continue;
            }
            afterPrintln = line.contains("System.out.println(");
            Matcher statement = STATEMENT.matcher(line);
            Matcher value = statement.matches() ? VALUE.matcher(statement.group(2).strip()) : null;
            if (value != null && value.matches()) {
                String literal = value.group(1);
                // an enum constant is compared as the value it names; anything else as its text
                String expected = literal.startsWith("Encoding.") || literal.startsWith("DecisionSource.")
                        ? "String.valueOf(" + literal + ")"
                        : javaString(literal.startsWith("\"") ? literal.substring(1, literal.length() - 1) : literal);
                body.append("checks.add(").append(javaString(line.strip())).append(" + \"\\t\" + String.valueOf(")
                        .append(statement.group(1)).append(") + \"\\t\" + ").append(expected).append(");\n");
            } else {
                body.append(line.replace("System.out.", "out.")).append('\n');
            }
        }
        // the examples' free variables, unless the block declares one itself
        StringBuilder free = new StringBuilder();
        String[][] variables = {{"String", "url"}, {"HttpClient", "client"}, {"HttpRequest", "request"}, {"byte[]", "raw"},
            {"byte[]", "body"}, {"String", "contentType"}, {"String", "baseUrl"}, {"byte[]", "utf8Bytes"},
            {"byte[]", "bytes"}, {"InputStream", "in"}, {"Path", "bigPage"}};
        for (String[] v : variables) {
            if (!Pattern.compile("\\b[\\w<>\\[\\]]+\\s+" + v[1] + "\\s*=[^=]").matcher(body).find()) {
                free.append("        ").append(v[0]).append(' ').append(v[1]).append(" = p_").append(v[1]).append(";\n");
            }
        }
        return "package readme;\n" + imports
                + "import io.github.jsoupcharset.*;\nimport io.github.jsoupcharset.decision.*;\n"
                + "import io.github.jsoupcharset.contentcoding.*;\nimport io.github.jsoupcharset.compare.*;\n"
                + "import io.github.jsoupcharset.encoding.Encoding;\nimport java.nio.file.*;\n"
                + "import org.jsoup.*;\nimport org.jsoup.nodes.*;\nimport java.io.*;\nimport java.net.http.*;\nimport java.util.*;\n"
                + "public class Block" + i + " {\n"
                + "    static void handle(Element e) {}\n"
                + "    public static void run(PrintStream out, List<String> checks, String p_url, HttpClient p_client,"
                + " HttpRequest p_request, byte[] p_raw, byte[] p_body, String p_contentType, String p_baseUrl,"
                + " byte[] p_utf8Bytes, byte[] p_bytes, InputStream p_in, Path p_bigPage) throws Exception {\n"
                + free + body + "    }\n}\n";
    }

    private static String javaString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\');
            b.append(c);
        }
        return b.append('"').toString();
    }
}
