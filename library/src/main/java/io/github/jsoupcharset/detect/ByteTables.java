package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.WhatwgCharset;
import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.encoding.Encoding;

import java.util.IdentityHashMap;
import java.util.Map;

import static io.github.jsoupcharset.detect.CharacterProperties.LETTER;
import static io.github.jsoupcharset.detect.CharacterProperties.LOWER;
import static io.github.jsoupcharset.detect.CharacterProperties.UPPER;

/**
 * The single-byte candidates' decodings at a glance: per byte value, its character, that
 * character's properties and script, and what it weighs for each of the candidate's languages and
 * in the glance ({@link Glance}). Built once, on first use, from the decoders' tables; the
 * scoring reads the bytes through them ({@link TextEvidence#singleByteParts}). Internal;
 * immutable after class initialisation.
 */
final class ByteTables {
    private ByteTables() {}

    static final Map<Encoding, ByteTable> TABLES = build();

    private static Map<Encoding, ByteTable> build() {
        // Encoding instances are constants: an identity map spares hashing their names per lookup
        Map<Encoding, ByteTable> tables = new IdentityHashMap<>();
        for (Candidate c : Candidates.ALL) {
            if (c.weight() == 1) tables.put(c.encoding(), new ByteTable(c));
        }
        return tables;
    }

    /**
     * Every single-byte candidate's tables side by side, for scoring them all in one pass over a
     * text with few non-ASCII bytes ({@link TextEvidence#allSingleByteParts}), which then reads a
     * few rows of two arrays rather than a dozen small tables per candidate (on a page fetched
     * between other work, what a call costs is mostly what it touches for the first time).
     */
    static final Combined COMBINED = new Combined();

    /**
     * The single-byte candidates' contributions and exemplar weights side by side. A non-ASCII
     * byte whose neighbours (the two bytes before it and the one after) are ASCII is scored the
     * same way by every candidate but for its own class: ASCII decodes alike everywhere, and each
     * ASCII byte's class as a neighbour is one of a few {@link #asciiContexts} in every candidate
     * (checked when built).
     */
    static final class Combined {
        /** The single-byte candidates, in {@link Candidates#ALL}'s order, and their tables. */
        final Candidate[] candidates;
        final ByteTable[] tables;
        /** Each ASCII byte's context as a neighbour: bytes alike as neighbours in every candidate share one. */
        final byte[] asciiContexts = new byte[128];
        final int contextCount;
        /**
         * What a non-ASCII byte {@code b} adds to candidate {@code j}'s counts after an ASCII byte of
         * context {@code p} and before one of context {@code q}, two ASCII bytes before it, at
         * {@code (((b - 0x80) * contextCount + p) * contextCount + q) * candidates.length + j}: the
         * candidates of one byte and context side by side.
         */
        final byte[] contributions;
        /** Each non-ASCII byte's exemplar weight in halves for every candidate's languages, at {@code (b - 0x80) * languageSlots + firstLanguage[j] + l}. */
        final byte[] weightHalves;
        final int languageSlots;
        /** Where candidate {@code j}'s languages start in a row of {@link #weightHalves}; {@code firstLanguage[j + 1]} where they end. */
        final int[] firstLanguage;
        /**
         * A glance's sums for every candidate, one int per byte value and candidate at {@code (b -
         * 0x80) * candidates.length + j}, laid out so that a byte's occurrences times it add to
         * all three sums at once in one long ({@link Glance#singleByteHalves}): {@link
         * ByteTable#glanceHalves} plus {@link #GLANCE_BIAS} in the bits from 0, {@link
         * ByteTable#capital} at bit {@link #CAPITALS} and {@link ByteTable#small} at bit {@link
         * #SMALL} ({@code glanceRows}); and {@link ByteTable#touchesLatinHalves} plus {@link
         * #GLANCE_BIAS}, added per touch ({@code touchRows}). Every field stays positive, and
         * within its bits on a text of up to {@link #GLANCE_MAX_BYTES} non-ASCII bytes. 17 KB for
         * the 27 candidates.
         */
        final int[] glanceRows;
        final byte[] touchRows;
        static final int GLANCE_BIAS = 16;
        static final int CAPITALS = 18;
        static final int SMALL = 30;
        static final long GLANCE_MASK = (1L << CAPITALS) - 1;
        static final long COUNT_MASK = (1L << SMALL - CAPITALS) - 1;
        /**
         * The most non-ASCII bytes a glance sums within its bits: each adds at most {@code 2 ×
         * GLANCE_BIAS − 1} and its two touches as much again each, and capitals and small letters
         * are counted in {@code SMALL − CAPITALS} bits.
         */
        static final int GLANCE_MAX_BYTES = (int) Math.min(GLANCE_MASK / (3 * (2 * GLANCE_BIAS - 1)), COUNT_MASK);

