package io.github.jsoupcharset;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

/** The response tests' page, coded: gzip, deflate (zlib or raw) and a brotli copy. */
final class Coded {
    private Coded() {}

    /** A windows-1251 page: {@code <meta charset="windows-1251"><title>Привет</title><p>br}. */
    static final byte[] PAGE = bytes("<meta charset=\"windows-1251\"><title>", new byte[] {(byte) 0xCF, (byte) 0xF0,
            (byte) 0xE8, (byte) 0xE2, (byte) 0xE5, (byte) 0xF2}, "</title><p>br");

    /** {@link #PAGE} compressed with the reference brotli encoder ({@code brotli -c}). */
    static final byte[] PAGE_BR = ints(0xa1, 0xb0, 0x01, 0xc0, 0x6f, 0x51, 0x60, 0x37, 0x58, 0xfb, 0x75, 0x33, 0x22,
            0xe9, 0x6b, 0x6a, 0xb4, 0x1a, 0x4e, 0xbc, 0x1c, 0x5d, 0xc1, 0xcb, 0x67, 0x8c, 0x48, 0x4d, 0xf9, 0xc8, 0x75, 0x8b, 0x8c,
            0xd8, 0x33, 0xd8, 0x80, 0x03, 0xa7, 0x48, 0x02, 0x0f, 0x6c, 0x84, 0x1b, 0x07, 0x5f, 0xd8, 0x69, 0xc8, 0x50, 0x1d, 0xb3,
            0x70, 0xe1, 0x6c, 0x7b, 0x7f, 0x51);

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(b);
        }
        return out.toByteArray();
    }

    static byte[] deflate(byte[] b, boolean raw) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream d = new DeflaterOutputStream(out, new Deflater(Deflater.DEFAULT_COMPRESSION, raw))) {
            d.write(b);
        }
        return out.toByteArray();
    }

    private static byte[] bytes(String a, byte[] b, String c) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(a.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(b);
        out.writeBytes(c.getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private static byte[] ints(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) b[i] = (byte) values[i];
        return b;
    }
}
