package io.github.jsoupcharset.cli;

import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.contentcoding.ContentCodingException;
import io.github.jsoupcharset.contentcoding.ContentCodings;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Opens FILEs, stdin and URLs, each within the limits, for {@code sniff}, {@code decode} and
 * {@code select}. Each input is opened with its first {@link #HEAD} bytes read: a page that ends
 * within them is held whole. A longer one is a file: a FILE is read from where it is; stdin, a
 * FIFO, a device and a URL's body are spooled to a temporary file (deleted when the page is
 * closed) when the command needs more than their look-ahead, so that a page gets the same decision
 * however its bytes arrive. A body over {@code maxBody} bytes is refused (a file by its size and a
 * URL by its Content-Length before it is read, otherwise when the byte after the limit arrives,
 * nothing of it used); a URL must be read whole within {@code timeout}, and a server that sends
 * nothing for {@code readTimeout} while the command waits is given up on.
 */
final class Inputs {
    /**
     * How many bytes are read before the page is handed on: the library's whole look-ahead, and
     * one more byte to know whether the page ended within it.
     */
    static final int HEAD = BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT + 1;

    /** An input that cannot be read, with why; reported after its name. */
    static final class InputException extends IOException {
        private static final long serialVersionUID = 1L;

        InputException(String message) {
            super(message);
        }
    }

    /**
     * An opened input: its first bytes (at most {@link #HEAD}) read, the rest still to come. Close
     * it when done (a spooled body's temporary file goes with it).
     */
    static final class Page implements Closeable {
        private final byte[] head;
        private final boolean whole;
        private final InputStream rest;
        private final String contentType;
        private final String baseUri;
        private final Path file;
        private final long maxBody;
        private final String overLimit;
        private Path spooled;

        /**
         * @param rest the bytes after {@code head} (empty when {@code whole})
         * @param file the file, when the input is one (it can be read again), else null: the page
         *     is spooled when a file is asked for
         * @param overLimit what a body over {@code maxBody} bytes is, for the message
         */
        Page(byte[] head, boolean whole, InputStream rest, String contentType, String baseUri, Path file, long maxBody,
                String overLimit) {
            this.head = head;
            this.whole = whole;
            this.rest = rest;
            this.contentType = contentType;
            this.baseUri = baseUri;
            this.file = file;
            this.maxBody = maxBody;
            this.overLimit = overLimit;
        }

        /** The first bytes, at most {@link #HEAD}. */
        byte[] head() {
            return head;
        }

        /** Whether {@link #head()} is the whole page. */
        boolean whole() {
            return whole;
        }

        /**
         * The whole page from its first byte, as a stream: {@code head}, then the rest. Read only
         * the look-ahead of it (at most {@link BrowserCharsetParser#STREAM_LOOKAHEAD_LIMIT} bytes,
         * all in the head) unless it is the only reading of the page.
         */
        InputStream body() {
            return whole ? new ByteArrayInputStream(head) : new SequenceInputStream(new ByteArrayInputStream(head), rest);
        }

        /** The Content-Type header (a URL's, all of them joined; --content-type's for a FILE), or null. */
        String contentType() {
            return contentType;
        }

        /** The URL of the page (a file's {@code file:} URL, "" for stdin). */
        String baseUri() {
            return baseUri;
        }

