package io.github.jsoupcharset;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;

/**
 * Run by {@link ResponseContentCodingsTest} in a JVM with a small heap: a gzip body of about 1 MB
 * that decodes to 1 GiB of zeros, given to the default parser as a {@code java.net.http} response
 * with a byte[] body and with a stream, must be refused with a {@link ContentCodingException}
 * over the bound, not run the heap out.
 */
public final class CompressionBombCheck {
    private CompressionBombCheck() {}

    public static void main(String[] args) throws IOException {
        long decoded = Long.parseLong(args[0]);
        byte[] bomb = gzipOfZeros(decoded);
        for (boolean stream : new boolean[] {false, true}) {
            Object body = stream ? new ByteArrayInputStream(bomb) : bomb;
            try {
                BrowserCharsetJsoup.parseWithDecision(FakeHttpResponse.of(body, "Content-Type", "text/html",
                        "Content-Encoding", "gzip"));
                System.out.println("parsed, not refused");
                return;
            } catch (ContentCodingException e) {
                if (!e.overLimit()) throw e;
            }
        }
        System.out.println("ok");
    }

    /**
     * gzip of {@code size} zero bytes (a multiple of 64 MiB): one member of 64 MiB, repeated, as
     * gzip allows members to follow one another; never held decoded.
     */
    static byte[] gzipOfZeros(long size) throws IOException {
        ByteArrayOutputStream member = new ByteArrayOutputStream();
        byte[] zeros = new byte[1 << 20];
        try (GZIPOutputStream gz = new GZIPOutputStream(member, 1 << 16)) {
            for (int i = 0; i < 64; i++) gz.write(zeros);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long left = size; left > 0; left -= 64L << 20) member.writeTo(out);
        return out.toByteArray();
    }
}
