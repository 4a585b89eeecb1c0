package io.github.jsoupcharset.compare;

import com.ibm.icu.text.Normalizer2;

import java.util.Objects;

/**
 * A key for matching and deduplicating decoded text: two texts that differ only in how they were
 * encoded, decoded or typed get the same key. Normalise after decoding, before comparing; never
 * show or store the key in place of the text.
 *
 * <p>The key is the text under Unicode's NFKC_Casefold ({@code Normalizer2.getNFKCCasefoldInstance()}
 * of ICU4J): compatibility forms fold to their plain form (fullwidth {@code １ ０００～２ ０００}
 * to {@code 1 000~2 000}, the ideographic space U+3000 to U+0020, {@code ￠ ￡ ￢ ￤ ￥} to
 * {@code ¢ £ ¬ ¦ ¥}, halfwidth katakana to katakana, ligatures and circled or superscript digits to
 * their letters and digits), case folds ({@code ß}, {@code ẞ} and {@code SS} to {@code ss};
 * {@code Σ}, {@code σ} and {@code ς} to {@code σ}), and default-ignorable code points (soft hyphen,
 * zero-width space and joiners, variation selectors) are removed.
 *
 * <p>NFKC leaves apart some characters that one and the same bytes decode to under different
 * mappings: the Encoding Standard's (browsers'), the JDK's charsets of the same name, and the JIS
 * X 0201 Roman set. The key folds each of these together, before and after NFKC_Casefold:
 *
 * <table>
 * <caption>The look-alikes folded beyond NFKC (pointers are the WHATWG indexes')</caption>
 * <tr><th>folded</th><th>to</th><th>why: the same bytes, two readings</th></tr>
 * <tr><td>U+301C 〜 WAVE DASH</td><td>U+007E ~</td><td>Shift_JIS 0x81 0x60, EUC-JP 0xA1 0xC1
 *     (jis0208 pointer 32): U+FF5E ～ in the Encoding Standard and the JDK's windows-31j, U+301C in
 *     the JDK's Shift_JIS and EUC-JP (JIS X 0208's own mapping); NFKC takes U+FF5E to ~</td></tr>
 * <tr><td>U+223C ∼ TILDE OPERATOR</td><td>U+007E ~</td><td>Big5 0xA1 0xE3 (big5 pointer 5153): U+FF5E ～
 *     in the Encoding Standard, U+223C in the JDK's Big5 and Big5-HKSCS</td></tr>
 * <tr><td>U+2212 − MINUS SIGN</td><td>U+002D -</td><td>Shift_JIS 0x81 0x7C, EUC-JP 0xA1 0xDD
 *     (jis0208 pointer 60): U+FF0D － in the Encoding Standard, U+2212 in the JDK's Shift_JIS and
 *     EUC-JP; the Encoding Standard's Shift_JIS, EUC-JP and ISO-2022-JP encoders write U+2212 as
 *     U+FF0D's bytes; NFKC takes U+FF0D to -</td></tr>
 * <tr><td>U+2016 ‖ DOUBLE VERTICAL LINE</td><td>U+2225 ∥ PARALLEL TO</td><td>Shift_JIS 0x81 0x61,
 *     EUC-JP 0xA1 0xC2 (jis0208 pointer 33): U+2225 in the Encoding Standard, U+2016 in the JDK's
 *     Shift_JIS and EUC-JP (gb18030 has both, pointers 6187 and 6221: the key does not tell them
 *     apart in Chinese text either)</td></tr>
 * <tr><td>U+2015 ― HORIZONTAL BAR</td><td>U+2014 — EM DASH</td><td>Shift_JIS 0x81 0x5C, EUC-JP 0xA1
 *     0xBD (jis0208 pointer 28): U+2015 in the Encoding Standard, U+2014 in the JDK's Shift_JIS and
 *     EUC-JP; GB2312 0xA1 0xAA (gb18030 pointer 6185): U+2014 in the Encoding Standard, U+2015 in
 *     the JDK's GB2312</td></tr>
 * <tr><td>U+00A5 ¥ YEN SIGN</td><td>U+005C \</td><td>byte 0x5C: U+005C in the Encoding Standard's
 *     Shift_JIS and EUC-JP and in ISO-2022-JP's ASCII state, U+00A5 in its Roman state (ESC ( J,
 *     JIS X 0201), in the JDK too; the Shift_JIS and EUC-JP encoders write U+00A5 as 0x5C, and
 *     Japanese fonts draw 0x5C as ¥. NFKC takes U+FFE5 ￥ to U+00A5, so {@code ￥100}, {@code ¥100}
 *     and {@code \100} share a key</td></tr>
 * <tr><td>U+203E ‾ OVERLINE</td><td>U+007E ~</td><td>byte 0x7E: ~ in ISO-2022-JP's ASCII state,
 *     U+203E in its Roman state (the Encoding Standard and the JDK); the Shift_JIS and EUC-JP
 *     encoders write U+203E as 0x7E (NFKC alone gives U+0020 U+0305)</td></tr>
 * <tr><td>U+30FB ・ KATAKANA MIDDLE DOT</td><td>U+00B7 · MIDDLE DOT</td><td>GB2312 0xA1 0xA4
 *     (gb18030 pointer 6179): U+00B7 in the Encoding Standard, U+30FB in the JDK's GB2312; NFKC
 *     takes U+FF65 ･ to U+30FB</td></tr>
 * <tr><td>U+2027 ‧ HYPHENATION POINT</td><td>U+2022 • BULLET</td><td>Big5 0xA1 0x45 (big5 pointer
 *     5029): U+2027 in the Encoding Standard, U+2022 in the JDK's Big5 and Big5-HKSCS</td></tr>
 * <tr><td>U+2215 ∕ DIVISION SLASH</td><td>U+002F /</td><td>Big5 0xA2 0x41: U+2215 in the Encoding
 *     Standard, U+FF0F ／ in the JDK's Big5 and Big5-HKSCS</td></tr>
 * <tr><td>U+2571 ╱ BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT</td><td>U+002F /</td>
 *     <td>Big5 0xA1 0xFE: U+FF0F ／ in the Encoding Standard, U+2571 in the JDK's Big5 and
 *     Big5-HKSCS</td></tr>
 * <tr><td>U+2572 ╲ BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT</td><td>U+005C \</td>
 *     <td>Big5 0xA2 0x40: U+FF3C ＼ in the Encoding Standard, U+2572 in the JDK's Big5 and
 *     Big5-HKSCS</td></tr>
 * <tr><td>U+2574 ╴ BOX DRAWINGS LIGHT LEFT</td><td>U+005F _</td><td>Big5 0xA1 0x5A: U+2574 in the
 *     Encoding Standard, U+FF3F ＿ in the JDK's Big5 and Big5-HKSCS</td></tr>
 * <tr><td>U+2641 ♁ EARTH</td><td>U+2295 ⊕ CIRCLED PLUS</td><td>Big5 0xA1 0xF2 and GBK 0xA8 0x92:
 *     U+2295 in the Encoding Standard, U+2641 in the JDK's Big5, Big5-HKSCS and GBK</td></tr>
 * <tr><td>U+2609 ☉ SUN</td><td>U+2299 ⊙ CIRCLED DOT OPERATOR</td><td>Big5 0xA1 0xF3: U+2299 in the
 *     Encoding Standard, U+2609 in the JDK's Big5 and Big5-HKSCS</td></tr>
 * </table>
 *
 * <p>NFKC_Casefold alone already joins the other pairs of this kind: U+FFE0 ￠ and U+00A2 ¢
 * (Shift_JIS 0x81 0x91), U+FFE1 ￡ and U+00A3 £ (0x81 0x92), U+FFE2 ￢ and U+00AC ¬ (0x81 0xCA),
 * U+FFE4 ￤ and U+00A6 ¦, U+FFE3 ￣ and U+00AF ¯ (both U+0020 U+0304), Big5's U+FE51 ﹑ and U+FF64 ､,
 * U+FE68 ﹨ and U+FF3C ＼. Left out: Big5 0xA1 0xC2, U+00AF ¯ in the Encoding Standard and U+203E
 * in the JDK's Big5 (U+203E already folds to ~, and folding it to ¯ as well would join tilde and
 * macron), and the JDK's Big5 rows 0xC6A1 to 0xC7FC, which hold other characters altogether (kana,
 * Cyrillic) rather than look-alikes.
 *
 * <p>The key is idempotent ({@code of(of(s)).equals(of(s))}), is itself in NFKC_Casefold, and is
 * the text unchanged when the text is already in that form and uses none of the folded characters
 * (plain lower-case ASCII, for one). It may be shorter or longer than the text. Stateless and safe
 * to use from any thread.
 */
