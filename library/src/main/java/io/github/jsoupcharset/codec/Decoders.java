package io.github.jsoupcharset.codec;

import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;

/** Decoders and charsets by WHATWG encoding name. Internal: no compatibility contract. */
public final class Decoders {
    private Decoders() {}

    /**
     * A new decoder for the encoding with this canonical WHATWG name.
     *
     * @param encodingName a canonical name exactly as in encodings.json, e.g. {@code "windows-1252"}
     * @throws IllegalArgumentException if no encoding has that canonical name
     */
    public static Decoder newDecoder(String encodingName) {
        WhatwgCharset cs = Charsets.ALL.get(encodingName);
        if (cs == null) throw unknown(encodingName);
        return cs.newWhatwgDecoder();
    }

    /**
     * Decodes a whole stream with a new decoder for the encoding with this canonical WHATWG name.
     *
     * @throws IllegalArgumentException if no encoding has that canonical name
     */
    public static String decodeToString(String encodingName, byte[] src, int off, int len) {
        return newDecoder(encodingName).decodeAll(src, off, len);
    }

    /**
     * The charset for the encoding with this canonical WHATWG name: the shared {@link WhatwgCharset},
     * named {@code name}.
     *
     * @throws IllegalArgumentException if no encoding has that canonical name
     */
    public static Charset charset(String encodingName) {
        WhatwgCharset cs = Charsets.ALL.get(encodingName);
        if (cs == null) throw unknown(encodingName);
        return cs;
    }

    /**
     * The charset for the encoding with this canonical WHATWG name whose encoder writes only bytes
     * that decode back to what was encoded: {@link #charset}, except that the encoder refuses the
     * few code points the standard's encoder maps to bytes that decode to another code point
     * (measured over every code point by {@code DocumentCharsetTest}): U+00A5, U+203E and U+2212 in
     * Shift_JIS and EUC-JP (0x5C, 0x7E and U+FF0D's bytes); U+2212 and the halfwidth katakana
     * U+FF61-U+FF9F in ISO-2022-JP (written as their fullwidth forms); the 18 private-use code
     * points gb18030 and GBK write as the bytes of the characters GB18030-2022 moved them to.
     *
     * @throws IllegalArgumentException if no encoding has that canonical name
     */
    public static Charset losslessCharset(String encodingName) {
        WhatwgCharset cs = Charsets.LOSSLESS.get(encodingName);
        if (cs == null) throw unknown(encodingName);
        return cs;
    }

    private static IllegalArgumentException unknown(String encodingName) {
        return new IllegalArgumentException("no WHATWG encoding is named \"" + encodingName + "\"");
    }

    /** Holder: the charsets are built once, on first use, by the class initialiser (thread-safe). */
    private static final class Charsets {
        static final Map<String, WhatwgCharset> ALL = build();
        static final Map<String, WhatwgCharset> LOSSLESS = lossless(ALL);

        private static Map<String, WhatwgCharset> lossless(Map<String, WhatwgCharset> all) {
            Map<String, WhatwgCharset> lossless = new HashMap<>(all);
            IntPredicate japanese = c -> c == 0xA5 || c == 0x203E || c == 0x2212;
            lossless.put("Shift_JIS", all.get("Shift_JIS").refusing(japanese));
            lossless.put("EUC-JP", all.get("EUC-JP").refusing(japanese));
            lossless.put("ISO-2022-JP", all.get("ISO-2022-JP").refusing(c -> c == 0x2212 || c >= 0xFF61 && c <= 0xFF9F));
            IntPredicate moved = c -> c >= 0xE78D && c <= 0xE796 || c == 0xE81E || c == 0xE826 || c == 0xE82B
                    || c == 0xE82C || c == 0xE832 || c == 0xE843 || c == 0xE854 || c == 0xE864;
            lossless.put("gb18030", all.get("gb18030").refusing(moved));
            lossless.put("GBK", all.get("GBK").refusing(moved));
            return Map.copyOf(lossless);
        }

