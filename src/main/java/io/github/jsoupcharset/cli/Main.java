package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.ContentCodingException;
import io.github.jsoupcharset.ContentCodings;
import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecisionSource;
import io.github.jsoupcharset.EncodingDecision;
import io.github.jsoupcharset.IgnoredLabel;
import io.github.jsoupcharset.ParsedHtml;
import io.github.jsoupcharset.SniffOptions;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code jsoup-charset} command: {@code sniff}, {@code decode}, {@code select} and {@code audit}.
 * Exit codes: 0 ok, 1 some inputs failed (each reported, the rest processed), 2 usage.
 */
public final class Main {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE_ERROR = 2;

    static final String USAGE = String.join("\n",
            "usage: jsoup-charset COMMAND [OPTIONS] ARGS...",
            "",
            "Decode HTML pages exactly as browsers do, and say which rule decided the encoding.",
            "",
            "commands:",
            "  sniff FILE|URL...      the decision for each page: encoding, rule, confidence, header and",
            "                         meta labels, conflict, ignored labels, U+FFFD count",
            "  decode FILE|URL...     the text, decoded as a browser would, as UTF-8 on stdout",
            "  select CSS FILE|URL... run a jsoup CSS selector on the decoded page, one match per line",
            "  audit [WARC...]        audit every HTML response in WARC files (default: the sample",
            "                         examples/sample.warc.gz): encodings and the pages naive decodings corrupt",
            "",
            "'jsoup-charset COMMAND --help' describes a command. A URL (http, https) is fetched; its",
            "Content-Type headers count. A FILE of '-' is stdin.",
            "exit status: 0 ok, 1 some inputs failed (each reported, the rest processed), 2 usage error",
            "");

    /** The help lines of the options sniff, decode and select share: how an input is read. */
    private static final String INPUT_OPTIONS = String.join("\n",
            "  --content-type VALUE  the Content-Type header for FILEs (default: none)",
            "  --declarations MODE   browser (default): trust the header, meta or XML declaration,",
            "                        as browsers do, and only report one the bytes plainly contradict;",
            "                        checked: the author's text, overriding such a declaration");

    /** The help lines of the limits sniff, decode and select share. */
    private static final String LIMIT_OPTIONS = String.join("\n",
            "  --max-body BYTES      refuse (and report) a page larger than this (default 16777216)",
            "  --timeout SECONDS     a URL must be read whole within this (default 60)",
            "  --read-timeout SECONDS  give up on a server that sends nothing for this long (default 20)");

    static final Map<String, String> COMMAND_USAGE = Map.of(
            "sniff", String.join("\n",
                    "usage: jsoup-charset sniff [--content-type VALUE] [--declarations MODE] [--json] [limits] FILE|URL...",
                    "",
                    "Decide the encoding of each page as a browser would and print the decision: the",
                    "encoding, the rule that decided, confidence, header and meta labels, conflicts,",
                    "ignored labels, a declaration the bytes plainly contradict (misdeclared) and how many",
                    "U+FFFD the decoding produced.",
                    "",
                    INPUT_OPTIONS,
                    "  --json                one JSON object per page, one per line",
                    LIMIT_OPTIONS,
                    ""),
            "decode", String.join("\n",
                    "usage: jsoup-charset decode [--content-type VALUE] [--declarations MODE] [limits] FILE|URL...",
                    "",
                    "Write each page's text, decoded as a browser would (byte order mark removed), as",
                    "UTF-8 on stdout. The decision is not printed: use sniff for that.",
                    "",
                    INPUT_OPTIONS,
                    LIMIT_OPTIONS,
                    ""),
            "select", String.join("\n",
                    "usage: jsoup-charset select [--attr NAME] [--content-type VALUE] [--declarations MODE] [limits]",
                    "                            CSS FILE|URL...",
                    "",
                    "Parse each page after decoding it as a browser would, run the jsoup CSS selector and",
                    "print every match on its own line: its text, or the value of an attribute.",
                    "",
                    "  --attr NAME           print this attribute instead of the text ('abs:href' for an",
                    "                        absolute URL)",
                    INPUT_OPTIONS,
                    LIMIT_OPTIONS,
                    ""),
            "audit", String.join("\n",
                    "usage: jsoup-charset audit [--jsonl FILE] [--max-body BYTES] [--declarations MODE] [WARC...]",
                    "",
                    "Read WARC files (gzip or plain), decide and decode every HTML response (2xx; Content-Type",
                    "text/html or application/xhtml+xml, or none and a body that looks like HTML), and print",
                    "per top-level domain: pages, pages not UTF-8 (by encoding) and how many pages each naive",
                    "decoding corrupts (its text differs from the browser's):",
                    "  requests  Python requests' .text: the header charset, else ISO-8859-1",
                    "  jsoup     jsoup's Connection.Response.parse()",
                    "  JDK       the JDK charset of the declared label (header, else meta; UTF-8 if none)",
                    "and the misdeclared pages (the bytes plainly contradict the declaration), with how many",
                    "of them each naive decoding gets the author's text of; then decisions by rule,",
                    "header/meta conflicts, metas after 1024 bytes, pages with U+FFFD.",
                    "Without a WARC, audits the sample examples/sample.warc.gz.",
                    "",
                    "  --jsonl FILE       also write one JSON line per page to FILE",
                    "  --max-body BYTES   skip (and report) bodies larger than this (default 16777216,",
                    "                     at most 2147483639)",
                    "  --declarations MODE  browser (default) or checked: the decision each page reports",
                    "                     (a misdeclared page is counted in both modes)",
                    ""));

