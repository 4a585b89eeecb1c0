package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.encoding.Encoding;

/**
 * What a multi-byte candidate's decoding of a text can give at best, known from its bytes alone:
 * the Encoding Standard's decoder steps for Shift_JIS, EUC-JP, EUC-KR, gb18030 (GBK's decoder) and
 * Big5 (as {@code codec/}'s decoders take them), walked without decoding. Where a lead byte and
 * the byte after it make one BMP code point, or an error, and leave the decoder in its initial
 * state, a table made by the candidate's own decoder ({@link Table}) gives the code point's
 * exemplar weight (at its best over the candidate's languages) or the error; so does a byte that
 * makes a code point or an error on its own. The other sequences (gb18030's four-byte ones,
 * EUC-JP's JIS X 0212 ones, Big5's pairs that make two code points or one above U+FFFF) are
 * counted as characters of weight 1 where the decoder's index might map them, and as errors where
 * the steps return an error whatever the index holds. So {@link Bound#score} is never below
 * {@link TextEvidence#ceiling}, and equals it when no sequence was counted the second way
 * ({@link Bound#exact}). The walk keeps the decoder's alignment: where the index decides between a
 * code point and an error, the byte after the lead is consumed either way, or is an ASCII byte that
 * is read again as itself, leaving the decoder in its initial state in both cases. Internal;
 * thread-safe.
 */
final class LeadByteBound {
    private LeadByteBound() {}

    /**
     * The exemplar weight the text's non-ASCII characters can have at most, in halves ({@code
     * halves}, exact for the sequences the table answers), the characters not answered by the
     * table, each of weight at most 1 ({@code characters}), and at least this many errors.
     */
    record Bound(int halves, int characters, int errors) {
        /** The best score the bound allows: {@link TextEvidence#ceiling(Candidate, double, long)} of this weight and these errors. */
        double score(Candidate c) {
            return TextEvidence.ceiling(c, halves * 0.5 + characters, errors);
        }

        /** Whether every sequence was answered by the table: then {@link #score} is the ceiling. */
        boolean exact() {
            return characters == 0;
        }
    }

    /**
     * The bound for decoding {@code text[0, len)} as multi-byte candidate {@code c}, the end of the
     * bytes being the end of the stream; {@code nonAscii[0, count)} are the offsets of the text's
     * non-ASCII bytes, ascending (offsets from {@code len} on are ignored). ASCII bytes between
     * sequences decode as themselves and leave the state as it is, so only the non-ASCII bytes, and
     * the bytes right after them, are read.
     */
    static Bound of(Candidate c, byte[] text, int len, int[] nonAscii, int count) {
        Encoding e = c.encoding();
        if (e == Encoding.SHIFT_JIS) return walk(Tables.SHIFT_JIS, Steps.TWO_BYTE, text, len, nonAscii, count);
        if (e == Encoding.EUC_KR) return walk(Tables.EUC_KR, Steps.TWO_BYTE, text, len, nonAscii, count);
        if (e == Encoding.BIG5) return walk(Tables.BIG5, Steps.TWO_BYTE, text, len, nonAscii, count);
        if (e == Encoding.EUC_JP) return walk(Tables.EUC_JP, Steps.EUC_JP, text, len, nonAscii, count);
        if (e == Encoding.GBK) return walk(Tables.GBK, Steps.GB18030, text, len, nonAscii, count);
        throw new IllegalArgumentException(e.name());
    }

    /** A table's answer: an error. (0, 1 and 2 are a code point's exemplar weight in halves.) */
    static final byte ERROR = 3;
    /** A table's answer: none (the walk's own steps count the sequence). */
    static final byte UNKNOWN = 4;
    /** A single byte's answer: a lead byte. */
    static final byte LEAD = 5;

    /**
     * What a candidate's decoder makes of each byte 0x80-0xFF alone ({@link #single}) and of each
     * lead byte followed by any byte ({@link #pair}), from running the decoder on them: a code
     * point's exemplar weight in halves (0-2), {@link #ERROR}, {@link #UNKNOWN}, or {@link #LEAD}.
     * Sequences alike in everything the walk and the scoring read share a class (a few dozen in
     * all): a byte per sequence, the class's answers in small tables, so that the walk over a
     * page touches 32 KB per candidate rather than the 160 KB of an answer and a character each.
     */
    static final class Table {
        private final byte[] singleClasses = new byte[128];
        private final byte[] pairClasses = new byte[128 * 256];
        /** By class: the walk's answer, and the scoring's {@link #pack}ed character. */
        private final byte[] answers;
        private final int[] packed;

