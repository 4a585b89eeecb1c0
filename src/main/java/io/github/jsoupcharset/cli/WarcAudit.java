package io.github.jsoupcharset.cli;

import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.ParsingException;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Streams the records of WARC files (gzip or plain) and audits every HTML response with
 * {@link PageAudit}: one record in memory at a time, bodies over a cap skipped and reported.
 * Failures are reported on stderr and counted; reading goes on with the next record (a broken HTTP
 * header) or the next file (a file that is not a WARC, or is truncated).
 */
final class WarcAudit {
    private final PrintStream err;
    private final long maxBody;
    private final Consumer<PageAudit> sink;
    private Progress progress;

    long records;
    long pages;
    long notHtml;
    long not2xx;
    long oversized;
    long failedRecords;
    long failedFiles;
    private long bytesBefore;

    /**
     * @param maxBody the largest body audited, in bytes; larger ones are skipped and reported
     * @param sink receives every page's audit, in order
     */
    WarcAudit(PrintStream err, long maxBody, Consumer<PageAudit> sink) {
        this.err = err;
        this.maxBody = maxBody;
        this.sink = sink;
    }

    /** Audits every file in turn; returns true if nothing failed. */
    boolean auditAll(List<Path> files, boolean terminal) {
        long total = 0;
        for (Path f : files) total += f.toFile().length();
        progress = new Progress(err, terminal, total);
        for (Path f : files) {
            auditFile(f);
            bytesBefore += f.toFile().length();
        }
        progress.finish(records, pages, bytesBefore);
        return failedRecords == 0 && failedFiles == 0;
    }

    private void auditFile(Path file) {
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            fail(file + ": no such file");
            failedFiles++;
            return;
        } catch (IOException e) {
            fail(file + ": cannot open: " + Main.describe(e));
            failedFiles++;
            return;
        }
        try (WarcReader reader = new WarcReader(channel)) {
            long inThisFile = 0;
            while (true) {
                Optional<WarcRecord> next;
                try {
                    next = reader.next();
                } catch (IOException | RuntimeException e) {
                    fail(file + ": " + (inThisFile == 0 ? "not a readable WARC file" : "truncated or corrupt after offset " + reader.position())
                            + ": " + Main.describe(e) + "; the rest of this file is skipped");
                    failedFiles++;
                    return;
                }
                if (next.isEmpty()) return;
                records++;
                inThisFile++;
                if (!auditRecord(file, reader.position(), next.get())) {
                    failedFiles++;
                    return;
                }
                progress.update(records, pages, bytesBefore + reader.position());
            }
        } catch (IOException e) {
            fail(file + ": " + Main.describe(e)); // from opening (reading the first bytes) or closing
            failedFiles++;
        }
    }

    /** Audits one record; returns false if the file cannot be read any further. */
    private boolean auditRecord(Path file, long offset, WarcRecord record) {
        if (!(record instanceof WarcResponse response)) {
            notHtml++;
            return true;
        }
        String where = file + ": record at offset " + offset + " (" + response.target() + ")";
        HttpResponse http;
        try {
            if (!response.contentType().base().toString().equals("application/http")) {
                notHtml++; // dns:, whois: and other non-HTTP responses
                return true;
            }
            http = response.http();
        } catch (ParsingException | IllegalArgumentException e) {
            fail(where + ": broken HTTP header block: " + Main.describe(e) + "; record skipped");
            failedRecords++;
            return true;
        } catch (IOException e) {
            fail(where + ": " + Main.describe(e) + "; the rest of this file is skipped");
            return false;
        }
        if (http.status() < 200 || http.status() > 299) {
            not2xx++;
            return true;
        }
        List<String> contentTypes = http.headers().all("Content-Type");
        byte[] body;
        try (InputStream in = http.bodyDecoded().stream()) {
            body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBody + 1));
        } catch (IOException | RuntimeException e) {
            fail(where + ": cannot read the body: " + Main.describe(e) + "; record skipped");
            failedRecords++;
            return true;
        }
        if (!isHtml(contentTypes, body)) {
            notHtml++;
            return true;
        }
        if (body.length > maxBody) {
            fail(where + ": body over " + maxBody + " bytes; record skipped (see --max-body)");
            oversized++;
            return true;
        }
        PageAudit page;
        try {
            page = PageAudit.of(response.target(), contentTypes, body);
        } catch (RuntimeException | StackOverflowError e) {
            fail(where + ": audit failed: " + Main.describe(e) + "; record skipped");
            failedRecords++;
            return true;
        }
        pages++;
        sink.accept(page);
        return true;
    }

    private void fail(String message) {
        progress.interrupt();
        err.println("jsoup-charset: " + message);
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
