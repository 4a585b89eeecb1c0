package io.github.jsoupcharset.bench;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;
import io.github.jsoupcharset.BrowserCharsetJsoup;
import org.apache.tika.detect.DefaultEncodingDetector;
import org.apache.tika.metadata.Metadata;
import org.jsoup.Jsoup;
import org.mozilla.universalchardet.UniversalDetector;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;

/**
 * Each detector as a Java user would call it on a page's bytes, and jsoup's parse of the same page:
 * what {@link PeerDetectionBenchmark} and {@link PeerDetectionPerPage} time. Each returns the
 * name it detects (or a count), so that nothing is optimised away.
 */
final class Peers {
    private Peers() {}

    /** The detectors and the yardstick, in the order the tables show them. */
    enum Tool { OURS, JUNIVERSALCHARDET, TIKA, ICU4J, JSOUP_PARSE }

    /** Tika's default encoding detector, as {@code new AutoDetectParser()} would set it up (the registered detectors). */
    static final DefaultEncodingDetector TIKA = new DefaultEncodingDetector();

    static Object run(Tool tool, DetectionPages.Page page) {
        switch (tool) {
            case OURS: return ours(page.bytes());
            case JUNIVERSALCHARDET: return juniversalchardet(page.bytes());
            case TIKA: return tika(page.bytes());
            case ICU4J: return icu4j(page.bytes());
            case JSOUP_PARSE: return jsoupParse(page);
            default: throw new IllegalArgumentException(tool.name());
        }
    }

    /** Ours: the whole decision on undeclared bytes (prescan, UTF-8 validity, detection). */
    static String ours(byte[] bytes) {
        return BrowserCharsetJsoup.sniff(bytes, null).encoding().name();
    }

    /** juniversalchardet, all of the page fed at once. */
    static String juniversalchardet(byte[] bytes) {
        UniversalDetector d = new UniversalDetector();
        d.handleData(bytes, 0, bytes.length);
        d.dataEnd();
        return d.getDetectedCharset();
    }

    /** ICU4J's CharsetDetector, its best match. */
    static String icu4j(byte[] bytes) {
        CharsetDetector d = new CharsetDetector();
        d.setText(bytes);
        CharsetMatch m = d.detect();
        return m == null ? null : m.getName();
    }

    /** Tika's default encoding detector (HTML meta scan, juniversalchardet, ICU4J's copy, first answer wins). */
    static String tika(byte[] bytes) {
        try {
            Charset c = TIKA.detect(new ByteArrayInputStream(bytes), new Metadata());
            return c == null ? null : c.name();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** jsoup's parse of the page told its true charset (the JDK's nearest), the yardstick. */
    static Object jsoupParse(DetectionPages.Page page) {
        try {
            String charset = Corpus.jdkCharset(page.truth().name());
            if (page.truth().name().equals("x-mac-cyrillic")) charset = "x-MacCyrillic";
            if (page.truth().name().equals("macintosh")) charset = "x-MacRoman";
            return Jsoup.parse(new ByteArrayInputStream(page.bytes()), charset, EndToEndBenchmark.BASE).childNodeSize();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