        Table(Candidate c) {
            Exemplars.Exemplar[] langs = Exemplars.of(c);
            Decoder d = Decoders.newDecoder(c.encoding().name());
            char[] out = new char[32];
            byte[] bytes = new byte[2];
            java.util.Map<Long, Integer> classes = new java.util.HashMap<>();
            for (int b = 0x80; b <= 0xFF; b++) {
                bytes[0] = (byte) b;
                byte single = answer(d, bytes, 1, out, langs);
                singleClasses[b - 0x80] = classOf(classes, single, single == LEAD ? PACKED_LEAD : pack(single, out[0]));
                for (int t = 0; t <= 0xFF; t++) {
                    bytes[1] = (byte) t;
                    byte pair = single == LEAD ? answer(d, bytes, 2, out, langs) : UNKNOWN;
                    pairClasses[(b - 0x80) << 8 | t] = classOf(classes, pair, pack(pair, out[0]));
                }
            }
            answers = new byte[classes.size()];
            packed = new int[classes.size()];
            classes.forEach((key, k) -> {
                answers[k] = (byte) (key >>> 32);
                packed[k] = (int) (long) key;
            });
        }

        /** The class of an answer and its packed character, numbered in order of first use. */
        private static byte classOf(java.util.Map<Long, Integer> classes, byte answer, int packedChar) {
            int k = classes.computeIfAbsent((long) answer << 32 | packedChar & 0xFFFFFFFFL, key -> classes.size());
            if (k > Byte.MAX_VALUE) throw new IllegalStateException("more sequence classes than a byte numbers");
            return (byte) k;
        }

        /** What {@code bytes[0, n)} give from the initial state, if they leave the decoder there. */
        private static byte answer(Decoder d, byte[] bytes, int n, char[] out, Exemplars.Exemplar[] langs) {
            long before = d.errors();
            int produced = d.decodeInto(bytes, 0, n, false, out, 0);
            long errors = d.errors() - before;
            d.decodeInto(bytes, 0, 0, true, out, produced); // end-of-queue: an error if a sequence is still open
            if (d.errors() - before != errors) return n == 1 && produced == 0 && errors == 0 ? LEAD : UNKNOWN;
            if (errors == 0 && produced == 1 && out[0] >= 0x80 && !Character.isSurrogate(out[0])) {
                return (byte) TextEvidence.boundHalves(langs, out[0]);
            }
            // an error, and the byte after the lead read again as itself when it is ASCII
            int last = bytes[n - 1] & 0xFF;
            if (errors == 1 && out[0] == 0xFFFD && (produced == 1 && (n == 1 || last >= 0x80)
                    || produced == 2 && n == 2 && last < 0x80 && out[1] == last)) {
                return ERROR;
            }
            return UNKNOWN;
        }

        byte single(int b) {
            return answers[singleClasses[b - 0x80]];
        }

        /** {@link #single}'s sequence for the scoring: {@link #pack}, {@link #PACKED_LEAD} or {@link #PACKED_UNKNOWN}. */
        int packedSingle(int b) {
            return packed[singleClasses[b - 0x80]];
        }

        /** {@link #pair}'s sequence for the scoring: {@link #pack} or {@link #PACKED_UNKNOWN}. */
        int packedPair(int lead, int b) {
            return packed[pairClasses[(lead - 0x80) << 8 | b]];
        }

        /**
         * An answer's character for the scoring, in one int: its {@link TextEvidence#entry} (U+FFFD
         * for an error), with its exemplar weight in halves at its best over the candidate's
         * languages at {@link #HALVES_SHIFT}; {@code out0} is the decoder's first output, the code
         * point where {@code answer} is a weight.
         */
        private static int pack(byte answer, char out0) {
            if (answer == UNKNOWN) return PACKED_UNKNOWN;
            char c = answer == ERROR ? '\uFFFD' : out0;
            int halves = answer == ERROR ? 0 : answer;
            return TextEvidence.entry(c) | halves << HALVES_SHIFT;
        }

        byte pair(int lead, int b) {
            return answers[pairClasses[(lead - 0x80) << 8 | b]];
        }
    }

