package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.DecidedStreamParser;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Memory of the stream entry points, each in a JVM of its own (a child of this one), on pages
 * generated as they are read so that the page itself is never in memory:
 * <ul>
 * <li>{@code compare MB [STEP_KB FROM_MB TO_MB]}: the smallest {@code -Xmx} (to 1 MB, or to
 *     {@code STEP_KB} searched between {@code FROM_MB} and {@code TO_MB}; serial GC) at which
 *     {@code BrowserCharsetJsoup.parse(InputStream, …)} parses an {@code MB}-megabyte declared
 *     page, and the same for {@code Jsoup.parse(InputStream, "UTF-8", …)}; the difference is what
 *     ours holds beyond jsoup at its peak;
 * <li>{@code select MB HEAP}: {@code BrowserCharsetJsoup.streamParser(InputStream, …)} selecting
 *     every item of an {@code MB}-megabyte page, removing each, in a child JVM at {@code -XmxHEAP}.
 * </ul>
 * The child modes ({@code parse-ours}, {@code parse-jsoup}, {@code select-ours}) exit 0 on success
 * and 3 on OutOfMemoryError.
 */
public final class StreamMemory {
    private StreamMemory() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "compare" -> {
                if (args.length > 2) {
                    compareFine(Long.parseLong(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                            Integer.parseInt(args[4]));
                } else {
                    compare(Long.parseLong(args[1]));
                }
            }
            case "select" -> {
                long mb = Long.parseLong(args[1]);
                int code = child("-Xmx" + args[2], "select-ours", mb, true);
                System.out.println("select over " + mb + " MB at -Xmx" + args[2] + ": exit " + code);
                System.exit(code);
            }
            case "parse-ours", "parse-jsoup", "select-ours" -> System.exit(run(args[0], Long.parseLong(args[1]) << 20));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void compare(long mb) throws Exception {
        int ours = smallestHeap("parse-ours", mb);
        int jsoup = smallestHeap("parse-jsoup", mb);
        System.out.println("page " + mb + " MB: smallest -Xmx for BrowserCharsetJsoup.parse(InputStream) " + ours
                + " MB, for Jsoup.parse(InputStream, charset) " + jsoup + " MB, difference " + (ours - jsoup) + " MB");
    }

    /**
     * As {@link #compare}, to {@code stepKb} KB: each side's smallest {@code -Xmx} searched by
     * bisection between {@code fromMb} (must fail) and {@code toMb} (must succeed) MB.
     */
    private static void compareFine(long mb, int stepKb, int fromMb, int toMb) throws Exception {
        long ours = smallestHeapKb("parse-ours", mb, stepKb, fromMb, toMb);
        long jsoup = smallestHeapKb("parse-jsoup", mb, stepKb, fromMb, toMb);
        System.out.println("page " + mb + " MB: smallest -Xmx (to " + stepKb + " KB) for BrowserCharsetJsoup.parse(InputStream) "
                + ours + " KB, for Jsoup.parse(InputStream, charset) " + jsoup + " KB, difference " + (ours - jsoup) + " KB");
    }

    private static long smallestHeapKb(String mode, long mb, int stepKb, int fromMb, int toMb) throws Exception {
        long lo = (long) fromMb * 1024 / stepKb; // in steps
        long hi = (long) toMb * 1024 / stepKb;
        if (child("-Xmx" + lo * stepKb + "k", mode, mb, false) == 0) throw new IllegalStateException(mode + " fits " + fromMb + " MB");
        if (child("-Xmx" + hi * stepKb + "k", mode, mb, false) != 0) throw new IllegalStateException(mode + " fails at " + toMb + " MB");
        while (hi - lo > 1) {
            long mid = (lo + hi) >>> 1;
            if (child("-Xmx" + mid * stepKb + "k", mode, mb, false) == 0) hi = mid;
            else lo = mid;
        }
        return hi * stepKb;
    }

    /** Binary search of the smallest heap in MB at which the mode succeeds. */
    private static int smallestHeap(String mode, long mb) throws Exception {
        int lo = 1;
        int hi = 2;
        while (child("-Xmx" + hi + "m", mode, mb, false) != 0) {
            lo = hi;
            hi *= 2;
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (child("-Xmx" + mid + "m", mode, mb, false) == 0) hi = mid;
            else lo = mid;
        }
        return hi;
    }

    private static int child(String xmx, String mode, long mb, boolean inherit) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                xmx, "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                StreamMemory.class.getName(), mode, Long.toString(mb)));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (inherit) pb.inheritIO();
        else pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        int code = pb.start().waitFor();
        System.err.println("  " + mode + " " + mb + " MB at " + xmx + ": " + (code == 0 ? "ok" : "exit " + code));
        return code;
    }

