package io.github.jsoupcharset.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The benchmark inputs, built from {@code ../shared/corpus/chardet} (system property
 * {@code jsoupcharset.corpus} to put it elsewhere): the real feeds and pages of each encoding,
 * and pages of a chosen size and declaration made from them.
 */
public final class Corpus {
    private Corpus() {}

    private static final Pattern XML_DECL_ENCODING =
            Pattern.compile("(<\\?xml[^>]*?)\\s+encoding\\s*=\\s*(\"[^\"]*\"|'[^']*')", Pattern.CASE_INSENSITIVE);
    private static final Pattern META = Pattern.compile("<meta\\b[^>]*charset[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern XML_DECL = Pattern.compile("<\\?xml[^>]*>", Pattern.CASE_INSENSITIVE);

    static Path dir() {
        return Paths.get(System.getProperty("jsoupcharset.corpus", "../shared/corpus/chardet"));
    }

    /** The documents whose true encoding is {@code whatwgName} and that have no BOM, as they are. */
    static List<byte[]> documents(String whatwgName) {
        try {
            List<byte[]> docs = new ArrayList<>();
            List<String> lines = Files.readAllLines(dir().resolve("MANIFEST.tsv"), StandardCharsets.UTF_8);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split("\t", -1);
                String bom = f.length > 7 ? f[7] : "";
                if (f[2].equals(whatwgName) && bom.isEmpty()) docs.add(Files.readAllBytes(dir().resolve(f[0])));
            }
            if (docs.isEmpty()) throw new IllegalArgumentException("no corpus documents in " + whatwgName);
            return docs;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the corpus at " + dir().toAbsolutePath()
                    + " (run from the project root, or set -Djsoupcharset.corpus=...)", e);
        }
    }

    /** All the documents of an encoding, one after another. */
    static byte[] concatenated(String whatwgName) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] d : documents(whatwgName)) out.writeBytes(d);
        return out.toByteArray();
    }

    /**
     * The documents' content with every declaration removed (XML declarations, charset metas),
     * as body markup: at least {@code minBytes} of it (repeated if need be), cut before a
     * {@code <} so no multi-byte character is split.
     */
    static byte[] bodyContent(String whatwgName, int minBytes, int maxBytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<byte[]> docs = documents(whatwgName);
        while (out.size() < minBytes) {
            for (byte[] d : docs) {
                // ISO-8859-1 maps each byte to one char and back, so byte patterns survive
                String s = new String(d, StandardCharsets.ISO_8859_1);
                s = XML_DECL.matcher(XML_DECL_ENCODING.matcher(s).replaceAll("$1")).replaceAll("");
                s = META.matcher(s).replaceAll("");
                out.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
                if (out.size() >= minBytes) break;
            }
        }
        byte[] b = out.toByteArray();
        int cut = Math.min(b.length, maxBytes);
        while (cut > 0 && cut < b.length && b[cut] != '<') cut--;
        return java.util.Arrays.copyOf(b, cut);
    }

    /** How the page declares its encoding. */
    public enum Declaration { HEADER, META, LATE_META, UNDECLARED }

    /** A page of about {@code size} bytes in that encoding, declared as said. */
    static byte[] page(String whatwgName, Declaration how, int size) {
        StringBuilder head = new StringBuilder("<!DOCTYPE html>\n<html><head>\n");
        if (how == Declaration.META) head.append("<meta charset=\"").append(whatwgName).append("\">\n");
        head.append("<title>benchmark page</title>\n");
        if (how == Declaration.LATE_META) {
            // head content past the prescan's 1024 bytes, then the meta: browsers still honour it
            for (int i = 0; head.length() < 1200; i++) {
                head.append("<link rel=\"stylesheet\" href=\"/static/css/site-").append(i).append(".css\">\n");
            }
            head.append("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=").append(whatwgName).append("\">\n");
        }
        head.append("</head><body>\n");
        String tail = "\n</body></html>\n";
        int room = Math.max(0, size - head.length() - tail.length());
        byte[] content = bodyContent(whatwgName, room, room);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(content);
        out.writeBytes(tail.getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    /** The Content-Type header a server would send for the page. */
    static String contentType(String whatwgName, Declaration how) {
        return how == Declaration.HEADER ? "text/html; charset=" + whatwgName : "text/html";
    }

    /** The JDK charset nearest to a WHATWG encoding (what a careful user of jsoup would pass). */
    static String jdkCharset(String whatwgName) {
        switch (whatwgName) {
            case "Shift_JIS": return "windows-31j";
            case "EUC-KR": return "x-windows-949";
            case "GBK": return "GB18030";
            case "Big5": return "Big5-HKSCS";
            default: return whatwgName;
        }
    }

    /** A benchmark page: its bytes, the Content-Type sent with it, and the JDK charset jsoup is told. */
    record Page(byte[] bytes, String contentType, String jdkCharset) {
        /** The page of {@code size} (2KB, 16KB, 1MB) in that encoding, declared as said; prints what sniffing decides. */
        static Page of(String whatwgName, Declaration how, String size) {
            Page p = new Page(Corpus.page(whatwgName, how, size(size)), Corpus.contentType(whatwgName, how),
                    Corpus.jdkCharset(whatwgName));
            System.out.println("\n" + whatwgName + " " + how + " " + size + ": " + p.bytes.length + " bytes, decided "
                    + io.github.jsoupcharset.BrowserCharsetJsoup.sniff(p.bytes, p.contentType));
            return p;
        }
    }

    /** Sizes by name: 2KB, 16KB, 1MB. */
    static int size(String name) {
        switch (name) {
            case "2KB": return 2 * 1024;
            case "16KB": return 16 * 1024;
            case "1MB": return 1024 * 1024;
            default: throw new IllegalArgumentException(name);
        }
    }
}