    /** {@link Table#pack}: where the exemplar weight in halves is, in bits an {@link TextEvidence#entry} leaves 0. */
    static final int HALVES_SHIFT = 16;
    /** {@link Table#packedSingle}: a lead byte. */
    static final int PACKED_LEAD = 1 << 18;
    /** {@link Table#packedSingle} and {@link Table#packedPair}: a sequence the table does not answer. */
    static final int PACKED_UNKNOWN = 1 << 19;

    /** Multi-byte candidate {@code c}'s table. */
    static Table table(Candidate c) {
        Encoding e = c.encoding();
        if (e == Encoding.SHIFT_JIS) return Tables.SHIFT_JIS;
        if (e == Encoding.EUC_KR) return Tables.EUC_KR;
        if (e == Encoding.BIG5) return Tables.BIG5;
        if (e == Encoding.EUC_JP) return Tables.EUC_JP;
        if (e == Encoding.GBK) return Tables.GBK;
        throw new IllegalArgumentException(e.name());
    }

    /** The five candidates' tables, made on first use (about 160 thousand two-byte decodings). */
    private static final class Tables {
        static final Table SHIFT_JIS = new Table(Candidates.of(Encoding.SHIFT_JIS));
        static final Table EUC_JP = new Table(Candidates.of(Encoding.EUC_JP));
        static final Table EUC_KR = new Table(Candidates.of(Encoding.EUC_KR));
        static final Table GBK = new Table(Candidates.of(Encoding.GBK));
        static final Table BIG5 = new Table(Candidates.of(Encoding.BIG5));
    }

    /** Which steps the walk takes for a lead and a byte the table does not answer. */
    private enum Steps { TWO_BYTE, EUC_JP, GB18030 }

    private static Bound walk(Table table, Steps steps, byte[] text, int len, int[] nonAscii, int count) {
        int halves = 0;
        int characters = 0;
        int errors = 0;
        int next = 0; // the first byte the walk has not consumed
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            if (i >= len) break;
            if (i < next) continue; // a byte of a sequence walked already
            int b = text[i] & 0xFF;
            next = i + 1;
            byte single = table.single(b);
            if (single != LEAD) {
                // a code point (Shift_JIS 0x80 and half-width katakana, gb18030 0x80) or an error
                if (single < ERROR) halves += single;
                else if (single == ERROR) errors++;
                else characters++;
                continue;
            }
            if (i + 1 == len) {
                errors++; // end-of-queue with a lead
                continue;
            }
            int t = text[i + 1] & 0xFF;
            next = i + 2;
            byte pair = table.pair(b, t);
            if (pair < ERROR) {
                halves += pair;
                continue;
            }
            if (pair == ERROR) {
                // a non-ASCII byte is consumed with the error, an ASCII one read again as itself
                errors++;
                continue;
            }
            if (steps == Steps.TWO_BYTE) {
                // Big5's pairs that make two code points, or one above U+FFFF: at most two characters
                characters += 2;
            } else if (steps == Steps.EUC_JP) {
                // 0x8F and a byte 0xA1-0xFE: 4. jis0212, and that byte is the lead
                if (i + 2 == len) {
                    errors++;
                    continue;
                }
                int u = text[i + 2] & 0xFF;
                next = i + 3;
                if (u >= 0xA1 && u <= 0xFE) characters++; // 5.2 the index jis0212 decides
                else errors++; // 5.6 (an ASCII byte read again as itself)
            } else {
                // gb18030 first and a byte 0x30-0x39: 5.1 second
                if (i + 2 == len) {
                    errors++;
                    continue;
                }
                int u = text[i + 2] & 0xFF;
                if (u < 0x81 || u > 0xFE) {
                    // 4.2 error; second (ASCII) and u are decoded again from the initial state:
                    // u is the next byte to walk
                    errors++;
                    continue;
                }
                // 4.1 third
                if (i + 3 == len) {
                    errors++;
                    next = len;
                    continue;
                }
                int v = text[i + 3] & 0xFF;
                if (v >= 0x30 && v <= 0x39) {
                    characters++; // 3.2 the ranges decide (a null code point is an error)
                    next = i + 4;
                } else {
                    // 3.1 error; second (ASCII), third and v are decoded again: third from the
                    // initial state is a first, and v its next byte, as when third is walked again
                    errors++;
                }
            }
        }
        return new Bound(halves, characters, errors);
    }
}
