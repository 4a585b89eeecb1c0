package io.github.jsoupcharset.internal;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;
import com.ibm.icu.text.UnicodeSet;
import com.ibm.icu.util.LocaleData;
import com.ibm.icu.util.ULocale;
import io.github.jsoupcharset.Encoding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How plausible a text is as something a person wrote, used to choose between candidate
 * encodings of undeclared bytes: decode with each candidate and score the result. Evidence, all
 * derived from ICU's locale data and Unicode's character properties (no corpus text):
 * <ul>
 *   <li>letters in the exemplar characters of a language written in that encoding (ICU locale
 *       data), against letters outside every such language;</li>
 *   <li>implausible shapes that wrong decodings produce: a letter of one script inside a word of
 *       another ("cafй"), an upper-case letter after a lower-case one ("пРИВЕТ"), symbols glued to
 *       letters ("Ã©"), C1 control characters, and decoding errors.</li>
 * </ul>
 * Internal; immutable after class initialisation; thread-safe.
 */
final class TextEvidence {
    private TextEvidence() {}

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
    static final List<Candidate> CANDIDATES = List.of(
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

    /** Exemplar characters per language (standard and auxiliary), case-closed, frozen. */
    private static final class Exemplars {
        static final Map<String, UnicodeSet[]> SETS = load();

        private static Map<String, UnicodeSet[]> load() {
            Map<String, UnicodeSet[]> sets = new HashMap<>();
            for (Candidate c : CANDIDATES) {
                for (String lang : c.languages()) {
                    sets.computeIfAbsent(lang, l -> {
                        ULocale locale = new ULocale(l);
                        UnicodeSet main = new UnicodeSet(LocaleData.getExemplarSet(locale, UnicodeSet.CASE,
                                LocaleData.ES_STANDARD));
                        UnicodeSet aux = new UnicodeSet(LocaleData.getExemplarSet(locale, UnicodeSet.CASE,
                                LocaleData.ES_AUXILIARY));
                        // marks written with the letters, which the exemplar sets list as precomposed
                        if (l.equals("vi")) main.add(0x0300, 0x0303).add(0x0309).add(0x0323);
                        if (l.equals("he") || l.equals("yi")) aux.add(0x05B0, 0x05C7);
                        return new UnicodeSet[] {main.freeze(), aux.freeze()};
                    });
                }
            }
            return sets;
        }
    }

    /** The score of one decoding: higher is more plausible. */
    static double score(CharSequence text, long errors, Candidate candidate) {
        return score(text, errors, candidate, 0);
    }

    /**
     * The score of one decoding, with ICU4J's confidence (0-100) in this candidate as extra
     * evidence: its n-gram models know languages our exemplar sets cannot tell apart.
     */
    static double score(CharSequence text, long errors, Candidate candidate, int icuConfidence) {
        UnicodeSet[][] langs = new UnicodeSet[candidate.languages().length][];
        for (int i = 0; i < langs.length; i++) langs[i] = Exemplars.SETS.get(candidate.languages()[i]);
        double[] hits = new double[langs.length];
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        int prev = ' ';
        int prevPrev = ' ';
        int n = text.length();
        for (int i = 0; i < n; ) {
            int c = Character.codePointAt(text, i);
            int len = Character.charCount(c);
            int next = i + len < n ? Character.codePointAt(text, i + len) : ' ';
            if (c >= 0x80 && c != 0xFFFD) {
                if (c <= 0x9F) {
                    c1++;
                } else if (isLetterOrMark(c)) {
                    // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                    boolean lone = !isLetterOrMark(prev) && !isLetterOrMark(next) && isSpaced(c);
                    if (!lone) letters++;
                    if (isMark(c) && (!isLetterOrMark(prev) || isMark(prev) && isMark(prevPrev))) implausible++;
                    if (c >= 0x0E00 && c <= 0x0E7F && !plausibleThai(prevPrev, prev, c, next)) implausible++;
                    int position = positional(prev, c, next);
                    if (position > 0) positive++;
                    else if (position < 0) implausible++;
                    for (int k = 0; k < langs.length && !lone; k++) {
                        if (langs[k][0].contains(c)) hits[k] += 1;
                        else if (langs[k][1].contains(c)) hits[k] += 0.5;
                    }
                    if (isLetterOrMark(prev)) {
                        if (differentScripts(prev, c)) implausible++;
                        if (Character.isUpperCase(c) && Character.isLowerCase(prev)) implausible++;
                    }
                } else if (isSymbol(c) && (isLetterOrMark(prev) || isLetterOrMark(next))) {
                    implausible++;
                }
            } else if (c < 0x80 && isLetterOrMark(c) && prev >= 0x80 && isLetterOrMark(prev)) {
                if (differentScripts(prev, c)) implausible++;
                if (Character.isUpperCase(c) && Character.isLowerCase(prev)) implausible++;
            }
            prevPrev = prev;
            prev = c;
            i += len;
        }
        double best = 0;
        for (double h : hits) best = Math.max(best, h);
        int w = candidate.weight();
        return w * (best - (letters - best) - 3.0 * implausible + positive
                + ICU_WEIGHT * letters * icuConfidence / 100.0)
                - 5.0 * c1 - 8.0 * errors + candidate.prior();
    }

    private static boolean isLetterOrMark(int c) {
        if (c < 0x80) return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
        int t = Character.getType(c);
        return Character.isLetter(c) || t == Character.NON_SPACING_MARK || t == Character.COMBINING_SPACING_MARK;
    }

    /**
     * Letters whose place in a word is fixed: Hebrew final forms and Greek final sigma end a word
     * (+1 there, -1 inside a word); Cyrillic soft sign, hard sign and yery never begin one (-1).
     */
    private static int positional(int prev, int c, int next) {
        boolean endsWord = !isLetterOrMark(next);
        boolean startsWord = !isLetterOrMark(prev);
        switch (c) {
            case 0x05DA: case 0x05DD: case 0x05DF: case 0x05E3: case 0x05E5: // ך ם ן ף ץ
            case 0x03C2: // ς
                return endsWord ? (startsWord ? 0 : 1) : -1;
            case 0x044A: case 0x044B: case 0x044C: // ъ ы ь
                return startsWord ? -1 : 0;
            default:
                return 0;
        }
    }

    /** Whether a letter of this script rarely stands alone (not Han, kana or Hangul, which do). */
    private static boolean isSpaced(int c) {
        Character.UnicodeScript s = Character.UnicodeScript.of(c);
        return s != Character.UnicodeScript.HAN && s != Character.UnicodeScript.HIRAGANA
                && s != Character.UnicodeScript.KATAKANA && s != Character.UnicodeScript.HANGUL;
    }

    private static boolean isThaiConsonant(int c) {
        return c >= 0x0E01 && c <= 0x0E2E;
    }

    /**
     * Thai orthography: vowels written above or below (U+0E31, U+0E34-U+0E3A, U+0E47) follow a
     * consonant; tone marks and the thanthakhat (U+0E48-U+0E4C) follow a consonant or such a vowel;
     * leading vowels (U+0E40-U+0E44) precede a consonant.
     */
    private static boolean plausibleThai(int prevPrev, int prev, int c, int next) {
        if (c == 0x0E31 || c >= 0x0E34 && c <= 0x0E3A || c == 0x0E47) return isThaiConsonant(prev);
        if (c >= 0x0E48 && c <= 0x0E4C) {
            return isThaiConsonant(prev) || (prev == 0x0E31 || prev >= 0x0E34 && prev <= 0x0E39)
                    && isThaiConsonant(prevPrev);
        }
        if (c >= 0x0E40 && c <= 0x0E44) return isThaiConsonant(next);
        return true;
    }

    private static boolean isMark(int c) {
        int t = Character.getType(c);
        return t == Character.NON_SPACING_MARK || t == Character.COMBINING_SPACING_MARK;
    }

    private static boolean isSymbol(int c) {
        switch (Character.getType(c)) {
            case Character.MATH_SYMBOL:
            case Character.CURRENCY_SYMBOL:
            case Character.MODIFIER_SYMBOL:
            case Character.OTHER_SYMBOL:
            case Character.PRIVATE_USE:
            case Character.UNASSIGNED:
            case Character.CONTROL:
            case Character.FORMAT:
                return true;
            default:
                return false;
        }
    }

    private static boolean differentScripts(int a, int b) {
        Character.UnicodeScript sa = Character.UnicodeScript.of(a);
        Character.UnicodeScript sb = Character.UnicodeScript.of(b);
        if (sa == sb || sa == Character.UnicodeScript.INHERITED || sb == Character.UnicodeScript.INHERITED
                || sa == Character.UnicodeScript.COMMON || sb == Character.UnicodeScript.COMMON) return false;
        // Japanese mixes kanji and kana within words
        return !(isJapanese(sa) && isJapanese(sb));
    }

    private static boolean isJapanese(Character.UnicodeScript s) {
        return s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
                || s == Character.UnicodeScript.KATAKANA;
    }

    /** How much of the letter count ICU4J's full confidence is worth. */
    static final double ICU_WEIGHT = 0.2;

    /** A ranked result. */
    record Scored(Encoding encoding, double score) {}

    /** ICU4J's confidence per WHATWG encoding (the best it gives for any label of it). */
    static Map<Encoding, Integer> icuConfidences(byte[] text, int len) {
        Map<Encoding, Integer> result = new HashMap<>();
        CharsetDetector detector = new CharsetDetector();
        detector.setText(len == text.length ? text : java.util.Arrays.copyOf(text, len));
        CharsetMatch[] matches = detector.detectAll();
        if (matches == null) return result;
        for (CharsetMatch m : matches) {
            Encoding.forLabel(m.getName()).ifPresent(e -> result.merge(e == Encoding.GB18030 ? Encoding.GBK : e,
                    m.getConfidence(), Math::max));
        }
        return result;
    }

    /** Every candidate scored on {@code text} (markup already removed), best first. */
    static List<Scored> rank(byte[] text, int len) {
        Map<Encoding, Integer> icu = icuConfidences(text, len);
        List<Scored> scored = new ArrayList<>();
        for (Candidate c : CANDIDATES) {
            Decoder d = Decoders.newDecoder(c.encoding().name());
            StringBuilder out = new StringBuilder(len);
            d.decode(text, 0, len, true, out);
            double s = score(out, d.errors(), c, icu.getOrDefault(c.encoding(), 0));
            scored.add(new Scored(c.encoding(), s));
        }
        // stable: equal scores keep the candidates' order, which is by prevalence
        scored.sort((a, b) -> Double.compare(b.score(), a.score()));
        return scored;
    }
}