        /**
         * The page as a file, read again as often as its decision needs: a FILE itself; stdin, a
         * FIFO, a device or a URL's body spooled to a temporary file (its head, then the rest of
         * the stream, up to --max-body), once. Call it before anything but the look-ahead of
         * {@link #body()} was read.
         *
         * @throws InputException if the body goes on past --max-body (nothing of it was used)
         * @throws IOException if reading it or writing the temporary file fails
         */
        Path file() throws IOException {
            if (file != null) return file;
            if (spooled != null) return spooled;
            Path tmp = Files.createTempFile("jsoup-charset-", ".spool");
            try (java.io.OutputStream out = Files.newOutputStream(tmp)) {
                out.write(head);
                long total = head.length;
                byte[] buf = new byte[1 << 16];
                int n;
                while ((n = rest.read(buf)) >= 0) {
                    total += n;
                    if (total > maxBody) throw new InputException(overLimit + "; not read");
                    out.write(buf, 0, n);
                }
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            spooled = tmp;
            return tmp;
        }

        @Override
        public void close() throws IOException {
            try {
                rest.close();
            } finally {
                if (spooled != null) Files.deleteIfExists(spooled);
            }
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

    /** Opens an input; close the page when done. */
    Page open(String input, String contentTypeForFiles) throws IOException, InterruptedException {
        if (input.startsWith("http://") || input.startsWith("https://")) return fetch(input);
        if (input.equals("-")) {
            // stdin is the command's: closing the page leaves it open
            InputStream stdin = new java.io.FilterInputStream(System.in) {
                @Override
                public void close() { }
            };
            return page(stdin, contentTypeForFiles, "", null, "more than " + maxBody + " bytes (see --max-body)");
        }
        if (input.isEmpty()) throw new InputException("no such file (an empty name)");
        InputStream in;
        Path path;
        try {
            path = Path.of(input);
        } catch (java.nio.file.InvalidPathException e) {
            throw new InputException(Main.describe(e));
        }
        if (LocalFiles.kind(path) != LocalFiles.Kind.REGULAR) {
            // a FIFO or a device is read as stdin is, held to --max-body as it comes, every read to
            // --read-timeout; a directory, a socket, a broken symlink or a loop is said for what it is
            in = java.nio.channels.Channels.newInputStream(LocalFiles.open(path, readTimeout, true));
            return page(in, contentTypeForFiles, path.toAbsolutePath().toUri().toString(), null,
                    "more than " + maxBody + " bytes (see --max-body)");
        }
        long size = Files.size(path);
        if (size > maxBody) throw new InputException("file of " + size + " bytes is over --max-body " + maxBody + "; not read");
        in = java.nio.channels.Channels.newInputStream(LocalFiles.open(path, readTimeout, true));
        // a file that grows while it is read is held to the limit all the same
        return page(in, contentTypeForFiles, path.toAbsolutePath().toUri().toString(), path,
                "file grew over --max-body " + maxBody + " while it was read");
    }

    /**
     * The page whose bytes {@code in} gives: its first {@link #HEAD} bytes read (no more than
     * --max-body and one), the rest left in the stream for {@link Page#file()}.
     *
     * @param overLimit what a body over --max-body is, for the message
     */
    private Page page(InputStream in, String contentType, String baseUri, Path file, String overLimit)
            throws IOException {
        byte[] head;
        int wanted = (int) Math.min(HEAD, maxBody + 1);
        try {
            head = in.readNBytes(wanted);
            // nothing of the page has been used yet
            if (head.length > maxBody) throw new InputException(overLimit + "; not read");
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
        boolean whole = head.length < wanted;
        if (whole) {
            in.close();
            in = InputStream.nullInputStream();
        }
        return new Page(head, whole, in, contentType, baseUri, file, maxBody, overLimit);
    }

    private Page fetch(String url) throws IOException, InterruptedException {
        if (client == null) {
            client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).connectTimeout(readTimeout).build();
        }
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(url)).timeout(readTimeout).build();
        } catch (IllegalArgumentException e) {
            throw new InputException(Main.describe(e));
        }
        long start = System.nanoTime();
        StreamedBody body = new StreamedBody(start + timeout.toNanos());
        CompletableFuture<HttpResponse<InputStream>> response = client.sendAsync(request, info -> body);
        boolean handedOn = false;
        try {
            HttpResponse<InputStream> res;
            while (true) {
                try {
                    res = response.get(200, TimeUnit.MILLISECONDS);
                    break;
                } catch (TimeoutException e) {
                    if (System.nanoTime() - start > timeout.toNanos()) {
                        throw new InputException("not read whole within " + timeout.toSeconds() + " s (see --timeout)");
                    }
                }
            }
            if (res.statusCode() >= 300 && res.statusCode() <= 399 && res.headers().firstValue("Location").isPresent()) {
                // the client gives up after its redirect limit and hands back the last redirect
                int redirects = 0;
                for (HttpResponse<?> p = res.previousResponse().orElse(null); p != null; p = p.previousResponse().orElse(null)) redirects++;
                throw new InputException("too many redirects (" + (redirects + 1) + ") starting at " + url);
            }
            if (res.statusCode() < 200 || res.statusCode() > 299) throw new InputException("HTTP status " + res.statusCode());
            List<String> codings = res.headers().allValues("Content-Encoding");
            long length = res.headers().firstValueAsLong("Content-Length").orElse(-1);
            if (length > maxBody && codings.isEmpty()) {
                throw new InputException("body of " + length + " bytes (its Content-Length) is over --max-body " + maxBody + "; not read");
            }
            InputStream in = body.stream();
            String overLimit = "body over --max-body " + maxBody + " bytes";
            if (!codings.isEmpty()) {
                // a browser undoes the content coding before it sniffs; an unknown or broken one is an error
                try {
                    in = ContentCodings.decode(in, codings);
                } catch (ContentCodingException e) {
                    throw new InputException(e.getMessage());
                }
                overLimit = "body over --max-body " + maxBody + " bytes once its content coding is undone";
                // a small body can decode for long (a bomb under a large --max-body): the deadline holds there too
                in = new Timed(in, start + timeout.toNanos(), "not read whole within " + timeout.toSeconds()
                        + " s (see --timeout), its content coding being undone");
            }
            List<String> types = res.headers().allValues("Content-Type");
            // several Content-Type headers combine as Fetch combines them: joined by ", "
            Page page = page(in, types.isEmpty() ? null : String.join(", ", types), res.uri().toString(), null, overLimit);
            handedOn = true;
            return page;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            // java.net.http's words for a 3xx response it cannot follow
            for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof IOException && "Invalid redirection".equals(t.getMessage())) {
                    throw new InputException("redirect without a Location header");
                }
            }
            throw new InputException(Main.describe(cause));
        } finally {
            if (!handedOn) {
                response.cancel(true);
                body.cancel();
            }
        }
    }

    /** Why a read failed, as the command reports it: a limit, a content coding, or the stream's own words. */
    static String why(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InputException) return t.getMessage();
            if (t instanceof ContentCodingException) return t.getMessage();
        }
        return Main.describe(e);
    }

    /** A stream that fails every read once a deadline ({@link System#nanoTime()}) has passed, with {@code message}. */
    static final class Timed extends java.io.FilterInputStream {
        private final long deadline;
        private final String message;

        Timed(InputStream in, long deadline, String message) {
            super(in);
            this.deadline = deadline;
            this.message = message;
        }

        private void check() throws InputException {
            if (System.nanoTime() - deadline > 0) throw new InputException(message);
        }

        @Override
        public int read() throws IOException {
            check();
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            check();
            return in.read(b, off, len);
        }

        @Override
        public long skip(long n) {
            return 0; // every byte is read, none skipped unseen
        }
    }

    /**
     * A response body handed on as a stream, asked of the server a few buffers at a time (so that
     * no more than those is held however slowly the command reads), with the time limits: the whole
     * body within {@code deadline}, and no wait for data longer than the read timeout.
     */
    final class StreamedBody implements HttpResponse.BodySubscriber<InputStream> {
        private static final Object END = new Object();

        private final long deadline;
        private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        private volatile Flow.Subscription subscription;
        private volatile boolean cancelled;
        private final InputStream stream = new InputStream() {
            private ByteBuffer current;
            private long received;
            private boolean ended;
            private IOException failed;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) return 0;
                while (current == null || !current.hasRemaining()) {
                    if (failed != null) throw failed;
                    if (ended) return -1;
                    take();
                }
                int n = Math.min(len, current.remaining());
                current.get(b, off, n);
                received += n;
                return n;
            }

            @Override
            public int available() {
                return current == null ? 0 : current.remaining();
            }

            @SuppressWarnings("unchecked")
            private void take() throws IOException {
                long waitStart = System.nanoTime();
                Object item;
                try {
                    // the deadline is checked before every buffer, not only while none comes: a server that
                    // sends a little at a time, or without end, is held to it as one that stalls
                    checkDeadline();
                    while ((item = queue.poll(Math.max(1, Math.min(200_000_000L, deadline - System.nanoTime())),
                            TimeUnit.NANOSECONDS)) == null) {
                        long now = System.nanoTime();
                        checkDeadline();
                        if (now - waitStart > readTimeout.toNanos()) {
                            throw failed = new InputException("the server sent nothing for " + readTimeout.toSeconds()
                                    + " s (see --read-timeout); " + received + " bytes of the body had come");
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw failed = new java.io.InterruptedIOException("interrupted");
                }
                if (item == END) {
                    ended = true;
                } else if (item instanceof Throwable t) {
                    throw failed = t instanceof IOException io ? io : new IOException(Main.describe(t), t);
                } else {
                    current = (ByteBuffer) item;
                    // ask for the next buffer only when this one is being read: a few are held at most
                    Flow.Subscription s = subscription;
                    if (s != null && queue.isEmpty()) s.request(1);
                }
            }

            /** Fails the read once the deadline has passed. */
            private void checkDeadline() throws IOException {
                if (failed != null) throw failed;
                if (System.nanoTime() - deadline > 0) {
                    throw failed = new InputException("not read whole within " + timeout.toSeconds()
                            + " s (see --timeout); " + received + " bytes of the body had come");
                }
            }

            @Override
            public void close() {
                cancel();
            }
        };

        StreamedBody(long deadline) {
            this.deadline = deadline;
        }

        InputStream stream() {
            return stream;
        }

        void cancel() {
            cancelled = true;
            Flow.Subscription s = subscription;
            if (s != null) s.cancel();
        }

        @Override
        public CompletionStage<InputStream> getBody() {
            // the response is handed over once its headers are in; the body is read as the stream is
            return CompletableFuture.completedFuture(stream);
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            if (cancelled) subscription.cancel();
            else subscription.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            queue.addAll(items);
            Flow.Subscription s = subscription;
            if (items.isEmpty() && s != null) s.request(1);
        }

        @Override
        public void onError(Throwable throwable) {
            queue.add(throwable);
        }

        @Override
        public void onComplete() {
            queue.add(END);
        }
    }
}