        private Combined() {
            int n = 0;
            for (Candidate c : Candidates.ALL) if (c.weight() == 1) n++;
            candidates = new Candidate[n];
            tables = new ByteTable[n];
            firstLanguage = new int[n + 1];
            int j = 0;
            for (Candidate c : Candidates.ALL) {
                if (c.weight() != 1) continue;
                candidates[j] = c;
                tables[j] = TABLES.get(c.encoding());
                firstLanguage[j + 1] = firstLanguage[j] + tables[j].languageCount;
                j++;
            }
            languageSlots = firstLanguage[n];
            // the contexts: the first candidate's neighbour classes of the ASCII bytes, which every
            // candidate must share (a representative byte of each)
            byte[] first = tables[0].neighbourClasses;
            int[] representative = new int[128];
            int count = 0;
            for (int b = 0; b < 0x80; b++) {
                int k = 0;
                while (k < count && first[representative[k]] != first[b]) k++;
                if (k == count) representative[count++] = b;
                asciiContexts[b] = (byte) k;
            }
            contextCount = count;
            for (ByteTable t : tables) {
                for (int b = 0; b < 0x80; b++) {
                    if (t.neighbourClasses[b] != t.neighbourClasses[representative[asciiContexts[b]]]
                            || t.twoBeforeClasses[b] != t.twoBeforeClasses[' ']) {
                        throw new IllegalStateException("ASCII byte " + b + " is not alike as a neighbour in every single-byte candidate");
                    }
                }
            }
            contributions = new byte[128 * count * count * n];
            int at = 0;
            for (int b = 0x80; b < 0x100; b++) {
                for (int p = 0; p < count; p++) {
                    for (int q = 0; q < count; q++) {
                        for (ByteTable t : tables) {
                            contributions[at++] = (byte) t.contribution(b, ' ', representative[p], representative[q]);
                        }
                    }
                }
            }
            glanceRows = new int[128 * n];
            touchRows = new byte[128 * n];
            for (int b = 0; b < 128; b++) {
                for (j = 0; j < n; j++) {
                    ByteTable t = tables[j];
                    int glance = t.glanceHalves[b] + GLANCE_BIAS;
                    int touch = t.touchesLatinHalves[b] + GLANCE_BIAS;
                    if (glance < 0 || touch < 0 || glance >= 2 * GLANCE_BIAS || touch >= 2 * GLANCE_BIAS) {
                        throw new IllegalStateException("a glance out of its bias: byte " + (b + 0x80));
                    }
                    glanceRows[b * n + j] = glance | t.capital[b] << CAPITALS | t.small[b] << SMALL;
                    touchRows[b * n + j] = (byte) touch;
                }
            }
            weightHalves = new byte[128 * languageSlots];
            for (int b = 0; b < 128; b++) {
                for (j = 0; j < n; j++) {
                    int languages = tables[j].languageCount;
                    System.arraycopy(tables[j].weightHalves, b * languages, weightHalves, b * languageSlots + firstLanguage[j], languages);
                }
            }
        }
    }

    /**
     * Whether two single-byte candidates' tables decode each of the byte values {@code values} to
     * the same character (on a text whose non-ASCII byte values these are, they decode it alike:
     * every one decodes ASCII as itself).
     */
    static boolean decodeAlike(ByteTable a, ByteTable b, int[] values) {
        for (int v : values) {
            if (a.chars[v] != b.chars[v]) return false;
        }
        return true;
    }

    /** A glance weight in halves, which it is made of. */
    private static byte halves(double weight) {
        if (weight * 2 != Math.rint(weight * 2)) throw new IllegalStateException("a glance weight not in halves: " + weight);
        return (byte) (weight * 2);
    }

    /** Numbers each byte value's class (its key) into {@code classes}; gives how many there are. */
    private static int classify(long[] keyOf, byte[] classes) {
        long[] keys = new long[256];
        int count = 0;
        for (int b = 0; b < 256; b++) {
            int k = 0;
            while (k < count && keys[k] != keyOf[b]) k++;
            if (k == count) keys[count++] = keyOf[b];
            classes[b] = (byte) k;
        }
        return count;
    }

