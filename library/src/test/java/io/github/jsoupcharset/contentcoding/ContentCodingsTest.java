package io.github.jsoupcharset.contentcoding;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.ParsedHtml;
import com.sun.net.httpserver.HttpServer;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ContentCodingsTest {
    /** A windows-1251 page: {@code <meta charset="windows-1251"><title>Привет</title><p>br}. */
    static final byte[] PAGE = bytes("<meta charset=\"windows-1251\"><title>", new byte[] {(byte) 0xCF, (byte) 0xF0,
            (byte) 0xE8, (byte) 0xE2, (byte) 0xE5, (byte) 0xF2}, "</title><p>br");

    /** {@link #PAGE} compressed with the reference brotli encoder ({@code brotli -c}). */
    static final byte[] PAGE_BR = ints(0xa1, 0xb0, 0x01, 0xc0, 0x6f, 0x51, 0x60, 0x37, 0x58, 0xfb, 0x75, 0x33, 0x22,
            0xe9, 0x6b, 0x6a, 0xb4, 0x1a, 0x4e, 0xbc, 0x1c, 0x5d, 0xc1, 0xcb, 0x67, 0x8c, 0x48, 0x4d, 0xf9, 0xc8, 0x75, 0x8b, 0x8c,
            0xd8, 0x33, 0xd8, 0x80, 0x03, 0xa7, 0x48, 0x02, 0x0f, 0x6c, 0x84, 0x1b, 0x07, 0x5f, 0xd8, 0x69, 0xc8, 0x50, 0x1d, 0xb3,
            0x70, 0xe1, 0x6c, 0x7b, 0x7f, 0x51);

    @Test
    void everyCodingBrowsersSendIsUndone() throws IOException {
        assertThat(ContentCodings.decode(gzip(PAGE), List.of("gzip")), equalTo(PAGE));
        assertThat(ContentCodings.decode(gzip(PAGE), List.of("X-GZIP")), equalTo(PAGE));
        assertThat(ContentCodings.decode(deflate(PAGE, false), List.of("deflate")), equalTo(PAGE));
        assertThat("raw deflate, as some servers send it", ContentCodings.decode(deflate(PAGE, true), List.of("deflate")), equalTo(PAGE));
        assertThat(ContentCodings.decode(PAGE_BR, List.of("br")), equalTo(PAGE));
    }

    @Test
    void stackedCodingsAreUndoneLastFirst() throws IOException {
        // "gzip, br": gzipped, then compressed with brotli; also as two header lines
        byte[] gzipThenDeflate = deflate(gzip(PAGE), false);
        assertThat(ContentCodings.decode(gzipThenDeflate, List.of("gzip, deflate")), equalTo(PAGE));
        assertThat(ContentCodings.decode(gzipThenDeflate, List.of("gzip", "deflate")), equalTo(PAGE));
        assertThat(ContentCodings.decode(gzip(PAGE_BR), List.of("br,gzip")), equalTo(PAGE));
    }

    @Test
    void noCodingLeavesTheBodyAlone() {
        assertThat(ContentCodings.decode(PAGE, List.of()), sameInstance(PAGE));
        assertThat(ContentCodings.decode(PAGE, List.of("identity", " ", ",,")), sameInstance(PAGE));
    }

    @Test
    void anUnknownCodingIsAnErrorNamingIt() {
        for (String coding : List.of("compress", "zstd", "gzip2", "x-\u009b31m")) {
            ContentCodingException e = assertThrows(ContentCodingException.class, () -> ContentCodings.decode(PAGE, List.of(coding)));
            assertThat(e.coding(), equalTo(coding));
            assertThat(e.getMessage(), containsString("unsupported content coding"));
            assertThat("no raw C1 control in the message", e.getMessage().chars().noneMatch(c -> c >= 0x80 && c <= 0x9F), equalTo(true));
        }
    }

    @Test
    void aBodyThatIsNotWhatItsCodingSaysIsAnError() throws IOException {
        ContentCodingException notGzip = assertThrows(ContentCodingException.class, () -> ContentCodings.decode(PAGE, List.of("gzip")));
        assertThat(notGzip.getMessage(), containsString("not valid gzip"));
        byte[] cut = Arrays.copyOf(gzip(PAGE), 20);
        assertThat(assertThrows(ContentCodingException.class, () -> ContentCodings.decode(cut, List.of("gzip"))).coding(), equalTo("gzip"));
        assertThat(assertThrows(ContentCodingException.class, () -> ContentCodings.decode(PAGE, List.of("br"))).coding(), equalTo("br"));
        assertThat(assertThrows(ContentCodingException.class, () -> ContentCodings.decode(PAGE, List.of("deflate"))).coding(), equalTo("deflate"));
    }

    @Test
    void aCompressionBombIsRefusedAtTheBound() throws IOException {
        byte[] bomb = gzip(new byte[4 << 20]); // 4 MiB of zeros in about 4 KB
        ContentCodingException e = assertThrows(ContentCodingException.class, () -> ContentCodings.decode(bomb, List.of("gzip"), 1 << 20));
        assertThat(e.getMessage(), containsString("more than 1048576 bytes"));
        assertThat(ContentCodings.decode(bomb, List.of("gzip"), 4 << 20).length, equalTo(4 << 20));
        assertThrows(IllegalArgumentException.class, () -> ContentCodings.decode(bomb, List.of("gzip"), 0));
    }

    @Test
    void aThousandStackedCodingsAreRefusedAtOnceNotOverflowed() throws IOException {
        byte[] body = PAGE;
        for (int i = 0; i < 1000; i++) body = gzip(body);
        List<String> thousand = List.of(String.join(", ", java.util.Collections.nCopies(1000, "gzip")));
        byte[] coded = body;
        ContentCodingException e = assertThrows(ContentCodingException.class, () -> ContentCodings.decode(coded, thousand));
        assertThat(e.getMessage(), containsString("more than 8 content codings"));
        assertThat(e.overLimit(), equalTo(false));
        // the stream form refuses before anything is read (it overflowed the stack reading them)
        ContentCodingException s = assertThrows(ContentCodingException.class,
                () -> ContentCodings.decode(new java.io.ByteArrayInputStream(coded), thousand));
        assertThat(s.getMessage(), containsString("more than 8 content codings"));
        // as many header lines: the same
        assertThrows(ContentCodingException.class, () -> ContentCodings.decode(coded, java.util.Collections.nCopies(1000, "gzip")));
        // the bound itself is undone, in both forms
        byte[] eight = PAGE;
        for (int i = 0; i < ContentCodings.MAX_CODINGS; i++) eight = gzip(eight);
        List<String> eightCodings = java.util.Collections.nCopies(ContentCodings.MAX_CODINGS, "gzip");
        assertThat(ContentCodings.decode(eight, eightCodings), equalTo(PAGE));
        assertThat(streamed(eight, eightCodings, false), equalTo(PAGE));
        assertThat(streamed(eight, eightCodings, true), equalTo(PAGE));
    }

    @Test
    void theMessageOfTooManyCodingsListsThemOneByOne() {
        // the list was made printable as one string and cut at 40 characters: "gzip, gzip, …, gzip…, gzip, …"
        ContentCodingException e = assertThrows(ContentCodingException.class,
                () -> ContentCodings.codings(List.of(String.join(", ", java.util.Collections.nCopies(9, "gzip")))));
        assertThat(e.getMessage(), equalTo("more than 8 content codings stacked (gzip, gzip, gzip, gzip, gzip, gzip, gzip,"
                + " gzip, gzip, \u2026); at most 8 are undone"));
        // a long coding is cut on its own, the others whole
        String longOne = "x".repeat(100);
        ContentCodingException cut = assertThrows(ContentCodingException.class,
                () -> ContentCodings.codings(List.of(longOne + ", gzip, gzip, gzip, gzip, gzip, gzip, gzip, br")));
        assertThat(cut.getMessage(), containsString("(" + "x".repeat(40) + "\u2026, gzip, gzip,"));
        assertThat(cut.getMessage(), containsString(", gzip, br, \u2026)"));
    }

    @Test
    void aBodyAnotherDecoderUndidIsHeldToTheBoundToo() throws IOException {
        java.io.InputStream in = ContentCodings.bounded(new java.io.ByteArrayInputStream(new byte[100_001]), "gzip", 100_000);
        IOException e = assertThrows(IOException.class, in::readAllBytes);
        assertThat(((ContentCodingException) e.getCause()).overLimit(), equalTo(true));
        assertThat(e.getMessage(), containsString("content coding gzip: the body decodes to more than 100000 bytes"));
        assertThat(ContentCodings.bounded(new java.io.ByteArrayInputStream(new byte[100_000]), "gzip", 100_000)
                .readAllBytes().length, equalTo(100_000));
    }

    @Test
    void everyStageOfStackedCodingsIsHeldToTheBound() throws IOException {
        // 4 MiB of zeros, gzipped twice: the inner stage is small, the outer one is the bomb
        byte[] twice = gzip(gzip(new byte[4 << 20]));
        ContentCodingException e = assertThrows(ContentCodingException.class,
                () -> ContentCodings.decode(twice, List.of("gzip, gzip"), 1 << 20));
        assertThat(e.overLimit(), equalTo(true));
        assertThat(e.getMessage(), containsString("more than 1048576 bytes"));
        // a body exactly at the bound is whole, one byte over is refused
        byte[] exact = gzip(new byte[100_000]);
        assertThat(ContentCodings.decode(exact, List.of("gzip"), 100_000).length, equalTo(100_000));
        assertThat(assertThrows(ContentCodingException.class, () -> ContentCodings.decode(exact, List.of("gzip"), 99_999))
                .overLimit(), equalTo(true));
    }

    /** The stream form, read one byte at a time where {@code bytewise}, else in one go. */
    private static byte[] streamed(byte[] body, List<String> codings, boolean bytewise) throws IOException {
        try (java.io.InputStream in = ContentCodings.decode(new java.io.ByteArrayInputStream(body), codings)) {
            if (!bytewise) return in.readAllBytes();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int b; (b = in.read()) >= 0; ) out.write(b);
            return out.toByteArray();
        }
    }

    @Test
    void theStreamFormUndoesWhatTheByteArrayFormUndoes() throws IOException {
        for (boolean bytewise : new boolean[] {false, true}) {
            assertThat(streamed(gzip(PAGE), List.of("gzip"), bytewise), equalTo(PAGE));
            assertThat(streamed(deflate(PAGE, false), List.of("deflate"), bytewise), equalTo(PAGE));
            assertThat(streamed(deflate(PAGE, true), List.of("deflate"), bytewise), equalTo(PAGE));
            assertThat(streamed(PAGE_BR, List.of("br"), bytewise), equalTo(PAGE));
            assertThat(streamed(deflate(gzip(PAGE), false), List.of("gzip", "deflate"), bytewise), equalTo(PAGE));
            assertThat(streamed(gzip(PAGE_BR), List.of("br,gzip"), bytewise), equalTo(PAGE));
            assertThat(streamed(PAGE, List.of("identity"), bytewise), equalTo(PAGE));
        }
        // a body far larger than any buffer streams through
        byte[] big = new byte[8 << 20];
        for (int i = 0; i < big.length; i++) big[i] = (byte) ('a' + i % 26);
        assertThat(streamed(gzip(big), List.of("gzip"), false), equalTo(big));
    }

    @Test
    void theStreamFormRefusesAnUnknownCodingAtOnceAndBrokenBytesAsTheyAreRead() throws IOException {
        assertThat(assertThrows(ContentCodingException.class,
                () -> ContentCodings.decode(new java.io.ByteArrayInputStream(PAGE), List.of("zstd"))).coding(), equalTo("zstd"));
        for (String coding : List.of("gzip", "deflate", "br")) {
            IOException e = assertThrows(IOException.class, () -> streamed(PAGE, List.of(coding), false));
            assertThat(coding, e.getCause() instanceof ContentCodingException c && c.coding().equals(coding), equalTo(true));
            assertThat(e.getMessage(), containsString("content coding " + coding + ": the body is not valid " + coding));
        }
        byte[] cut = Arrays.copyOf(gzip(PAGE), 20);
        assertThat(assertThrows(IOException.class, () -> streamed(cut, List.of("gzip"), false)).getCause(),
                org.hamcrest.Matchers.instanceOf(ContentCodingException.class));
    }

    @Test
    void whatTheStreamUnderTheCodingThrowsIsItsOwn() {
        IOException own = new IOException("timed out");
        java.io.InputStream failing = new java.io.InputStream() {
            @Override
            public int read() throws IOException {
                throw own;
            }
        };
        java.io.InputStream gzipped = new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(Arrays.copyOf(
                uncheckedGzip(new byte[100_000]), 40)), failing);
        IOException e = assertThrows(IOException.class, () -> ContentCodings.decode(gzipped, List.of("gzip")).readAllBytes());
        assertThat(e, sameInstance(own));
    }

    private static byte[] uncheckedGzip(byte[] b) {
        try {
            return gzip(b);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aJavaNetHttpResponseIsDecompressedBeforeSniffing() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] gzipped = gzip(PAGE);
        server.createContext("/", exchange -> {
            boolean broken = exchange.getRequestURI().getPath().equals("/broken");
            byte[] body = broken ? PAGE : gzipped;
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.getResponseHeaders().add("Content-Encoding", "gzip");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        try {
            HttpClient client = HttpClient.newHttpClient();
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(base + "/page")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(r);
            assertThat(parsed.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
            assertThat(parsed.document().title(), equalTo("\u041F\u0440\u0438\u0432\u0435\u0442"));
            HttpResponse<byte[]> broken = client.send(HttpRequest.newBuilder(URI.create(base + "/broken")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(assertThrows(ContentCodingException.class, () -> BrowserCharsetJsoup.parse(broken)).coding(), equalTo("gzip"));
        } finally {
            server.stop(0);
        }
    }

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
