package io.github.jsoupcharset.markup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The eight-bytes-at-a-time searches against the one-byte-at-a-time loops they stand for. */
class AsciiBytesTest {
    @Test
    void indexOfFindsTheFirstOccurrenceOfEveryByteValueAtEveryOffset() {
        Random random = new Random(20261202);
        for (int round = 0; round < 2000; round++) {
            byte[] b = new byte[random.nextInt(40)];
            // few distinct values, so that a byte sought is often there, often more than once, and
            // often next to its neighbours (0x00/0x01, 0x7F/0x80, 0xFF: where a borrow crosses bytes)
            int[] values = {0x00, 0x01, 0x3C, 0x3D, 0x7F, 0x80, 0x81, 0xFE, 0xFF, random.nextInt(256)};
            for (int i = 0; i < b.length; i++) b[i] = (byte) values[random.nextInt(values.length)];
            for (int c : values) {
                for (int from = 0; from <= b.length; from++) {
                    int end = from + random.nextInt(b.length - from + 1);
                    assertEquals(naiveIndexOf(b, from, end, (byte) c), AsciiBytes.indexOf(b, from, end, (byte) c),
                            "0x" + Integer.toHexString(c) + " in [" + from + ", " + end + ")");
                }
            }
        }
    }

    @Test
    void indexOfEitherFindsTheFirstOfTwoBytesAtEveryOffset() {
        Random random = new Random(20261207);
        for (int round = 0; round < 2000; round++) {
            byte[] b = new byte[random.nextInt(40)];
            // the stripper's pair ('<' and ']') and their neighbours, where a borrow crosses bytes
            int[] values = {0x00, 0x01, 0x3B, 0x3C, 0x3D, 0x5C, 0x5D, 0x5E, 0xBC, 0xDD, 0xFF};
            for (int i = 0; i < b.length; i++) b[i] = (byte) values[random.nextInt(values.length)];
            byte c = (byte) values[random.nextInt(values.length)];
            byte d = (byte) values[random.nextInt(values.length)];
            for (int from = 0; from <= b.length; from++) {
                int end = from + random.nextInt(b.length - from + 1);
                int first = naiveIndexOf(b, from, end, c);
                int second = naiveIndexOf(b, from, end, d);
                int expected = first < 0 ? second < 0 ? end : second : second < 0 ? first : Math.min(first, second);
                assertEquals(expected, AsciiBytes.indexOfEither(b, from, end, c, d),
                        c + " or " + d + " in [" + from + ", " + end + ")");
            }
        }
    }

    @Test
    void indexOfAStringFindsWhatAByteLoopFinds() {
        Random random = new Random(20261208);
        String[] sought = {"-->", "]]>", "<", "--"};
        byte[] alphabet = "-->]<! a".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        for (int round = 0; round < 5000; round++) {
            byte[] b = new byte[random.nextInt(48)];
            for (int i = 0; i < b.length; i++) b[i] = alphabet[random.nextInt(alphabet.length)];
            String s = sought[random.nextInt(sought.length)];
            int from = random.nextInt(b.length + 1);
            int end = from + random.nextInt(b.length - from + 1);
            int expected = -1;
            for (int i = from; i + s.length() <= end && expected < 0; i++) {
                if (new String(b, i, s.length(), java.nio.charset.StandardCharsets.ISO_8859_1).equals(s)) expected = i;
            }
            assertEquals(expected, AsciiBytes.indexOf(b, from, end, s),
                    s + " in " + new String(b, java.nio.charset.StandardCharsets.ISO_8859_1) + " [" + from + ", " + end + ")");
        }
    }

    @Test
    void indexOfControlFindsTheFirstByteBelow0x20() {
        Random random = new Random(20261204);
        // the bytes on either side of the bounds, where a masked compare could go wrong
        int[] values = {0x00, 0x01, 0x0A, 0x1F, 0x20, 0x21, 0x3F, 0x7F, 0x80, 0x9F, 0xA0, 0xE0, 0xFF};
        for (int round = 0; round < 5000; round++) {
            byte[] b = new byte[random.nextInt(40)];
            for (int i = 0; i < b.length; i++) b[i] = (byte) values[random.nextInt(values.length)];
            int from = random.nextInt(b.length + 1);
            int end = from + random.nextInt(b.length - from + 1);
            int expected = -1;
            for (int i = from; i < end && expected < 0; i++) {
                if (b[i] >= 0 && b[i] < 0x20) expected = i;
            }
            assertEquals(expected, AsciiBytes.indexOfControl(b, from, end), "in [" + from + ", " + end + ")");
        }
    }

    @Test
    void indexOfIgnoringAsciiCaseFindsWhatAByteLoopFinds() {
        Random random = new Random(20261203);
        String[] sought = {"charset", "</script", "c", "</title"};
        // letters in both cases, their neighbours in bit 0x20 that are not letters (@ [ ` {), the
        // same letters with the high bit set, and the other bytes of the sought strings
        byte[] alphabet = "cChHaArRsSeEtT<//@[`{".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        for (int round = 0; round < 5000; round++) {
            byte[] b = new byte[random.nextInt(48)];
            for (int i = 0; i < b.length; i++) {
                int r = random.nextInt(10);
                byte a = alphabet[random.nextInt(alphabet.length)];
                b[i] = r == 0 ? (byte) (a | 0x80) : a;
            }
            String lower = sought[random.nextInt(sought.length)];
            // plant the sought string, in mixed case, now and then
            if (random.nextBoolean() && b.length >= lower.length()) {
                int at = random.nextInt(b.length - lower.length() + 1);
                for (int k = 0; k < lower.length(); k++) {
                    char c = lower.charAt(k);
                    b[at + k] = (byte) (random.nextBoolean() ? Character.toUpperCase(c) : c);
                }
            }
            int from = random.nextInt(b.length + 1);
            int end = from + random.nextInt(b.length - from + 1);
            String where = lower + " in " + new String(b, java.nio.charset.StandardCharsets.ISO_8859_1)
                    + " [" + from + ", " + end + ")";
            assertEquals(naiveIndexOfIgnoringCase(b, from, end, lower),
                    AsciiBytes.indexOfIgnoringAsciiCase(b, from, end, lower), where);
        }
    }

    private static int naiveIndexOfIgnoringCase(byte[] b, int from, int end, String lower) {
        for (int i = from; i + lower.length() <= end; i++) {
            boolean all = true;
            for (int k = 0; k < lower.length() && all; k++) {
                int c = b[i + k] & 0xFF;
                all = (c >= 'A' && c <= 'Z' ? c + 0x20 : c) == lower.charAt(k);
            }
            if (all) return i;
        }
        return -1;
    }

    private static int naiveIndexOf(byte[] b, int from, int end, byte c) {
        for (int i = from; i < end; i++) {
            if (b[i] == c) return i;
        }
        return -1;
    }

    @Test
    void aWordByteIsAnAsciiLetterOrDigitOrAnyNonAsciiByte() {
        for (int v = 0; v < 256; v++) {
            byte c = (byte) v;
            boolean expected = v >= 0x80 || v >= '0' && v <= '9' || v >= 'a' && v <= 'z' || v >= 'A' && v <= 'Z';
            assertEquals(expected, AsciiBytes.isWordByte(c), "0x" + Integer.toHexString(v));
        }
    }
}