    /**
     * A single-byte candidate's decoding at a glance: the character of every byte and its
     * properties, and how much each byte's character counts for each of the candidate's languages.
     */
    static final class ByteTable {
        final char[] chars = new char[256];
        /**
         * Each non-ASCII byte's exemplar weight for each language, in halves, a byte's languages
         * side by side (the scoring reads a few bytes' weights for every language): at {@code
         * (byte - 0x80) * languageCount + language}.
         */
        final byte[] weightHalves;
        final int languageCount;
        /**
         * What one occurrence of a non-ASCII byte adds to the glance, and what each ASCII letter
         * touching it adds, in halves, at {@code byte - 0x80} (small: the glance reads them for
         * every candidate).
         */
        final byte[] glanceHalves = new byte[128];
        final byte[] touchesLatinHalves = new byte[128];
        /**
         * 1 where a non-ASCII byte is a capital, and where it is a small letter, at {@code byte -
         * 0x80}: the glance's count of a reading's capitals and small letters ({@link Glance}).
         */
        final byte[] capital = new byte[128];
        final byte[] small = new byte[128];
        /** Each byte's character's {@link TextEvidence#entry}: what the scoring reads of it. */
        final int[] packed = new int[256];
        /**
         * Each byte value's class as a neighbour: bytes alike in everything {@link
         * TextEvidence#contribution} reads of the character before or after the one weighed
         * ({@link TextEvidence#asNeighbour}) share one.
         */
        final byte[] neighbourClasses = new byte[256];
        /** How many classes {@link #neighbourClasses} has. */
        final int classCount;
        /**
         * Each byte value's class as the byte two before the one weighed ({@link
         * TextEvidence#asTwoBefore}: one class where no byte is a mark or a Thai consonant).
         */
        final byte[] twoBeforeClasses = new byte[256];
        final int twoBeforeCount;
        /** Each non-ASCII byte value's own class: bytes of one {@link #packed} entry share one. */
        final byte[] ownClasses = new byte[256];
        final int ownCount;
        /**
         * What a non-ASCII byte of own class {@code c} ({@link #ownClasses}) adds to the score
         * ({@link TextEvidence#contribution}) after bytes of classes {@code o} ({@link
         * #twoBeforeClasses}) and {@code p} and before one of class {@code q} ({@link
         * #neighbourClasses}), at {@code ((c * twoBeforeCount + o) * classCount + p) * classCount +
         * q}: a few KB, read whole on a text of many byte values.
         */
        final byte[] contributions;
        /**
         * Where each byte value's class places it in {@link #contributions}' index, as the byte
         * weighed ({@code ownAt}), as the one two before it, as the one before and as the one
         * after: the index is their sum, four lookups and no multiplication per byte weighed.
         */
        private final char[] ownAt = new char[256];
        private final char[] twoBeforeAt = new char[256];
        private final char[] beforeAt = new char[256];
        private final char[] afterAt = new char[256];
        /**
         * The most one occurrence of each non-ASCII byte can add to the candidate's score (without
         * ICU4J, the prior left out), whatever its neighbours, at {@code byte - 0x80}: the best of
         * its {@link #contributions} between every class of neighbours, its letter counted at its
         * best exemplar weight over the languages ({@link #bestHalves}). What a text's bytes still
         * to be weighed can add at most ({@link TextEvidence#singleByteCounts}).
         */
        final byte[] ceilings = new byte[128];
        /** Each non-ASCII byte's exemplar weight in halves at its best over the candidate's languages, at {@code byte - 0x80}. */
        final byte[] bestHalves = new byte[128];
        /**
         * As {@link #ceilings}, the byte before known: the most an occurrence of non-ASCII byte
         * {@code b} after a byte of neighbour class {@code p} ({@link #neighbourClasses}) can add,
         * whatever the byte after it and the one two before, at {@code p * 128 + b - 0x80}. In
         * text of many non-ASCII bytes side by side (a multi-byte text read byte by byte) a
         * letter's misfit with the one before it is most of what a reading loses, and this counts it.
         */
        final byte[] pairCeilings;
        /**
         * 1 where non-ASCII byte {@code b} after a byte of neighbour class {@code p} is a letter
         * counted ({@link TextEvidence#COUNTED_LETTER}) whatever the byte after it and the one two
         * before, at {@link #pairCeilings}' place: there its {@link #pairCeilings} in one language
         * is exactly its ceiling less its {@link #bestHalves} above its weight in that language
         * ({@link TextEvidence#languageCut}).
         */
        final byte[] pairCounted;
        /** 1 where a non-ASCII byte's exemplar weight is not the same in every language, at {@code byte - 0x80}. */
        final byte[] weighsApart = new byte[128];

