package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecidedStreamParser;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.DecodedHtmlReader;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.IgnoredLabel;
import io.github.jsoupcharset.ParsedHtml;
import io.github.jsoupcharset.decision.SniffOptions;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
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

    /** The help lines of the options that say which input a line of output came from. */
    private static final String FILENAME_OPTIONS = String.join("\n",
            "  --with-filename       say which input each line came from even for one input",
            "  --no-filename         bare output even for several inputs");

    /** The help lines of the limits sniff, decode and select share. */
    private static final String LIMIT_OPTIONS = String.join("\n",
            "  --max-body BYTES      refuse (and report) a page larger than this (default 16777216, at",
            "                        most 9223372036854775807: pages are streamed, never held): a file by",
            "                        its size, a URL by its Content-Length, before reading; otherwise at",
            "                        the byte after the limit",
            "  --timeout SECONDS     a URL must be read whole within this, however its server sends",
            "                        (default 60)",
            "  --read-timeout SECONDS  give up on a server, a FIFO or a device that sends nothing for",
            "                        this long, and on a FIFO no writer opens (default 20)");

    static final Map<String, String> COMMAND_USAGE = Map.of(
            "sniff", String.join("\n",
                    "usage: jsoup-charset sniff [--content-type VALUE] [--declarations MODE] [--json] [limits] FILE|URL...",
                    "",
                    "Decide the encoding of each page as a browser would and print the decision: the",
                    "encoding, the rule that decided, confidence (and the detector's runner-up), header and",
                    "meta labels, conflicts, ignored labels, a declaration the bytes plainly contradict",
                    "(misdeclared), whether the bytes look binary rather than text, how many U+FFFD the",
                    "decoding produced, and how much was read. A body that looks binary is decoded all the",
                    "same, with a warning. Only the look-ahead is read: at most the first 524288 bytes, from",
                    "which a browser decides too (8192 for a declared page whose head ends there). A page",
                    "that ends within them gets the decision and U+FFFD count of all its bytes; a longer one",
                    "is decided from its look-ahead and its U+FFFD are not counted (decode reads it all);",
                    "one whose look-ahead was cut short or detected is read on, as decode reads it.",
                    "",
                    INPUT_OPTIONS,
                    "  --json                one JSON object per input, one per line, an input that failed",
                    "                        included ({\"schema\":1,\"input\":...,\"error\":...}); fields in the README",
                    LIMIT_OPTIONS,
                    ""),
            "decode", String.join("\n",
                    "usage: jsoup-charset decode [--content-type VALUE] [--declarations MODE] [--no-filename] [limits]",
                    "                            FILE|URL...",
                    "",
                    "Write each page's text, decoded as a browser would (byte order mark removed), as",
                    "UTF-8 on stdout. With several inputs each text follows a line '==> INPUT <==' (and",
                    "starts on a line of its own). The decision is not printed: use sniff for that; a body",
                    "that looks binary is decoded all the same, with a warning on stderr. The text is",
                    "written as it is decoded, in constant memory, so a page of any size can be decoded. A",
                    "page longer than the look-ahead (at most 524288 bytes) is decided from it, as a browser",
                    "decides. A later byte can show that decision wrong (invalid UTF-8 in a page decided",
                    "UTF-8 by its validity, non-ASCII in one whose look-ahead was ASCII): a FILE is then",
                    "read to its end before any text is written, decided again and decoded with the new",
                    "decision (a note on stderr); on stdin or a URL the byte is reported on stderr with its",
                    "offset and makes the exit status 1, the text staying as decided, as a browser shows",
                    "it until it reloads. A failure after some text was written (a limit, a broken",
                    "connection) is reported the same way.",
                    "",
                    INPUT_OPTIONS,
                    FILENAME_OPTIONS,
                    LIMIT_OPTIONS,
                    ""),
            "select", String.join("\n",
                    "usage: jsoup-charset select [--attr NAME] [--content-type VALUE] [--declarations MODE]",
                    "                            [--no-filename] [limits] CSS FILE|URL...",
                    "",
                    "Parse each page after decoding it as a browser would, run the jsoup CSS selector and",
                    "print every match on its own line: its text, or the value of an attribute. With",
                    "several inputs each line starts with the input it came from, as grep does:",
                    "'INPUT: match'. Matches print in document order, a match inside a match after it.",
                    "A selector of types, ids, classes and attributes joined by descendant and child",
                    "combinators runs as the page streams in, each element tested once it has ended and",
                    "then dropped: constant memory, whatever the page's size. A selector with a",
                    "pseudo-class (:nth-child, :has, :contains...) or a sibling combinator (+, ~) may look",
                    "at what comes later, so it runs on the whole tree (memory grows with the page). A late",
                    "contradiction of the decision is reported as decode reports it.",
                    "",
                    "  --attr NAME           print this attribute instead of the text ('abs:href' for an",
                    "                        absolute URL)",
                    INPUT_OPTIONS,
                    FILENAME_OPTIONS,
                    LIMIT_OPTIONS,
                    ""),
            "audit", String.join("\n",
                    "usage: jsoup-charset audit [--jsonl FILE] [--html FILE] [--all] [--max-body BYTES]",
                    "                           [--declarations MODE] [--read-timeout SECONDS] [WARC...]",
                    "",
                    "Read WARC files (gzip or plain), decide and decode every HTML response (2xx; Content-Type",
                    "text/html or application/xhtml+xml, or none and a body that looks like HTML), and print",
                    "a headline (how many pages each naive decoding corrupts), then per top-level domain:",
                    "HTML pages, how many of them are not UTF-8 (by encoding) and how many each naive",
                    "decoding corrupts (its text differs from the browser's):",
                    "  requests  Python requests' .text: the header charset, else ISO-8859-1",
                    "  jsoup     jsoup's Connection.Response.parse()",
                    "  JDK       the JDK charset of the declared label (header, else meta; UTF-8 if none)",
                    "and the misdeclared pages (the bytes plainly contradict the declaration), with how many",
                    "of them each naive decoding gets the author's text of; then decisions by rule,",
                    "header/meta conflicts, metas after 1024 bytes, pages with U+FFFD, pages that look",
                    "binary (an image or other data sent as HTML); then the corrupted pages (URL and which",
                    "naive decodings corrupt it), the first 20 by URL. Lines fit 100 columns. Progress and",
                    "timing (pages/s after warm-up) go to stderr.",
                    "Without a WARC, audits the sample examples/sample.warc.gz. A corrupt stretch of a file",
                    "(a broken gzip member, a record that does not parse) is skipped to the next gzip member",
                    "or WARC record and reported; malformed records and pages too big for the heap are",
                    "reported and counted; any of these makes the exit status 1.",
                    "",
                    "  --jsonl FILE       also write one JSON line per page to FILE (with its WARC and offset),",
                    "                     and one per record or file skipped ({\"schema\":1,\"warc\":...,\"error\":...})",
                    "  --html FILE        also write the report as one self-contained HTML page (charts, no",
                    "                     scripts, nothing fetched)",
                    "  --all              list every corrupted page, not the first 20",
                    "  --max-body BYTES   skip (and report) bodies larger than this (default 16777216,",
                    "                     at most 2147483639)",
                    "  --declarations MODE  browser (default) or checked: the decision each page reports",
                    "                     (a misdeclared page is counted in both modes)",
                    "  --read-timeout SECONDS  give up on a FIFO that no writer opens, or that gives",
                    "                     nothing, for this long (default 20). A WARC is a regular file or",
                    "                     a FIFO (a pipe, /dev/stdin); a device, a socket, a directory, a",
                    "                     broken symlink or a symlink loop is reported as such",
                    ""));

    private Main() {}

    /**
     * Runs the command and exits the JVM with its status (0 ok, 1 some inputs failed, 2 usage
     * error), writing UTF-8 whatever the platform's default charset.
     *
     * @param args the subcommand and its arguments, e.g. {@code sniff --json page.html}
     */
    public static void main(String[] args) {
        PrintStream out = new Stdout(new FileOutputStream(FileDescriptor.out));
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
        Args a = Args.parse(args, Set.of("--content-type", "--attr", "--jsonl", "--html", "--max-body", "--declarations",
                "--timeout", "--read-timeout"), Set.of("--json", "--all", "--no-filename", "--with-filename"));
        if (a.help) {
            out.print(COMMAND_USAGE.get(command));
            return OK;
        }
        Set<String> allowed = switch (command) {
            case "sniff" -> Set.of("--content-type", "--declarations", "--json", "--max-body", "--timeout", "--read-timeout");
            case "decode" -> Set.of("--content-type", "--declarations", "--max-body", "--timeout", "--read-timeout",
                    "--no-filename", "--with-filename");
            case "select" -> Set.of("--content-type", "--declarations", "--attr", "--max-body", "--timeout", "--read-timeout",
                    "--no-filename", "--with-filename");
            default -> Set.of("--jsonl", "--html", "--all", "--max-body", "--declarations", "--read-timeout");
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
        if (error == null && a.flags.contains("--no-filename") && a.flags.contains("--with-filename")) {
            error = "--no-filename and --with-filename cannot go together";
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
            // a reader that closed the pipe (| head) had what it wanted: stop quietly, as coreutils do
            if (e.getCause() instanceof StdoutClosed closed && closed.brokenPipe) return OK;
            err.println("jsoup-charset: cannot write: " + describe(e.getCause()));
            return FAILED;
        }
    }

    /** The largest body the audit takes: the largest array the JVM makes (it holds each page's bytes). */
    static final long MAX_BODY_LIMIT = Integer.MAX_VALUE - 8;

    /** Reads --max-body, --timeout and --read-timeout into {@code a}; an error message, or null. */
    private static String limits(Args a) {
        long[] values = new long[3];
        // sniff, decode and select stream their input: any size a long can count
        long maxBody = a.command.equals("audit") ? MAX_BODY_LIMIT : Long.MAX_VALUE;
        String[][] specs = {{"--max-body", Long.toString(16L << 20), Long.toString(maxBody), "a number of bytes"},
                {"--timeout", "60", "86400", "a number of seconds"}, {"--read-timeout", "20", "86400", "a number of seconds"}};
        for (int i = 0; i < specs.length; i++) {
            String value = a.options.getOrDefault(specs[i][0], specs[i][1]);
            long max = Long.parseLong(specs[i][2]);
            try {
                values[i] = Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                // digits too many for a long are a number all the same, only too large
                if (value.strip().matches("[+-]?[0-9]+")) return specs[i][0] + " must be from 1 to " + max + ", not " + value.strip();
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
        void accept(String input, Inputs.Page page) throws IOException;
    }

    /** The version of the JSON lines' fields (sniff --json, audit --jsonl): raised when a field changes meaning or goes. */
    static final int JSON_SCHEMA = 1;

    /** Opens each input and hands it on; reports and counts the inputs that cannot be read. */
    private static int forEachInput(Args a, List<String> inputs, String contentType, PrintStream err, PageAction action) {
        return forEachInput(a, inputs, contentType, err, action, (input, message) -> { });
    }

    /**
     * Opens each input and hands it on; reports and counts the inputs that cannot be read (when
     * opened, or later, as they are read), and hands each of those to {@code failed} too (input,
     * message).
     */
    private static int forEachInput(Args a, List<String> inputs, String contentType, PrintStream err, PageAction action,
            java.util.function.BiConsumer<String, String> failed) {
        int status = OK;
        Inputs reader = new Inputs(a.maxBody, a.timeout, a.readTimeout);
        for (String input : inputs) {
            try (Inputs.Page page = reader.open(input, contentType)) {
                action.accept(input, page);
            } catch (IOException e) {
                String message = Inputs.why(e);
                err.println("jsoup-charset: " + Terminal.safe(input + ": " + message));
                failed.accept(input, message);
                status = FAILED;
            } catch (UncheckedIOException e) {
                if (e.getCause() instanceof StdoutClosed) throw e;
                // jsoup's StreamParser wraps what the reader threw
                String message = Inputs.why(e.getCause());
                err.println("jsoup-charset: " + Terminal.safe(input + ": " + message));
                failed.accept(input, message);
                status = FAILED;
            } catch (OutOfMemoryError e) {
                // the last resort: this input's memory is garbage once it is left, and the next input goes on
                err.println("jsoup-charset: " + Terminal.safe(input) + ": ran out of memory; give the JVM more with JSOUP_CHARSET_OPTS=-Xmx...");
                status = FAILED;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                err.println("jsoup-charset: interrupted");
                return FAILED;
            }
        }
        return status;
    }

    /**
     * Stdout cannot be written to any more: the command stops. A broken pipe (the reader closed it,
     * as {@code head} does) ends the command quietly with status 0; any other failure (a full disk)
     * is reported, with status 1.
     */
    private static final class StdoutClosed extends IOException {
        private static final long serialVersionUID = 1L;

        /** Whether the write failed because the pipe's reader closed it. */
        final boolean brokenPipe;

        StdoutClosed(IOException why) {
            super(why == null ? "stdout is closed" : describe(why), why);
            this.brokenPipe = why != null && isBrokenPipe(why);
        }
    }

    /**
     * Whether a write failed because the reader of the pipe went away (EPIPE): "Broken pipe" on
     * Linux and macOS, "The pipe is being closed" or "has been ended" on Windows. Any other failure,
     * or a message the platform words otherwise, is reported.
     */
    static boolean isBrokenPipe(IOException e) {
        String m = e.getMessage();
        return m != null && (m.contains("Broken pipe") || m.contains("The pipe is being closed") || m.contains("The pipe has been ended"));
    }

    /**
     * The command's stdout: a PrintStream (which keeps no exception, only {@link #checkError()})
     * that remembers why its first write failed, so that a broken pipe is told from a full disk.
     */
    static final class Stdout extends PrintStream {
        private final Recorder recorder;

        Stdout(OutputStream out) {
            this(new Recorder(out));
        }

        private Stdout(Recorder recorder) {
            super(recorder, false, StandardCharsets.UTF_8);
            this.recorder = recorder;
        }

        /** Why the first failed write failed, or null. */
        IOException failure() {
            return recorder.failure;
        }

        private static final class Recorder extends java.io.FilterOutputStream {
            private volatile IOException failure;

            Recorder(OutputStream out) {
                super(out);
            }

            private IOException record(IOException e) {
                if (failure == null) failure = e;
                return e;
            }

            @Override
            public void write(int b) throws IOException {
                try {
                    out.write(b);
                } catch (IOException e) {
                    throw record(e);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    throw record(e);
                }
            }

            @Override
            public void flush() throws IOException {
                try {
                    out.flush();
                } catch (IOException e) {
                    throw record(e);
                }
            }
        }
    }

    private static int sniff(Args a, PrintStream out, PrintStream err) {
        if (a.positional.isEmpty()) return usage(err, "sniff", "needs at least one FILE or URL");
        boolean json = a.flags.contains("--json");
        return forEachInput(a, a.positional, a.options.get("--content-type"), err, (input, page) -> {
            EncodingDecision d;
            if (page.whole()) {
                // the whole page is in hand: its decision and U+FFFD count are the byte[] entry points'
                d = a.parser.decode(page.head(), page.contentType()).decision();
            } else {
                // a longer page is decided from its look-ahead, as a browser decides; the rest is not read
                // (the look-ahead's reader is closed last: closing it closes the rest of a stream)
                try (DecodedHtmlReader lookahead = a.parser.decode(page.body(), page.contentType())) {
                    d = lookahead.decision();
                    if (d.lookahead().orElseThrow().cut() || d.source() == DecisionSource.DETECTION) {
                        // a file can be read on, and stdin or a URL is held as one: decided as decode
                        // and select decide it (a late meta in a head longer than the look-ahead; a
                        // detected page's mixture, counted over the whole body)
                        try (DecodedHtmlReader reader = a.parser.decode(page.file(), page.contentType())) {
                            d = reader.decision();
                        }
                    }
                }
            }
            warnIfBinary(err, input, d);
            if (json) out.println(sniffJson(input, d, page).end());
            else print(out, input, d, page);
            checkOut(out);
        }, (input, message) -> {
            if (!json) return;
            // every input gets its line, a failed one too
            out.println(new Json().field("schema", JSON_SCHEMA).field("input", input).field("error", message).end());
            checkOut(out);
        });
    }

    /** sniff's JSON line: the decision's fields, then what was read of the page. */
    static Json sniffJson(String input, EncodingDecision d, Inputs.Page page) {
        Json j = PageAudit.decisionJson(new Json().field("schema", JSON_SCHEMA).field("input", input), d);
        EncodingDecision.Lookahead l = d.lookahead().orElse(null);
        return j.field("wholePage", page.whole())
                .field("bytesRead", (long) (page.whole() ? page.head().length : l.bytes()))
                .field("lookaheadCut", l != null && l.cut());
    }

    /** Says on stderr that a body does not look like text; it is decoded all the same. */
    private static void warnIfBinary(PrintStream err, String input, EncodingDecision d) {
        d.binaryEvidence().ifPresent(why -> err.println("jsoup-charset: " + Terminal.safe(input + ": does not look like text ("
                + why + "); decoded as " + d.encoding().name() + " all the same")));
    }

    /**
     * Says on stderr that bytes after the look-ahead contradicted the decision it made, and that
     * the page was decided again (a page longer than the look-ahead is always read as a file, so
     * the text written is the new decision's): a note, not a failure.
     */
    private static void checkContradiction(PrintStream err, String input, EncodingDecision d) {
        EncodingDecision.Lookahead l = d.lookahead().orElse(null);
        if (l == null || !l.decodedAgain()) return;
        err.println("jsoup-charset: " + Terminal.safe(input + ": byte " + l.contradictedAt().getAsLong()
                + " contradicted the decision made from the first " + l.bytes() + " bytes; decided again: "
                + d.encoding().name() + " by " + d.source() + ", and the page decoded with it"));
    }

    /** Whether each line of output says which input it came from: several inputs, unless told otherwise. */
    private static boolean withFilename(Args a, int inputs) {
        if (a.flags.contains("--no-filename")) return false;
        return inputs > 1 || a.flags.contains("--with-filename");
    }

    private static int decode(Args a, PrintStream out, PrintStream err) {
        if (a.positional.isEmpty()) return usage(err, "decode", "needs at least one FILE or URL");
        boolean headers = withFilename(a, a.positional.size());
        boolean[] atLineStart = {true};
        return forEachInput(a, a.positional, a.options.get("--content-type"), err, (input, page) -> {
            try (DecodedHtmlReader text = decodeReader(a, page)) {
                warnIfBinary(err, input, text.decision());
                if (headers) {
                    // as head and tail do: each text under a line naming its input, which starts a line
                    if (!atLineStart[0]) out.println();
                    out.println("==> " + Terminal.safe(input) + " <==");
                    atLineStart[0] = true;
                }
                // written as it is decoded, a chunk at a time: the text is never held whole
                char[] chunk = new char[8192];
                java.io.Writer writer = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
                int n;
                char last = 0;
                while ((n = text.read(chunk, 0, chunk.length)) > 0) {
                    writer.write(chunk, 0, n);
                    last = chunk[n - 1];
                    atLineStart[0] = last == '\n';
                    checkOut(out); // a reader that went away (| head) stops the decoding
                }
                writer.flush();
                checkOut(out);
                checkContradiction(err, input, text.decision());
            }
        });
    }

    /**
     * The page's text as it is decoded. A page longer than the look-ahead is decoded from a file
     * (stdin and a URL spooled to one), which the library reads to its end first when a later
     * byte could contradict the decision, and decides again if one does, and scans on for a late
     * meta: the text written is never the wrong one, and is the same however the page came.
     */
    private static DecodedHtmlReader decodeReader(Args a, Inputs.Page page) throws IOException {
        if (page.whole()) return a.parser.decode(page.body(), page.contentType());
        return a.parser.decode(page.file(), page.contentType());
    }

    /** As {@link #decodeReader}, for jsoup's StreamParser. */
    private static DecidedStreamParser streamParser(Args a, Inputs.Page page) throws IOException {
        if (page.whole()) return a.parser.streamParser(page.body(), page.contentType(), page.baseUri());
        return a.parser.streamParser(page.file(), page.contentType(), page.baseUri());
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
        List<String> inputs = a.positional.subList(1, a.positional.size());
        boolean prefix = withFilename(a, inputs.size());
        boolean streamed = streamable(a.positional.get(0));
        return forEachInput(a, inputs, a.options.get("--content-type"), err, (input, page) -> {
            // as grep does with several files: "input: match"
            String name = prefix ? Terminal.safe(input) + ": " : "";
            if (!streamed) {
                // a pseudo-class or a sibling combinator may look at what comes after an element: the
                // whole tree is built (streamed in, so only the tree is held) and the selector run on it
                ParsedHtml parsed;
                if (!page.whole()) {
                    // a file (stdin and a URL spooled to one) is parsed again if a byte after the
                    // look-ahead contradicts the decision
                    parsed = a.parser.parseWithDecision(page.file(), page.contentType(), page.baseUri());
                } else {
                    parsed = a.parser.parseWithDecision(page.head(), page.contentType(), page.baseUri());
                }
                warnIfBinary(err, input, parsed.decision());
                for (Element e : Selector.select(evaluator, parsed.document())) {
                    out.println(name + (attr == null ? e.text() : e.attr(attr)));
                }
                checkOut(out);
                checkContradiction(err, input, parsed.decision());
                return;
            }
            try (DecidedStreamParser parser = streamParser(a, page)) {
                warnIfBinary(err, input, parser.decision());
                Document doc = parser.document();
                java.util.Iterator<Element> completed = parser.stream().iterator();
                while (completed.hasNext()) {
                    Element e = completed.next();
                    // a match inside a match is printed with the outer one, in document order, as select prints
                    if (matchingAncestor(evaluator, doc, e)) continue;
                    if (evaluator.matches(doc, e)) {
                        for (Element m : e.getAllElements()) {
                            if (evaluator.matches(doc, m)) out.println(name + (attr == null ? m.text() : m.attr(attr)));
                        }
                        checkOut(out);
                    }
                    // done with: nothing after it can match in it, nor by it (the selector looks only at an
                    // element and its ancestors); removing it and the text before it keeps the tree (and
                    // jsoup's re-indexing of a parent's children) small: constant memory, linear time
                    Node before = e.previousSibling();
                    e.remove();
                    while (before != null) {
                        Node earlier = before.previousSibling();
                        before.remove();
                        before = earlier;
                    }
                }
                checkOut(out);
                checkContradiction(err, input, parser.decision());
            }
        });
    }

    /**
     * Whether select can run a selector as the page streams in, each element tested once it has
     * ended and then dropped: a selector of types, ids, classes and attributes joined by descendant
     * and child combinators (and commas) looks only at an element and its ancestors, all there when
     * the element ends. A pseudo-class ({@code :nth-child}, {@code :has}, {@code :contains}...) or a
     * sibling combinator ({@code +}, {@code ~}) may look at siblings or text that come later, or that
     * dropping would remove.
     */
    static boolean streamable(String css) {
        char quote = 0;
        int brackets = 0;
        for (int i = 0; i < css.length(); i++) {
            char c = css.charAt(i);
            if (quote != 0) {
                if (c == '\\') i++;
                else if (c == quote) quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '\\') {
                i++;
            } else if (c == '[') {
                brackets++;
            } else if (c == ']') {
                brackets = Math.max(0, brackets - 1);
            } else if (brackets == 0 && (c == ':' || c == '+' || c == '~')) {
                return false;
            }
        }
        return true;
    }

    private static boolean matchingAncestor(Evaluator evaluator, Document doc, Element e) {
        for (Element p = e.parent(); p != null && p != doc; p = p.parent()) {
            if (evaluator.matches(doc, p)) return true;
        }
        return false;
    }

    private static void checkOut(PrintStream out) {
        if (out.checkError()) throw new UncheckedIOException(new StdoutClosed(out instanceof Stdout s ? s.failure() : null));
    }

    static void print(PrintStream out, String input, EncodingDecision d) {
        print(out, input, d, null);
    }

    /** As {@link #print(PrintStream, String, EncodingDecision)}, with what sniff read of the page (if {@code page} is given). */
    static void print(PrintStream out, String input, EncodingDecision d, Inputs.Page page) {
        out.println(Terminal.safe(input));
        out.printf("  encoding    %s%n", d.encoding().name());
        out.printf("  rule        %s%n", d.source());
        out.printf("  confidence  %s%n", d.confidence());
        // the probability is calibrated on text: for bytes that are not text it says nothing
        d.detectorConfidence().ifPresent(c -> out.printf("  detector    %s%s%n", d.looksBinary()
                        ? "no confidence (the body does not look like text)"
                        : c + "% likely right" + (d.isDetectionUnsure() ? " (unsure: treat as unknown)" : ""),
                d.detectorRunnerUp().map(r -> ", runner-up " + r.name()).orElse("")));
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
                + (d.source() == DecisionSource.DECLARATION_OVERRIDDEN ? " overridden: "
                        : m.possible() ? " possibly wrong, bytes could be " : " looks wrong, bytes look like ")
                + m.bytesLookLike().name() + " (" + m.evidence() + ")").orElse("no"));
        out.printf("  binary      %s%n", d.binaryEvidence().map(e -> "yes, does not look like text (" + e + ")").orElse("no"));
        out.printf("  doubled     %s%n", d.doubleEncoding().map(e -> e.sequences() + " UTF-8 sequences read as windows-1252"
                + (e.wholeText() ? ", the whole text" : "") + (e.repaired() ? "; repaired" : "")).orElse("no"));
        out.printf("  mixed       %s%n", d.mixture().map(m -> m.sharePercent() + "% of the text reads as " + m.other().name()
                + " (decided for the rest)").orElse("no"));
        if (page == null || page.whole()) {
            out.printf("  U+FFFD      %d%n", d.replacementCount().orElse(0));
        } else {
            out.printf("  U+FFFD      not counted (only the look-ahead was read)%n");
        }
        if (page != null) {
            EncodingDecision.Lookahead l = d.lookahead().orElse(null);
            if (page.whole()) out.printf("  read        the whole page, %d bytes%n", page.head().length);
            else out.printf("  read        the first %d bytes of a longer page (the look-ahead)%s%s%n", l.bytes(),
                    l.cut() ? "; cut short: the decision wanted more" : "", l.decodedAgain()
                            ? "; the file read on: decided again at byte " + l.contradictedAt().getAsLong() : "");
        }
    }

    private static String quoted(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (Terminal.isControl(c)) b.append(Terminal.escape(c));
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
        // when no WARC given can be opened, there is nothing to tabulate: say so, without a table of zeros
        // (a regular file or a FIFO can be; each other one is said for what it is)
        List<String> unreadable = new ArrayList<>();
        for (Path f : files) {
            String refused = LocalFiles.refusal(f, false);
            if (refused != null) unreadable.add(f + ": " + refused);
        }
        if (unreadable.size() == files.size()) {
            for (String u : unreadable) err.println("jsoup-charset: " + Terminal.safe(u));
            err.println("jsoup-charset: audit: no WARC file could be read");
            return FAILED;
        }
        AuditTable table = new AuditTable(a.flags.contains("--all") ? Integer.MAX_VALUE : AuditTable.DEFAULT_LIST_LIMIT);
        Path html = a.options.containsKey("--html") ? Path.of(a.options.get("--html")) : null;
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
        WarcAudit audit = new WarcAudit(maxBody, a.parser.options(), (warc, message) -> {
            err.println("jsoup-charset: " + Terminal.safe(warc + ": " + message));
            if (lines != null) {
                // a skipped record or an unreadable file has its line too: the WARC, and what went wrong
                try {
                    lines.write(new Json().field("schema", JSON_SCHEMA).field("warc", warc).field("error", message).end());
                    lines.write('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        boolean ok = audit.auditAll(files, a.readTimeout, terminal, err, (page, warc, offset) -> {
            table.add(page);
            if (lines != null) {
                try {
                    lines.write(page.toJson(warc, offset));
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
        if (html != null) {
            List<String> names = new ArrayList<>();
            for (Path f : files) names.add(f.toString());
            try {
                Files.writeString(html, HtmlReport.render(table, audit.counts(), names), StandardCharsets.UTF_8);
            } catch (IOException | java.nio.file.InvalidPathException e) {
                err.println("jsoup-charset: " + Terminal.safe(a.options.get("--html")) + ": cannot write: " + describe(e));
                ok = false;
            }
        }
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

    /** A hand-written argument parser: options (with a value, or flags), positionals, "--", --help. */
    static final class Args {
        final Map<String, String> options = new HashMap<>();
        final Set<String> flags = new java.util.HashSet<>();
        final List<String> positional = new ArrayList<>();
        /** The subcommand, e.g. {@code sniff}. */
        String command;
        /** The parser the command decides with ({@code --declarations}); set once the options are checked. */
        BrowserCharsetParser parser;
        long maxBody;
        Duration timeout;
        Duration readTimeout;
        boolean help;
        String error;

        static Args parse(String[] args, Set<String> valued, Set<String> booleans) {
            Args a = new Args();
            a.command = args[0];
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
