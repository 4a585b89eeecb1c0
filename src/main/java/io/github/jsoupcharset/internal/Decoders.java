package io.github.jsoupcharset.internal;

import java.nio.charset.Charset;
import java.util.HashMap;
import java.util.Map;

/** Decoders and charsets by WHATWG encoding name. Internal: no compatibility contract. */
public final class Decoders {
    private Decoders() {}

    /**
     * The JDK charsets standing in for the CJK encodings until exact decoders replace them (see
     * {@link JdkStandInDecoder} for how they differ from the standard).
     */
    private static final Map<String, String> JDK_STAND_INS = Map.of(
            "Shift_JIS", "windows-31j",
            "EUC-KR", "x-windows-949",
            "GBK", "GB18030",
            "gb18030", "GB18030",
            "Big5", "Big5-HKSCS",
            "EUC-JP", "EUC-JP",
            "ISO-2022-JP", "ISO-2022-JP");

    /**
     * A new decoder for the encoding with this canonical WHATWG name.
     *
     * @param encodingName a canonical name exactly as in encodings.json, e.g. {@code "windows-1252"}
     * @throws IllegalArgumentException if no encoding has that canonical name
     */
    public static Decoder newDecoder(String encodingName) {
        String standIn = JDK_STAND_INS.get(encodingName);
        if (standIn != null) return new JdkStandInDecoder(Charset.forName(standIn));
        WhatwgCharset cs = Charsets.ALL.get(encodingName);
        if (cs == null) throw unknown(encodingName);
        return cs.newWhatwgDecoder();
    }

    /**
     * The charset for the encoding with this canonical WHATWG name: the shared
     * {@code x-whatwg-<name>} {@link WhatwgCharset} for encodings we decode ourselves, the JDK
     * charset itself for the temporary CJK stand-ins.
     *
     * @throws IllegalArgumentException if no encoding has that canonical name
     */
    public static Charset charset(String encodingName) {
        String standIn = JDK_STAND_INS.get(encodingName);
        if (standIn != null) return Charset.forName(standIn);
        WhatwgCharset cs = Charsets.ALL.get(encodingName);
        if (cs == null) throw unknown(encodingName);
        return cs;
    }

    private static IllegalArgumentException unknown(String encodingName) {
        return new IllegalArgumentException("no WHATWG encoding is named \"" + encodingName + "\"");
    }

    /** Holder: the charsets are built once, on first use, by the class initialiser (thread-safe). */
    private static final class Charsets {
        static final Map<String, WhatwgCharset> ALL = build();

        private static Map<String, WhatwgCharset> build() {
            Map<String, WhatwgCharset> all = new HashMap<>();
            put(all, new WhatwgCharset("UTF-8", WhatwgCharset.Family.UNICODE, Utf8Decoder::new,
                    WhatwgEncoder.Utf8::new, 1f, null));
            put(all, new WhatwgCharset("UTF-16BE", WhatwgCharset.Family.UNICODE, () -> new Utf16Decoder(true),
                    cs -> new WhatwgEncoder.Utf16(cs, true), 0.5f, null));
            put(all, new WhatwgCharset("UTF-16LE", WhatwgCharset.Family.UNICODE, () -> new Utf16Decoder(false),
                    cs -> new WhatwgEncoder.Utf16(cs, false), 0.5f, null));
            put(all, new WhatwgCharset("x-user-defined", WhatwgCharset.Family.X_USER_DEFINED,
                    XUserDefinedDecoder::new, WhatwgEncoder.XUserDefined::new, 1f, null));
            put(all, new WhatwgCharset("replacement", WhatwgCharset.Family.REPLACEMENT,
                    ReplacementDecoder::new, null, 1f, null));
            Map<String, char[]> indexes = new HashMap<>();
            for (String[] row : SingleByteIndexes.TABLE) {
                String name = row[0];
                // one index (and one reverse index) per distinct table: ISO-8859-8-I shares ISO-8859-8's
                char[] index = indexes.computeIfAbsent(row[1], String::toCharArray);
                byte[][] pages = reverse(index);
                put(all, new WhatwgCharset(name, WhatwgCharset.Family.SINGLE_BYTE,
                        () -> new SingleByteDecoder(index), cs -> new WhatwgEncoder.SingleByte(cs, pages), 1f, index));
            }
            return Map.copyOf(all);
        }

        private static void put(Map<String, WhatwgCharset> all, WhatwgCharset cs) {
            all.put(cs.encodingName(), cs);
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
