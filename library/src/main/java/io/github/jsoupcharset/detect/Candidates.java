package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;

import java.util.List;

/**
 * Which encodings detection tries: every WHATWG encoding a page without a declaration can be in
 * (all single-byte encodings but ISO-8859-8-I, and Shift_JIS, EUC-JP, EUC-KR, GBK, Big5), each
 * with the languages written in it (whose exemplar characters {@link Exemplars} loads) and its
 * prior: how often the web uses it. Internal; immutable.
 */
final class Candidates {
    private Candidates() {}

    /**
     * A candidate encoding with the languages written in it and how often the web uses it.
     *
     * @param webShare the share of web pages in this encoding, in percent ({@link #ALL} says where
     *     each figure comes from)
     * @param prior the prior, in the score's units: the natural logarithm of {@code webShare} (a
     *     page in an encoding a thousand times rarer needs about 7 more points of evidence at
     *     weight 1), worked out once, as every score reads it
     */
    record Candidate(Encoding encoding, String[] languages, double webShare, double prior) {
        Candidate(Encoding encoding, String[] languages, double webShare) {
            this(encoding, languages, webShare, Math.log(webShare));
        }

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

    /**
     * The share of pages (percent) of an encoding Common Crawl's statistics do not list: one page in
     * a million, below every encoding they list for CC-MAIN-2024-42 but windows-1258 and ISO-8859-6.
     */
    static final double UNLISTED = 0.0001;

    /**
     * The candidates statistical detection chooses between, most common on the web first, each with
     * its share of the pages of Common Crawl's crawl CC-MAIN-2024-42 (repository
     * commoncrawl/cc-crawl-statistics, file {@code plots/charsets.csv}, column {@code %pages/crawl};
     * the charset of a page as the crawl's detector found it). Labels the Encoding Standard maps to
     * one encoding are summed: windows-1252 = ISO-8859-1 2.6607 + windows-1252 0.1798 (US-ASCII
     * left out: it decodes alike in every candidate); GBK = GB2312 0.2367 + GBK 0.1094 + GB18030
     * 0.0142; Shift_JIS = Shift_JIS 0.1888 + windows-31j 0.0006; windows-1254 = windows-1254 0.0121 +
     * ISO-8859-9 0.0244; windows-874 = x-windows-874 0.0075 + TIS-620 0.0062; Big5 with Big5-HKSCS.
     * A share the file rounds to 0.0000 is its pages over the crawl's (windows-1258: 345 pages,
     * ISO-8859-6: 911, of 2,495 million). macintosh, x-mac-cyrillic, ISO-8859-10 and ISO-8859-14
     * are not listed in that crawl ({@link #UNLISTED}; x-MacCyrillic was last listed in
     * CC-MAIN-2018-51 at 0.0058%).
     */
    static final List<Candidate> ALL = List.of(
            new Candidate(Encoding.WINDOWS_1252, WESTERN, 2.8405),
            new Candidate(Encoding.WINDOWS_1251, CYRILLIC, 0.5192),
            new Candidate(Encoding.GBK, new String[] {"zh"}, 0.3603),
            new Candidate(Encoding.SHIFT_JIS, new String[] {"ja"}, 0.1894),
            new Candidate(Encoding.EUC_JP, new String[] {"ja"}, 0.1204),
            new Candidate(Encoding.ISO_8859_2, CENTRAL, 0.1148),
            new Candidate(Encoding.EUC_KR, new String[] {"ko"}, 0.0906),
            new Candidate(Encoding.BIG5, new String[] {"zh_Hant"}, 0.0862),
            new Candidate(Encoding.WINDOWS_1250, CENTRAL, 0.0785),
            new Candidate(Encoding.ISO_8859_15, WESTERN, 0.0516),
            new Candidate(Encoding.WINDOWS_1256, new String[] {"ar", "fa", "ur"}, 0.0403),
            new Candidate(Encoding.WINDOWS_1254, new String[] {"tr", "az"}, 0.0365),
            new Candidate(Encoding.WINDOWS_874, new String[] {"th"}, 0.0137),
            new Candidate(Encoding.KOI8_R, CYRILLIC, 0.0079),
            new Candidate(Encoding.WINDOWS_1257, BALTIC, 0.0075),
            new Candidate(Encoding.WINDOWS_1255, new String[] {"he", "yi"}, 0.0073),
            new Candidate(Encoding.ISO_8859_7, new String[] {"el"}, 0.0064),
            new Candidate(Encoding.WINDOWS_1253, new String[] {"el"}, 0.0029),
            new Candidate(Encoding.ISO_8859_5, CYRILLIC, 0.0017),
            new Candidate(Encoding.ISO_8859_3, new String[] {"mt", "eo", "tr"}, 0.0013),
            new Candidate(Encoding.ISO_8859_8, new String[] {"he", "yi"}, 0.0008),
            new Candidate(Encoding.ISO_8859_4, BALTIC, 0.0007),
            new Candidate(Encoding.IBM866, CYRILLIC, 0.0003),
            new Candidate(Encoding.ISO_8859_13, BALTIC, 0.0002),
            new Candidate(Encoding.KOI8_U, CYRILLIC, 0.0001),
            new Candidate(Encoding.ISO_8859_16, new String[] {"ro", "pl", "hu", "sl", "hr", "sq", "it", "fr", "de"}, 0.0001),
            new Candidate(Encoding.ISO_8859_6, new String[] {"ar", "fa"}, 0.0000365),
            new Candidate(Encoding.WINDOWS_1258, new String[] {"vi"}, 0.0000138),
            new Candidate(Encoding.X_MAC_CYRILLIC, CYRILLIC, UNLISTED),
            new Candidate(Encoding.MACINTOSH, WESTERN, UNLISTED),
            new Candidate(Encoding.ISO_8859_10, new String[] {"is", "fo", "da", "sv", "nb", "fi", "se", "et", "lt", "lv"}, UNLISTED),
            new Candidate(Encoding.ISO_8859_14, new String[] {"cy", "ga", "gd", "br"}, UNLISTED));

    /** The candidate for {@code e}. */
    static Candidate of(Encoding e) {
        for (Candidate c : ALL) {
            if (c.encoding() == e) return c;
        }
        throw new IllegalArgumentException(e.name());
    }
}
