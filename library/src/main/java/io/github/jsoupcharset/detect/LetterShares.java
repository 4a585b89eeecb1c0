package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How far a reading is from the letters its script's language writes: the evidence against a
 * reading in Thai, Greek or Arabic of text in another script, where each character of the
 * wrong reading is a letter that breaks no rule. EUC-KR's and GBK's lead bytes (0xA1-0xFE) are Thai letters in
 * windows-874, so Korean, Chinese and Japanese text reads there as Thai consonants, and a Korean
 * page's symbols (☆ ˚ 。 ♡: leads 0xA1-0xA2, nothing to EUC-KR's reading) as two Thai letters
 * each; windows-1251's small Russian letters are ISO-8859-7's small Greek ones, so a few Russian
 * words read as Greek words ("Цвет поддерживает" as "Φβες οξδδεπζθβΰες"), and KOI8-R's as
 * Arabic letters in ISO-8859-6 and windows-1256 ("удалось результате" as "صؤءجدسط زإعصجطشءشإ").
 * Such a reading writes the characters of its bytes, where the language writes a few letters often and others almost
 * never: Russian's о and а are ξ and ΰ in the Greek reading, letters Greek writes once in 200
 * and almost never; vowel signs and tone marks are 9-21% of the characters of Korean, Chinese
 * and Japanese read as Thai, 40% of Thai's.
 *
 * <p>A reading's surprisal is the sum, over the characters it reads in the language's table
 * (capitals as their small letter), of the natural logarithm of each one's share of the letters
 * of the language's text, negated; other characters (punctuation, digits of another block) count
 * nothing. Text of the language of {@code n} such characters has a surprisal about {@code n}
 * times the shares' entropy ({@link #entropy}), spread by the square root of {@code n} times their
 * deviation ({@link #spread}). What a reading's surprisal exceeds that by, beyond {@link #SIGMAS}
 * deviations and the table's {@link #margin} a character, weighs {@link #WEIGHT} a unit against
 * it ({@link #loss}). The loss only lowers a score, so what bounds a score from above still
 * does ({@link Ranking} keeps a reading that trails by more than a settled lead even before its
 * loss at its score before it).
 *
 * <p>The shares are public figures about the languages, fitted on none of our pages, each
 * table's characters counted over a word-frequency list's first words by the words' frequencies
 * ({@code tools/letter-shares}); a character those words write less than once in 10,000 ({@link
 * #FLOOR}) counts as once in 10,000:
 * <ul>
 *   <li>{@link #THAI}: the Thai National Corpus's word frequencies as PyThaiNLP distributes them
 *       ({@code pythainlp/corpus/tnc_freq.txt} at PyThaiNLP's commit 10c1e82), its first 5,843
 *       words (127 million Thai characters; vowel signs and tone marks 40.5%). The corpus's
 *       windows-874 pages exceed its entropy by at most 0.7 a character on 16 characters, 0.1 on
 *       whole pages; its Korean, Chinese and Japanese pages read as windows-874 by 2 (the
 *       median), 0.8 the least.</li>
 *   <li>{@link #GREEK}: OpenSubtitles 2018's Greek word frequencies as the FrequencyWords
 *       repository gives them ({@code content/2018/el/el_50k.txt} at its commit 072bbed), its
 *       first 3,709 words (879 million letters; α 11.1%, ε 8.3% … ψ 0.08%; ΐ, outside the table,
 *       counts nothing). The corpus's Greek pages exceed its entropy by at most 0.23 a letter;
 *       its windows-1251 pages read as ISO-8859-7 by 1.2 (the median), 0.2 the least.</li>
 *   <li>{@link #ARABIC}: the same repository's Arabic and Persian lists ({@code
 *       content/2018/ar/ar_50k.txt} and {@code content/2018/fa/fa_50k.txt} at its commit
 *       971bc0c), their first 4,332 and 4,574 words (413 and 110 million letters), each letter at
 *       the larger of its two shares (ا 13.3%, ل 11.3%, ي 9.0% … ؤ 0.06%). The corpus's Arabic
 *       pages exceed its entropy by 0.03 a letter; the message catalogues of Persian, Urdu,
 *       Kurdish, Pashto and Sindhi by none; its KOI8-R pages read as ISO-8859-6 or windows-1256
 *       by 1.2 at least, ISO-8859-5 ones by 1.1 (windows-1251's, IBM866's and x-mac-cyrillic's
 *       readings in windows-1256 are mostly French letters there, and by none).</li>
 * </ul>
 * Internal; immutable.
 */
final class LetterShares {
    /**
     * What a unit of surprisal weighs against a letter of the exemplar sets (1). Twice {@link
     * CyrillicLetters#WEIGHT}: that one orders readings of one alphabet, this one weighs a reading
     * whose every character counts as a letter against one (EUC-KR's, GBK's) that counts its
     * symbols as nothing. On the calibration set, for Thai alone, 0.25 left 38 wrong answers at
     * 70% or more, 0.5 and 1 left 33.
     */
    static final double WEIGHT = 0.5;

    /** How many of the language's deviations a reading's surprisal may exceed the expected by, unweighed. */
    static final double SIGMAS = 3;

    /** The least share a character counts at (per cent): once in 10,000. */
    static final double FLOOR = 0.01;

    /** Thai's characters U+0E01..U+0E5B, as windows-874 reads them. */
    static final LetterShares THAI = new LetterShares(List.of(Encoding.WINDOWS_874), 0x0E01, 0, new double[] {
            4.4067, 1.2543, 0.0000, 1.8543, 0.0000, 0.0132, 4.0843, 1.5926, 0.1370, 0.9088, 0.2100, 0.0003, 0.2984,
            0.0440, 0.0438, 0.1179, 0.0134, 0.0420, 0.3672, 2.2925, 1.9325, 0.4551, 2.2344, 0.3109, 6.1134, 1.7813,
            1.6950, 0.5007, 0.0738, 1.1224, 0.0826, 0.2462, 3.6668, 2.8937, 4.7508, 0.0391, 2.2465, 0.0000, 2.7767,
            0.3294, 0.2696, 1.7847, 2.0811, 0.0074, 4.4173, 0.0186, 0.0352, 1.9801, 3.2578, 7.1826, 0.7792, 1.8194,
            2.7090, 0.6035, 1.1414, 0.8376, 0.9329, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 3.7719, 1.5128,
            0.4512, 1.2699, 1.5043, 0.0000, 0.2136, 1.0325, 4.9866, 3.9758, 0.0193, 0.0180, 0.4546, 0.0000, 0.0000,
            0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
    });

    /** Greek's small letters U+03AC..U+03CE (ά έ ή ί ΰ α … ω ϊ ϋ ό ύ ώ), as ISO-8859-7 and windows-1253 read them. */
    static final LetterShares GREEK = new LetterShares(List.of(Encoding.ISO_8859_7, Encoding.WINDOWS_1253), 0x03AC, 0,
            new double[] {
            2.7541, 2.4252, 1.0990, 2.9428, 0.0000, 11.0917, 0.5006, 1.5971, 1.7000, 8.2985, 0.3881, 2.1328, 1.3148,
            7.2994, 2.8970, 2.6460, 3.9095, 6.6887, 0.5044, 7.1734, 4.0567, 3.3984, 2.7696, 3.9847, 7.5774, 3.1815,
            0.6290, 1.2717, 0.0826, 1.5011, 0.0000, 0.0000, 2.4393, 0.8657, 0.8792,
    });

    /**
     * Arabic's letters U+0621..U+064A (ء … ي), as ISO-8859-6 and windows-1256 read them, each at the
     * larger of its shares in Arabic and in Persian (windows-1256 writes both; Persian's own
     * letters پ چ ژ ک گ ی lie outside the table and count nothing). Arabic as software
     * translates it is further from these shares than Thai's or Greek's pages are from theirs: the
     * message catalogues of the development half of {@code UnseenTextEvaluation} exceed the
     * entropy by up to 0.21 a letter (Persian's by none), so 0.25 a letter ({@link #margin}) is
     * weighed nothing.
     */
    static final LetterShares ARABIC = new LetterShares(List.of(Encoding.ISO_8859_6, Encoding.WINDOWS_1256), 0x0621,
            0.25, new double[] {
            0.3694, 0.4923, 4.3635, 0.0582, 0.8146, 0.3000, 13.3418, 5.9286, 1.6724, 4.8673, 0.5273, 1.3510, 2.0171,
            1.8718, 6.4836, 2.2186, 7.4740, 1.8724, 2.4423, 2.9077, 0.6015, 0.4437, 0.7195, 0.2572, 3.5908, 0.2425,
            0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.1564, 2.3249, 2.1723, 4.1442, 11.2766, 9.2629, 8.8481, 8.7351,
            7.9137, 1.1543, 9.0182,
    });

    /** The encodings whose readings are weighed, and what each reading is weighed against. */
    private static final Map<Encoding, LetterShares> OF = Map.of(Encoding.WINDOWS_874, THAI, Encoding.ISO_8859_7, GREEK,
            Encoding.WINDOWS_1253, GREEK, Encoding.ISO_8859_6, ARABIC, Encoding.WINDOWS_1256, ARABIC);

    /** The encodings whose readings are weighed. */
    static final Set<Encoding> ENCODINGS = OF.keySet();

    /** The entropy of the shares (nats): the mean surprisal of a letter of the language's text. */
    final double entropy;

    /** The standard deviation of a letter's surprisal in the language's text. */
    final double spread;

    /** What a letter's surprisal may exceed {@link #entropy} by on average, weighed nothing (nats). */
    final double margin;

    /** The surprisal of each byte value 0x80-0xFF in each encoding's reading; NaN where it reads no letter of the table. */
    private final Map<Encoding, double[]> byteSurprisal;

    private LetterShares(List<Encoding> encodings, int first, double margin, double[] shares) {
        this.margin = margin;
        double sum = 0;
        for (double s : shares) sum += Math.max(s, FLOOR);
        double[] surprisal = new double[shares.length];
        double mean = 0;
        double square = 0;
        for (int i = 0; i < shares.length; i++) {
            double p = Math.max(shares[i], FLOOR) / sum;
            surprisal[i] = -Math.log(p);
            mean += p * surprisal[i];
            square += p * surprisal[i] * surprisal[i];
        }
        entropy = mean;
        spread = Math.sqrt(square - mean * mean);
        Map<Encoding, double[]> bytes = new java.util.HashMap<>();
        for (Encoding e : encodings) {
            char[] chars = ByteTables.TABLES.get(e).chars;
            double[] s = new double[0x80];
            for (int b = 0; b < 0x80; b++) {
                int c = Character.toLowerCase(chars[b + 0x80]);
                s[b] = c >= first && c < first + shares.length ? surprisal[c - first] : Double.NaN;
            }
            bytes.put(e, s);
        }
        byteSurprisal = Map.copyOf(bytes);
    }

    /**
     * What {@code e}'s reading of a text whose bytes beyond ASCII occur {@code histogram} times
     * (256 entries, by byte value) loses for being unlike its script's language ({@link
     * #excessLoss}); 0 for an encoding none of the tables weighs.
     */
    static double loss(Encoding e, int[] histogram) {
        LetterShares shares = OF.get(e);
        if (shares == null) return 0;
        double[] byteSurprisal = shares.byteSurprisal.get(e);
        int n = 0;
        double surprisal = 0;
        for (int b = 0; b < 0x80; b++) {
            int times = histogram[b + 0x80];
            if (times != 0 && byteSurprisal[b] == byteSurprisal[b]) { // a letter of the table
                n += times;
                surprisal += times * byteSurprisal[b];
            }
        }
        return excessLoss(n, surprisal, shares.entropy, shares.margin, shares.spread);
    }

    /**
     * What a reading of {@code n} characters of a table, of surprisal {@code surprisal} under its
     * shares, loses: {@link #WEIGHT} times the units by which the surprisal exceeds {@code n}
     * times the shares' {@code entropy} and the table's {@code margin}, and {@link #SIGMAS}
     * deviations ({@code spread} × √n); 0 for a reading as likely as the language's text mostly
     * is. {@link KanjiShares} weighs kanji so too.
     */
    static double excessLoss(int n, double surprisal, double entropy, double margin, double spread) {
        double excess = surprisal - n * (entropy + margin) - SIGMAS * spread * Math.sqrt(n);
        return excess > 0 ? WEIGHT * excess : 0;
    }
}
