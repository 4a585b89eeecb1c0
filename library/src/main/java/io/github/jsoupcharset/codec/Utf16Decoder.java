package io.github.jsoupcharset.codec;

import java.util.Objects;

/**
 * The Encoding Standard's shared UTF-16 decoder, for UTF-16BE (with the "UTF-16BE decoder flag"
 * set) and UTF-16LE. It does not strip a byte order mark: the caller's BOM sniffing does that.
 */
final class Utf16Decoder extends Decoder {
    private static final int CHUNK = 8192;

    private final boolean bigEndian; // "UTF-16BE decoder flag"
    private int leadByte = -1; // "UTF-16 lead byte" (-1 = null)
    private int leadSurrogate = -1; // "UTF-16 lead surrogate" (-1 = null)
    // every two bytes yield at most two chars (an error, then the re-decoded code unit)
    private final char[] buf = new char[CHUNK + 4];

    Utf16Decoder(boolean bigEndian) {
        this.bigEndian = bigEndian;
    }

    @Override
    public void decode(byte[] src, int off, int len, boolean last, StringBuilder out) {
        Objects.checkFromIndexSize(off, len, src.length);
        int end = off + len;
        while (off < end) {
            int n = Math.min(CHUNK, end - off);
            decodeChunk(src, off, off + n, out);
            off += n;
        }
        // 1. If byte is end-of-queue and either UTF-16 lead byte or UTF-16 lead surrogate is not
        //    null, set both to null and return error. (2. Otherwise return finished.)
        if (last && (leadByte >= 0 || leadSurrogate >= 0)) {
            leadByte = -1;
            leadSurrogate = -1;
            error(out);
        }
    }

    private void decodeChunk(byte[] src, int i, int end, StringBuilder out) {
        char[] buf = this.buf;
        long base = out.length();
        int j = 0;
        while (i < end) {
            int b = src[i++] & 0xFF;
            // 3. If UTF-16 lead byte is null, set it to byte and return continue.
            if (leadByte < 0) {
                leadByte = b;
                continue;
            }
            // 4. code unit = (lead << 8) + byte if the BE flag is set, (byte << 8) + lead otherwise;
            //    then set UTF-16 lead byte to null.
            int codeUnit = bigEndian ? (leadByte << 8) + b : (b << 8) + leadByte;
            leadByte = -1;
            // 5. If UTF-16 lead surrogate is not null, let lead surrogate be it, set it to null:
            if (leadSurrogate >= 0) {
                int lead = leadSurrogate;
                leadSurrogate = -1;
                // 5.1 If code unit is in U+DC00..U+DFFF, return the supplementary code point.
                if (codeUnit >= 0xDC00 && codeUnit <= 0xDFFF) {
                    buf[j++] = (char) lead;
                    buf[j++] = (char) codeUnit;
                    continue;
                }
                // 5.2-5.3 Prepend the code unit's two bytes to the stream and return error.
                // Reading those two bytes again gives this same code unit, with lead byte and lead
                // surrogate both null: that is what the steps below do with codeUnit.
                errorAt(base + j);
                buf[j++] = '\uFFFD';
            }
            // 6. If code unit is in U+D800..U+DBFF, set UTF-16 lead surrogate and return continue.
            if (codeUnit >= 0xD800 && codeUnit <= 0xDBFF) {
                leadSurrogate = codeUnit;
                continue;
            }
            // 7. If code unit is in U+DC00..U+DFFF, return error.
            if (codeUnit >= 0xDC00 && codeUnit <= 0xDFFF) {
                errorAt(base + j);
                buf[j++] = '\uFFFD';
                continue;
            }
            // 8. Return code point code unit.
            buf[j++] = (char) codeUnit;
        }
        out.append(buf, 0, j);
    }

    @Override
    int unfinishedBytes() {
        return (leadSurrogate >= 0 ? 2 : 0) + (leadByte >= 0 ? 1 : 0);
    }
}
