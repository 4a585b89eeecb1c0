package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.ContentCodingException;
import io.github.jsoupcharset.ContentCodings;
import io.github.jsoupcharset.SniffOptions;

import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.ParsingException;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Streams the records of WARC files (gzip or plain) and audits every HTML response with
 * {@link PageAudit}: one record in memory at a time, bodies over a cap skipped and reported.
 * Failures are reported and counted; reading goes on with the next record (a broken HTTP header)
 * or the next file (a file that is not a WARC, or is truncated).
 *
 * <p>This is the one code path from WARC records to pages: the {@code audit} command reads local
 * files with {@link #auditAll}; a batch job reads each file's stream (from HDFS, S3, …) with
 * {@link #pages}, one {@code WarcAudit} per thread, and merges the {@link #counts()}. Not
 * thread-safe.
 */
public final class WarcAudit {

    /**
     * What became of the records of an audit: mutable, {@link #merge mergeable} and serializable, so
     * that a batch job can add up the counts of its tasks.
     */
    public static final class Counts implements Serializable {
        /** WARC files started (a missing file included). */
        private long files;
        /** WARC records read. */
        private long records;
        /** HTML pages audited. */
        private long pages;
        /** Records that were not an HTTP response with an HTML body. */
        private long notHtml;
        /** HTTP responses whose status was not 2xx. */
        private long not2xx;
        /** HTML bodies over the size cap, skipped. */
        private long oversized;
        /** Records that could not be audited, skipped. */
        private long failedRecords;
        /** Files that could not be read to the end. */
        private long failedFiles;

        /** No files, no records. (Written out only to carry this comment, as for {@link AuditTable#AuditTable()}.) */
        public Counts() {}

        /**
         * WARC files started (a missing file included).
         *
         * @return the number of files
         */
        public long files() {
            return files;
        }

        /**
         * WARC records read, of every type (warcinfo, request, response, metadata…).
         *
         * @return the number of records
         */
        public long records() {
            return records;
        }

        /**
         * HTML pages audited.
         *
         * @return the number of pages given to the sink or returned by {@link Pages#next()}
         */
        public long pages() {
            return pages;
        }

        /**
         * Records that were not an HTTP response with an HTML body.
         *
         * @return the number of records left out as not HTML
         */
        public long notHtml() {
            return notHtml;
        }

        /**
         * HTTP responses whose status was not 2xx (redirects, errors), left out.
         *
         * @return the number of responses left out for their status
         */
        public long not2xx() {
            return not2xx;
        }

        /**
         * HTML bodies over the size cap, skipped: each is reported, but does not count as a failure
         * ({@link #ok()}).
         *
         * @return the number of bodies skipped for their size
         */
        public long oversized() {
            return oversized;
        }

        /**
         * Records that could not be audited (a broken HTTP header, an unreadable body), skipped.
         *
         * @return the number of records that failed
         */
        public long failedRecords() {
            return failedRecords;
        }

        /**
         * Files that could not be read to the end (missing, not a WARC, truncated).
         *
         * @return the number of files that failed
         */
        public long failedFiles() {
            return failedFiles;
        }

        /**
         * Whether every HTML record was audited: the command's exit status is 0 if so, 1 otherwise
         * (each record skipped was reported, as the README's exit status says).
         *
         * @return true if no record and no file failed and no body was over the size cap
         */
        public boolean ok() {
            return failedRecords == 0 && failedFiles == 0 && oversized == 0;
        }

        /**
         * Adds everything another tally counted: how a batch job combines its tasks' counts. The
         * other tally is left as it was.
         *
         * @param other counts from another audit
         * @return this tally, for chaining
         */
        public Counts merge(Counts other) {
            Objects.requireNonNull(other, "other must not be null");
            files += other.files;
            records += other.records;
            pages += other.pages;
            notHtml += other.notHtml;
            not2xx += other.not2xx;
            oversized += other.oversized;
            failedRecords += other.failedRecords;
            failedFiles += other.failedFiles;
            return this;
        }

        /**
         * The lines the {@code audit} command prints after the table (each within 100 columns).
         *
         * @return two lines, each ending with a line break
         */
        public String summary() {
            return String.format("records read %d: %d HTML pages audited, %d not HTML, %d not 2xx, %d over the size cap, "
                            + "%d failed;%n%d of %d files could not be read to the end%n",
                    records, pages, notHtml, not2xx, oversized, failedRecords, failedFiles, files);
        }
    }

    private final long maxBody;
    private final SniffOptions options;
    private final Consumer<String> failures;
    private final Counts counts = new Counts();
    private Progress progress;
    private long bytesBefore;

    /**
     * An audit with no records read yet.
     *
     * @param maxBody the largest body audited, in bytes; larger ones are skipped and reported
     * @param failures receives a message for every failure (file or record), e.g.
     *     {@code "a.warc.gz: record at offset 1234 (https://…): broken HTTP header block: …; record skipped"}
     */
    public WarcAudit(long maxBody, Consumer<String> failures) {
        this(maxBody, SniffOptions.DEFAULTS, failures);
    }

    /**
     * An audit with no records read yet, deciding each page with these options.
     *
     * @param maxBody the largest body audited, in bytes; larger ones are skipped and reported
     * @param options how each page's encoding is decided ({@link PageAudit#of(String, List, byte[], SniffOptions)})
     * @param failures receives a message for every failure (file or record)
     */
    public WarcAudit(long maxBody, SniffOptions options, Consumer<String> failures) {
        if (maxBody < 0) throw new IllegalArgumentException("maxBody must not be negative: " + maxBody);
        this.maxBody = maxBody;
        this.options = Objects.requireNonNull(options, "options must not be null");
        this.failures = Objects.requireNonNull(failures, "failures must not be null");
    }

    /**
     * The counts so far.
     *
     * @return the live counts: this audit keeps adding to the same object as it reads on
     */
    public Counts counts() {
        return counts;
    }

    /** Receives each audited page with where it came from: the WARC file and the record's offset in it. */
    interface PageSink {
        void accept(PageAudit page, String warc, long offset);
    }

    /** Audits every file in turn, giving each page to the sink; returns true if nothing failed. */
    boolean auditAll(List<Path> files, boolean terminal, PrintStream err, PageSink sink) {
        long total = 0;
        for (Path f : files) total += f.toFile().length();
        progress = new Progress(err, terminal, total);
        for (Path f : files) {
            auditFile(f, sink);
            bytesBefore += f.toFile().length();
        }
        progress.finish(counts.records, counts.pages, bytesBefore);
        return counts.ok();
    }

    private void auditFile(Path file, PageSink sink) {
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            counts.files++;
            fail(file + ": no such file");
            counts.failedFiles++;
            return;
        } catch (IOException e) {
            counts.files++;
            fail(file + ": cannot open: " + Main.describe(e));
            counts.failedFiles++;
            return;
        }
        try (Pages pages = pages(file.toString(), channel)) {
            while (pages.hasNext()) {
                PageAudit page = pages.next();
                sink.accept(page, file.toString(), pages.offset());
            }
        }
    }

    /**
     * The HTML pages of one WARC file (gzip or plain), each audited with {@link PageAudit#of} as the
     * iterator reaches it: one record in memory at a time, whatever the size of the file. Every record
     * is counted in {@link #counts()}; failures are reported and counted, as for the command. The
     * channel is closed when the iterator is exhausted, or by {@link Pages#close()}.
     *
     * @param name the file's name in failure messages, e.g. its path or URI
     * @param channel the file's bytes from the start, e.g. {@code Channels.newChannel(inputStream)}
     * @return an iterator over the file's audited HTML pages; close it if not read to the end
     */
    public Pages pages(String name, ReadableByteChannel channel) {
        Objects.requireNonNull(name, "name must not be null");
        Objects.requireNonNull(channel, "channel must not be null");
        counts.files++;
        return new Pages(name, channel);
    }

    /** The audited HTML pages of one WARC file, read as the iteration advances. */
    public final class Pages implements Iterator<PageAudit>, Closeable {
        private final String name;
        private final ReadableByteChannel channel;
        private WarcReader reader;
        private long inThisFile;
        private PageAudit next;
        private long nextOffset;
        private long offset = -1;
        private boolean done;
        private boolean closed;
        private boolean failed;

        private Pages(String name, ReadableByteChannel channel) {
            this.name = name;
            this.channel = channel;
        }

        @Override
        public boolean hasNext() {
            while (next == null && !done) advance();
            return next != null;
        }

        @Override
        public PageAudit next() {
            if (!hasNext()) throw new NoSuchElementException();
            PageAudit page = next;
            offset = nextOffset;
            next = null;
            return page;
        }

        /**
         * Where the page {@link #next()} last returned came from: the offset of its record in the
         * file (of the record's gzip member in a {@code .warc.gz}), as {@code audit --jsonl} writes it.
         *
         * @return the offset in bytes, or -1 before the first page
         */
        public long offset() {
            return offset;
        }

        /** Closes the file (the iteration ends there); reports a failure to close. Idempotent. */
        @Override
        public void close() {
            if (closed) return;
            closed = true;
            done = true;
            next = null;
            try {
                if (reader != null) reader.close(); // closes the channel
                else channel.close();
            } catch (IOException e) {
                fileFailed(name + ": " + Main.describe(e));
            }
        }

        /** Reads one record (or fails, or ends the file). */
        private void advance() {
            if (reader == null) {
                try {
                    reader = new WarcReader(channel);
                } catch (IOException e) {
                    fileFailed(name + ": " + Main.describe(e)); // reading the first bytes
                    close();
                    return;
                }
            }
            Optional<WarcRecord> record;
            try {
                record = reader.next();
            } catch (IOException | RuntimeException e) {
                fileFailed(name + ": " + (inThisFile == 0 ? "not a readable WARC file" : "truncated or corrupt after offset " + reader.position())
                        + ": " + Main.describe(e) + "; the rest of this file is skipped");
                close();
                return;
            }
            if (record.isEmpty()) {
                close();
                return;
            }
            counts.records++;
            inThisFile++;
            if (!auditRecord(reader.position(), record.get())) {
                counts.failedFiles++;
                failed = true;
                close();
                return;
            }
            if (progress != null) progress.update(counts.records, counts.pages, bytesBefore + reader.position());
        }

        private void fileFailed(String message) {
            fail(message);
            if (!failed) counts.failedFiles++; // a file counts once, however it failed
            failed = true;
        }

        /** Audits one record, leaving a page in {@code next}; returns false if the file cannot be read any further. */
        private boolean auditRecord(long offset, WarcRecord record) {
            if (!(record instanceof WarcResponse response)) {
                counts.notHtml++;
                return true;
            }
            String where = name + ": record at offset " + offset + " (" + response.target() + ")";
            HttpResponse http;
            try {
                if (!response.contentType().base().toString().equals("application/http")) {
                    counts.notHtml++; // dns:, whois: and other non-HTTP responses
                    return true;
                }
                http = response.http();
            } catch (ParsingException | IllegalArgumentException e) {
                fail(where + ": broken HTTP header block: " + Main.describe(e) + "; record skipped");
                counts.failedRecords++;
                return true;
            } catch (IOException e) {
                fail(where + ": " + Main.describe(e) + "; the rest of this file is skipped");
                return false;
            }
            if (http.status() < 200 || http.status() > 299) {
                counts.not2xx++;
                return true;
            }
            List<String> contentTypes = http.headers().all("Content-Type");
            byte[] body;
            // the payload as sent (chunked transfer coding undone), then its content codings undone
            // with the library's rules, as for a fetched page; both stages bounded by maxBody
            try (InputStream in = http.body().stream()) {
                body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBody + 1));
            } catch (IOException | RuntimeException e) {
                fail(where + ": cannot read the body: " + Main.describe(e) + "; record skipped");
                counts.failedRecords++;
                return true;
            }
            List<String> codings = http.headers().all("Content-Encoding");
            if (!codings.isEmpty() && body.length <= maxBody) {
                try {
                    body = ContentCodings.decode(body, codings, maxBody);
                } catch (ContentCodingException e) {
                    if (e.overLimit()) {
                        fail(where + ": body over " + maxBody + " bytes once its " + e.coding()
                                + " coding is undone; record skipped (see --max-body)");
                        counts.oversized++;
                    } else {
                        fail(where + ": " + Main.describe(e) + "; record skipped");
                        counts.failedRecords++;
                    }
                    return true;
                }
            }
            if (!isHtml(contentTypes, body)) {
                counts.notHtml++;
                return true;
            }
            if (body.length > maxBody) {
                fail(where + ": body over " + maxBody + " bytes; record skipped (see --max-body)");
                counts.oversized++;
                return true;
            }
            PageAudit page;
            try {
                page = PageAudit.of(response.target(), contentTypes, body, options);
            } catch (RuntimeException | StackOverflowError e) {
                fail(where + ": audit failed: " + Main.describe(e) + "; record skipped");
                counts.failedRecords++;
                return true;
            }
            counts.pages++;
            next = page;
            nextOffset = offset;
            return true;
        }
    }

    private void fail(String message) {
        if (progress != null) progress.interrupt();
        failures.accept(message);
    }

    /**
     * Whether a response is an HTML page: the MIME type's essence (the last valid type, as Fetch's
     * "extract a MIME type" takes it) is text/html or application/xhtml+xml, or there is no
     * Content-Type and the body looks like HTML (MIME Sniffing's "identify an unknown MIME type").
     */
    static boolean isHtml(List<String> contentTypes, byte[] body) {
        String essence = null;
        for (String header : contentTypes) {
            for (String value : splitOutsideQuotes(header)) {
                int semicolon = value.indexOf(';');
                String type = (semicolon < 0 ? value : value.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
                int slash = type.indexOf('/');
                if (slash > 0 && slash < type.length() - 1 && !type.equals("*/*")) essence = type;
            }
        }
        if (essence != null) return essence.equals("text/html") || essence.equals("application/xhtml+xml");
        return looksLikeHtml(body);
    }

    private static List<String> splitOutsideQuotes(String header) {
        List<String> values = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < header.length(); i++) {
            char c = header.charAt(i);
            if (c == '"') quoted = !quoted;
            else if (c == '\\' && quoted) i++;
            else if (c == ',' && !quoted) {
                values.add(header.substring(start, i));
                start = i + 1;
            }
        }
        values.add(header.substring(start));
        return values;
    }

    // MIME Sniffing, "rules for identifying an unknown MIME type": the HTML patterns
    private static final String[] HTML_PATTERNS = {"<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1",
            "<DIV", "<FONT", "<TABLE", "<A", "<STYLE", "<TITLE", "<B", "<BODY", "<BR", "<P", "<!--"};

    static boolean looksLikeHtml(byte[] body) {
        int i = body.length >= 3 && (body[0] & 0xFF) == 0xEF && (body[1] & 0xFF) == 0xBB && (body[2] & 0xFF) == 0xBF ? 3 : 0;
        while (i < body.length && (body[i] == 0x09 || body[i] == 0x0A || body[i] == 0x0C || body[i] == 0x0D || body[i] == 0x20)) i++;
        for (String pattern : HTML_PATTERNS) {
            int end = i + pattern.length();
            if (end >= body.length) continue; // the pattern must be followed by a tag-terminating byte
            boolean match = true;
            for (int k = 0; k < pattern.length() && match; k++) {
                int b = body[i + k] & 0xFF;
                if (b >= 'a' && b <= 'z') b -= 0x20;
                match = b == pattern.charAt(k);
            }
            if (match && (body[end] == 0x20 || body[end] == 0x3E)) return true; // a tag-terminating byte
        }
        return false;
    }
}
