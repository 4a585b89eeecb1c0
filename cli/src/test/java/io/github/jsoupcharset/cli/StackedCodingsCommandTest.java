package io.github.jsoupcharset.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.zip.GZIPOutputStream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/** A URL with 1,000 stacked gzip codings is an input error; the next URL is read (a StackOverflowError ended the command). */
class StackedCodingsCommandTest {
    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(b);
        }
        return out.toByteArray();
    }

    @Test
    void aThousandStackedCodingsAreAnInputErrorAndTheNextUrlIsRead() throws IOException {
        byte[] page = "<meta charset=utf-8><title>ok</title>".getBytes(StandardCharsets.US_ASCII);
        byte[] stacked = page;
        for (int i = 0; i < 1000; i++) stacked = gzip(stacked);
        byte[] body = stacked;
        String thousand = String.join(", ", Collections.nCopies(1000, "gzip"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            boolean bomb = exchange.getRequestURI().getPath().equals("/stacked");
            byte[] b = bomb ? body : page;
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            if (bomb) exchange.getResponseHeaders().add("Content-Encoding", thousand);
            exchange.sendResponseHeaders(200, b.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(b);
            }
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Main.run(new String[] {"select", "title", base + "/stacked", base + "/page"},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
            String stderr = err.toString(StandardCharsets.UTF_8);
            assertThat(stderr, containsString("more than 8 content codings stacked"));
            assertThat(out.toString(StandardCharsets.UTF_8), equalTo(base + "/page: ok\n"));
            assertThat(status, equalTo(1));
        } finally {
            server.stop(0);
        }
    }
}
