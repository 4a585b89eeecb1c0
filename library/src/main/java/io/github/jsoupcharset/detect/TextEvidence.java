package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.detect.Exemplars.Exemplar;
import io.github.jsoupcharset.markup.AsciiBytes;

import static io.github.jsoupcharset.detect.CharacterProperties.LETTER;
import static io.github.jsoupcharset.detect.CharacterProperties.LONE_RARE;
import static io.github.jsoupcharset.detect.CharacterProperties.LOWER;
import static io.github.jsoupcharset.detect.CharacterProperties.MARK;
import static io.github.jsoupcharset.detect.CharacterProperties.SYMBOL;
import static io.github.jsoupcharset.detect.CharacterProperties.UNWRITTEN;
import static io.github.jsoupcharset.detect.CharacterProperties.UPPER;

/**
 * The scoring model: how plausible a text is as something a person wrote, used to choose between
 * candidate encodings ({@link Candidates}) of undeclared bytes by decoding with each and scoring
 * the result. Evidence, all derived from ICU's locale data and Unicode's character properties (no
 * corpus text):
 * <ul>
 *   <li>letters in the exemplar characters of a language written in that encoding
 *       ({@link Exemplars}), against letters outside every such language;</li>
 *   <li>implausible shapes that wrong decodings produce: a letter of one script inside a word of
 *       another ("cafй"), an upper-case letter after a lower-case one ("пРИВЕТ"), symbols glued to
 *       letters of scripts that space their words ("Ã©"), combining marks without a base, broken
 *       Thai orthography, letters out of their place in a word, C1 control characters, and
 *       decoding errors;</li>
 *   <li>ICU4J's confidence ({@link IcuOpinion}), worth at most {@link #ICU_WEIGHT} of the
 *       letters.</li>
 * </ul>
 * Each rule is written once: what a character is ({@link #entry}), what it adds given its
 * neighbours ({@link #contribution}), what the parts weigh ({@link Weights}) and the most a score
 * can be ({@link #ceiling(Candidate, double, long)}). The forms of the scoring only read the text
 * differently: {@link #parts(char[], int, long, Candidate)} visits the non-ASCII characters of
 * decoded text, {@link #singleByteParts} and {@link #allSingleByteParts} read a single-byte
 * candidate's bytes through its {@link ByteTables} (the function tabulated per byte class), and
 * {@link #multiByteParts} a multi-byte candidate's through its {@link LeadByteBound.Table} (each
 * sequence's entry); the tests hold them to the plain form that reads every character. Which
 * candidates are scored, on how much text, is {@link Ranking}'s.
 * Internal; thread-safe.
 */
final class TextEvidence {
    private TextEvidence() {}

    /**
     * What a score is made of, before ICU4J's opinion is added: the letters in the best language's
     * exemplar sets, all letters weighed, implausible and positive shapes, C1 controls, errors.
     */
    record Parts(double best, int letters, int implausible, int positive, int c1, long errors) {
        /**
         * The score (higher is more plausible) with ICU4J's confidence (0-100) in the candidate as
         * extra evidence: its n-gram models know languages our exemplar sets cannot tell apart.
         */
        double score(Candidate candidate, int icuConfidence) {
            return score(candidate, icuConfidence, Weights.DEFAULT);
        }

        /** The score with ICU4J's confidence (0-100) in the candidate, the parts weighed by {@code weights}. */
        double score(Candidate candidate, int icuConfidence, Weights weights) {
            int w = candidate.weight();
            return w * (best - (letters - best) - weights.implausible() * implausible + positive
                    + weights.icu() * letters * icuConfidence / 100.0)
                    - weights.c1() * c1 - weights.error() * errors + weights.prior() * candidate.prior();
        }

        /** The most ICU4J's opinion can add to the score (at confidence 100). */
        double icuCeiling(Candidate candidate) {
            return candidate.weight() * ICU_WEIGHT * letters;
        }
    }

    /**
     * What each part of a score weighs ({@link Parts#score}): an implausible shape, a C1 control
     * and a decoding error (each against), ICU4J's full confidence (a share of the letters), and
     * the candidate's prior (a multiple of it).
     */
    record Weights(double implausible, double c1, double error, double icu, double prior) {
        /** The weights in use. */
        static final Weights DEFAULT = new Weights(3.0, 5.0, 8.0, ICU_WEIGHT, 0.15);
        /** The weights in use without the prior: the evidence alone ({@link ByteTables}' glance). */
        static final Weights EVIDENCE = new Weights(DEFAULT.implausible, DEFAULT.c1, DEFAULT.error, DEFAULT.icu, 0.0);
    }

    /**
     * The parts of the score of decoded text {@code text[0, n)} (UTF-16, surrogate pairs allowed):
     * each non-ASCII character's {@link #contribution} given its neighbours (two before, one after;
     * ' ' beyond either end). ASCII characters add nothing of their own (an ASCII letter right after
     * a non-ASCII letter is that letter's shape), so ASCII runs are stepped over.
     */
    static Parts parts(char[] text, int n, long errors, Candidate candidate) {
        Exemplar[] langs = Exemplars.of(candidate);
        int[] hits = new int[langs.length]; // in halves: exact, as the sums of halves are
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        // within a run of non-ASCII characters each one's neighbours roll forward; after an ASCII
        // run the one before is ASCII, and the one two before ASCII too or the run's last
        int[] entries = ENTRIES;
        int prev = SPACE;
        int twoBefore = SPACE;
        int runLast = SPACE; // the entry of the last non-ASCII character before an ASCII run
        int runStart = -1; // where that run starts
        int c = 0;
        int e = 0;
        boolean known = false; // c and e are the character at i (the previous one's next)
        int i = 0;
        while (i < n) {
            if (!known) {
                if (text[i] < 0x80) {
                    i++;
                    continue;
                }
                c = Character.codePointAt(text, i, n);
                e = entry(c);
                prev = i > 0 ? entries[text[i - 1]] : SPACE;
                twoBefore = i < 2 ? SPACE : i - 1 == runStart ? runLast : entries[text[i - 2]];
            } else if (c < 0x80) {
                known = false; // back to stepping over ASCII
                runLast = prev;
                runStart = i;
                i++;
                continue;
            }
            int len = Character.charCount(c);
            int nextChar = i + len >= n ? ' ' : Character.isHighSurrogate(text[i + len]) ? Character.codePointAt(text, i + len, n)
                    : text[i + len];
            int next = entry(nextChar);
            // a U+FFFD adds only its error bit, not read here: the decoder counted the errors
            int v = contribution(twoBefore, prev, e, next);
            if ((v & COUNTED_LETTER) != 0) {
                letters++;
                for (int k = 0; k < langs.length; k++) hits[k] += langs[k].halves(c);
            }
            positive += v >>> 1 & 1;
            c1 += v >>> 2 & 1;
            implausible += v >>> 4;
            twoBefore = prev;
            prev = e;
            c = nextChar;
            e = next;
            known = true;
            i += len;
        }
        int best = 0;
        for (int h : hits) best = Math.max(best, h);
        return new Parts(best * 0.5, letters, implausible, positive, c1, errors);
    }

