package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.EncodingDecision;
import io.github.jsoupcharset.IgnoredLabel;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code jsoup-charset} command. {@code sniff FILE|URL…} prints how each page's encoding is
 * decided. Exit codes: 0 ok, 1 some inputs failed (each reported, the rest processed), 2 usage.
 */
public final class Main {
    static final String USAGE = String.join("\n",
            "usage: jsoup-charset sniff [--content-type VALUE] FILE|URL...",
            "",
            "  sniff   decide the encoding of each page as a browser would and print the decision:",
            "          encoding, the rule that decided, confidence, header and meta labels,",
            "          conflicts, ignored labels and how many U+FFFD the decoding produced.",
            "          URLs (http, https) are fetched; their Content-Type headers are used.",
            "          --content-type gives the header for files (default: none).",
            "");

    private Main() {}

    /** Runs the command and exits with its status. */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        System.exit(run(args, out, System.err));
    }

    /** Runs the command; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            (args.length == 0 ? err : out).print(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        if (!args[0].equals("sniff")) {
            err.println("jsoup-charset: unknown command '" + args[0] + "'");
            err.print(USAGE);
            return 2;
        }
        String contentType = null;
        List<String> inputs = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                out.print(USAGE);
                return 0;
            } else if (a.equals("--content-type")) {
                if (++i >= args.length) {
                    err.println("jsoup-charset: --content-type needs a value");
                    return 2;
                }
                contentType = args[i];
            } else if (a.startsWith("--content-type=")) {
                contentType = a.substring("--content-type=".length());
            } else if (a.startsWith("--")) {
                err.println("jsoup-charset: unknown option '" + a + "'");
                err.print(USAGE);
                return 2;
            } else {
                inputs.add(a);
            }
        }
        if (inputs.isEmpty()) {
            err.println("jsoup-charset: sniff needs at least one FILE or URL");
            err.print(USAGE);
            return 2;
        }
        int status = 0;
        HttpClient client = null;
        for (String input : inputs) {
            try {
                DecodedHtml decoded;
                if (input.startsWith("http://") || input.startsWith("https://")) {
                    if (client == null) client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
                            .connectTimeout(Duration.ofSeconds(20)).build();
                    HttpResponse<byte[]> res = client.send(HttpRequest.newBuilder(URI.create(input))
                            .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofByteArray());
                    List<String> types = res.headers().allValues("Content-Type");
                    // several Content-Type headers combine as Fetch combines them: joined by ", "
                    decoded = BrowserCharsetJsoup.decode(res.body(), types.isEmpty() ? null : String.join(", ", types));
                } else {
                    decoded = BrowserCharsetJsoup.decode(Files.readAllBytes(Path.of(input)), contentType);
                }
                print(out, input, decoded.decision());
            } catch (NoSuchFileException e) {
                err.println("jsoup-charset: " + input + ": no such file");
                status = 1;
            } catch (IOException | IllegalArgumentException e) {
                err.println("jsoup-charset: " + input + ": " + e);
                status = 1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                err.println("jsoup-charset: interrupted");
                return 1;
            }
        }
        return status;
    }

    static void print(PrintStream out, String input, EncodingDecision d) {
        out.println(input);
        out.printf("  encoding    %s%n", d.encoding().name());
        out.printf("  rule        %s%n", d.source());
        out.printf("  confidence  %s%n", d.confidence());
        d.detectorConfidence().ifPresent(c -> out.printf("  detector    %d/100%n", c));
        out.printf("  header      %s%n", d.headerLabel().map(l -> quoted(l) + " -> "
                + d.headerEncoding().map(Object::toString).orElse("unknown label")).orElse("-"));
        out.printf("  meta        %s%n", d.metaLabel().map(l -> quoted(l) + " -> "
                + d.metaEncoding().map(Object::toString).orElse("unknown label")
                + d.metaSource().map(s -> " (" + s + ")").orElse("")).orElse("-"));
        out.printf("  conflict    %s%n", d.conflict() ? "yes (header/BOM wins)" : "no");
        StringBuilder ignored = new StringBuilder();
        for (IgnoredLabel i : d.ignoredLabels()) {
            if (ignored.length() > 0) ignored.append(", ");
            ignored.append(quoted(i.label())).append(" (").append(i.where()).append(')');
        }
        out.printf("  ignored     %s%n", ignored.length() == 0 ? "-" : ignored);
        out.printf("  U+FFFD      %d%n", d.replacementCount().orElse(0));
    }

    private static String quoted(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c == 0x7F) b.append(String.format("\\x%02x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
}
