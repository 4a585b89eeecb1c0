package io.github.jsoupcharset.contentcoding;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
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
 * that would decode to more than the limit (a "compression bomb") is refused before it is held.
 * Stateless and thread-safe.
 */
public final class ContentCodings {
    /** The default bound on a decoded body: 256 MiB. */
    public static final long DEFAULT_MAX_DECODED_BYTES = 256L << 20;

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
        byte[] bytes = body;
        // the header lists codings in the order they were applied: undo the last one first
        for (int i = codings.size() - 1; i >= 0; i--) {
            String coding = codings.get(i);
            byte[] coded = bytes;
            bytes = read(coding, () -> open(coding, new ByteArrayInputStream(coded)), limit);
        }
        return bytes;
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
     * @throws ContentCodingException at once if a coding is unknown or its decoder is missing
     *     (nothing has been read then); reading the stream throws an {@code IOException} whose
     *     cause is a {@link ContentCodingException} naming the coding when the bytes are not what
     *     the coding says
     */
    public static InputStream decode(InputStream body, List<String> contentEncodings) {
        Objects.requireNonNull(body, "body must not be null");
        Objects.requireNonNull(contentEncodings, "contentEncodings must not be null");
        List<String> codings = codings(contentEncodings);
        for (String coding : codings) {
            switch (coding) {
                case "gzip", "x-gzip", "deflate" -> { }
                case "br" -> brotliConstructor();
                default -> throw unsupported(coding);
            }
        }
        InputStream in = body;
        // the header lists codings in the order they were applied: undo the last one first
        for (int i = codings.size() - 1; i >= 0; i--) in = new DecodingStream(codings.get(i), in);
        return in;
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
            ContentCodingException c = e instanceof ContentCodingException known ? known : invalid(coding, e);
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

    /** The codings a list of header values names, in order, lowercased, without identity. */
    static List<String> codings(List<String> contentEncodings) {
        List<String> codings = new ArrayList<>();
        for (String value : contentEncodings) {
            if (value == null) continue;
            for (String element : value.split(",", -1)) {
                String coding = element.strip().toLowerCase(Locale.ROOT);
                if (!coding.isEmpty() && !coding.equals("identity")) codings.add(coding);
            }
        }
        return codings;
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

    /** Opens a decoding stream. */
    private interface Opener {
        InputStream open() throws IOException;
    }

    private static byte[] read(String coding, Opener opener, int limit) {
        byte[] out;
        try (InputStream in = opener.open()) {
            out = in.readNBytes(limit);
            if (in.read() != -1) {
                throw new ContentCodingException(coding, "content coding " + coding + ": the body decodes to more than "
                        + limit + " bytes", null, true);
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ContentCodingException c) throw c;
            throw invalid(coding, e);
        }
        return out;
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
