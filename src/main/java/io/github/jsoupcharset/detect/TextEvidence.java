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

    /** Marks without a base, broken Thai orthography, and shape misfits with the letter before. */
    private static int letterMisfits(int prevPrev, int prevFlags, int prevPrevFlags, int prev, int c, int flags,
            int next, int nextFlags) {
        int implausible = 0;
        if ((flags & MARK) != 0 && ((prevFlags & LETTER) == 0
                || (prevFlags & MARK) != 0 && (prevPrevFlags & MARK) != 0)) implausible++;
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
        char[] chars = t.chars;
        int[] packed = t.packed;
        int[] letterBytes = new int[128]; // the byte values counted in byteLetters
        int letterByteCount = 0;
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        long errors = 0;
        // in a run of non-ASCII bytes (all of a CJK text) the byte and the one before it are the
        // last one's next byte and the last one, already read
        int lastI = -2;
        int lastB = 0;
        int lastEntry = 0;
        int lastNb = 0;
        int lastNextEntry = 0;
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= n) break;
            int b;
            int e;
            int pb;
            int prevEntry;
            if (i == lastI + 1) {
                b = lastNb;
                e = lastNextEntry;
                pb = lastB;
                prevEntry = lastEntry;
            } else {
                b = text[i] & 0xFF;
                e = packed[b];
                // the neighbours, as the sequential scan sees them: ' ' (no flags, no script)
                // before the start and after the end
                pb = i >= 1 ? text[i - 1] & 0xFF : ' ';
                prevEntry = packed[pb];
            }
            int flags = e & 0xFF;
            int prevFlags = prevEntry & 0xFF;
            int nb = i + 1 < n ? text[i + 1] & 0xFF : ' ';
            int nextEntry = packed[nb];
            int nextFlags = nextEntry & 0xFF;
            lastI = i;
            lastB = b;
            lastEntry = e;
            lastNb = nb;
            lastNextEntry = nextEntry;
            if ((e & ByteTables.ERROR) != 0) {
                errors++; // an unmapped byte: the decoder's error
            } else if ((e & ByteTables.C1) != 0) {
                c1++;
            } else if ((flags & LETTER) != 0) {
                // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                boolean lone = (prevFlags & LETTER) == 0 && (nextFlags & LETTER) == 0
                        && (flags & LONE_RARE) != 0;
                if (!lone) {
                    letters++;
                    if (byteLetters[b]++ == 0) letterBytes[letterByteCount++] = b;
                }
                // letterMisfits, with the scripts from the table
                if ((flags & MARK) != 0) {
                    int prevPrevFlags = i >= 2 ? packed[text[i - 2] & 0xFF] & 0xFF : 0;
                    if ((prevFlags & LETTER) == 0 || (prevFlags & MARK) != 0 && (prevPrevFlags & MARK) != 0) implausible++;
                }
                if ((e & ByteTables.THAI) != 0) {
                    int prevPrev = i >= 2 ? chars[text[i - 2] & 0xFF] : ' ';
                    if (!plausibleThai(prevPrev, chars[pb], chars[b], chars[nb])) implausible++;
                }
                if ((prevFlags & LETTER) != 0) implausible += scriptMisfit(prevEntry >>> 16, prevFlags, e >>> 16, flags);
                int kind = e >>> 8 & 3;
                if (kind != 0) {
                    int position = positionalByKind(prevFlags, kind, nextFlags);
                    if (position > 0) positive++;
                    else if (position < 0) implausible++;
                }
            } else if ((flags & SYMBOL) != 0 && ((prevFlags | nextFlags) & LETTER) != 0) {
                implausible++;
            }
            // an ASCII letter right after a non-ASCII letter
            if (nb < 0x80 && i + 1 < n && (nextFlags & LETTER) != 0 && (flags & LETTER) != 0) {
                implausible += scriptMisfit(e >>> 16, flags, nextEntry >>> 16, nextFlags);
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
        int halves = 0;
        int letters = 0;
        int implausible = 0;
        int positive = 0;
        int c1 = 0;
        long errors = 0;
        // the last non-ASCII character, the one before it, and where its sequence ends (0: none
        // yet, and ' ' without flags before the start)
        int last = ' ';
        int lastFlags = 0;
        int lastPrev = ' ';
        int lastPrevFlags = 0;
        int end = 0;
        int k = 0;
        // the character to weigh (its packed properties), where its sequence ends, and its neighbours
        int e = 0;
        int eEnd = 0;
        int prev = 0;
        int prevFlags = 0;
        int prevPrev = 0;
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
                    prev = last;
                    prevFlags = lastFlags;
                    prevPrev = lastPrev;
                    prevPrevFlags = lastPrevFlags;
                } else {
                    prev = text[i - 1];
                    prevFlags = CharacterProperties.FLAGS[prev];
                    if (i - 1 == end) {
                        prevPrev = last;
                        prevPrevFlags = lastFlags;
                    } else {
                        prevPrev = text[i - 2];
                        prevPrevFlags = CharacterProperties.FLAGS[prevPrev];
                    }
                }
            }
            int c = e >>> 16;
            int flags = e & 0xFF;
            // the next character: ' ' after the end, an ASCII byte as itself, or the next sequence's
            int next;
            int nextFlags;
            int nextE = 0;
            int nextEnd = 0;
            boolean atEnd = eEnd == n;
            if (atEnd) {
                next = ' ';
                nextFlags = CharacterProperties.FLAGS[' '];
            } else if (text[eEnd] >= 0) {
                next = text[eEnd];
                nextFlags = CharacterProperties.FLAGS[next];
            } else {
                long seq = sequence(t, text, eEnd, n);
                nextE = (int) seq;
                if (nextE == LeadByteBound.PACKED_UNKNOWN) return null;
                nextEnd = (int) (seq >>> 32);
                next = nextE >>> 16;
                nextFlags = nextE & 0xFF;
            }
            if ((e & LeadByteBound.PACKED_ERROR) != 0) {
                errors++; // U+FFFD: the decoder's error, and no letter to weigh
            } else if (c <= 0x9F) {
                c1++;
            } else if ((flags & LETTER) != 0) {
                // a lone letter between non-letters ("Ј825") says little in alphabetic scripts
                boolean lone = (prevFlags & LETTER) == 0 && (nextFlags & LETTER) == 0
                        && (flags & LONE_RARE) != 0;
                if (!lone) {
                    letters++;
                    halves += e >>> 12 & 3;
                }
                implausible += letterMisfits(prevPrev, prevFlags, prevPrevFlags, prev, c, flags, next, nextFlags);
                int kind = e >>> 8 & 3;
                if (kind != 0) {
                    int position = positionalByKind(prevFlags, kind, nextFlags);
                    if (position > 0) positive++;
                    else if (position < 0) implausible++;
                }
                // an ASCII letter right after this letter
                if (next < 0x80 && !atEnd && (nextFlags & LETTER) != 0) {
                    implausible += shapeMisfit(c, flags, next, nextFlags);
                }
            } else if ((flags & SYMBOL) != 0 && ((prevFlags | nextFlags) & LETTER) != 0) {
                implausible++;
            }
            lastPrev = prev;
            lastPrevFlags = prevFlags;
            last = c;
            lastFlags = flags;
            end = eEnd;
            known = next >= 0x80;
            if (known) {
                // the next character is this one's next, and this one its previous
                prevPrev = prev;
                prevPrevFlags = prevFlags;
                prev = c;
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
            | LeadByteBound.PACKED_ERROR | 0xFFFD << 16;
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
