package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.encoding.Encoding;

import java.util.List;
import java.util.Set;

/**
 * How often the Cyrillic encodings' readings of a text write the letters Russian writes often: the
 * evidence that tells apart readings the exemplar sets cannot. The single-byte Cyrillic encodings
 * put the Russian alphabet at different bytes, so a text in one reads in another as letters of
 * the same alphabet: lower-case KOI8-R is windows-1251's capitals ("привет" as "РТЙЧЕФ"), each reading
 * Russian letters, with no shape against it. What differs is which letters: KOI8-R's о, а, и, т
 * are windows-1251's П, Б, Й, Ф, letters Russian writes four to forty times less often.
 *
 * <p>A reading's log-likelihood is the sum, over the text's bytes beyond ASCII, of the natural
 * logarithm of its letter's share of the letters of Russian text (capitals as their small letter);
 * any other character (a letter Russian does not write, a symbol) counts as the rarest letter. The
 * shares are the Russian National Corpus's, as Russian Wikipedia's article "Частотность"
 * tabulates them (о 10.97%, е 8.45%, а 8.01% … ъ and ё 0.04%), public figures about the
 * language, fitted on none of our pages. They serve the other Cyrillic languages as well as a
 * reading's choice needs: the letters a permutation of the alphabet moves are the common ones of
 * all of them (а, о, е, и, н, т), and the letters Russian lacks (і, ї, є, ў, ј) count alike in
 * every reading that has none of them at that byte.
 *
 * <p>Two words' letters are thin evidence of their shares ("белый обобщенный" in windows-1251 is
 * KOI8-R's "АЕКШИ НАНАЫЕММШИ", whose letters Russian writes as often). The case of the words is
 * not: a page writes its words in one habit of case in both its alphabets, so a reading whose words
 * of four letters or more are in the case the page's Latin words seldom take falls short by the log
 * odds of that case ({@link WordCase}).
 *
 * <p>Among the finalists of {@link Ranking}'s second stage that read the text in a Cyrillic
 * encoding, each loses {@link #WEIGHT} per unit its log-likelihood falls short of the best of
 * theirs, and per unit its words' case falls short of the page's habit ({@link #shortfalls}): the
 * likeliest reading in the page's case loses nothing, and no other candidate is touched, so the evidence only orders readings of one alphabet and never weighs Russian against
 * another script. Internal; stateless.
 */
final class CyrillicLetters {
    private CyrillicLetters() {}

    /**
     * What a unit of log-likelihood (a natural logarithm) weighs against a letter of the exemplar
     * sets (1). A letter moved by a permutation of the alphabet costs about 1 unit (о → П: ln(10.97 /
     * 2.81) = 1.4): a reading that falls short on two words (ten letters) loses about 3 points, more
     * than the web's prior between the commonest Cyrillic encoding and the rarest (windows-1251
     * against x-mac-cyrillic: 1.3).
     */
    static final double WEIGHT = 0.25;

    /** The encodings whose readings are compared: the single-byte ones that write Russian. */
    static final Set<Encoding> ENCODINGS = Set.of(Encoding.WINDOWS_1251, Encoding.KOI8_R, Encoding.KOI8_U,
            Encoding.ISO_8859_5, Encoding.IBM866, Encoding.X_MAC_CYRILLIC);

    /** The Russian alphabet's small letters, commonest first, and their shares (per cent) of Russian letters. */
    private static final String LETTERS = "оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё";
    private static final double[] SHARES = {10.97, 8.45, 8.01, 7.35, 6.70, 6.26, 5.47, 4.73, 4.54, 4.40, 3.49, 3.21,
            2.98, 2.81, 2.62, 2.01, 1.90, 1.74, 1.70, 1.65, 1.59, 1.44, 1.21, 0.97, 0.94, 0.73, 0.64, 0.48, 0.36, 0.32,
            0.26, 0.04, 0.04};

    /** What any other character counts: the rarest letter's log share. */
    static final double OTHER = Math.log(0.0004);

    /** ln(share) of each code point U+0400..U+045F (capitals as their small letter), {@link #OTHER} for the rest. */
    private static final double[] LOG_SHARE = logShares();

