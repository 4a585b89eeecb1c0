package io.github.jsoupcharset.detect;

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
     *     an error; otherwise (a download cut off there) it is left out and the scan ends
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
            int need;
            int lower = 0x80;
            int upper = 0xBF;
            if (c >= 0xC2 && c <= 0xDF) {
                need = 1;
            } else if (c >= 0xE0 && c <= 0xEF) {
                need = 2;
                if (c == 0xE0) lower = 0xA0;
                if (c == 0xED) upper = 0x9F;
            } else if (c >= 0xF0 && c <= 0xF4) {
                need = 3;
                if (c == 0xF0) lower = 0x90;
                if (c == 0xF4) upper = 0x8F;
            } else {
                errors++;
                if (stopAtError) break;
                i++;
                continue;
            }
            i++;
            boolean ok = true;
            for (int k = 0; k < need; k++, i++) {
                if (i >= end) {
                    // cut off by the end: an error, unless the body itself was cut off here
                    return new Utf8Scan(sequences, complete ? errors + 1 : errors);
                }
                int t = b[i] & 0xFF;
                if (t < lower || t > upper) {
                    ok = false; // the byte is read again as the start of what follows
                    break;
                }
                lower = 0x80;
                upper = 0xBF;
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
}