    /**
     * Whether every non-ASCII character of decoded text {@code text[0, n)} is a small letter
     * (or one of a script without case) that one of {@code candidate}'s languages writes (a
     * standard exemplar), in a word (its run of non-ASCII characters has an ASCII letter beside
     * it) and in no implausible shape among its neighbours ({@link #contribution} adds nothing
     * against it): what a few legacy letters in ASCII text read as ("café", "Kraków").
     */
    static boolean smallLettersInWords(char[] text, int n, int[] nonAscii, int count, Candidate candidate) {
        Exemplar[] langs = Exemplars.of(candidate);
        int runEnd = -1; // the end of the run of non-ASCII characters looked at, which is in a word
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= runEnd) {
                runEnd = i;
                while (runEnd < n && text[runEnd] >= 0x80) runEnd++;
                // the chars beside a run are ASCII, so a byte holds them whole
                if (!(i > 0 && AsciiBytes.isAsciiLetter((byte) text[i - 1])
                        || runEnd < n && AsciiBytes.isAsciiLetter((byte) text[runEnd]))) {
                    return false;
                }
            }
            if (Character.isLowSurrogate(text[i]) && i > 0 && Character.isHighSurrogate(text[i - 1])) continue;
            int c = Character.codePointAt(text, i, n);
            int e = entry(c);
            if ((e & LETTER) == 0 || (e & UPPER) != 0 || bestHalves(langs, c) < 2) return false;
            int before = i > 0 ? Character.codePointBefore(text, i) : ' ';
            int prev = i > 0 ? entry(before) : SPACE;
            int twoBefore = i > Character.charCount(before) ? entry(Character.codePointBefore(text, i - Character.charCount(before)))
                    : SPACE;
            int after = i + Character.charCount(c);
            int next = after < n ? entry(Character.codePointAt(text, after, n)) : SPACE;
            if (contribution(twoBefore, prev, e, next) >>> 2 != 0) return false;
        }
        return true;
    }

    /** The offsets of the non-ASCII chars of {@code text[0, n)}. */
    static int[] nonAscii(char[] text, int n) {
        int count = 0;
        for (int i = 0; i < n; i++) if (text[i] >= 0x80) count++;
        int[] at = new int[count];
        for (int i = 0, k = 0; i < n; i++) if (text[i] >= 0x80) at[k++] = i;
        return at;
    }

    /**
     * Whether decoded text {@code text[0, n)} has at least {@code min} non-ASCII characters, every
     * one a letter one of {@code candidate}'s languages writes (a standard exemplar): a few words of
     * Japanese or Chinese ("ログイン"), where a multi-byte candidate reads a broken UTF-8 sequence as
     * one character or none.
     */
    static boolean standardLetters(char[] text, int n, Candidate candidate, int min) {
        Exemplar[] langs = Exemplars.of(candidate);
        int letters = 0;
        for (int i = 0; i < n; ) {
            int c = Character.codePointAt(text, i, n);
            if (c >= 0x80) {
                if ((entry(c) & LETTER) == 0 || bestHalves(langs, c) < 2) return false;
                if (Character.isLetter(c)) letters++; // not the punctuation weighed as letters
            }
            i += Character.charCount(c);
        }
        return letters >= min;
    }

    /**
     * {@link #parts(char[], int, long, Candidate)} of a single-byte candidate's decoding of {@code text[0, n)}, computed straight
     * from the bytes: the same steps, with each byte's character and properties from its table and
     * the exemplar hits counted per byte value ({@code byteLetters}, 256 entries, left zeroed).
     * Only non-ASCII bytes and the ASCII byte after each count (ASCII between ASCII adds nothing),
     * so only those are visited: {@code nonAscii[0, count)} are the non-ASCII bytes' offsets.
     */
    static Parts singleByteParts(byte[] text, int n, int[] nonAscii, int count, Candidate candidate,
            int[] byteLetters) {
        ByteTables.ByteTable t = ByteTables.TABLES.get(candidate.encoding());
        return singleByteParts(singleByteCounts(text, n, nonAscii, count, t, byteLetters), t);
    }

    /**
     * What {@link #singleByteParts} counts before the candidate's languages are weighed: the
     * counts of {@link Parts}, and the letters counted per byte value ({@code letterCounts[k]}
     * letters of byte value {@code letterBytes[k]}). Every candidate that decodes each byte value
     * of the text to the same character has the same counts.
     */
    record SingleByteCounts(int letters, int implausible, int positive, int c1, long errors, int[] letterBytes,
            int[] letterCounts) {}

    /**
     * {@link SingleByteCounts} of the decoding of {@code text[0, n)} by the single-byte candidate of
     * table {@code t} ({@code nonAscii[0, count)}: the offsets of the text's non-ASCII bytes;
     * {@code byteLetters}: 256 entries, left zeroed).
     */
    static SingleByteCounts singleByteCounts(byte[] text, int n, int[] nonAscii, int count, ByteTables.ByteTable t,
            int[] byteLetters) {
        return singleByteCounts(text, n, nonAscii, count, t, byteLetters, null, Double.NEGATIVE_INFINITY, 0);
    }

    /**
     * {@link #singleByteCounts(byte[], int, int[], int, ByteTables.ByteTable, int[])}, or null as
     * soon as candidate {@code c} (whose table {@code t} is) cannot score {@code toBeat} or more
     * (without ICU4J): after every {@link #BOUND_CHECK} bytes, the score of the counts so far (their
     * letters at their best exemplar weight, {@link ByteTables.ByteTable#bestHalves}) and every
     * byte still to come at its {@link ByteTables.ByteTable#pairCeiling ceiling after the byte
     * before it} is a bound never below the score. {@code ceilings}: the sum of those ceilings
     * over the bytes to count ({@link #pairCeilings}); {@code c} null: no bound. {@code
     * byteLetters} is left zeroed either way.
     */
    static SingleByteCounts singleByteCounts(byte[] text, int n, int[] nonAscii, int count, ByteTables.ByteTable t,
            int[] byteLetters, Candidate c, double toBeat, int ceilings) {
        // each byte's contribution looked up by its class and its neighbours' classes: exactly what
        // contribution() gives for them, as the table holds it for every combination
        int end = java.util.Arrays.binarySearch(nonAscii, 0, count, n);
        if (end < 0) end = -end - 1; // the offsets before n
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        long errors = 0;
        boolean bounded = c != null;
        int letterHalves = 0; // the counted letters at their best weight, while bounded
        int toCome = ceilings; // the ceilings of the bytes not yet counted, while bounded
        for (int k = 0; k < end; ) {
            // the counts summed in lanes of one long (LANES), emptied every BLOCK bytes, before any
            // lane can overflow
            long lanes = 0;
            for (int blockEnd = Math.min(end, k + (bounded ? BOUND_CHECK : BLOCK)); k < blockEnd; k++) {
                int i = nonAscii[k];
                int b = text[i] & 0xFF;
                // the neighbours, as the sequential scan sees them: ' ' before the start and after the end
                int ppb = i >= 2 ? text[i - 2] & 0xFF : ' ';
                int pb = i >= 1 ? text[i - 1] & 0xFF : ' ';
                int nb = i + 1 < n ? text[i + 1] & 0xFF : ' ';
                int v = t.contribution(b, ppb, pb, nb);
                lanes += LANES[v];
                byteLetters[b] += v & COUNTED_LETTER;
                if (bounded) {
                    letterHalves += (v & COUNTED_LETTER) * t.bestHalves[b - 0x80];
                    toCome -= t.pairCeiling(pb, b);
                }
            }
            letters += (int) (lanes & LANE_MASK);
            positive += (int) (lanes >>> LANE & LANE_MASK);
            c1 += (int) (lanes >>> 2 * LANE & LANE_MASK);
            errors += lanes >>> 3 * LANE & LANE_MASK;
            implausible += (int) (lanes >>> 4 * LANE);
            if (bounded && k < end
                    && new Parts(letterHalves * 0.5, letters, implausible, positive, c1, errors).score(c, 0) + toCome < toBeat - ROUNDING) {
                java.util.Arrays.fill(byteLetters, 0x80, 0x100, 0);
                return null;
            }
        }
        // the byte values counted, found among the bytes read where they are fewer than the 128 values
        int[] letterBytes = new int[Math.min(end, 128)];
        int letterByteCount = 0;
        if (end < 128) {
            for (int k = 0; k < end; k++) {
                int b = text[nonAscii[k]] & 0xFF;
                if (byteLetters[b] > 0) {
                    letterBytes[letterByteCount++] = b;
                    byteLetters[b] = -byteLetters[b]; // listed: negative until taken
                }
            }
        } else {
            for (int b = 0x80; b < 256; b++) {
                if (byteLetters[b] != 0) letterBytes[letterByteCount++] = b;
            }
        }
        int[] letterCounts = new int[letterByteCount];
        for (int k = 0; k < letterByteCount; k++) {
            letterCounts[k] = Math.abs(byteLetters[letterBytes[k]]);
            byteLetters[letterBytes[k]] = 0;
        }
        return new SingleByteCounts(letters, implausible, positive, c1, errors,
                java.util.Arrays.copyOf(letterBytes, letterByteCount), letterCounts);
    }

    /**
     * Each non-ASCII byte of {@code text[0, n)} ({@code nonAscii[0, count)}: their offsets) with
     * the byte before it (' ' at the start), as {@code before << 7 | byte - 0x80}: what {@link
     * #pairCeilings} and {@link #countedLetters} read, found once for every candidate.
     */
    static int[] pairs(byte[] text, int n, int[] nonAscii, int count) {
        int end = 0;
        while (end < count && nonAscii[end] < n) end++;
        int[] pairs = new int[end];
        for (int k = 0; k < end; k++) {
            int i = nonAscii[k];
            pairs[k] = (i >= 1 ? text[i - 1] & 0xFF : ' ') << 7 | (text[i] & 0x7F);
        }
        return pairs;
    }

    /**
     * The sum of the {@link ByteTables.ByteTable#pairCeiling}s of the bytes {@code pairs[0,
     * count)} holds ({@link #pairs}), each after the byte before it: what they can add at most to
     * the score of the candidate of table {@code t}.
     */
    static int pairCeilings(int[] pairs, int count, ByteTables.ByteTable t) {
        int sum = 0;
        for (int k = 0; k < count; k++) sum += t.pairCeiling(pairs[k] >>> 7, pairs[k] & 0x7F | 0x80);
        return sum;
    }

    /**
     * Adds to {@code counted} (128 entries by {@code byte - 0x80}, zero where a byte value of the
     * text is; as {@link #languageCut} leaves them) how often each byte value of {@code pairs[0,
     * count)} ({@link #pairs}) is a letter the candidate of table {@code t} counts whatever the
     * byte after it and the one two before ({@link ByteTables.ByteTable#pairCounted}).
     */
    static void countedLetters(int[] pairs, int count, ByteTables.ByteTable t, int[] counted) {
        for (int k = 0; k < count; k++) {
            int b = pairs[k] & 0x7F;
            counted[b] += t.pairCounted[t.pairAt(pairs[k] >>> 7, b | 0x80)];
        }
    }

    /**
     * How far below its {@link #pairCeilings} the score of the candidate of table {@code t} stays
     * on a text whose letters {@code counted} counts ({@link #countedLetters}): a pair ceiling
     * weighs each letter at its best over the languages ({@link ByteTables.ByteTable#bestHalves}),
     * but the score weighs all of them in one language. A letter counted whatever its neighbours
     * adds in language {@code l} exactly its ceiling less its best weight above its weight in
     * {@code l} (the rest of what it adds does not depend on the language), any other byte at
     * most its ceiling; so the score is at most the ceilings less the least such sum over the
     * languages. {@code values}: the byte values whose counts may not be zero, each once; their
     * counts are left zero.
     */
    static int languageCut(ByteTables.ByteTable t, int[] counted, int[] values) {
        byte[] best = t.bestHalves;
        byte[] halves = t.weightHalves;
        int languages = t.languageCount;
        // only the letters whose weight is not the same in every language can make a cut
        int[] cuts = new int[languages];
        for (int value : values) {
            int v = value - 0x80;
            int times = counted[v];
            counted[v] = 0;
            if (times == 0 || t.weighsApart[v] == 0) continue;
            int most = best[v];
            for (int l = 0, at = v * languages; l < languages; l++) cuts[l] += times * (most - halves[at + l]);
        }
        int least = Integer.MAX_VALUE;
        for (int cut : cuts) least = Math.min(least, cut);
        return least;
    }

    /**
     * What one {@link #contribution} {@code v}, of a character whose exemplar weight is {@code
     * halves} in the best language, adds to a single-byte candidate's score (without ICU4J, the
     * prior left out): {@link Parts#score}'s weighing of one character.
     */
    static double occurrenceScore(int v, int halves) {
        Weights w = Weights.DEFAULT;
        return (v & COUNTED_LETTER) * (halves - 1) + (v >>> 1 & 1) - w.implausible() * (v >>> 4)
                - w.c1() * (v >>> 2 & 1) - w.error() * (v >>> 3 & 1);
    }

    /** The parts of {@code counts} for the candidate of table {@code t}: its languages' exemplar hits (sums of halves: exact). */
    static Parts singleByteParts(SingleByteCounts counts, ByteTables.ByteTable t) {
        byte[] halves = t.weightHalves;
        int languages = t.languageCount;
        int[] hits = new int[languages];
        int[] letterBytes = counts.letterBytes();
        int[] letterCounts = counts.letterCounts();
        for (int k = 0; k < letterBytes.length; k++) {
            int counted = letterCounts[k];
            for (int l = 0, at = (letterBytes[k] - 0x80) * languages; l < languages; l++) hits[l] += counted * halves[at + l];
        }
        int best = 0;
        for (int h : hits) best = Math.max(best, h);
        return new Parts(best * 0.5, counts.letters(), counts.implausible(), counts.positive(), counts.c1(), counts.errors());
    }

    /**
     * {@link #singleByteParts} of every single-byte candidate ({@link ByteTables.Combined#candidates}, in
     * that order) on {@code text[0, n)}, in one pass over its non-ASCII bytes ({@code nonAscii[0,
     * end)}: the offsets before {@code n}, at most {@link #BLOCK}), for a text with few of them,
     * where every candidate is scored. A byte between ASCII bytes is looked up once for all the
     * candidates ({@link ByteTables.Combined#contributions}); one with a non-ASCII neighbour in each
     * candidate's own table. The same counts and sums as each candidate's own: exact.
     */
    static Parts[] allSingleByteParts(byte[] text, int n, int[] nonAscii, int end) {
        if (end > BLOCK) throw new IllegalArgumentException("more than " + BLOCK + " non-ASCII bytes: " + end);
        ByteTables.Combined all = ByteTables.COMBINED;
        ByteTables.ByteTable[] tables = all.tables;
        int candidates = tables.length;
        byte[] asciiContexts = all.asciiContexts;
        int contexts = all.contextCount;
        byte[] combined = all.contributions;
        // the byte values present, each once, and where each one's letter counts are kept
        int[] values = new int[Math.min(end, 128)];
        int valueCount = 0;
        byte[] valueIndex = new byte[128];
        for (int k = 0; k < end; k++) {
            int b = text[nonAscii[k]] & 0x7F;
            if (valueIndex[b] == 0) {
                values[valueCount++] = b;
                valueIndex[b] = (byte) valueCount; // index + 1: 0 is "not yet seen"
            }
        }
        long[] lanes = new long[candidates];
        int[] letterCounts = new int[valueCount * candidates]; // [value index * candidates + candidate]
        for (int k = 0; k < end; k++) {
            int i = nonAscii[k];
            int b = text[i] & 0xFF;
            int ppb = i >= 2 ? text[i - 2] & 0xFF : ' ';
            int pb = i >= 1 ? text[i - 1] & 0xFF : ' ';
            int nb = i + 1 < n ? text[i + 1] & 0xFF : ' ';
            int counts = ((valueIndex[b - 0x80] & 0xFF) - 1) * candidates;
            if ((ppb | pb | nb) < 0x80) {
                int row = (((b - 0x80) * contexts + asciiContexts[pb]) * contexts + asciiContexts[nb]) * candidates;
                for (int j = 0; j < candidates; j++) {
                    int v = combined[row + j];
                    lanes[j] += LANES[v];
                    letterCounts[counts + j] += v & COUNTED_LETTER;
                }
            } else {
                for (int j = 0; j < candidates; j++) {
                    int v = tables[j].contribution(b, ppb, pb, nb);
                    lanes[j] += LANES[v];
                    letterCounts[counts + j] += v & COUNTED_LETTER;
                }
            }
        }
        byte[] halves = all.weightHalves;
        int slots = all.languageSlots;
        Parts[] parts = new Parts[candidates];
        for (int j = 0; j < candidates; j++) {
            int best = 0;
            for (int l = all.firstLanguage[j]; l < all.firstLanguage[j + 1]; l++) {
                int hits = 0;
                for (int v = 0; v < valueCount; v++) hits += letterCounts[v * candidates + j] * halves[values[v] * slots + l];
                best = Math.max(best, hits);
            }
            long lane = lanes[j];
            parts[j] = new Parts(best * 0.5, (int) (lane & LANE_MASK), (int) (lane >>> 4 * LANE),
                    (int) (lane >>> LANE & LANE_MASK), (int) (lane >>> 2 * LANE & LANE_MASK), lane >>> 3 * LANE & LANE_MASK);
        }
        return parts;
    }

    /** {@link #singleByteParts}: bytes summed in one long before its lanes are emptied. */
    private static final int BLOCK = 256;
    /** The bits of a lane: room for {@link #BLOCK} bytes of at most 7 implausible shapes each. */
    private static final int LANE = 12;
    private static final long LANE_MASK = (1L << LANE) - 1;
    /** A {@link #contribution} spread into lanes: letters, positive, C1, errors, implausible (the top 16 bits). */
    private static final long[] LANES = new long[128];

    static {
        for (int v = 0; v < LANES.length; v++) {
            LANES[v] = (v & 1) | (long) (v >>> 1 & 1) << LANE | (long) (v >>> 2 & 1) << 2 * LANE
                    | (long) (v >>> 3 & 1) << 3 * LANE | (long) (v >>> 4) << 4 * LANE;
        }
    }

    /**
     * What the model reads of a character, in one int: its {@link CharacterProperties} flags (bits
     * 0-6), whether it is ASCII ({@link #ASCII}), {@link #positionalKind} (bits 8-9), whether it is
     * U+FFFD, a decoding error ({@link #ERROR}), or a C1 control ({@link #C1}), its kind in Thai
     * orthography as the character checked ({@link #thaiOwnKind}, bits 12-13) and as a neighbour
     * ({@link #thaiNeighbourKind}, bits 14-15), and its {@link CharacterProperties#script} (bits
     * 20-30). Bits 16-19 are 0, left to tables that add their own answers ({@link LeadByteBound}).
     * Every form of the scoring reads characters through these entries, and weighs them with
     * {@link #contribution}.
     */
    static int entry(int c) {
        return c < LOW_ENTRIES ? ENTRIES[c] : highEntry(c);
    }

    /** {@link #entry} above Thai, where only U+FFFD is more than its flags and script. */
    private static int highEntry(int c) {
        return CharacterProperties.flags(c) & FLAG_BITS | CharacterProperties.script(c) << SCRIPT_SHIFT
                | (c == 0xFFFD ? ERROR : 0) | (isWebPunctuation(c) ? WEB_PUNCTUATION : 0);
    }

    /** {@link #entry} by its definition, for every code point (the tests hold {@code entry}'s shortcut to it). */
    static int computeEntry(int c) {
        int script = CharacterProperties.script(c);
        if (script >= 1 << 11) throw new IllegalStateException("a script number beyond an entry's bits: " + script);
        return CharacterProperties.flags(c) & FLAG_BITS | (c < 0x80 ? ASCII : 0) | positionalKind(c) << 8
                | (isWebPunctuation(c) ? WEB_PUNCTUATION : 0)
                | (c == 0xFFFD ? ERROR : 0) | (c >= 0x80 && c <= 0x9F ? C1 : 0) | thaiOwnKind(c) << 12
                | thaiNeighbourKind(c) << 14 | script << SCRIPT_SHIFT;
    }

    /**
     * {@link #entry}: the character is one of the punctuation and symbols the web's pages in
     * Latin-script languages most often hold outside ASCII ({@link #isWebPunctuation}); kept in the
     * positional kind's bits as its fourth value, which no letter has.
     */
    static final int WEB_PUNCTUATION = 3 << 8;

    /**
     * Whether {@code c} is one of the punctuation and symbols a page whose text is otherwise ASCII
     * most often holds ({@link Exemplars#isWebPunctuation}: ’ “ ” – — … © ® ° £ no-break space,
     * the ideographic space, …). A reading that makes them between ASCII characters reads what
     * the web writes ({@link #contribution}). Never a letter.
     */
    static boolean isWebPunctuation(int c) {
        return Exemplars.isWebPunctuation(c) && (CharacterProperties.flags(c) & LETTER) == 0;
    }

    /** {@link #entry}: the flags' bits; the character is ASCII, U+FFFD, a C1 control; where the script starts. */
    static final int FLAG_BITS = 0x7F;
    static final int ASCII = 1 << 7;
    static final int ERROR = 1 << 10;
    static final int C1 = 1 << 11;
    static final int SCRIPT_SHIFT = 20;
    /**
     * The {@link #entry} of every code point up to Thai, where every kind but U+FFFD's lies: one
     * small table (15 KB) where the text is read as characters.
     */
    private static final int LOW_ENTRIES = 0x0E80;
    private static final int[] ENTRIES = new int[LOW_ENTRIES];
    /** The entry of ' ', which stands for the neighbours beyond either end of a text. */
    static final int SPACE;

    static {
        if (Character.UnicodeScript.values().length + 2 > 1 << 11) throw new IllegalStateException("more scripts than an entry's bits");
        for (int c = 0; c < LOW_ENTRIES; c++) ENTRIES[c] = computeEntry(c);
        SPACE = ENTRIES[' '];
    }

    /**
     * The model, one character at a time: what a non-ASCII character ({@link #entry} {@code e})
     * adds to the {@link Parts}, given the entries of the character two before it, the one
     * before it and the one after it (' ' beyond either end of the text). Bit 0 ({@link
     * #COUNTED_LETTER}): a letter counted and weighed against the exemplar sets (a lone letter
     * between non-letters, "Ј825", says little in alphabetic scripts); bit 1: a positive shape
     * (a letter that ends words ending one); bit 2: a C1 control; bit 3: a decoding error; bits 4
     * up: the implausible shapes, at most 7: a combining mark without a base, broken Thai
     * orthography, a letter of another script or a capital after a small letter (after the letter
     * before it, and before an ASCII letter after it), a letter out of its place in a word, a symbol
     * glued to a letter of a script that spaces its words ({@link #gluedTo}) or one no text writes
     * ({@link CharacterProperties#UNWRITTEN}). Every form of the scoring sums these: {@link
     * #parts(char[], int, long, Candidate)} calls it per character, {@link #multiByteParts} per
     * sequence, and {@link ByteTables} tabulates it per byte class.
     */
    static int contribution(int twoBefore, int prev, int e, int next) {
        if ((e & ERROR) != 0) return 1 << 3;
        if ((e & C1) != 0) return 1 << 2;
        // what the web's mostly-ASCII pages hold, between ASCII (or more of it: a run of no-break
        // spaces): "It’s", "Campaign®", "don´t", "© 1999"; glued to other characters, a symbol
        // still weighs as below ("Ã©")
        if ((e & POSITIONAL) == WEB_PUNCTUATION && leavesInPlace(e, prev) && leavesInPlace(e, next)) return 1 << 1;
        if ((e & LETTER) != 0) {
            int v = 0;
            int implausible = 0;
            // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
            boolean lone = (prev & LETTER) == 0 && (next & LETTER) == 0 && (e & LONE_RARE) != 0;
            if (!lone) v |= COUNTED_LETTER;
            // a combining mark without a base: after a non-letter, or after two marks
            if ((e & MARK) != 0 && ((prev & LETTER) == 0 || (prev & MARK) != 0 && (twoBefore & MARK) != 0)) implausible++;
            if ((e & THAI_OWN) != 0 && !plausibleThai(twoBefore, prev, e, next)) implausible++;
            if ((prev & LETTER) != 0) implausible += shapeMisfit(prev, e);
            if ((e & POSITIONAL) != 0) {
                int position = positional(prev, e, next);
                if (position > 0) v |= 1 << 1;
                else if (position < 0) implausible++;
            }
            // an ASCII letter right after this letter
            if ((next & ASCII) != 0 && (next & LETTER) != 0) implausible += shapeMisfit(e, next);
            return v | implausible << 4;
        }
        if ((e & SYMBOL) != 0 && (gluedTo(prev) || gluedTo(next) || (e & UNWRITTEN) != 0)) return 1 << 4;
        return 0;
    }

    /**
     * Whether a symbol beside neighbour {@code n} (an {@link #entry}) is glued to a word: a letter
     * of a script that sets its words apart ({@link CharacterProperties#LONE_RARE}: not Han, kana
     * or Hangul, whose text sets its symbols beside its characters, "☆˚앙큼˚★", a Korean title),
     * not punctuation weighed as a letter (。 「 « », of no script: "˚。˚" is a CJK title's
     * ornament).
     */
    private static boolean gluedTo(int n) {
        return (n & LETTER) != 0 && (n & LONE_RARE) != 0 && (n & SCRIPT_BITS) != 0;
    }

    /**
     * Whether neighbour {@code n} (an {@link #entry}) leaves {@link #WEB_PUNCTUATION} {@code e} in
     * place: ASCII, or more of the web's punctuation ("\u00a0\u00a0\u00a0", "\u00a0\u2013\u00a0",
     * "\u00a9\u00a0", "\u2019\u201d"), but not a symbol beside a symbol: "\u00b1\u00b1\u00be\u00a9" is
     * no price or sign the web writes, it is "\u5317\u4eac" (GBK's B1 B1 BE A9) read as windows-1252.
     */
    private static boolean leavesInPlace(int e, int n) {
        return (n & ASCII) != 0 || (n & POSITIONAL) == WEB_PUNCTUATION && (e & n & SYMBOL) == 0;
    }

    /** {@link #contribution}: the character is a letter counted (not a lone one). */
    static final int COUNTED_LETTER = 1;

    /**
     * What {@link #contribution} reads of the character before or after the one weighed: whether
     * it is a letter, and of a letter its case, script (and whether that script sets its words
     * apart, {@link CharacterProperties#LONE_RARE}), whether it is a mark and its kind as a Thai
     * neighbour; whether it is ASCII; of the web's punctuation, whether it is a symbol ({@link
     * #leavesInPlace}). Entries alike in these weigh their neighbours alike.
     */
    static int asNeighbour(int entry) {
        if ((entry & LETTER) != 0) return entry & (LETTER | UPPER | LOWER | MARK | LONE_RARE | ASCII | THAI_NEIGHBOUR | SCRIPT_BITS);
        return (entry & POSITIONAL) == WEB_PUNCTUATION ? entry & (POSITIONAL | SYMBOL) : entry & (ASCII | POSITIONAL);
    }

    /** What {@link #contribution} reads of the character two before the one weighed: whether it is a mark or a Thai consonant. */
    static int asTwoBefore(int entry) {
        return entry & MARK | ((entry & THAI_NEIGHBOUR) == THAI_CONSONANT ? THAI_CONSONANT : 0);
    }

    static final int POSITIONAL = 3 << 8;
    private static final int THAI_OWN = 3 << 12;
    private static final int THAI_NEIGHBOUR = 3 << 14;
    private static final int THAI_CONSONANT = 1 << 14;
    private static final int SCRIPT_BITS = -1 << SCRIPT_SHIFT;

    /**
     * {@link #parts(char[], int, long, Candidate)} of multi-byte candidate {@code candidate}'s
     * decoding of {@code text[0, n)} (the end of the bytes being the end of the stream), computed
     * straight from the bytes, or null where a sequence is not answered by the candidate's {@link
     * LeadByteBound.Table} (gb18030's four-byte sequences, EUC-JP's JIS X 0212 ones, Big5's pairs
     * that make two code points or one above U+FFFF): then the text is to be decoded. The
     * decoder's steps are walked as {@link LeadByteBound} walks them: a byte the table answers
     * alone, or a lead and the byte after it, make one character (an error makes U+FFFD, and an
     * ASCII byte after a lead is read again as itself); the ASCII bytes between sequences are
     * themselves. Each non-ASCII character's {@link #contribution} is taken with its neighbours:
     * {@code nonAscii[0, count)} are the offsets of the text's non-ASCII bytes.
     */
    static Parts multiByteParts(byte[] text, int n, int[] nonAscii, int count, Candidate candidate) {
        return multiByteParts(text, n, nonAscii, count, candidate, Double.NEGATIVE_INFINITY, null);
    }

    /**
     * {@link #multiByteParts(byte[], int, int[], int, Candidate)}, or {@link #CANNOT_REACH} as soon
     * as the candidate cannot score {@code toBeat} or more (without ICU4J): every
     * {@link #BOUND_CHECK} characters, the score of those weighed and the {@code bound} of the rest (the
     * text's {@link LeadByteBound.Bound}, exact, less what the characters weighed took of it: a
     * character its exemplar weight, an error its cost) is never below the score. {@code bound}
     * null: none.
     */
    static Parts multiByteParts(byte[] text, int n, int[] nonAscii, int count, Candidate candidate, double toBeat,
            LeadByteBound.Bound bound) {
        if (Exemplars.of(candidate).length != 1) return null; // the hits are summed for one language
        // what the characters weighed took of the bound: their exemplar weight at its best, their errors
        int boundHalves = 0;
        int boundErrors = 0;
        int weighed = 0;
        LeadByteBound.Table t = LeadByteBound.table(candidate);
        int[] entries = ENTRIES;
        int halves = 0;
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        long errors = 0;
        // the last non-ASCII character's entry, the one before it, and where its sequence ends
        // (0: none yet, and ' ' before the start)
        int last = SPACE;
        int lastPrev = SPACE;
        int end = 0;
        int k = 0;
        // the character to weigh (its packed entry), where its sequence ends, and its neighbours
        int e = 0;
        int eEnd = 0;
        int prev = SPACE;
        int twoBefore = SPACE;
        boolean known = false; // e is the last character's next one
        while (true) {
            if (!known) {
                while (k < count && nonAscii[k] < end) k++; // bytes of a sequence walked already
                if (k == count || nonAscii[k] >= n) break;
                int i = nonAscii[k];
                long seq = sequence(t, text, i, n);
                e = (int) seq;
                if (e == LeadByteBound.PACKED_UNKNOWN) return null;
                eEnd = (int) (seq >>> 32);
                // the bytes between the last sequence and this one are ASCII characters
                if (i == end) {
                    prev = last;
                    twoBefore = lastPrev;
                } else {
                    prev = entries[text[i - 1]];
                    twoBefore = i - 1 == end ? last : entries[text[i - 2]];
                }
            }
            // the next character: ' ' after the end, an ASCII byte as itself, or the next sequence's
            int next;
            int nextE = 0;
            int nextEnd = 0;
            boolean atEnd = eEnd == n;
            boolean nextAscii = true;
            if (atEnd) {
                next = SPACE;
            } else if (text[eEnd] >= 0) {
                next = entries[text[eEnd]];
            } else {
                long seq = sequence(t, text, eEnd, n);
                nextE = (int) seq;
                if (nextE == LeadByteBound.PACKED_UNKNOWN) return null;
                nextEnd = (int) (seq >>> 32);
                next = nextE;
                nextAscii = false;
            }
            int v = contribution(twoBefore, prev, e, next);
            if ((v & COUNTED_LETTER) != 0) {
                letters++;
                halves += e >>> LeadByteBound.HALVES_SHIFT & 3;
            }
            positive += v >>> 1 & 1;
            c1 += v >>> 2 & 1;
            errors += v >>> 3 & 1;
            implausible += v >>> 4;
            if (bound != null) {
                // the walk's answer for this sequence: an error, or a code point of this weight
                if ((e & ERROR) != 0) boundErrors++;
                else boundHalves += e >>> LeadByteBound.HALVES_SHIFT & 3;
                if (++weighed % BOUND_CHECK == 0 && new Parts(halves * 0.5, letters, implausible, positive, c1, errors).score(candidate, 0)
                        + ceiling(candidate, (bound.halves() - boundHalves) * 0.5, bound.errors() - boundErrors)
                        - Weights.DEFAULT.prior() * candidate.prior() < toBeat - ROUNDING) {
                    return CANNOT_REACH;
                }
            }
            lastPrev = prev;
            last = e;
            end = eEnd;
            known = !atEnd && !nextAscii;
            if (known) {
                // the next character is this one's next, and this one its previous
                twoBefore = prev;
                prev = e;
                e = nextE;
                eEnd = nextEnd;
            }
        }
        return new Parts(halves * 0.5, letters, implausible, positive, c1, errors);
    }

    /**
     * What a bound summed in another order than the score may fall short of it by: the bounded
     * scorings drop a candidate only when its bound is below the score to beat by more. Scores
     * are sums of halves and a prior; a bound equal to the score must not drop it.
     */
    private static final double ROUNDING = 1e-6;

    /** The bounded scorings check their bound after every this many bytes or characters. */
    private static final int BOUND_CHECK = 64;

    /** {@link #multiByteParts(byte[], int, int[], int, Candidate, double, LeadByteBound.Bound)}: the candidate cannot reach the score to beat. */
    static final Parts CANNOT_REACH = new Parts(Double.NaN, 0, 0, 0, 0, 0);

    /**
     * The sequence that begins with non-ASCII byte {@code text[i]} of {@code text[0, n)}: its packed
     * character ({@link LeadByteBound.Table#packedPair}; low 32 bits) and the offset where it ends
     * (high 32 bits), or {@code PACKED_UNKNOWN} alone where the table does not answer it.
     */
    private static long sequence(LeadByteBound.Table t, byte[] text, int i, int n) {
        int b = text[i] & 0xFF;
        int single = t.packedSingle(b);
        if (single != LeadByteBound.PACKED_LEAD) return (long) (i + 1) << 32 | single & 0xFFFFFFFFL;
        if (i + 1 == n) return (long) n << 32 | PACKED_END_OF_QUEUE & 0xFFFFFFFFL; // end-of-queue with a lead: an error
        int trail = text[i + 1];
        int pair = t.packedPair(b, trail & 0xFF);
        // an error with an ASCII byte after the lead: that byte is read again as itself
        int end = trail >= 0 && (pair & ERROR) != 0 ? i + 1 : i + 2;
        return (long) end << 32 | pair & 0xFFFFFFFFL;
    }

    /** U+FFFD, the error at the end of the stream after a lead byte, packed as {@link LeadByteBound.Table#packedPair}. */
    private static final int PACKED_END_OF_QUEUE = entry(0xFFFD);

    /**
     * The most a multi-byte candidate's decoding {@code text[0, n)} can score (without ICU4J):
     * {@link #ceiling(Candidate, double, long)} of the exemplar weight of all its non-ASCII
     * characters, each at its best over the candidate's languages. Far cheaper than the score: no
     * neighbours, no shapes.
     */
    static double ceiling(char[] text, int n, long errors, Candidate c) {
        return ceiling(c, exemplarWeight(text, 0, n, Exemplars.of(c)), errors);
    }

    /**
     * The most candidate {@code c}'s score (without ICU4J) can be when its letters weigh at most
     * {@code weight} and it has {@code errors} errors: {@code best − (letters − best) − 3 ×
     * implausible + positive} is at most {@code 2 × best} (positive shapes are letters, implausible
     * ones count against), and {@code best} at most {@code weight}. Every bound on a score is this
     * one ({@link LeadByteBound.Bound#score}, {@link Ranking}'s while decoding).
     */
    static double ceiling(Candidate c, double weight, long errors) {
        return c.weight() * 2.0 * weight - Weights.DEFAULT.error() * errors + Weights.DEFAULT.prior() * c.prior();
    }

    /**
     * The exemplar weight of the non-ASCII characters of {@code text[from, to)}, each at its best
     * over {@code langs} (a surrogate pair split at {@code from} or {@code to} counts as the two
     * halves, neither a letter of any set, so the sum over adjacent spans is the whole's).
     */
    static double exemplarWeight(char[] text, int from, int to, Exemplar[] langs) {
        // in halves, an int: the sum of halves is exact either way, and one language (every
        // multi-byte candidate's case) needs no loop over languages
        int halves = 0;
        Exemplar only = langs.length == 1 ? langs[0] : null;
        for (int i = from; i < to; ) {
            char ch = text[i];
            if (ch < 0x80) {
                i++;
                continue;
            }
            int cp = ch;
            if (Character.isHighSurrogate(ch)) cp = Character.codePointAt(text, i, to);
            halves += only != null ? Math.max(only.halves(cp), webPunctuationHalves(cp)) : boundHalves(langs, cp);
            i += Character.charCount(cp);
        }
        return halves * 0.5;
    }

    /**
     * What a bound on the score counts code point {@code c} at, in halves: its exemplar weight at its
     * best over {@code langs}, and 1 for {@link #isWebPunctuation web punctuation} (which can add 1
     * where a letter of weight 2 halves adds 2 to the ceiling's {@code 2 × best}).
     */
    static int boundHalves(Exemplar[] langs, int c) {
        return Math.max(bestHalves(langs, c), webPunctuationHalves(c));
    }

    private static int webPunctuationHalves(int c) {
        return isWebPunctuation(c) ? 1 : 0;
    }

    /** The exemplar weight of code point {@code c} in halves at its best over {@code langs}. */
    static int bestHalves(Exemplar[] langs, int c) {
        int halves = 0;
        for (Exemplar e : langs) halves = Math.max(halves, e.halves(c));
        return halves;
    }

    /** Two adjacent letters ({@link #entry} {@code a}, then {@code b}) of different scripts, or a capital after a small letter: 1 each. */
    static int shapeMisfit(int a, int b) {
        int sa = a >>> SCRIPT_SHIFT;
        int sb = b >>> SCRIPT_SHIFT;
        int misfit = 0;
        if (sa != 0 && sb != 0 && sa != sb) misfit++;
        if ((b & UPPER) != 0 && (a & LOWER) != 0) misfit++;
        return misfit;
    }

    /**
     * Letters whose place in a word is fixed: Hebrew final forms and Greek final sigma end a word
     * (+1 there, -1 inside a word); Cyrillic soft sign, hard sign and yery never begin one (-1).
     */
    private static int positional(int prev, int e, int next) {
        int kind = e >>> 8 & 3;
        if (kind == 0) return 0;
        boolean endsWord = (next & LETTER) == 0;
        boolean startsWord = (prev & LETTER) == 0;
        return kind == 1 ? (endsWord ? (startsWord ? 0 : 1) : -1) : (startsWord ? -1 : 0);
    }

    /** 1 for a letter that ends words (ך ם ן ף ץ ς), 2 for one that never starts one (ъ ы ь Ъ Ы Ь), else 0. */
    private static int positionalKind(int c) {
        switch (c) {
            case 0x05DA: case 0x05DD: case 0x05DF: case 0x05E3: case 0x05E5: // ך ם ן ף ץ
            case 0x03C2: // ς
                return 1;
            case 0x044A: case 0x044B: case 0x044C: // ъ ы ь
            case 0x042A: case 0x042B: case 0x042C: // Ъ Ы Ь (a heading in capitals)
                return 2;
            default:
                return 0;
        }
    }

    /**
     * A character's kind as the one checked by Thai orthography ({@link #plausibleThai}): 1 for a
     * vowel written above or below or U+0E47 (after a consonant), 2 for a tone mark or the
     * thanthakhat (after a consonant, or such a vowel after one), 3 for a leading vowel (before a
     * consonant), else 0.
     */
    private static int thaiOwnKind(int c) {
        if (c == 0x0E31 || c >= 0x0E34 && c <= 0x0E3A || c == 0x0E47) return 1;
        if (c >= 0x0E48 && c <= 0x0E4C) return 2;
        return c >= 0x0E40 && c <= 0x0E44 ? 3 : 0;
    }

    /**
     * A character's kind as a neighbour in Thai orthography ({@link #plausibleThai}): 1 for a
     * consonant (U+0E01-U+0E2E), 2 for a vowel written above or below (U+0E31, U+0E34-U+0E39),
     * else 0.
     */
    private static int thaiNeighbourKind(int c) {
        return c >= 0x0E01 && c <= 0x0E2E ? 1 : c == 0x0E31 || c >= 0x0E34 && c <= 0x0E39 ? 2 : 0;
    }

    /**
     * Thai orthography, from the entries: vowels written above or below (U+0E31, U+0E34-U+0E3A,
     * U+0E47) follow a consonant; tone marks and the thanthakhat (U+0E48-U+0E4C) follow a consonant
     * or such a vowel after one; leading vowels (U+0E40-U+0E44) precede a consonant.
     */
    private static boolean plausibleThai(int twoBefore, int prev, int e, int next) {
        switch (e >>> 12 & 3) {
            case 1:
                return (prev & THAI_NEIGHBOUR) == THAI_CONSONANT;
            case 2:
                return (prev & THAI_NEIGHBOUR) == THAI_CONSONANT
                        || (prev & THAI_NEIGHBOUR) == 2 << 14 && (twoBefore & THAI_NEIGHBOUR) == THAI_CONSONANT;
            case 3:
                return (next & THAI_NEIGHBOUR) == THAI_CONSONANT;
            default:
                return true;
        }
    }

    /** How much of the letter count ICU4J's full confidence is worth ({@link Weights#icu}). */
    static final double ICU_WEIGHT = 0.2;
}
