package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.contentcoding.ContentCodingException;
import io.github.jsoupcharset.contentcoding.ContentCodings;
import io.github.jsoupcharset.decision.SniffOptions;

import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.ParsingException;
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
 * Failures are reported and counted; reading goes on with the next record (a broken HTTP header,
 * a malformed WARC header), after a corrupt stretch at the next gzip member or {@code WARC/1.}
 * record ({@link WarcRecords}), or with the next file (a file that is not a WARC, or is truncated).
 * A body whose audit cannot fit the heap is refused before it is read.
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
        /** Records whose WARC header cannot be used (no or a bad Content-Length, a response without a target URI). */
        private long malformed;
        /** Corrupt stretches skipped inside files, reading going on after each. */
        private long corrupt;
        /** Bytes of the files in those stretches. */
        private long skippedBytes;

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
         * Records whose WARC header cannot be used, skipped: no or a bad Content-Length, a response
         * without a WARC-Target-URI.
         *
         * @return the number of malformed records
         */
        public long malformed() {
            return malformed;
        }

        /**
         * Corrupt stretches of files skipped (a broken gzip member, a record whose bytes do not
         * parse), reading going on at the next gzip member or record after each, or at the end.
         *
         * @return the number of stretches skipped
         */
        public long corrupt() {
            return corrupt;
        }

        /**
         * Bytes of the files in the {@link #corrupt()} stretches (compressed bytes, for a
         * {@code .warc.gz}).
         *
         * @return the number of bytes skipped
         */
        public long skippedBytes() {
            return skippedBytes;
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
         * @return true if no record and no file failed, no record was malformed, no stretch of a
         *     file was skipped and no body was over the size cap
         */
        public boolean ok() {
            return failedRecords == 0 && failedFiles == 0 && oversized == 0 && malformed == 0 && corrupt == 0;
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
            malformed += other.malformed;
            corrupt += other.corrupt;
            skippedBytes += other.skippedBytes;
            return this;
        }

        /**
         * The lines the {@code audit} command prints after the table (each within 100 columns).
         *
         * @return two lines, each ending with a line break
         */
        public String summary() {
            return String.format("records read %d: %d HTML pages audited, %d not HTML, %d not 2xx, %d over the size cap, "
                            + "%d failed;%n%d malformed; %d corrupt stretches skipped (%d bytes); "
                            + "%d of %d files could not be read to the end%n",
                    records, pages, notHtml, not2xx, oversized, failedRecords, malformed, corrupt, skippedBytes, failedFiles, files);
        }
    }

    private final long maxBody;
    private final SniffOptions options;
    private final FailureSink failures;
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
        this(maxBody, options, messages(failures));
    }

    /**
     * An audit with no records read yet, deciding each page with these options, its failures told
     * with the WARC file they happened in.
     *
     * @param maxBody the largest body audited, in bytes; larger ones are skipped and reported
     * @param options how each page's encoding is decided ({@link PageAudit#of(String, List, byte[], SniffOptions)})
     * @param failures receives every failure (file or record) with its file
     */
    public WarcAudit(long maxBody, SniffOptions options, FailureSink failures) {
        if (maxBody < 0) throw new IllegalArgumentException("maxBody must not be negative: " + maxBody);
        this.maxBody = maxBody;
        this.options = Objects.requireNonNull(options, "options must not be null");
        this.failures = Objects.requireNonNull(failures, "failures must not be null");
    }

    /** Receives each failure: the WARC file (its name as given) and what went wrong there. */
    @FunctionalInterface
    public interface FailureSink {
        /**
         * One failure.
         *
         * @param warc the file's name as the audit was given it
         * @param message what went wrong, e.g. {@code "record at offset 1234 (https://…): broken HTTP
         *     header block: …; record skipped"}
         */
        void failed(String warc, String message);
    }

    private static FailureSink messages(Consumer<String> failures) {
        Objects.requireNonNull(failures, "failures must not be null");
        return (warc, message) -> failures.accept(warc + ": " + message);
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
    boolean auditAll(List<Path> files, java.time.Duration readTimeout, boolean terminal, PrintStream err, PageSink sink) {
        long total = 0;
        for (Path f : files) total += f.toFile().length();
        progress = new Progress(err, terminal, total);
        for (Path f : files) {
            auditFile(f, readTimeout, sink);
            bytesBefore += f.toFile().length();
        }
        progress.finish(counts.records, counts.pages, bytesBefore);
        return counts.ok();
    }

    private void auditFile(Path file, java.time.Duration readTimeout, PageSink sink) {
        ReadableByteChannel channel;
        try {
            // a regular file, or a FIFO (a pipe, /dev/stdin) within the read timeout; a device, a socket,
            // a directory, a broken symlink or a loop is said for what it is
            channel = LocalFiles.open(file, readTimeout, false);
        } catch (Inputs.InputException e) {
            counts.files++;
            fail(file.toString(), e.getMessage());
            counts.failedFiles++;
            return;
        } catch (IOException e) {
            counts.files++;
            fail(file.toString(), "cannot open: " + Main.describe(e));
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
        private WarcRecords records;
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
                if (records != null) records.close(); // closes the channel
                else channel.close();
            } catch (IOException e) {
                fileFailed(name, Main.describe(e));
            }
        }

        /** Reads one record (or fails and resynchronises, or ends the file). */
        private void advance() {
            if (records == null) {
                try {
                    records = new WarcRecords(channel);
                } catch (IOException e) {
                    fileFailed(name, WarcRecords.describe(e)); // reading the first bytes
                    close();
                    return;
                }
                if (records.empty()) {
                    fail(name, "warning: empty file (0 bytes), no WARC records");
                    close();
                    return;
                }
            }
            Optional<WarcRecord> record;
            try {
                record = records.next();
            } catch (IOException | RuntimeException e) {
                resync(e);
                return;
            }
            reportSkipped();
            if (record.isEmpty()) {
                close();
                return;
            }
            counts.records++;
            inThisFile++;
            if (!auditRecord(records.offset(), record.get())) resync(new IOException(brokeOff));
            if (progress != null) progress.update(counts.records, counts.pages, bytesBefore + records.position());
        }

        /** Skips the damage to where records can be read again (or to the end of the file). */
        private void resync(Exception e) {
            try {
                records.resync(e instanceof IOException io ? io : new IOException(WarcRecords.describe(e), e));
            } catch (IOException again) {
                fileFailed(name, "cannot be read after offset " + records.position() + ": " + WarcRecords.describe(again)
                        + "; the rest of this file is skipped");
                close();
            }
        }

        /** Reports the stretch the last resynchronisation skipped, once it is known where it ended. */
        private void reportSkipped() {
            WarcRecords.Skipped s = records.takeSkipped();
            if (s == null) return;
            if (s.toEnd() && inThisFile == 0) {
                fileFailed(name, "not a readable WARC file: " + s.reason());
                return;
            }
            counts.corrupt++;
            counts.skippedBytes += s.bytes();
            if (s.toEnd()) {
                fileFailed(name, "truncated or corrupt after offset " + s.from() + ": " + s.reason()
                        + "; the rest of this file (" + s.bytes() + " bytes) is skipped");
            } else {
                fail(name, "corrupt at offset " + s.from() + ": " + s.reason() + "; skipped " + s.bytes()
                        + " bytes to the next " + (records.gzip() ? "gzip member holding a record" : "record") + ", at offset " + s.to());
            }
        }

        private void fileFailed(String warc, String message) {
            fail(warc, message);
            if (!failed) counts.failedFiles++; // a file counts once, however it failed
            failed = true;
        }

        /** Why the last record's bytes cannot be followed to the next record (when {@link #auditRecord} returned false). */
        private String brokeOff;

        /**
         * Audits one record, leaving a page in {@code next}; returns false if its bytes broke off or
         * its length is unusable (resynchronise: the next record is looked for, not trusted to follow).
         */
        private boolean auditRecord(long offset, WarcRecord record) {
            // a record's length is its framing: without a usable one the bytes after it cannot be trusted either
            String length = record.headers().first("Content-Length").orElse(null);
            String malformed = length == null ? "no Content-Length"
                    : !length.strip().matches("[0-9]{1,18}") ? "Content-Length " + Terminal.safe(length) + " is not a length" : null;
            if (malformed != null) {
                // its length cannot say where the next record starts: that is looked for from its header on
                malformed(offset, record, malformed);
                brokeOff = "record at offset " + offset + " has " + malformed;
                return false;
            }
            if (!(record instanceof WarcResponse response)) {
                counts.notHtml++;
                return true;
            }
            if (response.target() == null) malformed = "no WARC-Target-URI";
            if (malformed != null) {
                malformed(offset, record, malformed);
                return true;
            }
            String where = "record at offset " + offset + " (" + response.target() + ")";
            HttpResponse http;
            try {
                if (!response.contentType().base().toString().equals("application/http")) {
                    counts.notHtml++; // dns:, whois: and other non-HTTP responses
                    return true;
                }
                http = response.http();
            } catch (OutOfMemoryError e) {
                // the header block alone is more than the heap holds: its body cannot be reached
                fail(name, where + ": HTTP header block (in a record of " + length.strip() + " bytes) too big to hold in this"
                        + " JVM's heap (" + (Runtime.getRuntime().maxMemory() >> 20) + " MiB); record skipped (give the JVM"
                        + " more with JSOUP_CHARSET_OPTS=-Xmx...)");
                counts.oversized++;
                return true;
            } catch (ParsingException | IllegalArgumentException e) {
                fail(name, where + ": broken HTTP header block: " + WarcRecords.describe(e) + "; record skipped");
                counts.failedRecords++;
                return true;
            } catch (IOException e) {
                fail(name, where + ": " + WarcRecords.describe(e) + "; record skipped");
                counts.failedRecords++;
                brokeOff = "the record's body could not be read";
                return false;
            }
            if (http.status() < 200 || http.status() > 299) {
                counts.not2xx++;
                return true;
            }
            List<String> contentTypes = http.headers().all("Content-Type");
            // refused before it is read if auditing it could not fit in this JVM's heap: the block's
            // length less its HTTP header (held already) bounds the body as sent
            long sent = Math.max(0, Long.parseLong(length.strip()) - headerBytes(http));
            if (Math.min(sent, maxBody) > 0 && !fitsHeap(Math.min(sent, maxBody))) {
                fail(name, where + ": " + tooBigForHeap(Math.min(sent, maxBody)));
                counts.oversized++;
                return true;
            }
            byte[] body;
            // the payload as sent (chunked transfer coding undone), then its content codings undone
            // with the library's rules, as for a fetched page; both stages bounded by maxBody
            try (InputStream in = http.body().stream()) {
                body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBody + 1));
            } catch (IOException | RuntimeException e) {
                fail(name, where + ": cannot read the body: " + WarcRecords.describe(e) + "; record skipped");
                counts.failedRecords++;
                return true;
            } catch (OutOfMemoryError e) {
                fail(name, where + ": " + tooBigForHeap(sent));
                counts.oversized++;
                return true;
            }
            List<String> codings = http.headers().all("Content-Encoding");
            if (!codings.isEmpty() && body.length <= maxBody) {
                // decoded no further than the heap can audit: a bomb under a large --max-body is refused
                // for its decoded size, before it fills the heap
                long heapLimit = largestBodyThatFitsHeap();
                long limit = Math.min(maxBody, heapLimit);
                try {
                    body = ContentCodings.decode(body, codings, limit);
                } catch (ContentCodingException e) {
                    if (e.overLimit() && limit < maxBody) {
                        fail(name, where + ": decoded body (its " + e.coding() + " coding undone) is over " + limit
                                + " bytes, too big to audit in this JVM's heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                                + " MiB; an audit needs about " + HEAP_PER_BODY_BYTE + " bytes a byte); the body as sent is "
                                + body.length + " bytes; record skipped (give the JVM more with JSOUP_CHARSET_OPTS=-Xmx...)");
                        counts.oversized++;
                    } else if (e.overLimit()) {
                        fail(name, where + ": decoded body (its " + e.coding() + " coding undone) is over " + maxBody
                                + " bytes; the body as sent is " + body.length + " bytes; record skipped (see --max-body)");
                        counts.oversized++;
                    } else {
                        fail(name, where + ": " + WarcRecords.describe(e) + "; record skipped");
                        counts.failedRecords++;
                    }
                    return true;
                } catch (OutOfMemoryError e) {
                    int sentBytes = body.length;
                    body = null;
                    fail(name, where + ": ran out of memory undoing its content coding (decoded body over " + limit
                            + " bytes at most; the body as sent is " + sentBytes + " bytes); record skipped (give the JVM "
                            + "more with JSOUP_CHARSET_OPTS=-Xmx...)");
                    counts.oversized++;
                    return true;
                }
            }
            if (!isHtml(contentTypes, body)) {
                counts.notHtml++;
                return true;
            }
            if (body.length > maxBody) {
                fail(name, where + ": body over " + maxBody + " bytes; record skipped (see --max-body)");
                counts.oversized++;
                return true;
            }
            if (!fitsHeap(body.length)) {
                fail(name, where + ": " + tooBigForHeap(body.length));
                counts.oversized++;
                return true;
            }
            PageAudit page;
            try {
                // a body the crawler cut off (length, time, disconnect): its decision knows
                page = PageAudit.of(response.target(), contentTypes, body, options, truncation(response));
            } catch (RuntimeException | StackOverflowError e) {
                fail(name, where + ": audit failed: " + WarcRecords.describe(e) + "; record skipped");
                counts.failedRecords++;
                return true;
            } catch (OutOfMemoryError e) {
                // the last resort, for a page whose tree is far larger than its size suggests: what
                // the audit held is garbage once this frame is left, and the next record goes on
                int size = body.length;
                body = null;
                fail(name, where + ": ran out of memory auditing its " + size + " bytes (a page of unusually many elements?); "
                        + "record skipped (give the JVM more with JSOUP_CHARSET_OPTS=-Xmx...)");
                counts.oversized++;
                return true;
            }
            counts.pages++;
            next = page;
            nextOffset = offset;
            return true;
        }

        /**
         * The fewest bytes the HTTP header block of {@code http} took in its record: every field as
         * {@code name: value} and its line end, and the empty line (its status line, and any
         * folding, left out: the body it leaves is an upper bound).
         */
        private static long headerBytes(HttpResponse http) {
            long n = 2;
            for (java.util.Map.Entry<String, List<String>> field : http.headers().map().entrySet()) {
                for (String value : field.getValue()) n += field.getKey().length() + 2 + value.length() + 2;
            }
            return n;
        }

        /** Reports and counts a record whose WARC header cannot be used. */
        private void malformed(long offset, WarcRecord record, String reason) {
            fail(name, "record at offset " + offset + " (WARC-Record-ID " + record.headers().first("WARC-Record-ID").orElse("none")
                    + "): malformed: " + reason + "; record skipped");
            counts.malformed++;
        }
    }

    /**
     * Why the crawler cut a record's payload off: its {@code WARC-Truncated} header ({@code length},
     * {@code time}, {@code disconnect}, {@code unspecified}, or whatever else it says; several
     * joined by ", "), or null if it has none.
     *
     * @param record a WARC record
     * @return the header's value, or null
     */
    public static String truncation(WarcRecord record) {
        List<String> values = record.headers().all("WARC-Truncated");
        if (values.isEmpty()) return null;
        String joined = String.join(", ", values).strip();
        return joined.isEmpty() ? null : joined;
    }

    /**
     * Heap the audit of a page needs per byte of body: measured 11 to 13.3 on pages of many small
     * elements, mostly jsoup's tree (BENCHMARKS.md, tools/audit-memory). A page of unusually many
     * elements can need more: {@link OutOfMemoryError} is caught per record for that.
     */
    static final int HEAP_PER_BODY_BYTE = 13;

    /** What the rest of the process needs beside the page: an eighth of the heap, at most 16 MiB. */
    static long heapReserve() {
        return Math.min(16L << 20, Runtime.getRuntime().maxMemory() / 8);
    }

    /** Whether auditing a body of this many bytes can fit in this JVM's heap, by {@link Runtime#maxMemory()}. */
    static boolean fitsHeap(long bytes) {
        return bytes <= largestBodyThatFitsHeap();
    }

    /** The largest body whose audit fits in this JVM's heap, by {@link Runtime#maxMemory()}. */
    static long largestBodyThatFitsHeap() {
        return Math.max(0, (Runtime.getRuntime().maxMemory() - heapReserve()) / HEAP_PER_BODY_BYTE);
    }

    static String tooBigForHeap(long bytes) {
        return "body of " + bytes + " bytes is too big to audit in this JVM's heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                + " MiB; an audit needs about " + HEAP_PER_BODY_BYTE + " bytes a byte); record skipped "
                + "(give the JVM more with JSOUP_CHARSET_OPTS=-Xmx...)";
    }

    private void fail(String warc, String message) {
        if (progress != null) progress.interrupt();
        failures.failed(warc, message);
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
