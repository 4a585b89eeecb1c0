package io.github.jsoupcharset.nio;

import io.github.jsoupcharset.encoding.Encoding;

import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.spi.CharsetProvider;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Makes the WHATWG encodings available to any Java code by name, as {@code x-whatwg-<name>}
 * ({@code Charset.forName("x-whatwg-Shift_JIS")}, {@code new String(bytes, "x-whatwg-windows-1252")},
 * jsoup's {@code Jsoup.parse(in, "x-whatwg-gbk", baseUri)}), decoding exactly as browsers do. The
 * prefix keeps the names clear of the JDK's own charsets, which decode differently. Names match
 * ASCII case-insensitively, as charset names do.
 *
 * <p>Registered in {@code META-INF/services/java.nio.charset.spi.CharsetProvider}, which {@code
 * java.nio} reads through the system class loader only: the jar must be on the application's class
 * path (not in a web application's or a Spark job's own class loader) for these names to resolve.
 * Code that has the library can use {@code Encoding.charset()} instead, which works under any class
 * loader.
 *
 * <p>Every encoding but replacement: a page that names {@code x-whatwg-replacement} must not be able
 * to turn its own text into one U+FFFD in code that passes page labels to {@code Charset.forName}
 * (jsoup does). {@code Encoding.REPLACEMENT.charset()} is still there for those who want it.
 */
public final class WhatwgCharsetProvider extends CharsetProvider {
    /** The prefix of every name this provider answers to. */
    public static final String PREFIX = "x-whatwg-";

    private final Map<String, Charset> byLowerCaseName;

    /** Called by the service loader. */
    public WhatwgCharsetProvider() {
        Map<String, Charset> all = new LinkedHashMap<>();
        for (Encoding e : Encoding.all()) {
            if (e == Encoding.REPLACEMENT) continue;
            Charset cs = new Prefixed(e.charset());
            all.put(cs.name().toLowerCase(Locale.ROOT), cs);
        }
        byLowerCaseName = Map.copyOf(all);
    }

    @Override
    public Iterator<Charset> charsets() {
        return byLowerCaseName.values().iterator();
    }

    @Override
    public Charset charsetForName(String charsetName) {
        // cheap for every other name
        if (charsetName == null || !charsetName.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) return null;
        return byLowerCaseName.get(charsetName.toLowerCase(Locale.ROOT));
    }

    /** An encoding's charset under the prefixed name: its decoders and encoders are the encoding's own. */
    private static final class Prefixed extends Charset {
        private final Charset encoding;

        Prefixed(Charset encoding) {
            super(PREFIX + encoding.name(), new String[0]);
            this.encoding = encoding;
        }

        @Override
        public boolean contains(Charset cs) {
            return cs instanceof Prefixed ? encoding.contains(((Prefixed) cs).encoding) : encoding.contains(cs);
        }

        @Override
        public CharsetDecoder newDecoder() {
            return encoding.newDecoder();
        }

        @Override
        public CharsetEncoder newEncoder() {
            return encoding.newEncoder();
        }

        @Override
        public boolean canEncode() {
            return encoding.canEncode();
        }
    }
}