        private static Map<String, WhatwgCharset> build() {
            Map<String, WhatwgCharset> all = new HashMap<>();
            put(all, new WhatwgCharset("UTF-8", WhatwgCharset.Family.UNICODE, Utf8Decoder::new,
                    Utf8Encoder::new, 1f, null));
            put(all, new WhatwgCharset("UTF-16BE", WhatwgCharset.Family.UNICODE, () -> new Utf16Decoder(true),
                    cs -> new Utf16Encoder(cs, true), 0.5f, null));
            put(all, new WhatwgCharset("UTF-16LE", WhatwgCharset.Family.UNICODE, () -> new Utf16Decoder(false),
                    cs -> new Utf16Encoder(cs, false), 0.5f, null));
            put(all, new WhatwgCharset("x-user-defined", WhatwgCharset.Family.X_USER_DEFINED,
                    XUserDefinedDecoder::new, XUserDefinedEncoder::new, 1f, null));
            put(all, new WhatwgCharset("replacement", WhatwgCharset.Family.REPLACEMENT,
                    ReplacementDecoder::new, null, 1f, null));
            // the CJK indexes are loaded when a decoder or encoder is first created, not here
            multiByte(all, "Big5", Big5Decoder::new, Big5Encoder::new, 1f);
            multiByte(all, "EUC-JP", EucJpDecoder::new, EucJpEncoder::new, 1f);
            multiByte(all, "ISO-2022-JP", Iso2022JpDecoder::new, Iso2022JpEncoder::new, 1f);
            multiByte(all, "Shift_JIS", ShiftJisDecoder::new, ShiftJisEncoder::new, 1f);
            multiByte(all, "EUC-KR", EucKrDecoder::new, EucKrEncoder::new, 1f);
            multiByte(all, "gb18030", Gb18030Decoder::new, cs -> new Gb18030Encoder(cs, false), 1f);
            // GBK's decoder is gb18030's decoder; its encoder is gb18030's with is GBK set
            multiByte(all, "GBK", Gb18030Decoder::new, cs -> new Gb18030Encoder(cs, true), 1f);
            Map<String, char[]> indexes = new HashMap<>();
            for (String[] row : SingleByteIndexes.TABLE) {
                String name = row[0];
                // one index (and one reverse index) per distinct table: ISO-8859-8-I shares ISO-8859-8's
                char[] index = indexes.computeIfAbsent(row[1], String::toCharArray);
                // built on the charset's first use, not here: a page in one encoding does not load the
                // others' tables, nor the JDK charsets their twins are checked against
                OnFirstUse<char[]> table = new OnFirstUse<>(() -> SingleByteDecoder.byteTable(index)); // shared by its decoders
                OnFirstUse<byte[][]> pages = new OnFirstUse<>(() -> reverse(index));
                OnFirstUse<java.util.Optional<java.nio.charset.Charset>> twin = new OnFirstUse<>(
                        () -> java.util.Optional.ofNullable(SingleByteDecoder.jdkTwin(jdkName(name), index)));
                put(all, new WhatwgCharset(name, WhatwgCharset.Family.SINGLE_BYTE,
                        () -> new SingleByteDecoder(table.get(), twin.get().orElse(null)),
                        cs -> new SingleByteCharsetDecoder(cs, table.get()),
                        cs -> new SingleByteEncoder(cs, pages.get()), 1f, index));
            }
            return Map.copyOf(all);
        }

        private static void multiByte(Map<String, WhatwgCharset> all, String name,
                java.util.function.Supplier<Decoder> decoders,
                java.util.function.Function<WhatwgCharset, CharsetEncoder> encoders, float averageCharsPerByte) {
            put(all, new WhatwgCharset(name, WhatwgCharset.Family.MULTI_BYTE, decoders, encoders, averageCharsPerByte, null));
        }

        private static void put(Map<String, WhatwgCharset> all, WhatwgCharset cs) {
            all.put(cs.encodingName(), cs);
        }

        /** The name of the JDK charset nearest a single-byte encoding (checked byte by byte before use). */
        private static String jdkName(String name) {
            switch (name) {
                case "macintosh": return "x-MacRoman";
                case "windows-874": return "x-windows-874";
                case "ISO-8859-8-I": return "ISO-8859-8";
                default: return name;
            }
        }

        /** Code point → byte, in pages of 256 (only pages with a mapping exist); 0 = no pointer. */
        private static byte[][] reverse(char[] index) {
            byte[][] pages = new byte[256][];
            for (int pointer = 0; pointer < index.length; pointer++) {
                char c = index[pointer];
                if (c == '\uFFFD') continue;
                byte[] page = pages[c >>> 8];
                if (page == null) page = pages[c >>> 8] = new byte[256];
                // the index pointer is the first pointer for the code point
                if (page[c & 0xFF] == 0) page[c & 0xFF] = (byte) (pointer + 0x80);
            }
            return pages;
        }
    }
}