    private Main() {}

    /**
     * Runs the command and exits the JVM with its status (0 ok, 1 some inputs failed, 2 usage
     * error), writing UTF-8 whatever the platform's default charset.
     *
     * @param args the subcommand and its arguments, e.g. {@code sniff --json page.html}
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        int status = run(args, out, err, System.console() != null);
        out.flush();
        System.exit(status);
    }

    /**
     * Runs the command without exiting, for tests and for callers that embed it.
     *
     * @param args the subcommand and its arguments, e.g. {@code sniff --json page.html}
     * @param out where results go
     * @param err where usage, failures and progress go
     * @param terminal whether {@code err} is a terminal: progress is then drawn as a bar that
     *     redraws itself, otherwise as a plain line every ten seconds
     * @return the exit status: 0 ok, 1 some inputs failed (each reported, the rest processed),
     *     2 usage error
     */
    public static int run(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        if (args.length == 0) {
            err.print(USAGE);
            return USAGE_ERROR;
        }
        String command = args[0];
        if (command.equals("--help") || command.equals("-h") || command.equals("help")) {
            out.print(USAGE);
            return OK;
        }
        if (!COMMAND_USAGE.containsKey(command)) {
            err.println("jsoup-charset: unknown command '" + command + "'");
            err.print(USAGE);
            return USAGE_ERROR;
        }
        Args a = Args.parse(args, Set.of("--content-type", "--attr", "--jsonl", "--max-body", "--declarations",
                "--timeout", "--read-timeout"), Set.of("--json"));
        if (a.help) {
            out.print(COMMAND_USAGE.get(command));
            return OK;
        }
        Set<String> allowed = switch (command) {
            case "sniff" -> Set.of("--content-type", "--declarations", "--json", "--max-body", "--timeout", "--read-timeout");
            case "decode" -> Set.of("--content-type", "--declarations", "--max-body", "--timeout", "--read-timeout");
            case "select" -> Set.of("--content-type", "--declarations", "--attr", "--max-body", "--timeout", "--read-timeout");
            default -> Set.of("--jsonl", "--max-body", "--declarations");
        };
        String error = a.error;
        if (error == null) {
            for (String option : a.options.keySet()) {
                if (!allowed.contains(option)) error = command + " has no option " + option;
            }
        }
        String mode = a.options.getOrDefault("--declarations", "browser");
        if (error == null && !mode.equals("browser") && !mode.equals("checked")) {
            error = "--declarations is browser or checked, not '" + mode + "'";
        }
        if (error == null) error = limits(a);
        if (error != null) return usage(err, command, error);
        a.parser = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDeclarations(mode.equals("checked")
                ? SniffOptions.Declarations.CHECKED : SniffOptions.Declarations.BROWSER));
        try {
            return switch (command) {
                case "sniff" -> sniff(a, out, err);
                case "decode" -> decode(a, out, err);
                case "select" -> select(a, out, err);
                default -> audit(a, out, err, terminal);
            };
        } catch (UncheckedIOException e) {
            err.println("jsoup-charset: cannot write: " + describe(e.getCause()));
            return FAILED;
        }
    }

    /** The largest body any input may have: the largest array the JVM makes. */
    static final long MAX_BODY_LIMIT = Integer.MAX_VALUE - 8;

    /** Reads --max-body, --timeout and --read-timeout into {@code a}; an error message, or null. */
    private static String limits(Args a) {
        long[] values = new long[3];
        String[][] specs = {{"--max-body", Long.toString(16L << 20), Long.toString(MAX_BODY_LIMIT), "a number of bytes"},
                {"--timeout", "60", "86400", "a number of seconds"}, {"--read-timeout", "20", "86400", "a number of seconds"}};
        for (int i = 0; i < specs.length; i++) {
            String value = a.options.getOrDefault(specs[i][0], specs[i][1]);
            long max = Long.parseLong(specs[i][2]);
            try {
                values[i] = Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                return specs[i][0] + " needs " + specs[i][3] + ", not '" + value + "'";
            }
            if (values[i] < 1 || values[i] > max) {
                return specs[i][0] + " must be from 1 to " + max + ", not " + values[i];
            }
        }
        a.maxBody = values[0];
        a.timeout = Duration.ofSeconds(values[1]);
        a.readTimeout = Duration.ofSeconds(values[2]);
        return null;
    }

    private static int usage(PrintStream err, String command, String message) {
        err.println("jsoup-charset " + command + ": " + message);
        err.print(COMMAND_USAGE.get(command));
        return USAGE_ERROR;
    }

    // ---- sniff, decode, select

    private interface PageAction {
        void accept(String input, Inputs.Page page);
    }

    /** Reads each input and hands it on; reports and counts the inputs that cannot be read. */
    private static int forEachInput(Args a, List<String> inputs, String contentType, PrintStream err, PageAction action) {
        int status = OK;
        Inputs reader = new Inputs(a.maxBody, a.timeout, a.readTimeout);
        for (String input : inputs) {
            try {
                action.accept(input, reader.read(input, contentType));
            } catch (Inputs.InputException e) {
                err.println("jsoup-charset: " + Terminal.safe(input + ": " + e.getMessage()));
                status = FAILED;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                err.println("jsoup-charset: interrupted");
                return FAILED;
            }
        }
        return status;
    }

    private static int sniff(Args a, PrintStream out, PrintStream err) {
        if (a.positional.isEmpty()) return usage(err, "sniff", "needs at least one FILE or URL");
        boolean json = a.flags.contains("--json");
        return forEachInput(a, a.positional, a.options.get("--content-type"), err, (input, page) -> {
            EncodingDecision d = a.parser.decode(page.body(), page.contentType()).decision();
            if (json) out.println(PageAudit.decisionJson(new Json().field("input", input), d).end());
            else print(out, input, d);
            checkOut(out);
        });
    }

    private static int decode(Args a, PrintStream out, PrintStream err) {
        if (a.positional.isEmpty()) return usage(err, "decode", "needs at least one FILE or URL");
        return forEachInput(a, a.positional, a.options.get("--content-type"), err, (input, page) -> {
            out.print(a.parser.decode(page.body(), page.contentType()).text());
            checkOut(out);
        });
    }

    private static int select(Args a, PrintStream out, PrintStream err) {
        if (a.positional.size() < 2) return usage(err, "select", "needs a CSS selector and at least one FILE or URL");
        Evaluator evaluator;
        try {
            evaluator = QueryParser.parse(a.positional.get(0));
        } catch (Selector.SelectorParseException e) {
            return usage(err, "select", "invalid CSS selector '" + a.positional.get(0) + "': " + e.getMessage());
        }
        String attr = a.options.get("--attr");
        return forEachInput(a, a.positional.subList(1, a.positional.size()), a.options.get("--content-type"), err, (input, page) -> {
            ParsedHtml parsed = a.parser.parseWithDecision(page.body(), page.contentType(), page.baseUri());
            for (Element e : Selector.select(evaluator, parsed.document())) {
                out.println(attr == null ? e.text() : e.attr(attr));
            }
            checkOut(out);
        });
    }

    private static void checkOut(PrintStream out) {
        if (out.checkError()) throw new UncheckedIOException(new IOException("stdout is closed"));
    }

    static void print(PrintStream out, String input, EncodingDecision d) {
        out.println(Terminal.safe(input));
        out.printf("  encoding    %s%n", d.encoding().name());
        out.printf("  rule        %s%n", d.source());
        out.printf("  confidence  %s%n", d.confidence());
        d.detectorConfidence().ifPresent(c -> out.printf("  detector    %d%% likely right%s%n", c, d.isDetectionUnsure() ? " (unsure: treat as unknown)" : ""));
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
        int more = d.ignoredLabelCount() - d.ignoredLabels().size();
        if (more > 0) ignored.append(" and ").append(more).append(" more (").append(d.ignoredLabelCount()).append(" in all)");
        out.printf("  ignored     %s%n", ignored.length() == 0 ? "-" : ignored);
        out.printf("  misdeclared %s%n", d.misdeclaration().map(m -> m.declaration() + " " + m.declared().name()
                + (d.source() == DecisionSource.DECLARATION_OVERRIDDEN ? " overridden: " : " looks wrong, bytes look like ")
                + m.bytesLookLike().name() + " (" + m.evidence() + ")").orElse("no"));
        out.printf("  U+FFFD      %d%n", d.replacementCount().orElse(0));
    }

    private static String quoted(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (Terminal.isControl(c)) b.append(String.format("\\x%02x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    // ---- audit

    /** Where the sample WARC is: the launcher passes the repository root as jsoupcharset.home. */
    static Path sampleWarc() {
        return Path.of(System.getProperty("jsoupcharset.home", "."), "examples", "sample.warc.gz");
    }

    private static int audit(Args a, PrintStream out, PrintStream err, boolean terminal) {
        long maxBody = a.maxBody;
        List<Path> files = new ArrayList<>();
        for (String p : a.positional) files.add(Path.of(p));
        if (files.isEmpty()) {
            Path sample = sampleWarc();
            if (!Files.isRegularFile(sample)) {
                return usage(err, "audit", "no WARC given, and the sample " + sample + " is not there");
            }
            err.println("jsoup-charset: auditing the sample " + sample);
            files.add(sample);
        }
        AuditTable table = new AuditTable();
        BufferedWriter jsonl = null;
        if (a.options.containsKey("--jsonl")) {
            try {
                jsonl = Files.newBufferedWriter(Path.of(a.options.get("--jsonl")), StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("jsoup-charset: " + a.options.get("--jsonl") + ": cannot write: " + describe(e));
                return FAILED;
            }
        }
        BufferedWriter lines = jsonl;
        WarcAudit audit = new WarcAudit(maxBody, a.parser.options(), message -> err.println("jsoup-charset: " + Terminal.safe(message)));
        boolean ok = audit.auditAll(files, terminal, err, page -> {
            table.add(page);
            if (lines != null) {
                try {
                    lines.write(page.toJson());
                    lines.write('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        if (jsonl != null) {
            try {
                jsonl.close();
            } catch (IOException e) {
                err.println("jsoup-charset: " + a.options.get("--jsonl") + ": cannot write: " + describe(e));
                ok = false;
            }
        }
        out.print(table.render());
        out.println();
        out.print(audit.counts().summary());
        checkOut(out);
        return ok ? OK : FAILED;
    }

    // ---- shared

    /** A short, clear description of a failure, for a message after "input: ". */
    static String describe(Throwable e) {
        if (e instanceof NoSuchFileException) return "no such file";
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof HttpConnectTimeoutException) return "connection timed out";
        if (e instanceof HttpTimeoutException) return "timed out";
        if (e instanceof UnknownHostException) return "unknown host " + e.getMessage();
        if (e instanceof ConnectException) return "cannot connect" + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")");
        if (e instanceof java.io.EOFException) return "unexpected end of file" + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")");
        if (e.getMessage() == null || e.getMessage().isBlank()) {
            return e.getCause() != null && e.getCause() != e ? describe(e.getCause()) : e.getClass().getSimpleName();
        }
        return e.getMessage();
    }

    /**
     * Reads FILEs, stdin and URLs, each within the limits: a body over {@code maxBody} bytes is
     * refused before it is held (a file by its size, stdin and URLs as they arrive); a URL must be
     * read whole within {@code timeout}, and a server that sends nothing for {@code readTimeout} is
     * given up on. Either way the input is reported and the next one read.
     */
    static final class Inputs {
        record Page(byte[] body, String contentType, String baseUri) {}

        static final class InputException extends Exception {
            InputException(String message) {
                super(message);
            }
        }

        private final long maxBody;
        private final Duration timeout;
        private final Duration readTimeout;
        private HttpClient client;

        Inputs(long maxBody, Duration timeout, Duration readTimeout) {
            this.maxBody = maxBody;
            this.timeout = timeout;
            this.readTimeout = readTimeout;
        }

        Page read(String input, String contentTypeForFiles) throws InputException, InterruptedException {
            if (input.startsWith("http://") || input.startsWith("https://")) return fetch(input);
            try {
                if (input.equals("-")) {
                    byte[] body = System.in.readNBytes((int) maxBody + 1);
                    if (body.length > maxBody) throw new InputException("more than " + maxBody + " bytes (see --max-body); not read");
                    return new Page(body, contentTypeForFiles, "");
                }
                if (input.isEmpty()) throw new InputException("no such file (an empty name)");
                Path path = Path.of(input);
                if (Files.isDirectory(path)) throw new InputException("is a directory");
                long size = Files.size(path);
                if (size > maxBody) throw new InputException("file of " + size + " bytes is over --max-body " + maxBody + "; not read");
                return new Page(Files.readAllBytes(path), contentTypeForFiles, path.toAbsolutePath().toUri().toString());
            } catch (IOException | java.nio.file.InvalidPathException e) {
                throw new InputException(describe(e));
            } catch (OutOfMemoryError e) {
                throw new InputException("does not fit in memory (" + e.getMessage() + "); give the JVM more with JSOUP_CHARSET_OPTS=-Xmx...");
            }
        }

        private Page fetch(String url) throws InputException, InterruptedException {
            if (client == null) {
                client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
                        .connectTimeout(readTimeout).build();
            }
            HttpRequest request;
            try {
                request = HttpRequest.newBuilder(URI.create(url)).timeout(readTimeout).build();
            } catch (IllegalArgumentException e) {
                throw new InputException(describe(e));
            }
            long start = System.nanoTime();
            java.util.concurrent.atomic.AtomicReference<LimitedBody> body = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.concurrent.CompletableFuture<HttpResponse<byte[]>> response = client.sendAsync(request, info -> {
                LimitedBody b = new LimitedBody(maxBody);
                body.set(b);
                return b;
            });
            try {
                while (true) {
                    try {
                        HttpResponse<byte[]> res = response.get(200, java.util.concurrent.TimeUnit.MILLISECONDS);
                        if (res.statusCode() < 200 || res.statusCode() > 299) throw new InputException("HTTP status " + res.statusCode());
                        List<String> types = res.headers().allValues("Content-Type");
                        // a browser undoes the content coding before it sniffs; an unknown or broken one is an error
                        byte[] decoded = ContentCodings.decode(res.body(), res.headers().allValues("Content-Encoding"), maxBody);
                        // several Content-Type headers combine as Fetch combines them: joined by ", "
                        return new Page(decoded, types.isEmpty() ? null : String.join(", ", types), res.uri().toString());
                    } catch (java.util.concurrent.TimeoutException e) {
                        long now = System.nanoTime();
                        LimitedBody b = body.get();
                        if (now - start > timeout.toNanos()) {
                            throw new InputException("not read whole within " + timeout.toSeconds() + " s (see --timeout)"
                                    + (b == null ? "" : "; " + b.size() + " bytes of the body had come"));
                        }
                        if (b != null && now - b.lastData() > readTimeout.toNanos()) {
                            throw new InputException("the server sent nothing for " + readTimeout.toSeconds()
                                    + " s (see --read-timeout); " + b.size() + " bytes of the body had come");
                        }
                    }
                }
            } catch (java.util.concurrent.ExecutionException e) {
                Throwable cause = e.getCause();
                for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
                    if (t instanceof LimitedBody.OverLimit) throw new InputException("body over --max-body " + maxBody + " bytes; not read");
                }
                if (cause instanceof ContentCodingException c) throw new InputException(c.getMessage());
                throw new InputException(describe(cause));
            } catch (ContentCodingException e) {
                throw new InputException(e.overLimit() ? "body over --max-body " + maxBody + " bytes once its "
                        + e.coding() + " coding is undone; not read" : e.getMessage());
            } finally {
                response.cancel(true);
                LimitedBody b = body.get();
                if (b != null) b.cancel();
            }
        }
    }

    /**
     * A response body held in memory up to a limit: past it the download is cancelled and the
     * response fails with {@link OverLimit}, so no body larger than the limit is ever held. Records
     * when data last came, for the read timeout.
     */
    static final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {
        /** The body was longer than the limit. */
        static final class OverLimit extends IOException {
            private static final long serialVersionUID = 1L;

            OverLimit() {
                super("body over the limit");
            }
        }

        private final long limit;
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        private final java.util.concurrent.CompletableFuture<byte[]> result = new java.util.concurrent.CompletableFuture<>();
        private volatile long lastData = System.nanoTime();
        private volatile long size;
        private volatile java.util.concurrent.Flow.Subscription subscription;

        LimitedBody(long limit) {
            this.limit = limit;
        }

        long lastData() {
            return lastData;
        }

        long size() {
            return size;
        }

        void cancel() {
            java.util.concurrent.Flow.Subscription s = subscription;
            if (s != null) s.cancel();
        }

        @Override
        public java.util.concurrent.CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<java.nio.ByteBuffer> items) {
            lastData = System.nanoTime();
            for (java.nio.ByteBuffer item : items) {
                if (size + item.remaining() > limit) {
                    cancel();
                    result.completeExceptionally(new OverLimit());
                    return;
                }
                byte[] chunk = new byte[item.remaining()];
                item.get(chunk);
                bytes.write(chunk, 0, chunk.length);
                size += chunk.length;
            }
        }

        @Override
        public void onError(Throwable throwable) {
            result.completeExceptionally(throwable);
        }

        @Override
        public void onComplete() {
            result.complete(bytes.toByteArray());
        }
    }

    /** A hand-written argument parser: options (with a value, or flags), positionals, "--", --help. */
    static final class Args {
        final Map<String, String> options = new HashMap<>();
        final Set<String> flags = new java.util.HashSet<>();
        final List<String> positional = new ArrayList<>();
        /** The parser the command decides with ({@code --declarations}); set once the options are checked. */
        BrowserCharsetParser parser;
        long maxBody;
        Duration timeout;
        Duration readTimeout;
        boolean help;
        String error;

        static Args parse(String[] args, Set<String> valued, Set<String> booleans) {
            Args a = new Args();
            boolean optionsEnd = false;
            for (int i = 1; i < args.length; i++) {
                String arg = args[i];
                if (optionsEnd || !arg.startsWith("-") || arg.equals("-")) {
                    a.positional.add(arg);
                } else if (arg.equals("--")) {
                    optionsEnd = true;
                } else if (arg.equals("--help") || arg.equals("-h")) {
                    a.help = true;
                } else {
                    int eq = arg.indexOf('=');
                    String name = eq < 0 ? arg : arg.substring(0, eq);
                    if (valued.contains(name)) {
                        if (eq >= 0) a.options.put(name, arg.substring(eq + 1));
                        else if (i + 1 < args.length) a.options.put(name, args[++i]);
                        else if (a.error == null) a.error = name + " needs a value";
                    } else if (booleans.contains(name) && eq < 0) {
                        a.flags.add(name);
                        a.options.put(name, "");
                    } else if (a.error == null) {
                        a.error = "unknown option " + arg;
                    }
                }
            }
            return a;
        }
    }
}