        ByteTable(Candidate candidate) {
            char[] index = ((WhatwgCharset) Decoders.charset(candidate.encoding().name())).singleByteIndex();
            for (int b = 0; b < 256; b++) {
                chars[b] = b < 0x80 ? (char) b : index[b - 0x80];
                packed[b] = TextEvidence.entry(chars[b]);
            }
            classCount = classify(neighbourKeys(), neighbourClasses);
            twoBeforeCount = classify(twoBeforeKeys(), twoBeforeClasses);
            ownCount = classify(ownKeys(), ownClasses);
            contributions = contributions();
            for (int b = 0; b < 256; b++) {
                ownAt[b] = (char) (ownClasses[b] * twoBeforeCount * classCount * classCount);
                twoBeforeAt[b] = (char) (twoBeforeClasses[b] * classCount * classCount);
                beforeAt[b] = (char) (neighbourClasses[b] * classCount);
                afterAt[b] = (char) neighbourClasses[b];
            }
            String[] languages = candidate.languages();
            languageCount = languages.length;
            weightHalves = new byte[128 * languageCount];
            for (int k = 0; k < languageCount; k++) {
                Exemplars.Exemplar e = Exemplars.SETS.get(languages[k]);
                for (int b = 0x80; b < 256; b++) weightHalves[(b - 0x80) * languageCount + k] = (byte) e.halves(chars[b]);
            }
            for (int b = 0x80; b < 256; b++) {
                bestHalves[b - 0x80] = (byte) TextEvidence.bestHalves(Exemplars.of(candidate), chars[b]);
                for (int k = 0; k < languageCount; k++) {
                    if (weightHalves[(b - 0x80) * languageCount + k] != bestHalves[b - 0x80]) weighsApart[b - 0x80] = 1;
                }
            }
            pairCounted = new byte[classCount * 128];
            pairCeilings = pairCeilings();
            for (int b = 0; b < 128; b++) {
                // whatever the byte before: the best after any
                byte best = Byte.MIN_VALUE;
                for (int p = 0; p < classCount; p++) best = (byte) Math.max(best, pairCeilings[p * 128 + b]);
                ceilings[b] = best;
            }
            // the glance: what a byte alone scores (the prior left out), at its best over the
            // languages, and what its letter scores against an ASCII letter after it
            int latinLetter = TextEvidence.entry('a');
            for (int b = 0x80; b < 256; b++) {
                int e = packed[b];
                TextEvidence.Parts alone = new TextEvidence.Parts(0, 0, 0, 0, 0, 0);
                TextEvidence.Parts touchingLatin = alone;
                if ((e & TextEvidence.ERROR) != 0) {
                    alone = new TextEvidence.Parts(0, 0, 0, 0, 0, 1);
                } else if ((e & TextEvidence.C1) != 0) {
                    alone = new TextEvidence.Parts(0, 0, 0, 0, 1, 0);
                } else if ((e & TextEvidence.POSITIONAL) == TextEvidence.WEB_PUNCTUATION) {
                    alone = new TextEvidence.Parts(0, 0, 0, 1, 0, 0); // between ASCII, as it stands alone
                } else if ((e & LETTER) != 0) {
                    double best = TextEvidence.bestHalves(Exemplars.of(candidate), chars[b]) * 0.5;
                    alone = new TextEvidence.Parts(best, 1, 0, 0, 0, 0);
                    touchingLatin = new TextEvidence.Parts(0, 0, TextEvidence.shapeMisfit(e, latinLetter), 0, 0, 0);
                    if ((e & UPPER) != 0) capital[b - 0x80] = 1;
                    if ((e & LOWER) != 0) small[b - 0x80] = 1;
                }
                double glance = alone.score(candidate, 0, TextEvidence.Weights.EVIDENCE) - Glance.CAPITAL * capital[b - 0x80];
                glanceHalves[b - 0x80] = halves(glance);
                touchesLatinHalves[b - 0x80] = halves(touchingLatin.score(candidate, 0, TextEvidence.Weights.EVIDENCE));
            }
        }

