package io.github.jsoupcharset.codec;

import io.github.jsoupcharset.encoding.Encoding;

import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Guarantee 2, "no decoder swallows an ASCII byte", stated exactly per encoding family as the
 * Encoding Standard's decoders behave:
 * <ul>
 *   <li>UTF-8, the single-byte encodings, x-user-defined and EUC-JP: every byte 0x00-0x7F appears
 *       in the output as itself (no valid sequence contains one; after a bad lead it is restored);
 *   <li>Shift_JIS, Big5, EUC-KR, GBK and gb18030: every byte 0x00-0x7F appears, except the trail of
 *       a two-byte sequence that decodes to a code point (checked by decoding the pair alone) and
 *       the digits of a gb18030 four-byte sequence {@code [81-FE][30-39][81-FE][30-39]}, which the
 *       standard consumes whole even when it maps to nothing (one error);
 *   <li>UTF-16BE/LE: every code unit 0x0000-0x007F appears (a lone surrogate never consumes the
 *       unit after it);
 *   <li>ISO-2022-JP: in the ASCII and Roman states every byte except ESC, SO and SI appears (Roman
 *       0x5C and 0x7E as ¥ and ‾); the bytes after ESC of an unrecognised escape are restored to
 *       the stream; in the katakana and JIS X 0208 states bytes are that state's text;
 *   <li>replacement: nothing appears, by design (guarantee 3): the output is one U+FFFD.
 * </ul>
 * {@link #expectedAscii} follows the standard's lead/trail structure and says which ASCII
 * characters, in order, the output must contain; the output's characters below U+0080 must be
 * exactly those.
 */
final class AsciiInvariant {
    private AsciiInvariant() {}

    /** The characters below U+0080 of {@code decoded}, in order. */
    static String asciiOf(CharSequence decoded) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < decoded.length(); i++) {
            if (decoded.charAt(i) < 0x80) b.append(decoded.charAt(i));
        }
        return b.toString();
    }

    /** The ASCII characters the WHATWG decoder of {@code e} must output for {@code in}, in order. */
    static String expectedAscii(Encoding e, byte[] in) {
        switch (e.name()) {
            case "replacement":
                return "";
            case "UTF-16BE":
            case "UTF-16LE":
                return utf16(e == Encoding.UTF_16BE, in);
            case "ISO-2022-JP":
                return iso2022jp(in);
            case "Shift_JIS":
                return twoByte(e, in, 0x81, 0x9F, 0xE0, 0xFC);
            case "Big5":
            case "EUC-KR":
                return twoByte(e, in, 0x81, 0xFE, 0x81, 0xFE);
            case "GBK":
            case "gb18030":
                return gb18030(e, in);
            default:
                // UTF-8, single-byte, x-user-defined, EUC-JP: no valid sequence contains an ASCII byte
                StringBuilder b = new StringBuilder();
                for (byte x : in) {
                    if (x >= 0) b.append((char) x);
                }
                return b.toString();
        }
    }

    /** A describing message if {@code decoded} breaks the invariant for {@code in}, else null. */
    static String check(Encoding e, byte[] in, String decoded) {
        if (e == Encoding.REPLACEMENT) {
            return decoded.equals(in.length == 0 ? "" : "\uFFFD") ? null : "replacement gave " + decoded;
        }
        String expected = expectedAscii(e, in);
        String actual = asciiOf(decoded);
        if (expected.equals(actual)) return null;
        return e + " " + java.util.HexFormat.ofDelimiter(" ").formatHex(in) + ": ASCII expected "
                + escape(expected) + " but the output's ASCII is " + escape(actual);
    }

    /** A lead in {@code [lo1, hi1]} or {@code [lo2, hi2]} takes the next byte as its trail. */
    private static String twoByte(Encoding e, byte[] in, int lo1, int hi1, int lo2, int hi2) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < in.length) {
            int x = in[i] & 0xFF;
            if (x < 0x80) {
                b.append((char) x);
                i++;
            } else if ((x >= lo1 && x <= hi1) || (x >= lo2 && x <= hi2)) {
                if (i + 1 == in.length) break; // end-of-queue: an error
                int t = in[i + 1] & 0xFF;
                // an ASCII trail is consumed only when the pair decodes to a code point; otherwise
                // it is restored and read again
                if (t < 0x80 && !decodesCleanly(e, in, i, 2)) {
                    i++;
                } else {
                    i += 2;
                }
            } else {
                i++;
            }
        }
        return b.toString();
    }

    private static String gb18030(Encoding e, byte[] in) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < in.length) {
            int x = in[i] & 0xFF;
            if (x < 0x80) {
                b.append((char) x);
                i++;
                continue;
            }
            if (x == 0x80 || x == 0xFF || i + 1 == in.length) {
                i++;
                continue;
            }
            int second = in[i + 1] & 0xFF;
            if (second >= 0x30 && second <= 0x39) {
                int third = i + 2 < in.length ? in[i + 2] & 0xFF : -1;
                int fourth = i + 3 < in.length ? in[i + 3] & 0xFF : -1;
                if (third < 0 || (third >= 0x81 && third <= 0xFE && fourth < 0)) {
                    break; // end-of-queue inside the sequence: one error
                }
                if (third >= 0x81 && third <= 0xFE && fourth >= 0x30 && fourth <= 0x39) {
                    i += 4; // a four-byte sequence: a code point or one error, digits consumed
                } else {
                    // "restore « second, third[, byte] »": the digit is read again as ASCII
                    b.append((char) second);
                    i += 2;
                }
            } else if (second < 0x80 && !decodesCleanly(e, in, i, 2)) {
                i++;
            } else {
                i += 2;
            }
        }
        return b.toString();
    }

    private static String utf16(boolean bigEndian, byte[] in) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i + 1 < in.length; i += 2) {
            int unit = bigEndian ? (in[i] & 0xFF) << 8 | (in[i + 1] & 0xFF) : (in[i + 1] & 0xFF) << 8 | (in[i] & 0xFF);
            if (unit < 0x80) b.append((char) unit);
        }
        return b.toString();
    }

    /** The standard's ISO-2022-JP state machine, keeping only the ASCII output. */
    private static String iso2022jp(byte[] in) {
        final int ascii = 0, roman = 1, other = 2, escapeStart = 3, escape = 4, trail = 5;
        StringBuilder b = new StringBuilder();
        int state = ascii;
        int outputState = ascii;
        int lead = 0;
        int i = 0;
        while (i < in.length) {
            int x = in[i] & 0xFF;
            switch (state) {
                case ascii:
                case roman:
                    if (x == 0x1B) {
                        state = escapeStart;
                    } else if (x < 0x80 && x != 0x0E && x != 0x0F && !(state == roman && (x == 0x5C || x == 0x7E))) {
                        b.append((char) x);
                    }
                    i++;
                    break;
                case escapeStart:
                    if (x == 0x24 || x == 0x28) {
                        lead = x;
                        state = escape;
                        i++;
                    } else {
                        state = outputState; // the byte is read again
                    }
                    break;
                case escape:
                    int next = -1;
                    if (lead == 0x28 && x == 0x42) next = ascii;
                    if (lead == 0x28 && x == 0x4A) next = roman;
                    if (lead == 0x28 && x == 0x49) next = other;
                    if (lead == 0x24 && (x == 0x40 || x == 0x42)) next = trail;
                    if (next >= 0) {
                        state = outputState = next == trail ? other : next;
                        i++;
                    } else {
                        // "prepend lead and byte": both are read again in the output state
                        state = outputState;
                        if (state == ascii || state == roman) b.append((char) lead);
                    }
                    break;
                default:
                    // katakana or JIS X 0208: the bytes are that state's text; only ESC leaves
                    if (x == 0x1B) state = escapeStart;
                    i++;
                    break;
            }
        }
        // end-of-queue in the escape state restores the lead too
        if (state == escape && (outputState == ascii || outputState == roman)) b.append((char) lead);
        return b.toString();
    }

    /** Per encoding, per pair of bytes: 0 not yet known, 1 decodes cleanly, 2 does not. */
    private static final Map<Encoding, byte[]> PAIRS = new ConcurrentHashMap<>();

    /** Whether the two bytes {@code in[off, off+2)} alone decode to code points without an error. */
    private static boolean decodesCleanly(Encoding e, byte[] in, int off, int len) {
        byte[] known = PAIRS.computeIfAbsent(e, k -> new byte[1 << 16]);
        int pair = (in[off] & 0xFF) << 8 | (in[off + 1] & 0xFF);
        if (known[pair] == 0) {
            Decoder d = Decoders.newDecoder(e.name());
            StringBuilder out = new StringBuilder();
            d.decode(in, off, len, true, out);
            known[pair] = (byte) (d.errors() == 0 && out.length() > 0 ? 1 : 2);
        }
        return known[pair] == 1;
    }

    /** Random bytes that exercise lead/trail structure: ASCII, leads, trails, digits, ESC sequences. */
    static byte[] hostileBytes(Random random, int maxLength) {
        byte[] b = new byte[random.nextInt(maxLength + 1)];
        for (int i = 0; i < b.length; i++) {
            switch (random.nextInt(8)) {
                case 0: b[i] = (byte) random.nextInt(0x80); break;
                case 1: b[i] = (byte) "<>\"'&=/ \n".charAt(random.nextInt(9)); break;
                case 2: b[i] = (byte) (0x30 + random.nextInt(10)); break;
                case 3: b[i] = (byte) (0x40 + random.nextInt(0x3F)); break;
                case 4: b[i] = (byte) "\u001B$(BJI@".charAt(random.nextInt(7)); break;
                case 5: b[i] = (byte) (0x80 + random.nextInt(0x40)); break;
                case 6: b[i] = (byte) (0xC0 + random.nextInt(0x40)); break;
                default: b[i] = (byte) random.nextInt(256); break;
            }
        }
        return b;
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c >= 0x20 && c < 0x7F) b.append(c);
            else b.append(String.format("\\x%02X", (int) c));
        }
        return b.append('"').toString();
    }
}
