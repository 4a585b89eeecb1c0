package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.encoding.Encoding;

/**
 * The Encoding Standard's "BOM sniff" (https://encoding.spec.whatwg.org/#bom-sniff), step 1 of
 * the HTML Standard's encoding sniffing algorithm: a byte order mark decides with confidence
 * certain, over the transport layer and anything the document declares. Internal.
 */
final class Bom {
    private Bom() {}

    /** EF BB BF is UTF-8, FE FF is UTF-16BE, FF FE is UTF-16LE; otherwise null. */
    static Encoding sniff(byte[] b, int off, int len) {
        if (len >= 3 && (b[off] & 0xFF) == 0xEF && (b[off + 1] & 0xFF) == 0xBB && (b[off + 2] & 0xFF) == 0xBF) {
            return Encoding.UTF_8;
        }
        if (len >= 2 && (b[off] & 0xFF) == 0xFE && (b[off + 1] & 0xFF) == 0xFF) return Encoding.UTF_16BE;
        if (len >= 2 && (b[off] & 0xFF) == 0xFF && (b[off + 1] & 0xFF) == 0xFE) return Encoding.UTF_16LE;
        return null;
    }

    /** How many bytes the BOM of {@code bom} takes (0 for null: no BOM). */
    static int length(Encoding bom) {
        return bom == null ? 0 : bom == Encoding.UTF_8 ? 3 : 2;
    }
}
