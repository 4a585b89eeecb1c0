package io.github.jsoupcharset.detect;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import io.github.jsoupcharset.codec.StreamDecodingReader;
import io.github.jsoupcharset.markup.AsciiBytes;

/**
 * The valid multi-byte sequences and the errors of bytes read as UTF-8, counted as the Encoding
 * Standard's UTF-8 decoder counts them (one error per maximal subpart; a byte that ends a sequence
 * early is read again), without decoding: what detection's UTF-8 validity step and the declaration
 * check both need. Internal.
 *
 * @param sequences the whole, valid multi-byte sequences seen
 * @param errors the errors seen (each one U+FFFD to the decoder)
 */
public record Utf8Scan(int sequences, int errors) {

    /**
     * Scans {@code b[off, off+len)}.
     *
     * @param complete whether the bytes are the whole body: a sequence cut off by their end is then
     *     an error, unless at least {@link StreamDecodingReader#CUT_UTF8_EVIDENCE} whole multi-byte
     *     sequences and no error came before it (a UTF-8 page cut short: one U+FFFD at its end, not
     *     a legacy page); otherwise (a download cut off there) it is left out and the scan ends
     * @param stopAtError stop at the first error (it is then 1)
     * @param limit stop before the non-ASCII sequence (valid or not) that would be the
     *     {@code limit + 1}-th
     * @return the counts
     */
    public static Utf8Scan of(byte[] b, int off, int len, boolean complete, boolean stopAtError, int limit) {
        int sequences = 0;
        int errors = 0;
        int i = off;
        int end = off + len;
        while (i < end) {
            i = AsciiBytes.firstNonAscii(b, i, end);
            if (i >= end) break;
            int c = b[i] & 0xFF;
            if (sequences + errors >= limit) break;
            int need = trailBytes(c);
            if (need == 0) {
                errors++;
                if (stopAtError) break;
                i++;
                continue;
            }
            i++;
            boolean ok = true;
            for (int k = 0; k < need; k++, i++) {
                if (i >= end) {
                    // cut off by the end: an error, unless the body itself was cut off here, or
                    // plenty of whole sequences and no error before it say the body is UTF-8 cut short
                    boolean cutShort = !complete || errors == 0 && sequences >= StreamDecodingReader.CUT_UTF8_EVIDENCE;
                    return new Utf8Scan(sequences, cutShort ? errors : errors + 1);
                }
                if (!continuation(c, k, b[i] & 0xFF)) {
                    ok = false; // the byte is read again as the start of what follows
                    break;
                }
            }
            if (ok) {
                sequences++;
            } else {
                errors++;
                if (stopAtError) break;
            }
        }
        return new Utf8Scan(sequences, errors);
    }

    /**
     * The first offset at or after {@code p} in {@code b[from, end)} where a run of non-ASCII bytes
     * could begin as UTF-8: a byte of C0-FF followed by one of 80-BF, after an ASCII byte (or at
     * {@code from}); {@code end} when there is none. Eight bytes at a time: the runs of legacy text,
     * whose first two bytes seldom look so, are stepped over without being read one by one.
     */
    static int nextUtf8RunStart(byte[] b, int p, int from, int end) {
        while (p < end) {
            if (p > from && p + 9 <= end) {
                long before = (long) LONGS.get(b, p - 1);
                long w = (long) LONGS.get(b, p);
                long next = (long) LONGS.get(b, p + 1);
                // per byte: the byte before it ASCII, it C0-FF (bits 7 and 6), the byte after it 80-BF
                long starts = ~before & w & w << 1 & next & ~(next << 1) & 0x8080808080808080L;
                if (starts != 0) return p + Long.numberOfTrailingZeros(starts) / 8;
                p += 8;
            } else {
                if ((p == from || b[p - 1] >= 0) && (b[p] & 0xC0) == 0xC0 && p + 1 < end && (b[p + 1] & 0xC0) == 0x80) {
                    return p;
                }
                p++;
            }
        }
        return end;
    }

    /** How many bytes of {@code b[from, end)} are not ASCII, eight at a time. */
    static int nonAscii(byte[] b, int from, int end) {
        int count = 0;
        int i = from;
        for (; i + 8 <= end; i += 8) count += Long.bitCount((long) LONGS.get(b, i) & 0x8080808080808080L);
        for (; i < end; i++) if (b[i] < 0) count++;
        return count;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * How many continuation bytes a UTF-8 lead byte asks for: 1 for C2-DF, 2 for E0-EF, 3 for
     * F0-F4; 0 for a byte that starts no sequence (80-C1, F5-FF).
     */
    static int trailBytes(int lead) {
        return lead >= 0xC2 && lead <= 0xDF ? 1 : lead >= 0xE0 && lead <= 0xEF ? 2 : lead >= 0xF0 && lead <= 0xF4 ? 3 : 0;
    }

    /**
     * Whether {@code c} is a valid continuation byte number {@code k} (from 0) after {@code lead}:
     * 80-BF, but for the first after E0 (A0-BF), ED (80-9F), F0 (90-BF) and F4 (80-8F), as the
     * Encoding Standard's UTF-8 decoder bounds it.
     */
    static boolean continuation(int lead, int k, int c) {
        if (k == 0) {
            if (lead == 0xE0) return c >= 0xA0 && c <= 0xBF;
            if (lead == 0xED) return c >= 0x80 && c <= 0x9F;
            if (lead == 0xF0) return c >= 0x90 && c <= 0xBF;
            if (lead == 0xF4) return c >= 0x80 && c <= 0x8F;
        }
        return c >= 0x80 && c <= 0xBF;
    }
}
