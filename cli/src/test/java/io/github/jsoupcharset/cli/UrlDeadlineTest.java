package io.github.jsoupcharset.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

/** --timeout holds however the server sends: a little at a time without pause, or fast and without end. */
class UrlDeadlineTest {
    private static HttpServer server;
    private static ExecutorService executor;
    private static String baseUrl;

    @BeforeAll
    static void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] chunk = new byte[4096];
        Arrays.fill(chunk, (byte) 'a');
        // 4 KB every 50 ms, never a pause as long as --read-timeout, for far longer than the test's --timeout
        server.createContext("/trickle", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < 1200; i++) {
                    out.write(chunk);
                    out.flush();
                    Thread.sleep(50);
                }
            } catch (IOException | InterruptedException e) {
                // the client gave up, as it should
            }
        });
        // as fast as it can, without end (a large --max-body lets it go on)
        byte[] big = new byte[64 << 10];
        Arrays.fill(big, (byte) 'b');
        server.createContext("/endless", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                while (true) out.write(big);
            } catch (IOException e) {
                // the client gave up, as it should
            }
        });
        executor = Executors.newCachedThreadPool();
        server.setExecutor(executor);
        server.start();
        baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    static void stopServer() {
        server.stop(0);
        executor.shutdownNow();
    }

    private record Run(int status, String err, long millis) {}

    private static Run run(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        long start = System.nanoTime();
        int status = Main.run(args, out, new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new Run(status, err.toString(StandardCharsets.UTF_8), (System.nanoTime() - start) / 1_000_000);
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // without the fix it would run for minutes
    void aServerTricklingWithoutPauseIsGivenUpOnAtTheTimeout() {
        Run r = run("decode", "--timeout", "1", "--read-timeout", "5", baseUrl + "/trickle");
        assertThat(r.err(), r.status(), is(1));
        assertThat(r.err(), containsString(baseUrl + "/trickle: not read whole within 1 s (see --timeout); "));
        assertThat(r.err(), r.millis(), lessThan(4000L));
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // without the fix it would run for minutes
    void aFastEndlessBodyUnderALargeMaxBodyIsGivenUpOnAtTheTimeout() {
        for (String command : new String[] {"decode", "select"}) {
            String[] args = command.equals("decode")
                    ? new String[] {"decode", "--timeout", "1", "--max-body", "1000000000000", baseUrl + "/endless"}
                    : new String[] {"select", "--timeout", "1", "--max-body", "1000000000000", "p", baseUrl + "/endless"};
            Run r = run(args);
            assertThat(r.err(), r.status(), is(1));
            assertThat(r.err(), containsString(baseUrl + "/endless: not read whole within 1 s (see --timeout); "));
            assertThat(command + ": " + r.err(), r.millis(), lessThan(4000L));
        }
    }
}
