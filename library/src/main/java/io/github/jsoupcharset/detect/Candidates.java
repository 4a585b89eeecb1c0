package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;

import java.util.List;

/**
 * Which encodings detection tries: every WHATWG encoding a page without a declaration can be in
 * (all single-byte encodings but ISO-8859-8-I, and Shift_JIS, EUC-JP, EUC-KR, GBK, Big5), each
 * with the languages written in it (whose exemplar characters {@link Exemplars} loads) and a
 * small prior by prevalence that breaks ties. Internal; immutable.
 */
final class Candidates {
    private Candidates() {}

    /** A candidate encoding with the languages written in it and a small prior for ties. */
    record Candidate(Encoding encoding, String[] languages, double prior) {
        /** Bytes per non-ASCII character, so that evidence counts per byte whatever the encoding. */
        int weight() {
            return encoding == Encoding.GBK || encoding == Encoding.SHIFT_JIS || encoding == Encoding.EUC_KR
                    || encoding == Encoding.BIG5 || encoding == Encoding.EUC_JP ? 2 : 1;
        }
    }

    private static final String[] WESTERN = {"fr", "de", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "is",
        "ca", "ga", "et", "eu", "gl", "af", "lb", "fo", "sq", "br"};
    private static final String[] CENTRAL = {"cs", "sk", "pl", "hu", "sl", "hr", "ro", "bs", "sq", "de"};
    private static final String[] CYRILLIC = {"ru", "uk", "be", "bg", "sr", "mk"};
    private static final String[] BALTIC = {"lt", "lv", "et", "pl", "sl", "de", "fi", "sv", "da", "nb"};

    /** The candidates statistical detection chooses between, most common first. */
    static final List<Candidate> ALL = List.of(
            new Candidate(Encoding.WINDOWS_1252, WESTERN, 2.0),
            new Candidate(Encoding.WINDOWS_1251, CYRILLIC, 1.8),
            new Candidate(Encoding.GBK, new String[] {"zh"}, 1.6),
            new Candidate(Encoding.SHIFT_JIS, new String[] {"ja"}, 1.6),
            new Candidate(Encoding.EUC_KR, new String[] {"ko"}, 1.4),
            new Candidate(Encoding.BIG5, new String[] {"zh_Hant"}, 1.4),
            new Candidate(Encoding.WINDOWS_1250, CENTRAL, 1.3),
            new Candidate(Encoding.EUC_JP, new String[] {"ja"}, 1.2),
            new Candidate(Encoding.WINDOWS_1256, new String[] {"ar", "fa", "ur"}, 1.2),
            new Candidate(Encoding.WINDOWS_1254, new String[] {"tr", "az"}, 1.2),
            new Candidate(Encoding.WINDOWS_1255, new String[] {"he", "yi"}, 1.2),
            new Candidate(Encoding.WINDOWS_874, new String[] {"th"}, 1.2),
            new Candidate(Encoding.ISO_8859_2, CENTRAL, 1.0),
            new Candidate(Encoding.WINDOWS_1253, new String[] {"el"}, 1.0),
            new Candidate(Encoding.ISO_8859_7, new String[] {"el"}, 0.9),
            new Candidate(Encoding.KOI8_R, CYRILLIC, 0.9),
            new Candidate(Encoding.WINDOWS_1257, BALTIC, 0.9),
            new Candidate(Encoding.WINDOWS_1258, new String[] {"vi"}, 0.9),
            new Candidate(Encoding.ISO_8859_15, WESTERN, 0.6),
            new Candidate(Encoding.KOI8_U, CYRILLIC, 0.6),
            new Candidate(Encoding.IBM866, CYRILLIC, 0.5),
            new Candidate(Encoding.ISO_8859_5, CYRILLIC, 0.4),
            new Candidate(Encoding.ISO_8859_13, BALTIC, 0.4),
            new Candidate(Encoding.ISO_8859_8, new String[] {"he", "yi"}, 0.4),
            new Candidate(Encoding.ISO_8859_6, new String[] {"ar", "fa"}, 0.4),
            new Candidate(Encoding.X_MAC_CYRILLIC, CYRILLIC, 0.3),
            new Candidate(Encoding.MACINTOSH, WESTERN, 0.3),
            new Candidate(Encoding.ISO_8859_4, BALTIC, 0.2),
            new Candidate(Encoding.ISO_8859_16, new String[] {"ro", "pl", "hu", "sl", "hr", "sq", "it", "fr", "de"}, 0.2),
            new Candidate(Encoding.ISO_8859_10, new String[] {"is", "fo", "da", "sv", "nb", "fi", "se", "et", "lt", "lv"}, 0.1),
            new Candidate(Encoding.ISO_8859_14, new String[] {"cy", "ga", "gd", "br"}, 0.1),
            new Candidate(Encoding.ISO_8859_3, new String[] {"mt", "eo", "tr"}, 0.1));

    /** The candidate for {@code e}. */
    static Candidate of(Encoding e) {
        for (Candidate c : ALL) {
            if (c.encoding() == e) return c;
        }
        throw new IllegalArgumentException(e.name());
    }
}
