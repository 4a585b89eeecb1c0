package io.github.jsoupcharset.internal;

import java.nio.charset.Charset;
import java.nio.charset.spi.CharsetProvider;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Makes every WHATWG encoding available to any Java code by name, as {@code x-whatwg-<name>}
 * ({@code Charset.forName("x-whatwg-Shift_JIS")}, {@code new String(bytes, "x-whatwg-windows-1252")},
 * jsoup's {@code Jsoup.parse(in, "x-whatwg-gbk", baseUri)}), decoding exactly as browsers do. The
 * prefix keeps the names clear of the JDK's own charsets, which decode differently. Registered in
 * {@code META-INF/services/java.nio.charset.spi.CharsetProvider}. Names match ASCII
 * case-insensitively, as charset names do.
 */
public final class WhatwgCharsetProvider extends CharsetProvider {
    static final String PREFIX = "x-whatwg-";

    /** Called by the service loader. */
    public WhatwgCharsetProvider() {}

    @Override
    public Iterator<Charset> charsets() {
        return new ArrayList<Charset>(Decoders.allCharsets()).iterator();
    }

    @Override
    public Charset charsetForName(String charsetName) {
        // cheap for every other name: the charsets are only built for one of ours
        if (charsetName == null || charsetName.length() <= PREFIX.length()
                || !charsetName.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) return null;
        String lower = charsetName.toLowerCase(Locale.ROOT);
        for (Charset cs : Decoders.allCharsets()) {
            if (cs.name().toLowerCase(Locale.ROOT).equals(lower)) return cs;
        }
        return null;
    }

    /** The names this provider answers to, for tests and documentation. */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Charset cs : Decoders.allCharsets()) names.add(cs.name());
        return names;
    }
}
