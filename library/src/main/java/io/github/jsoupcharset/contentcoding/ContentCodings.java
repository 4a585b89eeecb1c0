package io.github.jsoupcharset.contentcoding;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * HTTP content codings (RFC 9110 section 8.4), undone as browsers undo them before they sniff:
 * {@code gzip} and {@code x-gzip}, {@code deflate} in its zlib form (RFC 1950) and, as browsers
 * accept it, in the raw form some servers send, {@code br} (Brotli, RFC 7932, through Google's
 * decoder {@code org.brotli:dec} when it is on the class path: an optional dependency of this
 * library), and several of them stacked ({@code Content-Encoding: gzip, br} was gzipped, then
 * brotli-compressed: undone in the reverse order). {@code identity} and empty list elements are
 * no coding.
 *
 * <p>Anything else is a {@link ContentCodingException} naming the coding, and so is a body that is
 * not what its coding says; the text of such a body is never guessed. Decoding is bounded: a body
 * that would decode to more than the limit (a "compression bomb") is refused before it is held,
 * and a header listing more than {@link #MAX_CODINGS} codings is refused before anything is read.
 * Stateless and thread-safe.
 */
public final class ContentCodings {
    /**
     * The default bound on a decoded body: 32 MiB, what a page can decode to and still be parsed
     * in a 512 MB heap (measured: a markup-dense page of 150,000 elements, and 32 MiB of NULs);
     * {@code BrowserCharsetParser.withMaxDecodedBytes(long)} sets another.
     */
    public static final long DEFAULT_MAX_DECODED_BYTES = 32L << 20;

    /**
     * The most content codings a body may have: 8. Stacked codings come from a proxy compressing
     * a compressed body, two or three deep; HTTP clients refuse far fewer than a header can list
     * (curl and undici more than 5 in a chain), and every coding undone is a decoder the body runs
     * through. A header with more is a {@link ContentCodingException}.
     */
    public static final int MAX_CODINGS = 8;

    private static final String BROTLI = "org.brotli.dec.BrotliInputStream";

    private ContentCodings() {}

    /**
     * {@link #decode(byte[], List, long)} with {@link #DEFAULT_MAX_DECODED_BYTES}.
     *
     * @param body the body as received
     * @param contentEncodings every {@code Content-Encoding} header value, in the order received
     * @return the body with its codings undone; {@code body} itself when it has none
     * @throws ContentCodingException if a coding is unknown or the body is not what it says
     */
    public static byte[] decode(byte[] body, List<String> contentEncodings) {
        return decode(body, contentEncodings, DEFAULT_MAX_DECODED_BYTES);
    }

    /**
     * Undoes the content codings of a body.
     *
     * @param body the body as received
     * @param contentEncodings every {@code Content-Encoding} header value, in the order received
     *     (each may list several codings, comma-separated)
     * @param maxDecodedBytes the most bytes any decoded stage may have (at most
     *     {@code Integer.MAX_VALUE - 8}, the largest array)
     * @return the body with its codings undone; {@code body} itself when it has none
     * @throws ContentCodingException if a coding is unknown, its decoder is missing, the body is not
     *     what the coding says, or a stage would exceed {@code maxDecodedBytes}
     * @throws IllegalArgumentException if {@code maxDecodedBytes} is not positive
     */
    public static byte[] decode(byte[] body, List<String> contentEncodings, long maxDecodedBytes) {
        Objects.requireNonNull(body, "body must not be null");
        Objects.requireNonNull(contentEncodings, "contentEncodings must not be null");
        if (maxDecodedBytes <= 0) throw new IllegalArgumentException("maxDecodedBytes must be positive: " + maxDecodedBytes);
        int limit = (int) Math.min(maxDecodedBytes, Integer.MAX_VALUE - 8);
        List<String> codings = codings(contentEncodings);
        if (codings.isEmpty()) return body;
        checkSupported(codings);
        // one chain of decoders, each stage held to the bound as it streams through: no stage is
        // ever held whole, and only the last one is collected, into a buffer that never outgrows it
        InputStream in = chain(new ByteArrayInputStream(body), codings, limit);
        try (in) {
            return readBounded(in, codings.get(0), limit, body.length);
        } catch (IOException e) {
            ContentCodingException known = codingFailure(e);
            throw known != null ? known : invalid(codings.get(0), e);
        }
    }

    /**
     * The decoders of {@code codings} over {@code raw}, the last applied undone first; with a
     * {@code limit}, every stage fails its read past that many bytes (a {@link ContentCodingException}
     * naming its coding, as the cause of an {@code IOException}). Built in a loop, and never more
     * than {@link #MAX_CODINGS} deep.
     */
    private static InputStream chain(InputStream raw, List<String> codings, long limit) {
        InputStream in = raw;
        // the header lists codings in the order they were applied: undo the last one first
        for (int i = codings.size() - 1; i >= 0; i--) {
            in = new DecodingStream(codings.get(i), in);
            if (limit >= 0) in = new Bounded(in, codings.get(i), limit);
        }
        return in;
    }

    /**
     * All of {@code in}, at most {@code limit} bytes: the buffer starts at a guess from the coded
     * size and doubles, never past the limit; a byte beyond the limit is refused before anything
     * more is allocated.
     */
    private static byte[] readBounded(InputStream in, String coding, int limit, int codedLength) throws IOException {
        byte[] buf = new byte[(int) Math.min(limit, Math.max(8192L, 4L * codedLength))];
        int n = 0;
        while (true) {
            if (n == buf.length) {
                if (n == limit) {
                    if (in.read() < 0) return buf;
                    throw overLimit(coding, limit);
                }
                buf = Arrays.copyOf(buf, (int) Math.min(limit, 2L * buf.length));
            }
            int r = in.read(buf, n, buf.length - n);
            if (r < 0) return n == buf.length ? buf : Arrays.copyOf(buf, n);
            n += r;
        }
    }

    private static ContentCodingException overLimit(String coding, long limit) {
        return new ContentCodingException(coding, "content coding " + coding + ": the body decodes to more than "
                + limit + " bytes", null, true);
    }

    /** The {@link ContentCodingException} a failed read carries (itself or as its cause), or null. */
    static ContentCodingException codingFailure(Throwable e) {
        // a reader or a parser may have wrapped it again; a few levels are enough
        for (int depth = 0; e != null && depth < 8; depth++, e = e.getCause()) {
            if (e instanceof ContentCodingException c) return c;
        }
        return null;
    }

    /** A decoded stage held to a number of bytes: the byte after the limit fails the read. */
    private static final class Bounded extends java.io.FilterInputStream {
        private final String coding;
        private final long limit;
        private long count;

        Bounded(InputStream in, String coding, long limit) {
            super(in);
            this.coding = coding;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n;
            while ((n = read(one, 0, 1)) == 0) {
                // ask again, as DecodingStream does
            }
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            // one byte more than the limit allows is enough to know the stage goes on past it
            int n = in.read(b, off, (int) Math.min(len, limit - count + 1));
            if (n > 0) count += n;
            if (count > limit) {
                ContentCodingException c = overLimit(coding, limit);
                throw new IOException(c.getMessage(), c);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            // skipped bytes count too: read them
            if (n <= 0) return 0;
            int r = read(new byte[(int) Math.min(n, 8192)], 0, (int) Math.min(n, 8192));
            return Math.max(r, 0);
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }

    /**
     * Undoes the content codings of a body as it is read, for bodies too large to hold: the
     * returned stream reads {@code body} and gives the decoded bytes, holding no more than the
     * decoders' buffers. Unlike {@link #decode(byte[], List, long)} it sets no bound on the
     * decoded size: count what you read. Closing it closes {@code body}.
     *
     * @param body the body as received
     * @param contentEncodings every {@code Content-Encoding} header value, in the order received
     *     (each may list several codings, comma-separated)
     * @return a stream of the body with its codings undone; {@code body} itself when it has none
     * @throws ContentCodingException at once if a coding is unknown, its decoder is missing, or
     *     there are more than {@link #MAX_CODINGS} (nothing has been read then); reading the stream
     *     throws an {@code IOException} whose cause is a {@link ContentCodingException} naming the
     *     coding when the bytes are not what the coding says
     */
    public static InputStream decode(InputStream body, List<String> contentEncodings) {
        return decodeBounded(body, contentEncodings, -1);
    }

    /**
     * As {@link #decode(InputStream, List)}, bounded as {@link #decode(byte[], List, long)} is:
     * reading a stage (every coding undone) past {@code maxDecodedBytes} bytes throws an {@code
     * IOException} whose cause is a {@link ContentCodingException} {@linkplain
     * ContentCodingException#overLimit() over the limit}, naming the coding.
     *
     * @param body the body as received
     * @param contentEncodings every {@code Content-Encoding} header value, in the order received
     * @param maxDecodedBytes the most bytes any decoded stage may have
     * @return a stream of the body with its codings undone; {@code body} itself when it has none
     * @throws ContentCodingException at once if a coding is unknown, its decoder is missing, or
     *     there are more than {@link #MAX_CODINGS}
     * @throws IllegalArgumentException if {@code maxDecodedBytes} is not positive
     */
    public static InputStream decode(InputStream body, List<String> contentEncodings, long maxDecodedBytes) {
        if (maxDecodedBytes <= 0) throw new IllegalArgumentException("maxDecodedBytes must be positive: " + maxDecodedBytes);
        return decodeBounded(body, contentEncodings, maxDecodedBytes);
    }

    /**
     * A body whose content coding something else undid (jsoup undoes a lone {@code gzip} or raw
     * {@code deflate} itself), held to the bound {@link #decode(InputStream, List, long)} holds
     * each decoded stage to: reading past {@code maxDecodedBytes} bytes throws an {@code
     * IOException} whose cause is a {@link ContentCodingException} {@linkplain
     * ContentCodingException#overLimit() over the limit}, naming {@code coding}. A compression bomb
     * is then refused however it was undone.
     *
     * @param decoded the body as the other decoder gives it
     * @param coding the coding that decoder undid, for the message
     * @param maxDecodedBytes the most bytes the body may decode to
     * @return the body, held to the bound
     * @throws IllegalArgumentException if {@code maxDecodedBytes} is not positive
     */
    public static InputStream bounded(InputStream decoded, String coding, long maxDecodedBytes) {
        Objects.requireNonNull(decoded, "decoded must not be null");
        Objects.requireNonNull(coding, "coding must not be null");
        if (maxDecodedBytes <= 0) throw new IllegalArgumentException("maxDecodedBytes must be positive: " + maxDecodedBytes);
        return new Bounded(decoded, coding, maxDecodedBytes);
    }

    /** {@link #decode(InputStream, List, long)}; a negative {@code maxDecodedBytes} is no bound. */
    private static InputStream decodeBounded(InputStream body, List<String> contentEncodings, long maxDecodedBytes) {
        Objects.requireNonNull(body, "body must not be null");
        Objects.requireNonNull(contentEncodings, "contentEncodings must not be null");
        List<String> codings = codings(contentEncodings);
        if (codings.isEmpty()) return body;
        checkSupported(codings);
        return chain(body, codings, maxDecodedBytes);
    }

    /** Fails at once on a coding that cannot be undone, before anything is read. */
    private static void checkSupported(List<String> codings) {
        for (String coding : codings) {
            switch (coding) {
                case "gzip", "x-gzip", "deflate" -> { }
                case "br" -> brotliConstructor();
                default -> throw unsupported(coding);
            }
        }
    }

    /** A stream that keeps what it threw, to tell its failures from the decoder's. */
    private static final class Watched extends java.io.FilterInputStream {
        IOException failure;

        Watched(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return in.read();
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return in.read(b, off, len);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }
    }

    /**
     * One coding undone as the bytes are read; the decoder is opened on the first read (a gzip
     * decoder reads its header when opened), and what it throws names the coding.
     */
    private static final class DecodingStream extends InputStream {
        private final String coding;
        private final Watched raw;
        private InputStream decoded;

        DecodingStream(String coding, InputStream raw) {
            this.coding = coding;
            this.raw = new Watched(raw);
        }

        private InputStream decoded() throws IOException {
            if (decoded == null) {
                try {
                    decoded = open(coding, raw);
                } catch (IOException | RuntimeException e) {
                    if (raw.failure != null && e == raw.failure) throw raw.failure;
                    throw broken(e);
                }
            }
            return decoded;
        }

        private IOException broken(Exception e) {
            ContentCodingException known = codingFailure(e); // a stage's bound, already named
            if (known != null && e instanceof IOException io) return io;
            ContentCodingException c = known != null ? known : invalid(coding, e);
            return new IOException(c.getMessage(), c);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n;
            while ((n = read(one, 0, 1)) == 0) {
                // InflaterInputStream may return 0 for a 1-byte read; ask again
            }
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            InputStream in = decoded();
            try {
                return in.read(b, off, len);
            } catch (IOException | RuntimeException e) {
                // what the stream under the coding threw (a timeout, a size limit) is its own failure
                if (raw.failure != null && e == raw.failure) throw raw.failure;
                throw broken(e);
            }
        }

        @Override
        public void close() throws IOException {
            if (decoded != null) decoded.close();
            else raw.close();
        }
    }

    /**
     * The codings a list of {@code Content-Encoding} header values names, in the order they were
     * applied, lowercased, without {@code identity} and empty elements.
     *
     * @param contentEncodings every {@code Content-Encoding} header value, in the order received
     * @return the codings, e.g. {@code [deflate, gzip]} for {@code "deflate, GZIP"}
     * @throws ContentCodingException if there are more than {@link #MAX_CODINGS}
     */
    public static List<String> codings(List<String> contentEncodings) {
        Objects.requireNonNull(contentEncodings, "contentEncodings must not be null");
        List<String> codings = new ArrayList<>();
        for (String value : contentEncodings) {
            if (value == null) continue;
            int from = 0;
            while (from <= value.length()) {
                int comma = value.indexOf(',', from);
                int to = comma < 0 ? value.length() : comma;
                String coding = value.substring(from, to).strip().toLowerCase(Locale.ROOT);
                if (!coding.isEmpty() && !coding.equals("identity")) {
                    if (codings.size() == MAX_CODINGS) throw tooMany(codings, coding);
                    codings.add(coding);
                }
                from = to + 1;
            }
        }
        return codings;
    }

    private static ContentCodingException tooMany(List<String> first, String next) {
        // each coding is made printable (and cut) on its own, so that the list reads as a list
        StringBuilder listed = new StringBuilder();
        for (String coding : first) listed.append(printable(coding)).append(", ");
        return new ContentCodingException(next, "more than " + MAX_CODINGS + " content codings stacked ("
                + listed + printable(next) + ", …); at most " + MAX_CODINGS + " are undone", null, false);
    }

    /**
     * The decoder of one coding over {@code raw}: gzip, deflate (zlib as the standard says; a raw
     * deflate stream, without the zlib header, as browsers accept it) or br.
     */
    private static InputStream open(String coding, InputStream raw) throws IOException {
        switch (coding) {
            case "gzip":
            case "x-gzip":
                return new GZIPInputStream(raw, 8192);
            case "deflate":
                java.io.PushbackInputStream p = new java.io.PushbackInputStream(raw, 2);
                byte[] head = p.readNBytes(2);
                p.unread(head);
                boolean zlib = head.length == 2 && (head[0] & 0x0F) == 8 && ((head[0] & 0xFF) << 8 | head[1] & 0xFF) % 31 == 0;
                return new InflaterInputStream(p, new Inflater(!zlib), 8192);
            case "br":
                return brotli(raw);
            default:
                throw unsupported(coding);
        }
    }

    private static ContentCodingException invalid(String coding, Exception e) {
        return new ContentCodingException(coding, "content coding " + coding + ": the body is not valid " + coding
                + " data (" + e.getMessage() + ")", e, false);
    }

    private static ContentCodingException unsupported(String coding) {
        return new ContentCodingException(coding, "unsupported content coding \"" + printable(coding)
                + "\" (supported: gzip, x-gzip, deflate, br, identity)", null, false);
    }

    private static Constructor<?> brotliConstructor() {
        try {
            return Class.forName(BROTLI, true, ContentCodings.class.getClassLoader()).getConstructor(InputStream.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new ContentCodingException("br", "content coding br needs a Brotli decoder: add org.brotli:dec to the class path", e, false);
        }
    }

    private static InputStream brotli(InputStream in) throws IOException {
        Constructor<?> brotli = brotliConstructor();
        try {
            return (InputStream) brotli.newInstance(in);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof IOException io) throw io;
            throw new IOException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new ContentCodingException("br", "content coding br: the Brotli decoder could not be started", e, false);
        }
    }

    /** A coding from a header, safe to print: at most 40 characters, controls escaped. */
    private static String printable(String coding) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < coding.length() && i < 40; i++) {
            char c = coding.charAt(i);
            if (c < 0x20 || c >= 0x7F && c <= 0x9F) b.append(String.format("\\u%04X", (int) c));
            else b.append(c);
        }
        if (coding.length() > 40) b.append('\u2026');
        return b.toString();
    }
}