    private static double[] logShares() {
        double[] logs = new double[0x60];
        java.util.Arrays.fill(logs, OTHER);
        for (int i = 0; i < LETTERS.length(); i++) {
            char small = LETTERS.charAt(i);
            double log = Math.log(SHARES[i] / 100);
            logs[small - 0x400] = log;
            logs[Character.toUpperCase(small) - 0x400] = log;
        }
        return logs;
    }

    /** The log share of character {@code c} as a letter of Russian text ({@link #OTHER} if it is none). */
    static double logShare(char c) {
        return c >= 0x400 && c < 0x460 ? LOG_SHARE[c - 0x400] : OTHER;
    }

    /**
     * The log-likelihood of the reading of {@code text[0, len)} by single-byte encoding {@code e}
     * (one of {@link #ENCODINGS}): each byte beyond ASCII at its letter's log share.
     */
    static double logLikelihood(byte[] text, int len, Encoding e) {
        return logLikelihood(histogram(text, len), e);
    }

    /** How often each byte value occurs beyond ASCII in {@code text[0, len)} (256 entries, by byte value). */
    private static int[] histogram(byte[] text, int len) {
        int[] histogram = new int[256];
        for (int i = 0; i < len; i++) {
            if (text[i] < 0) histogram[text[i] & 0xFF]++;
        }
        return histogram;
    }

    /** {@link #logLikelihood(byte[], int, Encoding)} of a text whose bytes beyond ASCII occur {@code histogram} times. */
    private static double logLikelihood(int[] histogram, Encoding e) {
        char[] chars = ByteTables.TABLES.get(e).chars;
        double sum = 0;
        for (int b = 0x80; b < 0x100; b++) {
            if (histogram[b] != 0) sum += histogram[b] * logShare(chars[b]);
        }
        return sum;
    }

    /**
     * What each of {@code finalists} loses to its Cyrillic rivals: {@link #WEIGHT} times the units
     * of log-likelihood by which its reading of {@code text[0, len)} falls short of the best
     * reading among the finalists in {@link #ENCODINGS}; 0 for the best of them and for every other
     * finalist (and for all, unless two of them read the text).
     */
    static double[] shortfalls(List<Candidate> finalists, byte[] text, int len) {
        return shortfalls(finalists, text, len, () -> histogram(text, len));
    }

