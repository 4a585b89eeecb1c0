package io.github.jsoupcharset.encoding;

import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.EncodingTable;

import java.nio.charset.Charset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One of the 40 encodings of the WHATWG Encoding Standard, the only encodings browsers decode web
 * pages with. {@link #name()} is the standard's canonical name ({@code "UTF-8"}, {@code "windows-1252"},
 * {@code "Shift_JIS"}, …), which is what a browser reports as {@code document.characterSet}.
 *
 * <p>Instances are the constants of this class; compare them with {@code ==} or {@link #equals}.
 * Labels resolve as browsers resolve them ({@link #forLabel}): {@code "iso-8859-1"} and
 * {@code "ascii"} are {@link #WINDOWS_1252}, {@code "gb2312"} is {@link #GBK}, {@code "utf-7"} is
 * nothing at all.
 */
public final class Encoding {
    private static final Map<String, Encoding> BY_LABEL = new HashMap<>();
    private static final List<Encoding> ALL;

    static {
        String[][] table = EncodingTable.encodings();
        Encoding[] all = new Encoding[table.length];
        for (int i = 0; i < table.length; i++) {
            String[] row = table[i];
            all[i] = new Encoding(row[0], List.of(row).subList(1, row.length));
            for (int j = 1; j < row.length; j++) BY_LABEL.put(row[j], all[i]);
        }
        ALL = List.of(all);
    }

    /** UTF-8, the encoding of most of the web. */
    public static final Encoding UTF_8 = named("UTF-8");
    /** IBM866 (DOS Cyrillic). */
    public static final Encoding IBM866 = named("IBM866");
    /** ISO-8859-2 (Latin-2). */
    public static final Encoding ISO_8859_2 = named("ISO-8859-2");
    /** ISO-8859-3 (Latin-3). */
    public static final Encoding ISO_8859_3 = named("ISO-8859-3");
    /** ISO-8859-4 (Latin-4). */
    public static final Encoding ISO_8859_4 = named("ISO-8859-4");
    /** ISO-8859-5 (Cyrillic). */
    public static final Encoding ISO_8859_5 = named("ISO-8859-5");
    /** ISO-8859-6 (Arabic). */
    public static final Encoding ISO_8859_6 = named("ISO-8859-6");
    /** ISO-8859-7 (Greek). */
    public static final Encoding ISO_8859_7 = named("ISO-8859-7");
    /** ISO-8859-8 (Hebrew, visual order). */
    public static final Encoding ISO_8859_8 = named("ISO-8859-8");
    /** ISO-8859-8-I (Hebrew, logical order; same bytes as ISO-8859-8). */
    public static final Encoding ISO_8859_8_I = named("ISO-8859-8-I");
    /** ISO-8859-10 (Latin-6, Nordic). */
    public static final Encoding ISO_8859_10 = named("ISO-8859-10");
    /** ISO-8859-13 (Latin-7, Baltic). */
    public static final Encoding ISO_8859_13 = named("ISO-8859-13");
    /** ISO-8859-14 (Latin-8, Celtic). */
    public static final Encoding ISO_8859_14 = named("ISO-8859-14");
    /** ISO-8859-15 (Latin-9). */
    public static final Encoding ISO_8859_15 = named("ISO-8859-15");
    /** ISO-8859-16 (Latin-10). */
    public static final Encoding ISO_8859_16 = named("ISO-8859-16");
    /** KOI8-R (Russian). */
    public static final Encoding KOI8_R = named("KOI8-R");
    /** KOI8-U (Ukrainian). */
    public static final Encoding KOI8_U = named("KOI8-U");
    /** macintosh (Mac OS Roman). */
    public static final Encoding MACINTOSH = named("macintosh");
    /** windows-874 (Thai; also what TIS-620 and ISO-8859-11 labels mean). */
    public static final Encoding WINDOWS_874 = named("windows-874");
    /** windows-1250 (Central European). */
    public static final Encoding WINDOWS_1250 = named("windows-1250");
    /** windows-1251 (Cyrillic). */
    public static final Encoding WINDOWS_1251 = named("windows-1251");
    /** windows-1252 (Western; also what the ISO-8859-1, Latin-1 and ASCII labels mean). */
    public static final Encoding WINDOWS_1252 = named("windows-1252");
    /** windows-1253 (Greek). */
    public static final Encoding WINDOWS_1253 = named("windows-1253");
    /** windows-1254 (Turkish; also what the ISO-8859-9 labels mean). */
    public static final Encoding WINDOWS_1254 = named("windows-1254");
    /** windows-1255 (Hebrew). */
    public static final Encoding WINDOWS_1255 = named("windows-1255");
    /** windows-1256 (Arabic). */
    public static final Encoding WINDOWS_1256 = named("windows-1256");
    /** windows-1257 (Baltic). */
    public static final Encoding WINDOWS_1257 = named("windows-1257");
    /** windows-1258 (Vietnamese). */
    public static final Encoding WINDOWS_1258 = named("windows-1258");
    /** x-mac-cyrillic. */
    public static final Encoding X_MAC_CYRILLIC = named("x-mac-cyrillic");
    /** GBK (the gb2312 and gbk labels; decodes exactly as gb18030). */
    public static final Encoding GBK = named("GBK");
    /** gb18030. */
    public static final Encoding GB18030 = named("gb18030");
    /** Big5 (with the HKSCS extensions). */
    public static final Encoding BIG5 = named("Big5");
    /** EUC-JP. */
    public static final Encoding EUC_JP = named("EUC-JP");
    /** ISO-2022-JP. */
    public static final Encoding ISO_2022_JP = named("ISO-2022-JP");
    /** Shift_JIS (the Windows variant, windows-31j). */
    public static final Encoding SHIFT_JIS = named("Shift_JIS");
    /** EUC-KR (the Windows variant, windows-949 / Unified Hangul Code). */
    public static final Encoding EUC_KR = named("EUC-KR");
    /**
     * replacement: what the iso-2022-kr, iso-2022-cn and hz-gb-2312 labels mean. Decodes any
     * non-empty input to a single U+FFFD, so those encodings cannot smuggle text past a filter.
     */
    public static final Encoding REPLACEMENT = named("replacement");
    /** UTF-16BE. */
    public static final Encoding UTF_16BE = named("UTF-16BE");
    /** UTF-16LE (also what the utf-16 and unicode labels mean). */
    public static final Encoding UTF_16LE = named("UTF-16LE");
    /** x-user-defined: bytes 0x80-0xFF decode to U+F780-U+F7FF. */
    public static final Encoding X_USER_DEFINED = named("x-user-defined");

    private final String name;
    private final List<String> labels;

    private Encoding(String name, List<String> labels) {
        this.name = name;
        this.labels = labels;
    }

    private static Encoding named(String name) {
        Encoding e = BY_LABEL.get(asciiLowercase(name));
        if (e == null || !e.name.equals(name)) throw new ExceptionInInitializerError("no encoding named " + name);
        return e;
    }

    /**
     * The Encoding Standard's "get an encoding": the encoding a label names, after removing leading
     * and trailing ASCII whitespace and matching ASCII case-insensitively (never locale-sensitively).
     *
     * @param label a label such as {@code "latin1"}, {@code " Shift_JIS "} or {@code "UTF-8"}
     * @return the encoding, or empty if the label is not one of the standard's 228 labels
     *     ({@code "utf-7"}, {@code "latin-1"}, {@code "utf_8"} are not)
     * @throws NullPointerException if {@code label} is null
     */
    public static Optional<Encoding> forLabel(String label) {
        if (label == null) throw new NullPointerException("label must not be null");
        int start = 0;
        int end = label.length();
        while (start < end && isAsciiWhitespace(label.charAt(start))) start++;
        while (end > start && isAsciiWhitespace(label.charAt(end - 1))) end--;
        // the longest label is 19 characters; anything longer cannot match (and is not lowercased)
        if (end - start > 32) return Optional.empty();
        return Optional.ofNullable(BY_LABEL.get(asciiLowercase(label.substring(start, end))));
    }

    /**
     * All 40 encodings, in the order the Encoding Standard lists them.
     *
     * @return an unmodifiable list, UTF-8 first
     */
    public static List<Encoding> all() {
        return ALL;
    }

    /**
     * The canonical name, as the Encoding Standard spells it and {@code document.characterSet} reports it.
     *
     * @return the name, e.g. {@code "UTF-8"}, {@code "windows-1252"}, {@code "Shift_JIS"}
     */
    public String name() {
        return name;
    }

    /**
     * Every label of this encoding, in lower case, as the Encoding Standard lists them;
     * {@link #forLabel(String)} maps each of them (in any ASCII case, with ASCII whitespace around)
     * back to this encoding.
     *
     * @return an unmodifiable list of at least one label
     */
    public List<String> labels() {
        return labels;
    }

    /**
     * A {@link Charset} that decodes as this encoding's WHATWG decoder does (malformed bytes become
     * U+FFFD as the standard says, whatever the {@code CodingErrorAction}) and encodes as its
     * encoder does. Its name is this encoding's {@link #name()}; it has no aliases.
     *
     * <p>It is the same object under any class loader, and it is never registered with {@code
     * java.nio}: {@code Charset.forName("Shift_JIS")} still gives the JDK's own charset, which
     * decodes differently (and {@link Charset#equals}, which compares names, says the two are
     * equal). Use this object, not its name. To reach these charsets by name from other code
     * ({@code "x-whatwg-Shift_JIS"}), add the {@code jsoup-charset-nio} artifact to the class path.
     * Replacement, which has no encoder in the standard, cannot encode.
     *
     * @return this encoding's charset, the same object on every call
     */
    public Charset charset() {
        return Decoders.charset(name);
    }

    /**
     * The Encoding Standard's "get an output encoding": UTF-8 for replacement, UTF-16BE and
     * UTF-16LE (which forms and URLs never use), this encoding otherwise.
     *
     * @return the encoding to write with when a page in this encoding is written out or submits a form
     */
    public Encoding outputEncoding() {
        return this == REPLACEMENT || this == UTF_16BE || this == UTF_16LE ? UTF_8 : this;
    }

    /**
     * Whether bytes 0x00-0x7F stand for ASCII characters in this encoding, so that markup can be
     * read without knowing the encoding. False for UTF-16BE, UTF-16LE, ISO-2022-JP and replacement.
     *
     * @return true if every byte 0x00-0x7F decodes to the same ASCII character in this encoding
     */
    public boolean isAsciiCompatible() {
        return this != UTF_16BE && this != UTF_16LE && this != ISO_2022_JP && this != REPLACEMENT;
    }


    /** The canonical name. */
    @Override
    public String toString() {
        return name;
    }

    static boolean isAsciiWhitespace(char c) {
        return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
    }

    static String asciiLowercase(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                char[] chars = s.toCharArray();
                for (int j = i; j < chars.length; j++) {
                    if (chars[j] >= 'A' && chars[j] <= 'Z') chars[j] += 'a' - 'A';
                }
                return new String(chars);
            }
        }
        return s;
    }
}
