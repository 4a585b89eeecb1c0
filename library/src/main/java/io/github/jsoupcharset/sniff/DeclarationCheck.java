package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision.Misdeclaration;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.detect.Detector;
import io.github.jsoupcharset.detect.Utf8Scan;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the bytes plainly contradict the declaration that decides (the header's charset, a
 * {@code <meta>}, an XML declaration), for {@link SniffOptions.Declarations}. Browsers trust every
 * declaration; this only says when the evidence is overwhelming, so that a page whose declaration
 * is right is never touched:
 * <ul>
 *   <li>a single-byte legacy encoding declared, and the whole body valid UTF-8 with at least
 *       {@link #MIN_SEQUENCES} multi-byte sequences one of which sits in a word ("cafÃ©", glued to
 *       a letter, a digit or another sequence) or is a symbol standing free ("Copyright Â© 2008"),
 *       or fewer each inside a word ("SÃ£o", "donâ€™t") or a free symbol, or one whose declared
 *       reading has a control character: UTF-8 ({@link #plainlyUtf8}). Legacy text is almost never valid UTF-8 (an
 *       accented letter is followed by ASCII, not by a byte 0x80-0xBF), and each sequence makes it
 *       less likely still; but a correct legacy page can quote mojibake ("if you see Ã© …", a
 *       table of "Ã©" cells, "Mein Ã¼ber-Name"), and one or two sequences standing alone or at a
 *       word's edge are only a possible misdeclaration ({@link Misdeclaration#possible()}), never
 *       overridden. The scan stops at the first error, so on a real legacy page it usually ends
 *       at the first non-ASCII byte;</li>
 *   <li>UTF-8 declared, errors (one per U+FFFD the UTF-8 decoder would produce) making up at least
 *       two thirds of the non-ASCII sequences, and detection ({@link Detector}) choosing a legacy
 *       encoding that decodes the body with at most one error per {@link #CLEAN_RATIO} UTF-8
 *       errors: that encoding. Bytes broken in fewer than {@link #MIN_BROKEN_RUNS} places (runs of
 *       non-ASCII bytes) with at most twice {@link #MAX_ERRORS_OF_PLACE} errors could be a UTF-8
 *       page broken in two places; they are taken for legacy text only when they have no whole
 *       UTF-8 sequence and the legacy reading is a few letters
 *       ({@link Detector#readsAsLegacyLetters}: small letters inside words, "café" and not the
 *       "cafÃ" or "Ã©" a broken "é" leaves), each a byte of its own that a broken sequence seldom
 *       leaves for a single-byte encoding ({@link #loneLetterBytes}), or, read as windows-1252, the
 *       web's punctuation where the web writes it and a broken sequence does not leave it ("It’s",
 *       "© 2008": {@link #webPunctuationInPlace}). A UTF-8 page broken in two
 *       places, or mostly good UTF-8 with a stray legacy paragraph, stays UTF-8. The first
 *       {@link #PROBE} non-ASCII sequences are looked at first: the body is counted in full only
 *       when errors make up at least a third of them, so on a UTF-8 page the scan ends after a few
 *       dozen characters.</li>
 * </ul>
 * The cost on a page whose declaration is right is then a scan of its ASCII head, eight bytes at a
 * time (all of a page that is pure ASCII). Internal (public for the benchmarks).
 */
public final class DeclarationCheck {
    /**
     * Valid UTF-8 declared single-byte with at least this many multi-byte sequences is plainly UTF-8
     * when one of them sits in a word or is a free symbol; with fewer, when each sits inside a word
     * or is a free symbol ({@link #plainlyUtf8}); else only possibly misdeclared.
     */
    static final int MIN_SEQUENCES = 3;
    /**
     * Bytes declared UTF-8 with at least this many broken runs (maximal runs of non-ASCII bytes
     * that are not whole UTF-8 sequences) are more than the two places a UTF-8 page with two
     * broken sequences has, however they break it.
     */
    static final int MIN_BROKEN_RUNS = 3;
    /**
     * The most UTF-8 errors one broken place makes: a four-byte sequence split by a stray byte (the
     * lead, the byte, three continuations). Bytes with more errors than two such places, in one
     * run or two (Japanese, Thai: no ASCII between words), are not a UTF-8 page broken in two places.
     */
    static final int MAX_ERRORS_OF_PLACE = 5;
    /** The legacy decoding may have at most one error per this many UTF-8 errors. */
    static final int CLEAN_RATIO = 16;
    /** How many non-ASCII sequences of a page declared UTF-8 are looked at before counting them all. */
    static final int PROBE = 64;

    /** The multi-byte legacy encodings; a declaration of one of them is not checked for UTF-8. */
    private static final Set<Encoding> MULTI_BYTE = Set.of(Encoding.GBK, Encoding.GB18030, Encoding.BIG5,
            Encoding.EUC_JP, Encoding.SHIFT_JIS, Encoding.EUC_KR);

    private DeclarationCheck() {}

    /**
     * Checks {@code body[off, off+len)} against what {@code where} declared.
     *
     * @param declared what the declaration means for the document
     * @param where {@link DecisionSource#HTTP_HEADER}, {@link DecisionSource#META_PRESCAN},
     *     {@link DecisionSource#XML_DECLARATION} or {@link DecisionSource#LATE_META}
     * @param complete whether the bytes are the whole body (a UTF-8 sequence cut off at the end is
     *     then an error)
     * @return the misdeclaration, or empty when the bytes do not plainly contradict the declaration
     */
    public static Optional<Misdeclaration> check(byte[] body, int off, int len, Encoding declared, DecisionSource where,
            boolean complete) {
        if (declared == Encoding.UTF_8) return declaredUtf8(body, off, len, where, complete);
        if (singleByte(declared)) return declaredSingleByte(body, off, len, declared, where, complete);
        return Optional.empty();
    }

    private static boolean singleByte(Encoding e) {
        return e.isAsciiCompatible() && e != Encoding.UTF_8 && e != Encoding.X_USER_DEFINED && !MULTI_BYTE.contains(e);
    }

    private static Optional<Misdeclaration> declaredSingleByte(byte[] body, int off, int len, Encoding declared,
            DecisionSource where, boolean complete) {
        Utf8Scan count = Utf8Scan.of(body, off, len, complete, true, Integer.MAX_VALUE);
        if (count.errors() > 0 || count.sequences() == 0) return Optional.empty();
        boolean plain = plainlyUtf8(body, off, len, declared, count.sequences());
        return Optional.of(new Misdeclaration(where, declared, Encoding.UTF_8,
                "valid UTF-8, " + counted(count.sequences(), "multi-byte sequence"), !plain));
    }

    /**
     * Whether valid UTF-8 bytes with {@code sequences} multi-byte sequences, declared {@code
     * declared}, are plainly UTF-8 and not legacy text that quotes mojibake ("if you see Ã© …", a
     * table of "Ã©" cells, "Mein Ã¼ber-Name"): the sequences are the page's way of writing. They
     * are when the declared reading of one of them has a control character or an undefined byte
     * (no legacy text does); when there are at least {@link #MIN_SEQUENCES} and one of them sits in
     * a word (an ASCII letter or digit, or another non-ASCII byte, just before or after: "cafÃ©",
     * "Ð¼Ð¸Ñ€") or is a free symbol (below); and when there are fewer and each of them sits
     * inside a word (letters or digits on both sides: "SÃ£o", "donâ€™t") or is a free symbol: UTF-8
     * reads it as no letter ("©", "—", "£", a no-break space), and it is neither between quotes
     * nor alone in an element ("Copyright Â© 2008", not {@code "â€™"} or {@code <td>â€™</td>}).
     * A letter at a word's edge or standing alone ("cafÃ©", "Ã¼ber", " Ã© ") is what a page quoting
     * mojibake writes too: one or two such sequences are never enough. Stops as soon as the answer
     * is known.
     */
    private static boolean plainlyUtf8(byte[] body, int off, int len, Encoding declared, int sequences) {
        int end = off + len;
        boolean allStrong = true;
        for (int i = AsciiBytes.firstNonAscii(body, off, end); i < end; ) {
            int lead = body[i] & 0xFF;
            int n = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
            if (i + n > end) break; // a sequence the end of a truncated body cut
            if (controlIn(new String(body, i, n, declared.charset()))) return true;
            byte p = i > off ? body[i - 1] : (byte) ' ';
            byte q = i + n < end ? body[i + n] : (byte) ' ';
            boolean before = AsciiBytes.isWordByte(p);
            boolean after = AsciiBytes.isWordByte(q);
            boolean freeSymbol = !Character.isLetter(new String(body, i, n, StandardCharsets.UTF_8).codePointAt(0))
                    && !quote(p) && !quote(q) && !(p == '>' && q == '<');
            if (sequences >= MIN_SEQUENCES && (before || after || freeSymbol)) return true;
            if (!(before && after) && !freeSymbol) allStrong = false;
            i = AsciiBytes.firstNonAscii(body, i + n, end);
        }
        return sequences < MIN_SEQUENCES && allStrong;
    }

    /** A quotation mark ASCII has. */
    private static boolean quote(byte b) {
        return b == '"' || b == '\'' || b == '`';
    }

    /** Whether {@code s} has a C1 control or U+FFFD: what a legacy page never shows as text. */
    private static boolean controlIn(String s) {
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c >= 0x80 && c <= 0x9F || c == '\uFFFD') return true;
        }
        return false;
    }

    private static Optional<Misdeclaration> declaredUtf8(byte[] body, int off, int len, DecisionSource where,
            boolean complete) {
        // a look first: a page whose first PROBE non-ASCII sequences are not a third errors is UTF-8
        // (legacy text read as UTF-8 has runs of accidentally valid sequences, hence the margin)
        Utf8Scan probe = Utf8Scan.of(body, off, len, complete, false, PROBE);
        if (probe.errors() == 0 || 2 * probe.errors() < probe.sequences()) return Optional.empty();
        // errors at least two thirds of the non-ASCII sequences: errors >= 2 * valid sequences
        Utf8Scan count = probe.sequences() + probe.errors() < PROBE ? probe // the probe saw the whole body
                : Utf8Scan.of(body, off, len, complete, false, Integer.MAX_VALUE);
        if (count.errors() < 2 * count.sequences()) return Optional.empty();
        // a page that could be UTF-8 broken in two places: taken for legacy text only when it has
        // nothing UTF-8 writes beyond ASCII and reads as a few legacy letters
        boolean twoPlaces = count.errors() <= 2 * MAX_ERRORS_OF_PLACE && twoPlaces(body, off, len, complete);
        if (twoPlaces && count.sequences() > 0) return Optional.empty();
        Detector.Guess guess = Detector.guess(body, off, len, SniffOptions.Detection.AUTHOR_INTENT,
                Encoding.WINDOWS_1252, complete);
        if (guess.source() != DecisionSource.DETECTION || guess.encoding() == Encoding.UTF_8) return Optional.empty();
        String legacy = new String(body, off, len, guess.encoding().charset());
        long legacyErrors = replacements(legacy);
        if (legacyErrors * CLEAN_RATIO > count.errors()) return Optional.empty();
        if (twoPlaces && (!Detector.readsAsLegacyLetters(legacy, guess.encoding())
                || !MULTI_BYTE.contains(guess.encoding()) && !loneLetterBytes(body, off, len))
                && !(guess.encoding() == Encoding.WINDOWS_1252 && webPunctuationInPlace(legacy))) {
            return Optional.empty();
        }
        return Optional.of(new Misdeclaration(where, Encoding.UTF_8, guess.encoding(),
                counted(count.errors(), "UTF-8 error") + " in " + counted(count.errors() + count.sequences(), "non-ASCII sequence")
                        + "; " + guess.encoding().name() + " decodes with " + counted(legacyErrors, "error")));
    }

    /**
     * Whether the broken runs (the maximal runs of non-ASCII bytes that are not whole UTF-8
     * sequences: a legacy word, or one place where a UTF-8 page is broken, however many errors that
     * place makes) could be a UTF-8 page broken in at most two places: fewer than {@link
     * #MIN_BROKEN_RUNS}, and where there are two, each one place, with at most {@link
     * #MAX_ERRORS_OF_PLACE} errors (one run may hold both places). Two Russian words of
     * windows-1251 ("привет мир", six errors and three) are more than two places.
     */
    static boolean twoPlaces(byte[] b, int off, int len, boolean complete) {
        int broken = 0;
        long most = 0;
        int end = off + len;
        int i = AsciiBytes.firstNonAscii(b, off, end);
        while (i < end) {
            int j = i;
            while (j < end && b[j] < 0) j++;
            long errors = Utf8Scan.of(b, i, j - i, complete || j < end, false, Integer.MAX_VALUE).errors();
            if (errors > 0) broken++;
            most = Math.max(most, errors);
            if (broken >= MIN_BROKEN_RUNS) return false;
            i = AsciiBytes.firstNonAscii(b, j, end);
        }
        return broken < 2 || most <= MAX_ERRORS_OF_PLACE;
    }

    /** {@code n} and the noun, in the plural unless {@code n} is 1 ("1 UTF-8 error", "2 UTF-8 errors"). */
    static String counted(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static long replacements(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == '\uFFFD') n++;
        return n;
    }

    /**
     * Whether each non-ASCII byte of {@code b[off, off+len)}, a body with no whole UTF-8 sequence,
     * stands alone and is one a legacy letter is and the remains of a broken sequence seldom are:
     * not 0x80-0xBF (what a sequence that lost its lead leaves: "ó" is C3 B3, and B3 is "ł" in
     * windows-1250), not 0xE2 (the lead of ’ “ ” – — …, the commonest characters beyond ASCII in
     * UTF-8 text: "don’t" cut to "don\xE2t" reads "donât"), and not next to another (two leads
     * whose sequences lost the rest: two Chinese characters as "æç") unless one of the two is a
     * byte UTF-8 never has ({@link #neverUtf8}: "öß" in "Größe").
     */
    private static boolean loneLetterBytes(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            int v = b[i] & 0xFF;
            if (v < 0x80) continue;
            if (v < 0xC0 || v == 0xE2) return false;
            // two side by side: unless one is a byte UTF-8 never has ("ö" F6 in "Größe")
            if (i + 1 < off + len && b[i + 1] < 0 && !neverUtf8(v) && !neverUtf8(b[i + 1] & 0xFF)) return false;
        }
        return true;
    }

    /**
     * Whether every character beyond ASCII of {@code t}, windows-1252's reading of a body with no
     * whole UTF-8 sequence, is the web's punctuation where the web writes it and a broken UTF-8
     * sequence does not leave it. A sequence that lost its lead leaves one byte 0x80-0xBF, which
     * windows-1252 reads as punctuation too ("é" C3 A9 as "©", Portuguese "ele é bom" as
     * "ele © bom"), but not in these places: an apostrophe in an English contraction ("It’s",
     * "don’t", "we’ll"); a dash between spaces or digits ("now — then", "1990–2000");
     * © or ® before a year or after "Copyright" ("© 2008", "Copyright© 2008",
     * "Copyright © Smith"); £ € ± § before a number ("£10", "±2", "§§1280"); ° after
     * one ("20°C"); no-break spaces in a run of two or more (a table cell's padding); » after a
     * space and before no word ("Register now »</a>"), « the mirror; an ellipsis after a word and
     * before none; a bullet between spaces or tags; quotation marks “ ” that open and close in
     * turn around words; and single quotation marks ‘ ’ that do so around what is quoted ("file
     * ‘x’", "‘--help’"), ’ closing only an open ‘.
     */
    static boolean webPunctuationInPlace(String t) {
        int n = t.length();
        boolean seen = false;
        boolean quoteOpen = false;
        boolean singleOpen = false;
        for (int i = 0; i < n; i++) {
            char c = t.charAt(i);
            if (c < 0x80) continue;
            seen = true;
            char p = i > 0 ? t.charAt(i - 1) : ' ';
            char q = i + 1 < n ? t.charAt(i + 1) : ' ';
            boolean apostrophe = c == '\u2019' && asciiLetter(p) && contraction(t, i + 1);
            boolean ok = switch (c) {
                case '\u2019' -> apostrophe || singleOpen && quoted(p) && !wordChar(q);
                case '\u2018' -> !singleOpen && !wordChar(p) && quoted(q);
                case '\u2013', '\u2014' -> p == ' ' && q == ' ' || asciiDigit(p) && asciiDigit(q);
                case '\u00a9', '\u00ae' -> !asciiLetter(q) && (digitAfter(t, i + 1) || after(t, i, "copyright"));
                case '\u00a3', '\u20ac', '\u00b1' -> !asciiLetter(p) && asciiDigit(q);
                case '\u00a7' -> p == '\u00a7' || !asciiLetter(p) && sectionSigns(t, i);
                case '\u00b0' -> asciiDigit(p) && !asciiDigit(q);
                case '\u00bb' -> p == ' ' && !wordChar(q);
                case '\u00ab' -> q == ' ' && !wordChar(p);
                case '\u2026' -> (asciiLetter(p) || p == '.') && !wordChar(q);
                case '\u2022' -> (p == ' ' || p == '>') && (q == ' ' || q == '<');
                case '\u00a0' -> p == '\u00a0' || q == '\u00a0';
                case '\u201c' -> !quoteOpen && !wordChar(p) && asciiLetter(q);
                case '\u201d' -> quoteOpen && !wordChar(q);
                default -> false;
            };
            if (!ok) return false;
            if (c == '\u201c' || c == '\u201d') quoteOpen = c == '\u201c';
            if (c == '\u2018') singleOpen = true;
            if (c == '\u2019' && !apostrophe) singleOpen = false; // it closed the open ‘
        }
        return seen && !quoteOpen && !singleOpen;
    }

    private static boolean asciiLetter(char c) {
        return c < 0x80 && Character.isLetter(c);
    }

    /** Whether {@code c}, beside a single quotation mark, is what is quoted: printable ASCII, not a space. */
    private static boolean quoted(char c) {
        return c > ' ' && c < 0x7F;
    }

    private static boolean asciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean wordChar(char c) {
        return c >= 0x80 || Character.isLetterOrDigit(c);
    }

    /** Whether an English contraction's ending starts at {@code i}: s, t, d, m, ll, re, ve, then no letter. */
    private static boolean contraction(String t, int i) {
        for (String end : new String[] {"s", "t", "d", "m", "ll", "re", "ve"}) {
            int k = i + end.length();
            if (t.regionMatches(true, i, end, 0, end.length()) && (k >= t.length() || !wordChar(t.charAt(k)))) return true;
        }
        return false;
    }

    /** Whether a digit follows {@code i}, after at most one space. */
    private static boolean digitAfter(String t, int i) {
        if (i < t.length() && t.charAt(i) == ' ') i++;
        return i < t.length() && asciiDigit(t.charAt(i));
    }

    /** Whether {@code word} (lower case) ends just before {@code i}, or before one space there, and starts no later word. */
    private static boolean after(String t, int i, String word) {
        int end = i > 0 && t.charAt(i - 1) == ' ' ? i - 1 : i;
        int start = end - word.length();
        return start >= 0 && t.regionMatches(true, start, word, 0, word.length()) && (start == 0 || !wordChar(t.charAt(start - 1)));
    }

    /** Whether the section signs starting at {@code i} are followed by a number (after at most one space). */
    private static boolean sectionSigns(String t, int i) {
        while (i < t.length() && t.charAt(i) == '\u00a7') i++;
        return digitAfter(t, i);
    }

    /**
     * A byte no UTF-8 text has (C0, C1, F5-FE: "À", "Á", "õ" to "þ" in windows-1252), so no broken
     * sequence leaves it; FF is left out, a stray byte as often as "ÿ".
     */
    private static boolean neverUtf8(int v) {
        return v == 0xC0 || v == 0xC1 || v >= 0xF5 && v <= 0xFE;
    }
}