    private static int run(String mode, long size) throws IOException {
        try {
            long t0 = System.nanoTime();
            switch (mode) {
                case "parse-ours" -> {
                    Document doc = BrowserCharsetJsoup.parse(new GeneratedPage(size), null, "https://example.com/");
                    System.out.println(doc.body().childrenSize() + " elements");
                }
                case "parse-jsoup" -> {
                    Document doc = Jsoup.parse(new GeneratedPage(size), "UTF-8", "https://example.com/");
                    System.out.println(doc.body().childrenSize() + " elements");
                }
                default -> {
                    long items = 0;
                    long chars = 0;
                    try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(new GeneratedPage(size), null,
                            "https://example.com/")) {
                        Element item;
                        while ((item = parser.selectNext("div.item")) != null) {
                            items++;
                            chars += item.selectFirst("p").text().length();
                            StreamParserShapes.removeWithWhatCameBefore(item);
                        }
                        System.out.println(items + " items, " + chars + " chars of text, " + parser.decision());
                    }
                }
            }
            System.out.println(mode + ": " + (System.nanoTime() - t0) / 1_000_000 + " ms, peak heap "
                    + peakHeapMb() + " MB (pools' peaks summed)");
            return 0;
        } catch (OutOfMemoryError e) {
            return 3;
        }
    }

    private static long peakHeapMb() {
        long sum = 0;
        for (var pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) sum += pool.getPeakUsage().getUsed();
        }
        return sum >> 20;
    }

    /**
     * A declared UTF-8 page of {@code size} bytes, generated as it is read: items of a heading and
     * a paragraph of about 1 KB of French text, one after another, and the end tags.
     */
    static final class GeneratedPage extends InputStream {
        private static final byte[] HEAD = ("<!DOCTYPE html><html><head><meta charset=utf-8><title>generated</title>"
                + "</head><body>\n").getBytes(StandardCharsets.UTF_8);
        private static final byte[] TAIL = "</body></html>\n".getBytes(StandardCharsets.UTF_8);
        private final long size;
        private long pos;
        private byte[] chunk = HEAD;
        private int chunkPos;
        private long item;

        GeneratedPage(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (chunk == null) return -1;
            if (chunkPos == chunk.length) {
                if (chunk == TAIL) {
                    chunk = null;
                    return -1;
                }
                chunk = pos + TAIL.length + 1200 >= size ? TAIL : item(item++);
                chunkPos = 0;
            }
            int n = Math.min(len, chunk.length - chunkPos);
            System.arraycopy(chunk, chunkPos, b, off, n);
            chunkPos += n;
            pos += n;
            return n;
        }

        private static byte[] item(long i) {
            StringBuilder s = new StringBuilder(1100).append("<div class=item><h2>Article n\u00b0 ").append(i)
                    .append("</h2><p>");
            while (s.length() < 1000) s.append("Le caf\u00e9 du coin est d\u00e9j\u00e0 ouvert, et la cr\u00e8me br\u00fbl\u00e9e aussi. ");
            return s.append("</p></div>\n").toString().getBytes(StandardCharsets.UTF_8);
        }
    }
}