public final class ComparisonKey {
    private static final Normalizer2 NFKC_CASEFOLD = Normalizer2.getNFKCCasefoldInstance();

    private ComparisonKey() {}

    /**
     * The comparison key of a text: NFKC_Casefold, with the look-alikes of the table above folded
     * together.
     *
     * @param text decoded text
     * @return the key; equal keys mean the texts match
     * @throws NullPointerException if {@code text} is null
     */
    public static String of(String text) {
        Objects.requireNonNull(text, "text must not be null");
        // before NFKC: U+203E would otherwise decompose to U+0020 U+0305; after: NFKC makes U+FFE5
        // into U+00A5, U+FF65 into U+30FB, U+207B into U+2212 and U+33A7 into m U+2215 s. What the
        // second fold writes (\, ·, -, /) composes with nothing, so the key stays in NFKC_Casefold
        return fold(NFKC_CASEFOLD.normalize(fold(text)));
    }

    /** The table's folds, one UTF-16 unit for another (every character involved is in the BMP). */
    private static String fold(String s) {
        char[] out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char f = fold(c);
            if (f != c) {
                if (out == null) out = s.toCharArray();
                out[i] = f;
            }
        }
        return out == null ? s : new String(out);
    }

    private static char fold(char c) {
        switch (c) {
            case '\u301C': // WAVE DASH (Shift_JIS 0x81 0x60 as JIS X 0208 reads it)
            case '\u223C': // TILDE OPERATOR (Big5 0xA1 0xE3 in the JDK)
            case '\u203E': // OVERLINE (0x7E in JIS X 0201 Roman)
                return '~';
            case '\u2212': // MINUS SIGN (Shift_JIS 0x81 0x7C as JIS X 0208 reads it)
                return '-';
            case '\u2016': // DOUBLE VERTICAL LINE (Shift_JIS 0x81 0x61 as JIS X 0208 reads it)
                return '\u2225';
            case '\u2015': // HORIZONTAL BAR (Shift_JIS 0x81 0x5C; GB2312 0xA1 0xAA in the JDK)
                return '\u2014';
            case '\u00A5': // YEN SIGN (0x5C in JIS X 0201 Roman)
                return '\\';
            case '\u30FB': // KATAKANA MIDDLE DOT (GB2312 0xA1 0xA4 in the JDK)
                return '\u00B7';
            case '\u2027': // HYPHENATION POINT (Big5 0xA1 0x45; the JDK reads U+2022)
                return '\u2022';
            case '\u2215': // DIVISION SLASH (Big5 0xA2 0x41; the JDK reads U+FF0F)
            case '\u2571': // BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT (Big5 0xA1 0xFE in the JDK)
                return '/';
            case '\u2572': // BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT (Big5 0xA2 0x40 in the JDK)
                return '\\';
            case '\u2574': // BOX DRAWINGS LIGHT LEFT (Big5 0xA1 0x5A; the JDK reads U+FF3F)
                return '_';
            case '\u2641': // EARTH (Big5 0xA1 0xF2, GBK 0xA8 0x92 in the JDK)
                return '\u2295';
            case '\u2609': // SUN (Big5 0xA1 0xF3 in the JDK)
                return '\u2299';
            default:
                return c;
        }
    }
}
