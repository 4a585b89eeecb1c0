package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.markup.AsciiBytes;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.WhatwgCharset;
import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;
import com.ibm.icu.text.UnicodeSet;
import com.ibm.icu.util.LocaleData;
import com.ibm.icu.util.ULocale;
import io.github.jsoupcharset.encoding.Encoding;

import java.util.ArrayList;
import java.util.Arrays;
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

    /**
     * Exemplar characters per language (standard and auxiliary), case-closed, as bit sets over
     * the BMP (supplementary letters are looked up in the frozen UnicodeSets).
     */
    private static final class Exemplars {
        static final Map<String, Exemplar> SETS = load();

        private static Map<String, Exemplar> load() {
            Map<String, Exemplar> sets = new HashMap<>();
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
                        return new Exemplar(main.freeze(), aux.freeze());
                    });
                }
            }
            return sets;
        }
    }

    /** One language's exemplar characters: 1 for a standard one, 0.5 for an auxiliary one. */
    private static final class Exemplar {
        private final long[] main = new long[1024];
        private final long[] aux = new long[1024];
        private final UnicodeSet mainSet;
        private final UnicodeSet auxSet;

        Exemplar(UnicodeSet mainSet, UnicodeSet auxSet) {
            this.mainSet = mainSet;
            this.auxSet = auxSet;
            fill(main, mainSet);
            fill(aux, auxSet);
        }

        private static void fill(long[] bits, UnicodeSet set) {
            for (int r = 0; r < set.getRangeCount(); r++) {
                for (int c = set.getRangeStart(r), end = Math.min(set.getRangeEnd(r), 0xFFFF); c <= end; c++) {
                    bits[c >>> 6] |= 1L << c;
                }
            }
        }

        double weight(int c) {
            if (c <= 0xFFFF) {
                if ((main[c >>> 6] & (1L << c)) != 0) return 1;
                return (aux[c >>> 6] & (1L << c)) != 0 ? 0.5 : 0;
            }
            return mainSet.contains(c) ? 1 : auxSet.contains(c) ? 0.5 : 0;
        }
    }

    /** Character properties the scoring asks for, precomputed for the BMP. */
    private static final class Props {
        static final int LETTER = 1;
        static final int MARK = 2;
        static final int UPPER = 4;
        static final int LOWER = 8;
        static final int SYMBOL = 16;
        static final int LONE_RARE = 32;
        static final byte[] FLAGS = new byte[0x10000];
        static final short[] SCRIPT = new short[0x10000];

        static {
            for (int c = 0; c <= 0xFFFF; c++) {
                FLAGS[c] = (byte) computeFlags(c);
                SCRIPT[c] = computeScript(c);
            }
        }

        static int flags(int c) {
            return c <= 0xFFFF ? FLAGS[c] : computeFlags(c);
        }

        static int script(int c) {
            return c <= 0xFFFF ? SCRIPT[c] : computeScript(c);
        }

        private static int computeFlags(int c) {
            int f = 0;
            int t = Character.getType(c);
            boolean mark = t == Character.NON_SPACING_MARK || t == Character.COMBINING_SPACING_MARK;
            if (c < 0x80) {
                if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') f |= LETTER;
            } else if (Character.isLetter(c) || mark) {
                f |= LETTER;
            }
            if (mark) f |= MARK;
            if (Character.isUpperCase(c)) f |= UPPER;
            if (Character.isLowerCase(c)) f |= LOWER;
            switch (t) {
                case Character.MATH_SYMBOL: case Character.CURRENCY_SYMBOL: case Character.MODIFIER_SYMBOL:
                case Character.OTHER_SYMBOL: case Character.PRIVATE_USE: case Character.UNASSIGNED:
                case Character.CONTROL: case Character.FORMAT:
                    f |= SYMBOL;
                    break;
                default:
                    break;
            }
            Character.UnicodeScript s = Character.UnicodeScript.of(c);
            // a lone letter is rare in alphabetic scripts, common in Han, kana and Hangul
            if (s != Character.UnicodeScript.HAN && s != Character.UnicodeScript.HIRAGANA
                    && s != Character.UnicodeScript.KATAKANA && s != Character.UnicodeScript.HANGUL) f |= LONE_RARE;
            return f;
        }

        /** 0 for scripts that combine with any (common, inherited); Japanese scripts share one id. */
        private static short computeScript(int c) {
            Character.UnicodeScript s = Character.UnicodeScript.of(c);
            switch (s) {
                case COMMON: case INHERITED: case UNKNOWN:
                    return 0;
                case HAN: case HIRAGANA: case KATAKANA:
                    return 1; // Japanese mixes kanji and kana within words
                default:
                    return (short) (s.ordinal() + 2);
            }
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
        char[] chars = new char[text.length()];
        for (int i = 0; i < chars.length; i++) chars[i] = text.charAt(i);
        return parts(chars, chars.length, errors, candidate).score(candidate, icuConfidence);
    }

    /**
     * What a score is made of, before ICU4J's opinion is added: the letters in the best language's
     * exemplar sets, all letters weighed, implausible and positive shapes, C1 controls, errors.
     */
    record Parts(double best, int letters, int implausible, int positive, int c1, long errors) {
        /** The score with ICU4J's confidence (0-100) in the candidate. */
        double score(Candidate candidate, int icuConfidence) {
            int w = candidate.weight();
            return w * (best - (letters - best) - 3.0 * implausible + positive
                    + ICU_WEIGHT * letters * icuConfidence / 100.0)
                    - 5.0 * c1 - 8.0 * errors + candidate.prior();
        }

        /** The most ICU4J's opinion can add to the score (at confidence 100). */
        double icuCeiling(Candidate candidate) {
            return candidate.weight() * ICU_WEIGHT * letters;
        }
    }

    /**
     * The parts of the score of decoded text {@code text[0, n)} (UTF-16, surrogate pairs allowed).
     * Only non-ASCII characters count, with their neighbours (two before, one after: an ASCII
     * letter right after a non-ASCII letter is the one shape ASCII takes part in), so ASCII runs
     * are stepped over.
     */
    static Parts parts(char[] text, int n, long errors, Candidate candidate) {
        Exemplar[] langs = exemplars(candidate);
        double[] hits = new double[langs.length];
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        for (int i = 0; i < n; ) {
            if (text[i] < 0x80) {
                i++;
                continue;
            }
            int c = Character.codePointAt(text, i, n);
            int len = Character.charCount(c);
            if (c == 0xFFFD) {
                i += len;
                continue; // a decoding error: counted in errors, and no letter to weigh
            }
            int flags = Props.flags(c);
            // the neighbours: ' ' without flags before the start, ' ' after the end
            int prev = ' ';
            int prevFlags = 0;
            int prevPrev = ' ';
            int prevPrevFlags = 0;
            if (i > 0) {
                prev = Character.codePointBefore(text, i);
                prevFlags = Props.flags(prev);
                int j = i - Character.charCount(prev);
                if (j > 0) {
                    prevPrev = Character.codePointBefore(text, j);
                    prevPrevFlags = Props.flags(prevPrev);
                }
            }
            int next = i + len < n ? Character.codePointAt(text, i + len, n) : ' ';
            int nextFlags = Props.flags(next);
            if (c <= 0x9F) {
                c1++;
            } else if ((flags & Props.LETTER) != 0) {
                // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                boolean lone = (prevFlags & Props.LETTER) == 0 && (nextFlags & Props.LETTER) == 0
                        && (flags & Props.LONE_RARE) != 0;
                if (!lone) {
                    letters++;
                    for (int k = 0; k < langs.length; k++) hits[k] += langs[k].weight(c);
                }
                implausible += letterMisfits(prevPrev, prevFlags, prevPrevFlags, prev, c, flags, next, nextFlags);
                int position = positional(prevFlags, c, nextFlags);
                if (position > 0) positive++;
                else if (position < 0) implausible++;
                // an ASCII letter right after this letter
                if (next < 0x80 && i + len < n && (nextFlags & Props.LETTER) != 0) {
                    implausible += shapeMisfit(c, flags, next, nextFlags);
                }
            } else if ((flags & Props.SYMBOL) != 0 && ((prevFlags | nextFlags) & Props.LETTER) != 0) {
                implausible++;
            }
            i += len;
        }
        double best = 0;
        for (double h : hits) best = Math.max(best, h);
        return new Parts(best, letters, implausible, positive, c1, errors);
    }

    /**
     * {@link #parts(char[], int, long, Candidate)} in its plain form, one character after the
     * other: the definition the faster forms are tested against.
     */
    static Parts sequentialParts(char[] text, int n, long errors, Candidate candidate) {
        Exemplar[] langs = exemplars(candidate);
        double[] hits = new double[langs.length];
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        int prev = ' ';
        int prevFlags = 0;
        int prevPrev = ' ';
        int prevPrevFlags = 0;
        int c = n == 0 ? ' ' : Character.codePointAt(text, 0, n);
        int flags = Props.flags(c);
        for (int i = 0; i < n; ) {
            int len = Character.charCount(c);
            int next = i + len < n ? Character.codePointAt(text, i + len, n) : ' ';
            int nextFlags = next < 0x80 ? Props.FLAGS[next] : Props.flags(next);
            if (c >= 0x80 && c != 0xFFFD) {
                if (c <= 0x9F) {
                    c1++;
                } else if ((flags & Props.LETTER) != 0) {
                    // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                    boolean lone = (prevFlags & Props.LETTER) == 0 && (nextFlags & Props.LETTER) == 0
                            && (flags & Props.LONE_RARE) != 0;
                    if (!lone) {
                        letters++;
                        for (int k = 0; k < langs.length; k++) hits[k] += langs[k].weight(c);
                    }
                    implausible += letterMisfits(prevPrev, prevFlags, prevPrevFlags, prev, c, flags, next, nextFlags);
                    int position = positional(prevFlags, c, nextFlags);
                    if (position > 0) positive++;
                    else if (position < 0) implausible++;
                } else if ((flags & Props.SYMBOL) != 0 && ((prevFlags | nextFlags) & Props.LETTER) != 0) {
                    implausible++;
                }
            } else if (c < 0x80 && (flags & Props.LETTER) != 0 && prev >= 0x80 && (prevFlags & Props.LETTER) != 0) {
                implausible += shapeMisfit(prev, prevFlags, c, flags);
            }
            prevPrev = prev;
            prevPrevFlags = prevFlags;
            prev = c;
            prevFlags = flags;
            c = next;
            flags = nextFlags;
            i += len;
        }
        double best = 0;
        for (double h : hits) best = Math.max(best, h);
        return new Parts(best, letters, implausible, positive, c1, errors);
    }

    /** The exemplar sets of a candidate's languages, in its order. */
    private static Exemplar[] exemplars(Candidate candidate) {
        String[] languages = candidate.languages();
        Exemplar[] langs = new Exemplar[languages.length];
        for (int k = 0; k < langs.length; k++) langs[k] = Exemplars.SETS.get(languages[k]);
        return langs;
    }

    /** Marks without a base, broken Thai orthography, and shape misfits with the letter before. */
    private static int letterMisfits(int prevPrev, int prevFlags, int prevPrevFlags, int prev, int c, int flags,
            int next, int nextFlags) {
        int implausible = 0;
        if ((flags & Props.MARK) != 0 && ((prevFlags & Props.LETTER) == 0
                || (prevFlags & Props.MARK) != 0 && (prevPrevFlags & Props.MARK) != 0)) implausible++;
        if (c >= 0x0E00 && c <= 0x0E7F && !plausibleThai(prevPrev, prev, c, next)) implausible++;
        if ((prevFlags & Props.LETTER) != 0) implausible += shapeMisfit(prev, prevFlags, c, flags);
        return implausible;
    }

    /**
     * A single-byte candidate's decoding at a glance: the character of every byte and its
     * properties, and how much each byte's character counts for each of the candidate's languages.
     */
    private static final class ByteTable {
        final char[] chars = new char[256];
        final byte[] flags = new byte[256];
        final double[][] weights; // [language][byte]
        /** What one occurrence of a byte adds to the glance, and what each ASCII letter touching it adds. */
        final double[] glance = new double[256];
        /** Each byte's character's script ({@link Props#script}) and {@link #positionalKind}. */
        final short[] scripts = new short[256];
        final byte[] kinds = new byte[256];
        final double[] touchesLatin = new double[256];

        ByteTable(Candidate candidate) {
            char[] index = ((WhatwgCharset) Decoders.charset(candidate.encoding().name())).singleByteIndex();
            for (int b = 0; b < 256; b++) {
                chars[b] = b < 0x80 ? (char) b : index[b - 0x80];
                flags[b] = Props.FLAGS[chars[b]];
                scripts[b] = (short) Props.script(chars[b]);
                kinds[b] = (byte) positionalKind(chars[b]);
            }
            String[] languages = candidate.languages();
            weights = new double[languages.length][256];
            for (int k = 0; k < languages.length; k++) {
                Exemplar e = Exemplars.SETS.get(languages[k]);
                for (int b = 0x80; b < 256; b++) weights[k][b] = e.weight(chars[b]);
            }
            for (int b = 0x80; b < 256; b++) {
                int c = chars[b];
                if (c == 0xFFFD) {
                    glance[b] = -8.0;
                } else if (c <= 0x9F) {
                    glance[b] = -5.0;
                } else if ((flags[b] & Props.LETTER) != 0) {
                    double w = 0;
                    for (double[] language : weights) w = Math.max(w, language[b]);
                    glance[b] = 2 * w - 1 - ((flags[b] & Props.UPPER) != 0 ? GLANCE_CAPITAL : 0);
                    int script = Props.script(c);
                    if (script != 0 && script != LATIN) touchesLatin[b] = -3.0;
                }
            }
        }
    }

    /** Byte tables of the single-byte candidates, built on first use. */
    private static final class ByteTables {
        static final Map<Encoding, ByteTable> TABLES = build();

        private static Map<Encoding, ByteTable> build() {
            Map<Encoding, ByteTable> tables = new HashMap<>();
            for (Candidate c : CANDIDATES) {
                if (c.weight() == 1) tables.put(c.encoding(), new ByteTable(c));
            }
            return tables;
        }
    }

    /**
     * {@link #parts} of a single-byte candidate's decoding of {@code text[0, n)}, computed straight
     * from the bytes: the same steps, with each byte's character and properties from its table and
     * the exemplar hits counted per byte value ({@code byteLetters}, 256 entries, left zeroed).
     * Only non-ASCII bytes and the ASCII byte after each count (ASCII between ASCII adds nothing),
     * so only those are visited: {@code nonAscii[0, count)} are the non-ASCII bytes' offsets.
     */
    static Parts singleByteParts(byte[] text, int n, int[] nonAscii, int count, Candidate candidate,
            int[] byteLetters) {
        ByteTable t = ByteTables.TABLES.get(candidate.encoding());
        char[] chars = t.chars;
        byte[] table = t.flags;
        short[] scripts = t.scripts;
        int[] letterBytes = new int[128]; // the byte values counted in byteLetters
        int letterByteCount = 0;
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        long errors = 0;
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= n) break;
            int b = text[i] & 0xFF;
            int c = chars[b];
            int flags = table[b];
            // the neighbours, as the sequential scan sees them: ' ' with no flags before the start
            // and ' ' after the end
            int prev = ' ';
            int prevFlags = 0;
            int prevScript = 0;
            int prevPrev = ' ';
            int prevPrevFlags = 0;
            if (i >= 1) {
                int pb = text[i - 1] & 0xFF;
                prev = chars[pb];
                prevFlags = table[pb];
                prevScript = scripts[pb];
                if (i >= 2) {
                    int ppb = text[i - 2] & 0xFF;
                    prevPrev = chars[ppb];
                    prevPrevFlags = table[ppb];
                }
            }
            int nb = i + 1 < n ? text[i + 1] & 0xFF : ' ';
            int next = chars[nb];
            int nextFlags = table[nb];
            if (c == 0xFFFD) {
                errors++; // an unmapped byte: the decoder's error
            } else if (c <= 0x9F) {
                c1++;
            } else if ((flags & Props.LETTER) != 0) {
                // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                boolean lone = (prevFlags & Props.LETTER) == 0 && (nextFlags & Props.LETTER) == 0
                        && (flags & Props.LONE_RARE) != 0;
                if (!lone) {
                    letters++;
                    if (byteLetters[b]++ == 0) letterBytes[letterByteCount++] = b;
                }
                // letterMisfits, with the scripts from the table
                if ((flags & Props.MARK) != 0 && ((prevFlags & Props.LETTER) == 0
                        || (prevFlags & Props.MARK) != 0 && (prevPrevFlags & Props.MARK) != 0)) implausible++;
                if (c >= 0x0E00 && c <= 0x0E7F && !plausibleThai(prevPrev, prev, c, next)) implausible++;
                if ((prevFlags & Props.LETTER) != 0) implausible += scriptMisfit(prevScript, prevFlags, scripts[b], flags);
                int position = positionalByKind(prevFlags, t.kinds[b], nextFlags);
                if (position > 0) positive++;
                else if (position < 0) implausible++;
            } else if ((flags & Props.SYMBOL) != 0 && ((prevFlags | nextFlags) & Props.LETTER) != 0) {
                implausible++;
            }
            // an ASCII letter right after a non-ASCII letter
            if (nb < 0x80 && i + 1 < n && (nextFlags & Props.LETTER) != 0 && (flags & Props.LETTER) != 0) {
                implausible += scriptMisfit(scripts[b], flags, scripts[nb], nextFlags);
            }
        }
        // the exemplar hits, per language, from the letters counted per byte (sums of halves: exact)
        double best = 0;
        for (double[] weights : t.weights) {
            double hits = 0;
            for (int k = 0; k < letterByteCount; k++) hits += byteLetters[letterBytes[k]] * weights[letterBytes[k]];
            best = Math.max(best, hits);
        }
        for (int k = 0; k < letterByteCount; k++) byteLetters[letterBytes[k]] = 0;
        return new Parts(best, letters, implausible, positive, c1, errors);
    }

    /**
     * A single-byte candidate's score at a glance, from how often each non-ASCII byte occurs
     * ({@code histogram}; {@code present[0, presentCount)} are the byte values that occur), for
     * choosing which candidates to score in full. Per occurrence, much as {@link Parts#score}
     * counts it: a letter adds 1 if it is a standard exemplar of any of the candidate's languages
     * (not necessarily one language for the whole text, as the full score asks), 0 if only an
     * auxiliary one, and takes 1 away if neither; a C1 control costs 5, an error 8. Of the shapes,
     * which need a byte's neighbours, only one is counted: a letter of a non-Latin script touching
     * an ASCII letter ({@code nextToAscii} counts, per byte value, its ASCII-letter neighbours)
     * costs 3 per touch. And a capital costs ½ (in text, small letters outnumber capitals; a
     * decoding that swaps the cases, KOI8-R read as windows-1251, reverses that).
     */
    static double unigramScore(int[] histogram, int[] nextToAscii, int[] present, int presentCount, Candidate candidate) {
        ByteTable t = ByteTables.TABLES.get(candidate.encoding());
        double score = candidate.prior();
        for (int k = 0; k < presentCount; k++) {
            int b = present[k];
            score += histogram[b] * t.glance[b] + nextToAscii[b] * t.touchesLatin[b];
        }
        return score;
    }

    private static final int LATIN = Props.script('a');
    /** What a capital costs in {@link #unigramScore}. */
    private static final double GLANCE_CAPITAL = 0.5;

    /** Two adjacent letters of different scripts, or a capital after a small letter: 1 each. */
    private static int shapeMisfit(int prev, int prevFlags, int c, int flags) {
        return scriptMisfit(Props.script(prev), prevFlags, Props.script(c), flags);
    }

    /** {@link #shapeMisfit} given the two letters' scripts ({@link Props#script}). */
    private static int scriptMisfit(int sa, int prevFlags, int sb, int flags) {
        int misfit = 0;
        if (sa != 0 && sb != 0 && sa != sb) misfit++;
        if ((flags & Props.UPPER) != 0 && (prevFlags & Props.LOWER) != 0) misfit++;
        return misfit;
    }

    /**
     * Letters whose place in a word is fixed: Hebrew final forms and Greek final sigma end a word
     * (+1 there, -1 inside a word); Cyrillic soft sign, hard sign and yery never begin one (-1).
     */
    private static int positional(int prevFlags, int c, int nextFlags) {
        return positionalByKind(prevFlags, positionalKind(c), nextFlags);
    }

    /** 1 for a letter that ends words (ך ם ן ף ץ ς), 2 for one that never starts one (ъ ы ь), else 0. */
    private static int positionalKind(int c) {
        switch (c) {
            case 0x05DA: case 0x05DD: case 0x05DF: case 0x05E3: case 0x05E5: // ך ם ן ף ץ
            case 0x03C2: // ς
                return 1;
            case 0x044A: case 0x044B: case 0x044C: // ъ ы ь
                return 2;
            default:
                return 0;
        }
    }

    private static int positionalByKind(int prevFlags, int kind, int nextFlags) {
        if (kind == 0) return 0;
        boolean endsWord = (nextFlags & Props.LETTER) == 0;
        boolean startsWord = (prevFlags & Props.LETTER) == 0;
        return kind == 1 ? (endsWord ? (startsWord ? 0 : 1) : -1) : (startsWord ? -1 : 0);
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





    /** How much of the letter count ICU4J's full confidence is worth. */
    static final double ICU_WEIGHT = 0.2;

    /**
     * The encodings ICU4J can name (as {@link #icuConfidences} maps them): the others never get
     * its confidence. Its ISO-8859 recognisers answer windows-125x instead when they see C1 bytes.
     */
    static final java.util.Set<Encoding> ICU_NAMES = icuNames();

    private static java.util.Set<Encoding> icuNames() {
        java.util.Set<Encoding> names = new java.util.HashSet<>();
        for (String name : CharsetDetector.getAllDetectableCharsets()) names.addAll(icuResults(name));
        return java.util.Set.copyOf(names);
    }

    /** A ranked result. */
    record Scored(Encoding encoding, double score) {}

    /** ICU4J's confidence per WHATWG encoding (the best it gives for any label of it). */
    static Map<Encoding, Integer> icuConfidences(byte[] text, int len) {
        return icuConfidences(text, len, null);
    }

    /**
     * ICU4J's confidence in the encodings {@code wanted} (all if null), running only the
     * recognisers that can name one of them: each recogniser's confidence is its own, whichever
     * others run.
     */
    static Map<Encoding, Integer> icuConfidences(byte[] text, int len, java.util.Set<Encoding> wanted) {
        Map<Encoding, Integer> result = new HashMap<>();
        CharsetDetector detector = new CharsetDetector();
        if (wanted != null) {
            for (String name : CharsetDetector.getAllDetectableCharsets()) {
                boolean useful = false;
                for (Encoding e : icuResults(name)) useful |= wanted.contains(e);
                detector.setDetectableCharset(name, useful);
            }
        }
        detector.setText(len == text.length ? text : java.util.Arrays.copyOf(text, len));
        CharsetMatch[] matches = detector.detectAll();
        if (matches == null) return result;
        for (CharsetMatch m : matches) {
            Encoding.forLabel(m.getName()).ifPresent(e -> result.merge(e == Encoding.GB18030 ? Encoding.GBK : e,
                    m.getConfidence(), Math::max));
        }
        return result;
    }

    /** The WHATWG encodings a recogniser named {@code name} can answer (ISO-8859 ones: windows-125x too). */
    static java.util.Set<Encoding> icuResults(String name) {
        java.util.Set<Encoding> results = new java.util.HashSet<>();
        List<String> labels = new ArrayList<>(List.of(name));
        String windows = Map.of("ISO-8859-1", "windows-1252", "ISO-8859-2", "windows-1250", "ISO-8859-7",
                "windows-1253", "ISO-8859-8", "windows-1255", "ISO-8859-8-I", "windows-1255", "ISO-8859-9",
                "windows-1254").get(name);
        if (windows != null) labels.add(windows);
        for (String label : labels) {
            Encoding.forLabel(label).ifPresent(e -> results.add(e == Encoding.GB18030 ? Encoding.GBK : e));
        }
        return results;
    }

    /** Every candidate scored on {@code text} (markup already removed), best first. */
    static List<Scored> rank(byte[] text, int len) {
        return rank(text, len, false);
    }

    /**
     * As {@link #rank(byte[], int)}; {@code exhaustive} takes none of the shortcuts (every
     * candidate scored on the sample, the six leaders on all the text, every ICU4J recogniser
     * asked), for tests that show the shortcuts choose the same text.
     */
    static List<Scored> rank(byte[] text, int len, boolean exhaustive) {
        Scratch scratch = new Scratch(text, len);
        int sampleLen = Math.min(len, SAMPLE_BYTES);
        // 1. the contenders on a short sample, without ICU4J: wrong decodings fall far behind fast
        List<Scored> first = new ArrayList<>();
        Map<Encoding, Parts> sampleParts = new HashMap<>();
        double bestSingleByte = Double.NEGATIVE_INFINITY;
        List<Candidate> contenders = exhaustive ? CANDIDATES : contenders(text, sampleLen, scratch);
        for (Candidate c : contenders) {
            if (c.weight() != 1) continue;
            Parts p = parts(text, sampleLen, c, scratch);
            sampleParts.put(c.encoding(), p);
            first.add(new Scored(c.encoding(), p.score(c, 0)));
            bestSingleByte = Math.max(bestSingleByte, first.get(first.size() - 1).score());
        }
        for (Candidate c : contenders) {
            if (c.weight() == 1) continue;
            Parts p = multiByteParts(text, sampleLen, c, scratch, exhaustive ? Double.NEGATIVE_INFINITY : bestSingleByte);
            if (p == null) continue; // cannot reach the best single-byte candidate
            sampleParts.put(c.encoding(), p);
            first.add(new Scored(c.encoding(), p.score(c, 0)));
        }
        first.sort(BEST_FIRST);
        double leader = first.get(0).score();
        if (sampleLen == len && leader - first.get(1).score() > DECISIVE) return first;
        // 2. the leaders, those close enough to the leader to overtake it, on all the evidence,
        // with ICU4J's opinion
        double reach = Math.max(FINAL_REACH, FINAL_REACH_SHARE * Math.abs(leader));
        List<Candidate> finalists = new ArrayList<>();
        List<Parts> finalParts = new ArrayList<>();
        for (Scored f : first) {
            if (finalists.size() == FINALISTS || !exhaustive && finalists.size() >= 2 && f.score() < leader - reach) break;
            Candidate c = candidate(f.encoding());
            finalists.add(c);
            finalParts.add(sampleLen == len ? sampleParts.get(c.encoding()) : parts(text, len, c, scratch));
        }
        Map<Encoding, Integer> icu = Map.of();
        java.util.Set<Encoding> wanted = icuWanted(finalists, finalParts, scratch);
        if (exhaustive || !wanted.isEmpty()) {
            icu = icuConfidences(text, len, exhaustive ? null : wanted);
        }
        List<Scored> second = new ArrayList<>();
        for (int i = 0; i < finalists.size(); i++) {
            Candidate c = finalists.get(i);
            second.add(new Scored(c.encoding(), finalParts.get(i).score(c, icu.getOrDefault(c.encoding(), 0))));
        }
        second.sort(BEST_FIRST);
        return second;
    }

    /**
     * The finalists whose ICU4J confidence could change the winner, the leader included, or an
     * empty set when none could. ICU4J's opinion only adds to scores, at most
     * {@link Parts#icuCeiling}, so a finalist behind the leader by more than its ceiling cannot
     * overtake whatever ICU4J says; nor can one that decodes the text exactly as the leader does
     * (twins such as windows-1255 and ISO-8859-8 on a text without the bytes they differ in),
     * where the choice would not change a character. ICU4J's pass is costly and then skipped.
     */
    private static java.util.Set<Encoding> icuWanted(List<Candidate> finalists, List<Parts> parts, Scratch scratch) {
        int lead = 0;
        for (int i = 1; i < finalists.size(); i++) {
            // strictly greater: equal scores keep the candidates' order, as the stable sort does
            if (parts.get(i).score(finalists.get(i), 0) > parts.get(lead).score(finalists.get(lead), 0)) lead = i;
        }
        double leader = parts.get(lead).score(finalists.get(lead), 0);
        java.util.Set<Encoding> wanted = new java.util.HashSet<>();
        for (int i = 0; i < finalists.size(); i++) {
            if (i == lead) continue;
            Candidate c = finalists.get(i);
            // an equal score could win on order, so only a strict lead is safe
            double ceiling = ICU_NAMES.contains(c.encoding()) ? parts.get(i).icuCeiling(c) : 0;
            if (parts.get(i).score(c, 0) + ceiling >= leader && !sameText(finalists.get(lead), c, scratch)) {
                wanted.add(c.encoding());
            }
        }
        if (!wanted.isEmpty()) wanted.add(finalists.get(lead).encoding());
        return wanted;
    }

    /** Whether two candidates decode the text identically: single-byte ones that agree on its bytes. */
    private static boolean sameText(Candidate a, Candidate b, Scratch scratch) {
        if (a.weight() != 1 || b.weight() != 1) return false;
        char[] x = ByteTables.TABLES.get(a.encoding()).chars;
        char[] y = ByteTables.TABLES.get(b.encoding()).chars;
        boolean[] present = scratch.present();
        for (int v = 0x80; v < 256; v++) {
            if (present[v] && x[v] != y[v]) return false;
        }
        return true;
    }

    /**
     * The candidates worth scoring on the sample {@code text[0, sampleLen)}: every multi-byte
     * candidate, and of the single-byte ones the two with the best {@link #unigramScore} (their
     * glance) and the next ones up to {@link #SINGLE_BYTE_CONTENDERS} whose glance comes close to
     * the best (all of them when the sample has few non-ASCII bytes, where scoring is cheap and a
     * glance at byte counts says little). In candidate order.
     */
    private static List<Candidate> contenders(byte[] text, int sampleLen, Scratch scratch) {
        int count = 0;
        while (count < scratch.nonAsciiCount && scratch.nonAscii[count] < sampleLen) count++;
        if (count <= FEW_NON_ASCII) return CANDIDATES;
        int[] histogram = new int[256];
        int[] nextToAscii = new int[256];
        for (int k = 0; k < count; k++) {
            int i = scratch.nonAscii[k];
            int b = text[i] & 0xFF;
            histogram[b]++;
            if (i > 0 && AsciiBytes.isAsciiLetter(text[i - 1])) nextToAscii[b]++;
            if (i + 1 < sampleLen && AsciiBytes.isAsciiLetter(text[i + 1])) nextToAscii[b]++;
        }
        int[] present = new int[128];
        int presentCount = 0;
        for (int b = 0x80; b < 256; b++) {
            if (histogram[b] != 0) present[presentCount++] = b;
        }
        int n = CANDIDATES.size();
        double[] glance = new double[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            Candidate c = CANDIDATES.get(i);
            order[i] = i;
            glance[i] = c.weight() == 1 ? unigramScore(histogram, nextToAscii, present, presentCount, c)
                    : Double.POSITIVE_INFINITY;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(glance[b], glance[a]));
        boolean[] keep = new boolean[n];
        int singleByte = 0;
        double top = Double.NaN;
        for (Integer i : order) {
            if (CANDIDATES.get(i).weight() != 1) {
                keep[i] = true;
                continue;
            }
            if (singleByte == 0) top = glance[i];
            if (singleByte < 2 || singleByte < SINGLE_BYTE_CONTENDERS && glance[i] >= top - GLANCE_REACH_SHARE * Math.abs(top)) {
                keep[i] = true;
            }
            singleByte++;
        }
        List<Candidate> result = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (keep[i]) result.add(CANDIDATES.get(i));
        }
        return result;
    }

    /** Single-byte candidates scored in full on the sample, chosen by {@link #unigramScore}. */
    static final int SINGLE_BYTE_CONTENDERS = 6;
    /** Up to this many non-ASCII bytes in the sample, every candidate is scored in full. */
    static final int FEW_NON_ASCII = 64;
    /**
     * Beyond the best two, a single-byte candidate is scored in full only if its glance is within
     * this share of the best glance (the twins of the leader are; unrelated scripts are not).
     */
    static final double GLANCE_REACH_SHARE = 0.2;

    /** Buffers one ranking reuses across candidates, and where the text's non-ASCII bytes are. */
    private static final class Scratch {
        final int[] byteLetters = new int[256];
        final int[] nonAscii;
        final int nonAsciiCount;
        char[] chars;
        private boolean[] present;

        /** Which non-ASCII byte values the text holds. */
        boolean[] present() {
            if (present == null) {
                present = new boolean[256];
                for (int k = 0; k < nonAsciiCount; k++) present[text[nonAscii[k]] & 0xFF] = true;
            }
            return present;
        }

        private final byte[] text;

        Scratch(byte[] text, int len) {
            this.text = text;
            chars = new char[len + 64];
            int count = 0;
            for (int i = 0; i < len; i++) {
                if (text[i] < 0) count++;
            }
            nonAscii = new int[count];
            for (int i = 0, k = 0; i < len; i++) {
                if (text[i] < 0) nonAscii[k++] = i;
            }
            nonAsciiCount = count;
        }
    }

    private static Parts parts(byte[] text, int len, Candidate c, Scratch scratch) {
        if (c.weight() == 1) {
            return singleByteParts(text, len, scratch.nonAscii, scratch.nonAsciiCount, c, scratch.byteLetters);
        }
        return multiByteParts(text, len, c, scratch, Double.NEGATIVE_INFINITY);
    }

    /**
     * {@link #parts} of a multi-byte candidate, or null if even its best possible score (its
     * {@link #ceiling}) stays below {@code toBeat}, known from the decoding before the costlier
     * weighing.
     */
    private static Parts multiByteParts(byte[] text, int len, Candidate c, Scratch scratch, double toBeat) {
        Decoder d = Decoders.newDecoder(c.encoding().name());
        // straight into the scratch array, grown when the text is longer than its bytes
        char[] chars = scratch.chars;
        int n = 0;
        int off = 0;
        do {
            int fitting = d.bytesFitting(chars.length - n);
            if (fitting < Math.min(len - off, 256)) {
                chars = scratch.chars = Arrays.copyOf(chars, 2 * chars.length + 64);
                continue;
            }
            int k = Math.min(fitting, len - off);
            n += d.decodeInto(text, off, k, off + k == len, chars, n);
            off += k;
        } while (off < len);
        if (toBeat > Double.NEGATIVE_INFINITY && ceiling(scratch.chars, n, d.errors(), c) < toBeat) return null;
        return parts(scratch.chars, n, d.errors(), c);
    }


    /**
     * The most a multi-byte candidate's decoding {@code text[0, n)} can score (without ICU4J):
     * {@code best − (letters − best) − 3 × implausible + positive} is at most {@code 2 × best}
     * (positive shapes are letters, implausible ones count against), and {@code best} is at most
     * the exemplar weight of all its non-ASCII characters, each at its best over the candidate's
     * languages. Far cheaper than the score: no neighbours, no shapes.
     */
    private static double ceiling(char[] text, int n, long errors, Candidate c) {
        Exemplar[] langs = exemplars(c);
        double weight = 0;
        for (int i = 0; i < n; ) {
            char ch = text[i];
            if (ch < 0x80) {
                i++;
                continue;
            }
            int cp = Character.codePointAt(text, i, n);
            double w = 0;
            for (Exemplar e : langs) w = Math.max(w, e.weight(cp));
            weight += w;
            i += Character.charCount(cp);
        }
        return c.weight() * 2.0 * weight - 8.0 * errors + c.prior();
    }

    /** Stage one weighs this many bytes of text per candidate. */
    static final int SAMPLE_BYTES = 2048;
    /** Candidates that go on to stage two. */
    static final int FINALISTS = 6;
    /**
     * Stage two takes the stage-one leader, the runner-up, and any other candidate within this
     * reach of the leader (the larger of the two), up to {@link #FINALISTS}.
     */
    static final double FINAL_REACH = 10;
    static final double FINAL_REACH_SHARE = 0.05;
    /** A stage-one lead that settles a short text without stage two. */
    static final double DECISIVE = 50;

    // stable: equal scores keep the candidates' order, which is by prevalence
    private static final java.util.Comparator<Scored> BEST_FIRST = (a, b) -> Double.compare(b.score(), a.score());

    private static Candidate candidate(Encoding e) {
        for (Candidate c : CANDIDATES) {
            if (c.encoding() == e) return c;
        }
        throw new IllegalArgumentException(e.name());
    }
}
