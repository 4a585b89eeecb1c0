package io.github.jsoupcharset.codec;

import java.util.function.Supplier;

/**
 * The loop that the lead-byte decoders share: Shift_JIS, EUC-JP, EUC-KR, gb18030 (GBK's decoder
 * too) and Big5. Their handlers have one shape, which this loop is, once; each family's own steps
 * are its two hooks, with the spec's step comments beside them (as encoding_rs writes the shape once
 * in macros and each family its steps):
 * <ul>
 *   <li>lead 0x00 and an ASCII byte: "return a code point whose value is byte" (a run of them at a
 *       time: markup is ASCII);
 *   <li>lead 0x00 and any other byte: {@link #leadByte}, the steps after the ASCII one (a code
 *       point, an error, or the byte becomes the lead);
 *   <li>a lead that is not 0x00: {@link #trailByte}, the steps for a byte after a lead (for EUC-JP
 *       and gb18030 also the later bytes of a longer sequence), which say explicitly whether the
 *       byte is prepended to the stream to be decoded again.
 * </ul>
 * One more fast path, the same for every family: a lead byte whose next byte makes with it one BMP
 * code point is decoded with one read of the family's pair table, without storing the lead. The
 * table is built by running the family's own two hooks on every pair ({@link #pairTable}), so it
 * gives what they give; any pair it does not answer (0) takes the steps one byte at a time.
 */
abstract class LeadByteDecoder extends MultiByteDecoder {
    /** The size of a pair table: 128 rows of 256, one per lead byte 0x80-0xFF, at {@link #pairIndex}. */
    static final int PAIRS = 128 * 256;

    /** The family's lead (Shift_JIS lead, EUC-JP lead, EUC-KR lead, gb18030 first, Big5 lead), initially 0x00. */
    int lead;

    /** Where a pair table holds what lead byte {@code lead} (0x80-0xFF) and byte {@code trail} make. */
    static int pairIndex(int lead, int trail) {
        return (lead - 0x80) << 8 | trail;
    }

    /**
     * A family's pair table: for every lead byte 0x80-0xFF and byte, the code point its steps
     * return for the two when that is one BMP code point ({@link #leadByte} sets the lead, then
     * {@link #trailByte} consumes the byte, returns one char and no error, and leaves no state),
     * else 0. Each pair is run on a new decoder from {@code family}, once per family (class
     * initialisation of its holder).
     */
    static char[] pairTable(Supplier<LeadByteDecoder> family) {
        char[] table = new char[PAIRS];
        char[] out = new char[8];
        for (int lead = 0x80; lead <= 0xFF; lead++) {
            for (int b = 0x00; b <= 0xFF; b++) {
                LeadByteDecoder steps = family.get();
                steps.buf = out;
                steps.j = 0;
                steps.leadByte(lead);
                if (steps.lead != lead || steps.j != 0) break; // not a lead byte: its row stays 0
                if (steps.trailByte(b) && steps.lead == 0 && steps.j == 1 && steps.errors() == 0
                        && steps.unfinishedBytes() == 0) {
                    table[pairIndex(lead, b)] = out[0];
                }
            }
        }
        return table;
    }

    /** The family's pair table, made by {@link #pairTable}. */
    abstract char[] pairs();

    @Override
    final void decodeChunk(byte[] src, int i, int end) {
        char[] pairs = pairs();
        while (i < end) {
            if (lead != 0) {
                // trailByte returns false where the standard prepends byte: it is decoded again
                if (trailByte(src[i] & 0xFF)) i++;
                continue;
            }
            int b = src[i];
            if (b >= 0) {
                i = copyAscii(src, i, end); // an ASCII byte is a code point whose value is byte
                continue;
            }
            // lead bytes and trail bytes that make characters: the lead step and the trail step
            // at once, without storing the lead, for the whole run of such pairs (CJK text)
            int start = i;
            char[] out = buf;
            int o = j;
            while (i + 1 < end && b < 0) {
                char pair = pairs[pairIndex(b & 0xFF, src[i + 1] & 0xFF)];
                if (pair == 0) break;
                out[o++] = pair;
                i += 2;
                if (i < end) b = src[i];
            }
            j = o;
            if (i != start) continue; // the byte at i is decoded from the top: ASCII, another lead, or the end
            i++;
            leadByte(b & 0xFF);
        }
    }

    /** The family's steps for a byte 0x80-0xFF when its lead is 0x00. */
    abstract void leadByte(int b);

    /**
     * The family's steps for a byte when its lead is not 0x00.
     *
     * @return false if the byte is prepended to the stream (to be decoded again), else true
     */
    abstract boolean trailByte(int b);

    /**
     * The steps that end a trail in every family but gb18030's four-byte branch: "If code point
     * is non-null, return a code point whose value is code point. If byte is an ASCII byte,
     * prepend byte to ioQueue. Return error." ({@code cp} 0 is null.)
     *
     * @return false if the byte is prepended to the stream, else true
     */
    final boolean codePointOrError(int cp, int b) {
        if (cp != 0) {
            emitCodePoint(cp);
            return true;
        }
        emitError();
        return b >= 0x80;
    }

    /**
     * End-of-queue as Shift_JIS, EUC-JP, EUC-KR and Big5 all say it: "1. If byte is end-of-queue
     * and lead is not 0x00, set lead to 0x00 and return error. 2. If byte is end-of-queue and lead
     * is 0x00, return finished." (gb18030 has its own.)
     */
    @Override
    void endOfQueue() {
        if (lead != 0) {
            lead = 0;
            emitError();
        }
    }

    @Override
    int unfinishedBytes() {
        return lead != 0 ? 1 : 0;
    }
}