        /**
         * What non-ASCII byte {@code b} adds to the counts after bytes {@code twoBefore} and {@code
         * prev} and before byte {@code next} ({@link #contributions}).
         */
        int contribution(int b, int twoBefore, int prev, int next) {
            return contributions[ownAt[b] + twoBeforeAt[twoBefore] + beforeAt[prev] + afterAt[next]];
        }

        /** {@link #pairCeilings}, from {@link #contributions} and {@link #bestHalves}; fills {@link #pairCounted}. */
        private byte[] pairCeilings() {
            byte[] table = new byte[classCount * 128];
            for (int b = 0x80; b < 256; b++) {
                int halves = bestHalves[b - 0x80];
                for (int p = 0; p < classCount; p++) {
                    double best = Double.NEGATIVE_INFINITY;
                    int counted = TextEvidence.COUNTED_LETTER;
                    for (int o = 0; o < twoBeforeCount; o++) {
                        int at = ((ownClasses[b] * twoBeforeCount + o) * classCount + p) * classCount;
                        for (int q = 0; q < classCount; q++) {
                            best = Math.max(best, TextEvidence.occurrenceScore(contributions[at + q], halves));
                            counted &= contributions[at + q];
                        }
                    }
                    if (best > Byte.MAX_VALUE || best < Byte.MIN_VALUE) throw new IllegalStateException("a ceiling out of a byte: " + best);
                    table[p * 128 + b - 0x80] = (byte) Math.ceil(best);
                    pairCounted[p * 128 + b - 0x80] = (byte) counted;
                }
            }
            return table;
        }

        /** The {@link #pairCeilings} of non-ASCII byte {@code b} after byte {@code prev}. */
        int pairCeiling(int prev, int b) {
            return pairCeilings[pairAt(prev, b)];
        }

        /** Where {@link #pairCeilings} and {@link #pairCounted} hold non-ASCII byte {@code b} after byte {@code prev}. */
        int pairAt(int prev, int b) {
            return neighbourClasses[prev] * 128 + b - 0x80;
        }

        /** What the scoring reads of each byte as a neighbour ({@link #neighbourClasses}). */
        private long[] neighbourKeys() {
            long[] keys = new long[256];
            for (int b = 0; b < 256; b++) keys[b] = TextEvidence.asNeighbour(packed[b]);
            return keys;
        }

        /** What the scoring reads of a non-ASCII byte scored ({@link #ownClasses}; ASCII bytes, never scored, with 0x80). */
        private long[] ownKeys() {
            long[] keys = new long[256];
            for (int b = 0x80; b < 256; b++) keys[b] = packed[b];
            for (int b = 0; b < 0x80; b++) keys[b] = keys[0x80];
            return keys;
        }

        /** What the scoring reads of the byte two before the one weighed ({@link #twoBeforeClasses}). */
        private long[] twoBeforeKeys() {
            long[] keys = new long[256];
            for (int b = 0; b < 256; b++) keys[b] = TextEvidence.asTwoBefore(packed[b]);
            return keys;
        }

        /** {@link #contributions}, from a byte of each class. */
        private byte[] contributions() {
            int[] neighbour = representatives(neighbourClasses, classCount);
            int[] twoBefore = representatives(twoBeforeClasses, twoBeforeCount);
            int[] own = representatives(ownClasses, ownCount);
            own[ownClasses[0x80]] = 0x80; // the class ASCII bytes share: 0x80's, never an ASCII byte
            byte[] table = new byte[ownCount * twoBeforeCount * classCount * classCount];
            int at = 0;
            for (int b : own) {
                for (int o : twoBefore) {
                    for (int p : neighbour) {
                        for (int q : neighbour) {
                            int v = TextEvidence.contribution(packed[o], packed[p], packed[b], packed[q]);
                            if (v > Byte.MAX_VALUE) throw new IllegalStateException("contribution out of a byte: " + v);
                            table[at++] = (byte) v;
                        }
                    }
                }
            }
            return table;
        }

        /** A byte value of each class, by class. */
        private static int[] representatives(byte[] classes, int count) {
            int[] representative = new int[count];
            for (int b = 255; b >= 0; b--) representative[classes[b]] = b;
            return representative;
        }
    }
}
