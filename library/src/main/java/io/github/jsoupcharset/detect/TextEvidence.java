package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.detect.Exemplars.Exemplar;

import static io.github.jsoupcharset.detect.CharacterProperties.LETTER;
import static io.github.jsoupcharset.detect.CharacterProperties.LONE_RARE;
import static io.github.jsoupcharset.detect.CharacterProperties.LOWER;
import static io.github.jsoupcharset.detect.CharacterProperties.MARK;
import static io.github.jsoupcharset.detect.CharacterProperties.SYMBOL;
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
 *       letters ("Ã©"), combining marks without a base, broken Thai orthography, letters out of
 *       their place in a word, C1 control characters, and decoding errors;</li>
 *   <li>ICU4J's confidence ({@link IcuOpinion}), worth at most {@link #ICU_WEIGHT} of the
 *       letters.</li>
 * </ul>
 * The plain character-by-character form ({@link #sequentialParts}) is the definition; {@link
 * #parts(char[], int, long, Candidate)} visits only non-ASCII characters, {@link
 * #singleByteParts} reads a single-byte candidate's bytes through its {@link ByteTables} and {@link
 * #multiByteParts} a multi-byte candidate's through its {@link LeadByteBound.Table}, and the tests
 * hold all four equal. Which candidates are scored, on how much text, is {@link Ranking}'s.
 * Internal; thread-safe.
 */
final class TextEvidence {
    private TextEvidence() {}

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
        Exemplar[] langs = Exemplars.of(candidate);
        int[] hits = new int[langs.length]; // in halves: exact, as the sums of halves are
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        // within a run of non-ASCII characters each one's neighbours roll forward; after an ASCII
        // run they are read again from the text
        int prev = ' ';
        int prevFlags = 0;
        int prevPrev = ' ';
        int prevPrevFlags = 0;
        int c = 0;
        int flags = 0;
        boolean known = false; // c and flags are the character at i (the previous one's next)
        int i = 0;
        while (i < n) {
            if (!known) {
                if (text[i] < 0x80) {
                    i++;
                    continue;
                }
                c = Character.codePointAt(text, i, n);
                flags = CharacterProperties.flags(c);
                // the neighbours: ' ' without flags before the start
                prev = ' ';
                prevFlags = 0;
                prevPrev = ' ';
                prevPrevFlags = 0;
                if (i > 0) {
                    prev = Character.codePointBefore(text, i);
                    prevFlags = CharacterProperties.flags(prev);
                    int j = i - Character.charCount(prev);
                    if (j > 0) {
                        prevPrev = Character.codePointBefore(text, j);
                        prevPrevFlags = CharacterProperties.flags(prevPrev);
                    }
                }
            } else if (c < 0x80) {
                known = false; // back to stepping over ASCII
                i++;
                continue;
            }
            int len = Character.charCount(c);
            // ' ' after the end
            int next = i + len >= n ? ' ' : Character.isHighSurrogate(text[i + len]) ? Character.codePointAt(text, i + len, n)
                    : text[i + len];
            int nextFlags = CharacterProperties.flags(next);
            // U+FFFD is a decoding error: counted in errors, and no letter to weigh
            if (c != 0xFFFD) {
                if (c <= 0x9F) {
                    c1++;
                } else if ((flags & LETTER) != 0) {
                    // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                    boolean lone = (prevFlags & LETTER) == 0 && (nextFlags & LETTER) == 0
                            && (flags & LONE_RARE) != 0;
                    if (!lone) {
                        letters++;
                        for (int k = 0; k < langs.length; k++) hits[k] += langs[k].halves(c);
                    }
                    implausible += letterMisfits(prevPrev, prevFlags, prevPrevFlags, prev, c, flags, next, nextFlags);
                    int position = positional(prevFlags, c, nextFlags);
                    if (position > 0) positive++;
                    else if (position < 0) implausible++;
                    // an ASCII letter right after this letter
                    if (next < 0x80 && i + len < n && (nextFlags & LETTER) != 0) {
                        implausible += shapeMisfit(c, flags, next, nextFlags);
                    }
                } else if ((flags & SYMBOL) != 0 && ((prevFlags | nextFlags) & LETTER) != 0) {
                    implausible++;
                }
            }
            prevPrev = prev;
            prevPrevFlags = prevFlags;
            prev = c;
            prevFlags = flags;
            c = next;
            flags = nextFlags;
            known = true;
            i += len;
        }
        int best = 0;
        for (int h : hits) best = Math.max(best, h);
        return new Parts(best * 0.5, letters, implausible, positive, c1, errors);
    }

    /**
     * {@link #parts(char[], int, long, Candidate)} in its plain form, one character after the
     * other: the definition the faster forms are tested against.
     */
    static Parts sequentialParts(char[] text, int n, long errors, Candidate candidate) {
        Exemplar[] langs = Exemplars.of(candidate);
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
        int flags = CharacterProperties.flags(c);
        for (int i = 0; i < n; ) {
            int len = Character.charCount(c);
            int next = i + len < n ? Character.codePointAt(text, i + len, n) : ' ';
            int nextFlags = next < 0x80 ? CharacterProperties.FLAGS[next] : CharacterProperties.flags(next);
            if (c >= 0x80 && c != 0xFFFD) {
                if (c <= 0x9F) {
                    c1++;
                } else if ((flags & LETTER) != 0) {
                    // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                    boolean lone = (prevFlags & LETTER) == 0 && (nextFlags & LETTER) == 0
                            && (flags & LONE_RARE) != 0;
                    if (!lone) {
                        letters++;
                        for (int k = 0; k < langs.length; k++) hits[k] += langs[k].weight(c);
                    }
                    implausible += letterMisfits(prevPrev, prevFlags, prevPrevFlags, prev, c, flags, next, nextFlags);
                    int position = positional(prevFlags, c, nextFlags);
                    if (position > 0) positive++;
                    else if (position < 0) implausible++;
                } else if ((flags & SYMBOL) != 0 && ((prevFlags | nextFlags) & LETTER) != 0) {
                    implausible++;
                }
            } else if (c < 0x80 && (flags & LETTER) != 0 && prev >= 0x80 && (prevFlags & LETTER) != 0) {
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

    /**
     * 1 for a combining mark without a base: after a non-letter, or after two marks (flags of the
     * character, the one before and the one before that); else 0.
     */
    private static int baselessMark(int flags, int prevFlags, int prevPrevFlags) {
        return (flags & MARK) != 0 && ((prevFlags & LETTER) == 0 || (prevFlags & MARK) != 0 && (prevPrevFlags & MARK) != 0)
                ? 1 : 0;
    }

    /** Marks without a base, broken Thai orthography, and shape misfits with the letter before. */
    private static int letterMisfits(int prevPrev, int prevFlags, int prevPrevFlags, int prev, int c, int flags,
            int next, int nextFlags) {
        int implausible = baselessMark(flags, prevFlags, prevPrevFlags);
        if (c >= 0x0E00 && c <= 0x0E7F && !plausibleThai(prevPrev, prev, c, next)) implausible++;
        if ((prevFlags & LETTER) != 0) implausible += shapeMisfit(prev, prevFlags, c, flags);
        return implausible;
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
        // each byte's contribution looked up by its class and its neighbours' classes: exactly what
        // contribution() gives for them, as the table holds it for every combination
        int end = java.util.Arrays.binarySearch(nonAscii, 0, count, n);
        if (end < 0) end = -end - 1; // the offsets before n
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        long errors = 0;
        for (int k = 0; k < end; ) {
            // the counts summed in lanes of one long (LANES), emptied every BLOCK bytes, before any
            // lane can overflow
            long lanes = 0;
            for (int blockEnd = Math.min(end, k + BLOCK); k < blockEnd; k++) {
                int i = nonAscii[k];
                int b = text[i] & 0xFF;
                // the neighbours, as the sequential scan sees them: ' ' before the start and after the end
                int ppb = i >= 2 ? text[i - 2] & 0xFF : ' ';
                int pb = i >= 1 ? text[i - 1] & 0xFF : ' ';
                int nb = i + 1 < n ? text[i + 1] & 0xFF : ' ';
                int v = t.contribution(b, ppb, pb, nb);
                lanes += LANES[v];
                byteLetters[b] += v & COUNTED_LETTER;
            }
            letters += (int) (lanes & LANE_MASK);
            positive += (int) (lanes >>> LANE & LANE_MASK);
            c1 += (int) (lanes >>> 2 * LANE & LANE_MASK);
            errors += lanes >>> 3 * LANE & LANE_MASK;
            implausible += (int) (lanes >>> 4 * LANE);
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
     * The misfits of a letter that read the character two before it ({@link #letterMisfits}' first
     * two): a combining mark without a base, and broken Thai orthography. {@code e}, {@code
     * prevEntry}, {@code twoBeforeEntry}: the {@link ByteTables.ByteTable#packed} entries of the
     * letter and the two before it; the characters, for Thai.
     */
    static int markAndThaiMisfits(int e, int prevEntry, int twoBeforeEntry, int twoBefore, int prev, int c, int next) {
        int misfits = baselessMark(e & 0xFF, prevEntry & 0xFF, twoBeforeEntry & 0xFF);
        if ((e & ByteTables.THAI) != 0 && !plausibleThai(twoBefore, prev, c, next)) misfits++;
        return misfits;
    }

    /**
     * What one non-ASCII byte of a single-byte candidate's decoding adds to the {@link Parts}, given
     * its {@link ByteTables.ByteTable#packed} entry and its neighbours' ({@code nextAscii}: the
     * byte after is ASCII, or there is none), the steps of {@link #parts(char[], int, long,
     * Candidate)}: {@link #COUNTED_LETTER} (bit 0), a positive shape (bit 1), a C1 control (bit 2),
     * a decoding error (bit 3), and the implausible shapes (bits 4 up; at most 7), {@code misfits}
     * (a letter's {@link #markAndThaiMisfits}) among them. Reads of the neighbours whether they
     * are letters, a letter's case and script, and whether the next one is ASCII.
     */
    static int contribution(int e, int prevEntry, int nextEntry, boolean nextAscii, int misfits) {
        int flags = e & 0xFF;
        int prevFlags = prevEntry & 0xFF;
        int nextFlags = nextEntry & 0xFF;
        int v = 0;
        int implausible = 0;
        if ((e & ByteTables.ERROR) != 0) {
            v |= 1 << 3; // an unmapped byte: the decoder's error
        } else if ((e & ByteTables.C1) != 0) {
            v |= 1 << 2;
        } else if ((flags & LETTER) != 0) {
            // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
            boolean lone = (prevFlags & LETTER) == 0 && (nextFlags & LETTER) == 0 && (flags & LONE_RARE) != 0;
            if (!lone) v |= COUNTED_LETTER;
            // letterMisfits, with the scripts from the table
            implausible += misfits;
            if ((prevFlags & LETTER) != 0) implausible += scriptMisfit(prevEntry >>> 16, prevFlags, e >>> 16, flags);
            int kind = e >>> 8 & 3;
            if (kind != 0) {
                int position = positionalByKind(prevFlags, kind, nextFlags);
                if (position > 0) v |= 1 << 1;
                else if (position < 0) implausible++;
            }
        } else if ((flags & SYMBOL) != 0 && ((prevFlags | nextFlags) & LETTER) != 0) {
            implausible++;
        }
        // an ASCII letter right after a non-ASCII letter
        if (nextAscii && (nextFlags & LETTER) != 0 && (flags & LETTER) != 0) {
            implausible += scriptMisfit(e >>> 16, flags, nextEntry >>> 16, nextFlags);
        }
        return v | implausible << 4;
    }

    /** {@link #contribution}: the byte's character is a letter counted (not a lone one). */
    static final int COUNTED_LETTER = 1;

    /**
     * {@link #parts(char[], int, long, Candidate)} of multi-byte candidate {@code candidate}'s
     * decoding of {@code text[0, n)} (the end of the bytes being the end of the stream), computed
     * straight from the bytes, or null where a sequence is not answered by the candidate's {@link
     * LeadByteBound.Table} (gb18030's four-byte sequences, EUC-JP's JIS X 0212 ones, Big5's pairs
     * that make two code points or one above U+FFFF): then the text is to be decoded. The
     * decoder's steps are walked as {@link LeadByteBound} walks them: a byte the table answers
     * alone, or a lead and the byte after it, make one character (an error makes U+FFFD, and an
     * ASCII byte after a lead is read again as itself); the ASCII bytes between sequences are
     * themselves. Each non-ASCII character is weighed with its neighbours as {@code parts} weighs
     * it: {@code nonAscii[0, count)} are the offsets of the text's non-ASCII bytes.
     */
    static Parts multiByteParts(byte[] text, int n, int[] nonAscii, int count, Candidate candidate) {
        if (Exemplars.of(candidate).length != 1) return null; // the hits are summed for one language
        LeadByteBound.Table t = LeadByteBound.table(candidate);
        byte[] asciiFlags = CharacterProperties.FLAGS;
        short[] asciiScripts = CharacterProperties.SCRIPT;
        int halves = 0;
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        long errors = 0;
        // of a character the scoring reads its script and flags (the table's packed entry holds
        // both), and of the one two before it only whether it is a mark: the last non-ASCII
        // character's, the flags of the one before it, and where its sequence ends (0: none yet,
        // and ' ' without flags before the start)
        int lastScript = 0;
        int lastFlags = 0;
        int lastPrevFlags = 0;
        int end = 0;
        int k = 0;
        // the character to weigh (its packed entry), where its sequence ends, and its neighbours
        int e = 0;
        int eEnd = 0;
        int prevScript = 0;
        int prevFlags = 0;
        int prevPrevFlags = 0;
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
                    prevScript = lastScript;
                    prevFlags = lastFlags;
                    prevPrevFlags = lastPrevFlags;
                } else {
                    prevScript = asciiScripts[text[i - 1]];
                    prevFlags = asciiFlags[text[i - 1]];
                    prevPrevFlags = i - 1 == end ? lastFlags : asciiFlags[text[i - 2]];
                }
            }
            int script = e >>> 16;
            int flags = e & 0xFF;
            // the next character: ' ' after the end, an ASCII byte as itself, or the next sequence's
            int nextScript;
            int nextFlags;
            int nextE = 0;
            int nextEnd = 0;
            boolean atEnd = eEnd == n;
            boolean nextAscii = true;
            if (atEnd) {
                nextScript = 0;
                nextFlags = asciiFlags[' '];
            } else if (text[eEnd] >= 0) {
                nextScript = asciiScripts[text[eEnd]];
                nextFlags = asciiFlags[text[eEnd]];
            } else {
                long seq = sequence(t, text, eEnd, n);
                nextE = (int) seq;
                if (nextE == LeadByteBound.PACKED_UNKNOWN) return null;
                nextEnd = (int) (seq >>> 32);
                nextScript = nextE >>> 16;
                nextFlags = nextE & 0xFF;
                nextAscii = false;
            }
            if ((e & LeadByteBound.PACKED_ERROR) != 0) {
                errors++; // U+FFFD: the decoder's error, and no letter to weigh
            } else if ((e & LeadByteBound.PACKED_C1) != 0) {
                c1++;
            } else if ((flags & LETTER) != 0) {
                // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                boolean lone = (prevFlags & LETTER) == 0 && (nextFlags & LETTER) == 0
                        && (flags & LONE_RARE) != 0;
                if (!lone) {
                    letters++;
                    halves += e >>> 12 & 3;
                }
                // letterMisfits from the scripts (no multi-byte candidate decodes to Thai)
                implausible += baselessMark(flags, prevFlags, prevPrevFlags);
                if ((prevFlags & LETTER) != 0) implausible += scriptMisfit(prevScript, prevFlags, script, flags);
                int kind = e >>> 8 & 3;
                if (kind != 0) {
                    int position = positionalByKind(prevFlags, kind, nextFlags);
                    if (position > 0) positive++;
                    else if (position < 0) implausible++;
                }
                // an ASCII letter right after this letter
                if (nextAscii && !atEnd && (nextFlags & LETTER) != 0) {
                    implausible += scriptMisfit(script, flags, nextScript, nextFlags);
                }
            } else if ((flags & SYMBOL) != 0 && ((prevFlags | nextFlags) & LETTER) != 0) {
                implausible++;
            }
            lastPrevFlags = prevFlags;
            lastScript = script;
            lastFlags = flags;
            end = eEnd;
            known = !atEnd && !nextAscii;
            if (known) {
                // the next character is this one's next, and this one its previous
                prevPrevFlags = prevFlags;
                prevScript = script;
                prevFlags = flags;
                e = nextE;
                eEnd = nextEnd;
            }
        }
        return new Parts(halves * 0.5, letters, implausible, positive, c1, errors);
    }

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
        int end = trail >= 0 && (pair & LeadByteBound.PACKED_ERROR) != 0 ? i + 1 : i + 2;
        return (long) end << 32 | pair & 0xFFFFFFFFL;
    }

    /** U+FFFD, the error at the end of the stream after a lead byte, packed as {@link LeadByteBound.Table#packedPair}. */
    private static final int PACKED_END_OF_QUEUE = CharacterProperties.FLAGS[0xFFFD] & 0xFF
            | LeadByteBound.PACKED_ERROR | CharacterProperties.script(0xFFFD) << 16;
    /**
     * The most a multi-byte candidate's decoding {@code text[0, n)} can score (without ICU4J):
     * {@code best − (letters − best) − 3 × implausible + positive} is at most {@code 2 × best}
     * (positive shapes are letters, implausible ones count against), and {@code best} is at most
     * the exemplar weight of all its non-ASCII characters, each at its best over the candidate's
     * languages. Far cheaper than the score: no neighbours, no shapes.
     */
    static double ceiling(char[] text, int n, long errors, Candidate c) {
        return c.weight() * 2.0 * exemplarWeight(text, 0, n, Exemplars.of(c)) - 8.0 * errors + c.prior();
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
            if (only != null) {
                halves += only.halves(cp);
            } else {
                int w = 0;
                for (Exemplar e : langs) w = Math.max(w, e.halves(cp));
                halves += w;
            }
            i += Character.charCount(cp);
        }
        return halves * 0.5;
    }

    /** Two adjacent letters of different scripts, or a capital after a small letter: 1 each. */
    private static int shapeMisfit(int prev, int prevFlags, int c, int flags) {
        return scriptMisfit(CharacterProperties.script(prev), prevFlags, CharacterProperties.script(c), flags);
    }

    /** {@link #shapeMisfit} given the two letters' scripts ({@link CharacterProperties#script}). */
    private static int scriptMisfit(int sa, int prevFlags, int sb, int flags) {
        int misfit = 0;
        if (sa != 0 && sb != 0 && sa != sb) misfit++;
        if ((flags & UPPER) != 0 && (prevFlags & LOWER) != 0) misfit++;
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
    static int positionalKind(int c) {
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
        boolean endsWord = (nextFlags & LETTER) == 0;
        boolean startsWord = (prevFlags & LETTER) == 0;
        return kind == 1 ? (endsWord ? (startsWord ? 0 : 1) : -1) : (startsWord ? -1 : 0);
    }

    /**
     * What the Thai orthography check ({@link #plausibleThai}) reads of the character checked: 1
     * for a vowel written above or below or U+0E47 (after a consonant), 2 for a tone mark or the
     * thanthakhat (after a consonant, or such a vowel after one), 3 for a leading vowel (before a
     * consonant), else 0.
     */
    static int thaiOwnKind(int c) {
        if (c == 0x0E31 || c >= 0x0E34 && c <= 0x0E3A || c == 0x0E47) return 1;
        if (c >= 0x0E48 && c <= 0x0E4C) return 2;
        return c >= 0x0E40 && c <= 0x0E44 ? 3 : 0;
    }

    /**
     * What the Thai orthography check ({@link #plausibleThai}) reads of a neighbour: 1 for a
     * consonant, 2 for a vowel written above or below (U+0E31, U+0E34-U+0E39), else 0.
     */
    static int thaiNeighbourKind(int c) {
        return isThaiConsonant(c) ? 1 : c == 0x0E31 || c >= 0x0E34 && c <= 0x0E39 ? 2 : 0;
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
}
