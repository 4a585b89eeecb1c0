package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.encoding.Encoding;

/**
 * How far windows-874's reading of a text is from what Thai writes: the evidence against a Thai
 * reading of text in another script. EUC-KR's and GBK's lead bytes (0xA1-0xFE) are Thai letters in
 * windows-874, so Korean, Chinese and Japanese text reads there as a string of Thai consonants
 * breaking no rule of Thai orthography, and a Korean page's symbols (☆ ˚ 。 ♡: leads 0xA1-0xA2,
 * nothing to EUC-KR's reading) are two Thai letters each. Such a reading writes the characters of
 * its bytes, near uniform over the block, where Thai writes า น ่ ร อ ก often and ฃ ฅ (obsolete),
 * the Thai digits and ฺ almost never; its vowels and tone marks are 10-20% of its characters against
 * Thai's 40%.
 *
 * <p>A reading's surprisal is the sum, over the Thai characters it reads (U+0E01-U+0E5B), of the
 * natural logarithm of each one's share of the Thai characters of Thai text, negated. Thai text
 * of {@code n} such characters has a surprisal about {@code n} times the shares' entropy ({@link
 * #ENTROPY}, 3.64), spread by the square root of {@code n} times their deviation ({@link #SPREAD},
 * 0.82). What a reading's surprisal exceeds that by, beyond {@link #SIGMAS} deviations, weighs
 * {@link #WEIGHT} a unit against it ({@link #penalty}); Thai text is almost never touched (the
 * corpus's windows-874 pages exceed the entropy by at most 0.7 a character on 16 characters, 0.1
 * on whole pages), the Hangul, Han and kana read as Thai by 2 a character (the median; 0.8 the
 * least on 16 characters and more). The penalty only lowers windows-874's score, so what bounds a
 * score from above still does ({@link Ranking} keeps a reading that trails by more than a settled
 * lead even before its loss at its score before it).
 *
 * <p>The shares are the Thai National Corpus's: its word frequencies as PyThaiNLP distributes them
 * ({@code pythainlp/corpus/tnc_freq.txt}, at PyThaiNLP's commit 10c1e82), the characters of its first 5,843 words (127 million
 * Thai characters) counted by the words' frequencies ({@code tools/thai-letter-shares}); public
 * figures about the language, fitted on none of our pages. Vowel signs and tone marks are 40.5% of
 * them. A character those words write less than once in 10,000 ({@link #FLOOR}: ฃ ฅ ฦ ฬ ฌ, ฺ, the
 * digits, ๏ ๚ ๛) counts as once in 10,000. Internal; stateless.
 */
final class ThaiLetters {
    private ThaiLetters() {}

    /**
     * What a unit of surprisal weighs against a letter of the exemplar sets (1). Twice {@link
     * CyrillicLetters#WEIGHT}: that one orders readings of one alphabet, this one weighs a reading
     * whose every character counts as a letter against one (EUC-KR's, GBK's) that counts its
     * symbols as nothing. On the calibration set 0.25 left 38 wrong answers at 70% or more,
     * 0.5 and 1 left 33.
     */
    static final double WEIGHT = 0.5;

    /** How many of Thai text's deviations a reading's surprisal may exceed the expected by, unweighed. */
    static final double SIGMAS = 3;

    /** The encoding whose reading is weighed. */
    static final Encoding ENCODING = Encoding.WINDOWS_874;

    /** The least share a character counts at (per cent): once in 10,000. */
    private static final double FLOOR = 0.01;

    /** The share (per cent) of each code point U+0E01..U+0E5B among the Thai characters of Thai text. */
    private static final double[] SHARES = {
            4.4067, 1.2543, 0.0000, 1.8543, 0.0000, 0.0132, 4.0843, 1.5926, 0.1370, 0.9088, 0.2100, 0.0003, 0.2984,
            0.0440, 0.0438, 0.1179, 0.0134, 0.0420, 0.3672, 2.2925, 1.9325, 0.4551, 2.2344, 0.3109, 6.1134, 1.7813,
            1.6950, 0.5007, 0.0738, 1.1224, 0.0826, 0.2462, 3.6668, 2.8937, 4.7508, 0.0391, 2.2465, 0.0000, 2.7767,
            0.3294, 0.2696, 1.7847, 2.0811, 0.0074, 4.4173, 0.0186, 0.0352, 1.9801, 3.2578, 7.1826, 0.7792, 1.8194,
            2.7090, 0.6035, 1.1414, 0.8376, 0.9329, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 3.7719, 1.5128,
            0.4512, 1.2699, 1.5043, 0.0000, 0.2136, 1.0325, 4.9866, 3.9758, 0.0193, 0.0180, 0.4546, 0.0000, 0.0000,
            0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
    };

    /** −ln(share) of each code point U+0E01..U+0E5B, the shares floored and summing to 1. */
    private static final double[] SURPRISAL = new double[SHARES.length];

    /** The entropy of the shares (nats): the mean surprisal of a character of Thai text. */
    static final double ENTROPY;

    /** The standard deviation of a character's surprisal in Thai text. */
    static final double SPREAD;

    static {
        double sum = 0;
        for (double s : SHARES) sum += Math.max(s, FLOOR);
        double mean = 0;
        double square = 0;
        for (int i = 0; i < SHARES.length; i++) {
            double p = Math.max(SHARES[i], FLOOR) / sum;
            SURPRISAL[i] = -Math.log(p);
            mean += p * SURPRISAL[i];
            square += p * SURPRISAL[i] * SURPRISAL[i];
        }
        ENTROPY = mean;
        SPREAD = Math.sqrt(square - mean * mean);
    }

    /** The surprisal of each byte value 0x80-0xFF as windows-874 reads it; NaN where it reads no Thai character. */
    private static final double[] BYTE_SURPRISAL = byteSurprisal();

    private static double[] byteSurprisal() {
        char[] chars = ByteTables.TABLES.get(ENCODING).chars;
        double[] surprisal = new double[0x80];
        for (int b = 0; b < 0x80; b++) {
            char c = chars[b + 0x80];
            surprisal[b] = c >= 0x0E01 && c < 0x0E01 + SHARES.length ? SURPRISAL[c - 0x0E01] : Double.NaN;
        }
        return surprisal;
    }

    /**
     * What windows-874's reading of the bytes at {@code offsets[0, count)} of {@code text} (the
     * offsets of its bytes beyond ASCII) loses for being unlike Thai: {@link #WEIGHT} times the
     * units by which its surprisal exceeds {@link #ENTROPY} per Thai character and {@link #SIGMAS}
     * deviations; 0 for a reading as likely as Thai text mostly is.
     */
    static double penalty(byte[] text, int[] offsets, int count) {
        int n = 0;
        double surprisal = 0;
        for (int k = 0; k < count; k++) {
            double s = BYTE_SURPRISAL[(text[offsets[k]] & 0xFF) - 0x80];
            if (s == s) { // a Thai character
                n++;
                surprisal += s;
            }
        }
        double excess = surprisal - n * ENTROPY - SIGMAS * SPREAD * Math.sqrt(n);
        return excess > 0 ? WEIGHT * excess : 0;
    }
}
