package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.SniffOptions;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * How the fuzz targets read one input, so that a seed is a real page with a short prefix: byte 0
 * picks options, byte 1 is the length of the Content-Type value that follows (read as ISO-8859-1,
 * so any char U+0000-U+00FF can occur; with bit 0 of byte 0 set there is no header), the rest is
 * the body.
 */
record FuzzInput(int flags, String contentType, byte[] body) {
    static FuzzInput of(byte[] data) {
        int flags = data.length > 0 ? data[0] & 0xFF : 0;
        int headerLength = data.length > 1 ? Math.min(data[1] & 0xFF, data.length - 2) : 0;
        String header = data.length > 1 ? new String(data, 2, headerLength, StandardCharsets.ISO_8859_1) : "";
        byte[] body = data.length > 2 + headerLength ? Arrays.copyOfRange(data, 2 + headerLength, data.length) : new byte[0];
        return new FuzzInput(flags, (flags & 1) != 0 ? null : header, body);
    }

    /** Builds an input from its parts (for seeds). */
    static byte[] encode(int flags, String contentType, byte[] body) {
        byte[] header = contentType == null ? new byte[0] : contentType.getBytes(StandardCharsets.ISO_8859_1);
        byte[] data = new byte[2 + header.length + body.length];
        data[0] = (byte) (flags | (contentType == null ? 1 : 0));
        data[1] = (byte) header.length;
        System.arraycopy(header, 0, data, 2, header.length);
        System.arraycopy(body, 0, data, 2 + header.length, body.length);
        return data;
    }

    /** The options bits 1-3 of the flags pick. */
    SniffOptions options() {
        SniffOptions o = SniffOptions.DEFAULTS;
        if ((flags & 2) != 0) o = o.withDetection(SniffOptions.Detection.BROWSER_PARITY);
        if ((flags & 4) != 0) o = o.withMetaScan(SniffOptions.MetaScan.SPEC_PRESCAN_1024);
        if ((flags & 8) != 0) o = o.withDeclarations(SniffOptions.Declarations.CHECKED);
        return o;
    }
}