    /**
     * {@link #shortfalls(List, byte[], int)} of a text whose bytes beyond ASCII occur as {@code
     * histogram} gives them (256 entries, by byte value; asked only when two finalists read
     * Cyrillic): the ranking counts the text once for these and for {@link LetterShares}.
     */
    static double[] shortfalls(List<Candidate> finalists, byte[] text, int len, java.util.function.Supplier<int[]> histogram) {
        double[] shortfalls = new double[finalists.size()];
        if (finalists.stream().filter(c -> ENCODINGS.contains(c.encoding())).count() < 2) return shortfalls;
        // the text read once: each reading sums its byte values' counts
        int[] counts = histogram.get();
        double[] logs = new double[finalists.size()];
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < finalists.size(); i++) {
            Encoding e = finalists.get(i).encoding();
            logs[i] = ENCODINGS.contains(e) ? logLikelihood(counts, e) : Double.NaN;
            if (!Double.isNaN(logs[i])) best = Math.max(best, logs[i]);
        }
        // and each reading's words in the case the page writes less often, against none
        WordCase words = WordCase.of(text, len);
        for (int i = 0; i < finalists.size(); i++) {
            if (!Double.isNaN(logs[i])) shortfalls[i] = WEIGHT * (best - logs[i] + words.shortfall(finalists.get(i).encoding()));
        }
        return shortfalls;
    }

    /**
     * The case of a text's words, read once for all the Cyrillic readings: the share of its Latin
     * words (two ASCII letters or more) written all in capitals, as the page writes them
     * ({@code (capital words + 1) / (words + 2)}, one half where it has none), and the byte values
     * of its first {@link #CASE_WORDS} runs of {@link #CASE_WORD} or more bytes beyond ASCII, each
     * a set of two longs (bytes 0x80-0xBF, 0xC0-0xFF). A page's words follow one habit of case in
     * both its alphabets: where its English is written in small letters, so is its Russian.
     * KOI8-R's capitals are windows-1251's small letters and the reverse, so a word in small
     * letters in one is a word in capitals in the other ("белый" as "АЕКШИ"): where the letters'
     * shares cannot tell two words' readings apart, the case the page writes can. Latin words are
     * counted in the first {@link #LATIN_SPAN} bytes, and the words beyond ASCII are the first
     * {@link #CASE_WORDS}: where more would tell, the letters' shares already do, and the text is
     * not read further than that.
     */
    record WordCase(double capitals, long[] sets, int words) {
        static WordCase of(byte[] text, int len) {
            long[] sets = new long[2 * CASE_WORDS];
            int words = 0;
            int latinWords = 0;
            int capitalWords = 0;
            int i = 0;
            while (i < len) {
                int c = text[i];
                if (c < 0) {
                    int start = i;
                    long low = 0;
                    long high = 0;
                    for (; i < len && text[i] < 0; i++) {
                        int b = text[i] & 0x7F;
                        if (b < 64) low |= 1L << b;
                        else high |= 1L << (b - 64);
                    }
                    if (i - start >= CASE_WORD && words < CASE_WORDS) {
                        sets[2 * words] = low;
                        sets[2 * words + 1] = high;
                        words++;
                    }
                } else if (i >= LATIN_SPAN) {
                    if (words == CASE_WORDS) break;
                    i = io.github.jsoupcharset.markup.AsciiBytes.firstNonAscii(text, i, len);
                } else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
                    int start = i;
                    boolean allCapitals = true;
                    for (; i < len && (text[i] | 0x20) >= 'a' && (text[i] | 0x20) <= 'z'; i++) {
                        allCapitals &= (text[i] & 0x20) == 0;
                    }
                    if (i - start >= 2) {
                        latinWords++;
                        if (allCapitals) capitalWords++;
                    }
                } else {
                    i++;
                }
            }
            return new WordCase((capitalWords + 1.0) / (latinWords + 2.0), sets, words);
        }

        /**
         * What the case of the words encoding {@code e} (one of {@link #ENCODINGS}) reads falls
         * short of the page's habit by (natural-log units): each word it reads as letters, all of
         * them capitals, costs ln((1 − q) / q), any other word of letters ln(q / (1 − q)), q the
         * share of capitals; whichever of the two is below 0 counts 0.
         */
        double shortfall(Encoding e) {
            long[] masks = CASE_MASKS.get(e);
            double capitalWord = Math.max(0, Math.log((1 - capitals) / capitals));
            double smallWord = Math.max(0, Math.log(capitals / (1 - capitals)));
            double sum = 0;
            for (int w = 0; w < words; w++) {
                long low = sets[2 * w];
                long high = sets[2 * w + 1];
                if ((low & ~masks[0]) != 0 || (high & ~masks[1]) != 0) continue; // not all letters
                sum += (low & ~masks[2]) == 0 && (high & ~masks[3]) == 0 ? capitalWord : smallWord;
            }
            return sum;
        }
    }

    /**
     * The fewest letters of a word whose case counts ({@link WordCase}): abbreviations of three
     * letters or fewer (РФ, США, МВД) are written in capitals in text of any case.
     */
    static final int CASE_WORD = 4;

    /** The most words beyond ASCII whose case counts ({@link WordCase}). */
    static final int CASE_WORDS = 16;

    /** The bytes of the text in which its Latin words are counted ({@link WordCase}): stage one's sample at most. */
    static final int LATIN_SPAN = 2048;

    /**
     * By encoding of {@link #ENCODINGS}: the bytes 0x80-0xFF it reads as letters (two longs, as
     * {@link WordCase} holds a word's bytes), then those it reads as capitals.
     */
    private static final java.util.Map<Encoding, long[]> CASE_MASKS = caseMasks();

    private static java.util.Map<Encoding, long[]> caseMasks() {
        java.util.Map<Encoding, long[]> masks = new java.util.HashMap<>();
        for (Encoding e : ENCODINGS) {
            char[] chars = ByteTables.TABLES.get(e).chars;
            long[] m = new long[4];
            for (int b = 0; b < 128; b++) {
                char c = chars[0x80 + b];
                if (Character.isLetter(c)) m[b >> 6] |= 1L << (b & 63);
                if (Character.isUpperCase(c)) m[2 + (b >> 6)] |= 1L << (b & 63);
            }
            masks.put(e, m);
        }
        return java.util.Map.copyOf(masks);
    }
}
