package io.github.jsoupcharset.codec;

import static io.github.jsoupcharset.codec.DecoderHarness.assertDecodes;
import static io.github.jsoupcharset.codec.DecoderHarness.bytes;
import static io.github.jsoupcharset.codec.DecoderHarness.hex;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.github.jsoupcharset.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The CJK decoders and encoders against encoding_rs's exhaustive test data, the WPT resources that
 * work without a browser, and a straightforward reference for every lead/trail pair computed here
 * from the WHATWG index files.
 */
class MultiByteCodecsTest {
    private static final String[] DOUBLE_BYTE = {"Shift_JIS", "EUC-JP", "EUC-KR", "gb18030", "GBK", "Big5"};

    // ---------------------------------------------------------------- encoding_rs test data

    @ParameterizedTest
    @CsvSource({"big5, Big5", "euc_kr, EUC-KR", "gb18030, gb18030", "gb18030, GBK", "iso_2022_jp, ISO-2022-JP",
            "jis0208, EUC-JP", "jis0212, EUC-JP", "shift_jis, Shift_JIS"})
    void encodingRsDecodeFilesDecodeByteExactly(String file, String encoding) throws IOException {
        byte[] in = Files.readAllBytes(testData(file + "_in.txt"));
        String expected = Files.readString(testData(file + "_in_ref.txt"), StandardCharsets.UTF_8);
        DecoderHarness.Result whole = DecoderHarness.decodeWhole(encoding, in);
        assertThat(file, whole.text(), equalTo(expected));
        assertThat(file + " errors", whole.errors() > 0, is(!file.equals("gb18030")));
        assertThat(file + " byte by byte", DecoderHarness.decodeByteByByte(encoding, in), equalTo(whole));
        // through the CharsetDecoder, with small and odd buffer sizes
        for (int inChunk : new int[] {1, 3, 7, 4096}) {
            assertThat(file + " via CharsetDecoder " + inChunk,
                    DecoderHarness.viaCharsetDecoder(DecoderHarness.replacing(encoding), in, inChunk, inChunk % 5 + 1),
                    equalTo(expected));
        }
        assertThat(file + " via CharsetDecoder, REPORT",
                DecoderHarness.viaCharsetDecoder(DecoderHarness.reporting(encoding), in, 5, 3), equalTo(expected));
    }

    @ParameterizedTest
    @CsvSource({"big5, Big5", "euc_kr, EUC-KR", "gb18030, gb18030", "iso_2022_jp, ISO-2022-JP", "jis0208, EUC-JP",
            "shift_jis, Shift_JIS"})
    void encodingRsEncodeFilesEncodeByteExactly(String file, String encoding) throws IOException {
        String in = Files.readString(testData(file + "_out.txt"), StandardCharsets.UTF_8);
        byte[] expected = Files.readAllBytes(testData(file + "_out_ref.txt"));
        assertThat(file, hex(encode(encoding, in)), equalTo(hex(expected)));
        // String.getBytes and a CharsetEncoder fed one char at a time into small buffers agree
        assertThat(file + " getBytes", hex(in.getBytes(Decoders.charset(encoding))), equalTo(hex(expected)));
        // at least maxBytesPerChar of room (ISO-2022-JP: an escape and a character)
        assertThat(file + " streamed", hex(encodeStreaming(encoding, in, 5)), equalTo(hex(expected)));
    }

    // ---------------------------------------------------------------- every lead and trail

    @Test
    void everyLeadFollowedByEveryTrailMatchesTheIndexReference() throws IOException {
        for (String encoding : DOUBLE_BYTE) {
            Reference ref = new Reference(encoding);
            for (int lead = 0x80; lead <= 0xFF; lead++) {
                String what = encoding + " " + Integer.toHexString(lead);
                assertThat(what + " at EOF", DecoderHarness.decodeWhole(encoding, bytes(lead)).text(),
                        equalTo(ref.alone(lead)));
                for (int trail = 0; trail <= 0xFF; trail++) {
                    String text = DecoderHarness.decodeWhole(encoding, bytes(lead, trail)).text();
                    assertThat(what + " " + Integer.toHexString(trail), text, equalTo(ref.pair(lead, trail)));
                    boolean gbDigit = (encoding.equals("gb18030") || encoding.equals("GBK")) && trail >= 0x30 && trail <= 0x39;
                    if (trail < 0x80 && text.contains("\uFFFD") && !gbDigit) {
                        // an ASCII byte that does not complete a character is never swallowed
                        // (gb18030: a digit starts a four-byte sequence, which end-of-queue ends
                        // with one error)
                        assertThat(what + " keeps " + trail, text.endsWith(String.valueOf((char) trail)), is(true));
                    }
                }
            }
        }
    }

    @Test
    void everyLeadFollowedByAsciiKeepsTheAsciiByteWhenStreamed() {
        for (String encoding : new String[] {"Shift_JIS", "EUC-JP", "EUC-KR", "gb18030", "GBK", "Big5", "ISO-2022-JP"}) {
            for (int lead = 0x80; lead <= 0xFF; lead++) {
                for (int ascii : new int[] {'<', '"', '>', '\'', '=', ' ', '\n', 'a'}) {
                    byte[] in = bytes(lead, ascii);
                    String whole = DecoderHarness.decodeWhole(encoding, in).text();
                    // either the pair is one character, or the ASCII byte is kept
                    boolean oneCharacter = !whole.contains("\uFFFD") && whole.codePointCount(0, whole.length()) == 1;
                    assertThat(encoding + " " + hex(in), oneCharacter || whole.endsWith(String.valueOf((char) ascii)), is(true));
                    assertThat(encoding + " " + hex(in) + " split", DecoderHarness.decodeInPieces(encoding, in, 1).text(),
                            equalTo(whole));
                    assertThat(encoding + " " + hex(in) + " adapter",
                            DecoderHarness.viaCharsetDecoder(DecoderHarness.replacing(encoding), in, 1, 1), equalTo(whole));
                }
            }
        }
    }

    /**
     * The standard's decoders restated as plainly as possible for a lead byte (0x80-0xFF) and
     * one more byte, over the index files read here.
     */
    private static final class Reference {
        final String encoding;
        final Map<Integer, Integer> index;

        Reference(String encoding) throws IOException {
            this.encoding = encoding;
            String file = switch (encoding) {
                case "Shift_JIS", "EUC-JP" -> "jis0208";
                case "EUC-KR" -> "euc-kr";
                case "Big5" -> "big5";
                default -> "gb18030";
            };
            index = readIndex(file);
        }

        /** The lead byte at the end of the stream. */
        String alone(int b) {
            String single = single(b);
            return single != null ? single : "\uFFFD"; // a lead at end-of-queue is one error
        }

        /** A byte decoded on its own from the initial state, or null for a lead byte. */
        String single(int b) {
            if (b < 0x80) return String.valueOf((char) b);
            switch (encoding) {
                case "Shift_JIS":
                    if (b == 0x80) return "\u0080";
                    if (b >= 0xA1 && b <= 0xDF) return String.valueOf((char) (0xFF61 - 0xA1 + b));
                    return (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC) ? null : "\uFFFD";
                case "EUC-JP":
                    return b == 0x8E || b == 0x8F || (b >= 0xA1 && b <= 0xFE) ? null : "\uFFFD";
                case "gb18030":
                case "GBK":
                    if (b == 0x80) return "\u20AC";
                    return b == 0xFF ? "\uFFFD" : null;
                default: // EUC-KR, Big5
                    return b >= 0x81 && b <= 0xFE ? null : "\uFFFD";
            }
        }

        String pair(int lead, int trail) {
            String first = single(lead);
            if (first != null) return first + alone(trail);
            Integer pointer = pointer(lead, trail);
            if (encoding.equals("Big5") && pointer != null) {
                switch (pointer) {
                    case 1133: return "\u00CA\u0304";
                    case 1135: return "\u00CA\u030C";
                    case 1164: return "\u00EA\u0304";
                    case 1166: return "\u00EA\u030C";
                    default: break;
                }
            }
            if (encoding.equals("Shift_JIS") && pointer != null && pointer >= 8836 && pointer <= 10715) {
                return String.valueOf((char) (0xE000 - 8836 + pointer));
            }
            if (encoding.equals("EUC-JP") && lead == 0x8E && trail >= 0xA1 && trail <= 0xDF) {
                return String.valueOf((char) (0xFF61 - 0xA1 + trail));
            }
            if (encoding.equals("EUC-JP") && lead == 0x8F && trail >= 0xA1 && trail <= 0xFE) {
                return "\uFFFD"; // a JIS X 0212 sequence cut short by end-of-queue
            }
            if ((encoding.equals("gb18030") || encoding.equals("GBK")) && trail >= 0x30 && trail <= 0x39) {
                return "\uFFFD"; // the start of a four-byte sequence, cut short by end-of-queue
            }
            Integer cp = pointer == null ? null : index.get(pointer);
            if (cp != null) return new String(Character.toChars(cp));
            return trail < 0x80 ? "\uFFFD" + (char) trail : "\uFFFD";
        }

        Integer pointer(int lead, int trail) {
            switch (encoding) {
                case "Shift_JIS":
                    if ((trail >= 0x40 && trail <= 0x7E) || (trail >= 0x80 && trail <= 0xFC)) {
                        return (lead - (lead < 0xA0 ? 0x81 : 0xC1)) * 188 + trail - (trail < 0x7F ? 0x40 : 0x41);
                    }
                    return null;
                case "EUC-JP":
                    return lead >= 0xA1 && lead <= 0xFE && trail >= 0xA1 && trail <= 0xFE
                            ? (lead - 0xA1) * 94 + trail - 0xA1 : null;
                case "EUC-KR":
                    return trail >= 0x41 && trail <= 0xFE ? (lead - 0x81) * 190 + trail - 0x41 : null;
                case "Big5":
                    if ((trail >= 0x40 && trail <= 0x7E) || (trail >= 0xA1 && trail <= 0xFE)) {
                        return (lead - 0x81) * 157 + trail - (trail < 0x7F ? 0x40 : 0x62);
                    }
                    return null;
                default:
                    if ((trail >= 0x40 && trail <= 0x7E) || (trail >= 0x80 && trail <= 0xFE)) {
                        return (lead - 0x81) * 190 + trail - (trail < 0x7F ? 0x40 : 0x41);
                    }
                    return null;
            }
        }
    }

    // ---------------------------------------------------------------- spec edge cases, streamed

    @Test
    void gb18030EdgeCases() {
        for (String gb : new String[] {"gb18030", "GBK"}) {
            assertDecodes(gb, bytes(0x80), "\u20AC", 0);
            assertDecodes(gb, bytes(0xA3, 0xA0), "\u3000", 0);
            assertDecodes(gb, bytes(0x81, 0x30, 0x81, 0x30), "\u0080", 0);
            assertDecodes(gb, bytes(0x81, 0x35, 0xF4, 0x37), "\uE7C7", 0);
            assertDecodes(gb, bytes(0x84, 0x31, 0xA4, 0x39), "\uFFFF", 0);
            assertDecodes(gb, bytes(0x84, 0x31, 0xA5, 0x30), "\uFFFD", 1); // pointer 39420
            assertDecodes(gb, bytes(0x90, 0x30, 0x81, 0x30), "\uD800\uDC00", 0);
            assertDecodes(gb, bytes(0xE3, 0x32, 0x9A, 0x35), "\uDBFF\uDFFF", 0);
            assertDecodes(gb, bytes(0xE3, 0x32, 0x9A, 0x36), "\uFFFD", 1); // pointer 1237576
            // three bytes then a non-digit: error, then « second, third, byte » again
            assertDecodes(gb, bytes(0x81, 0x30, 0x81, '"'), "\uFFFD0\uFFFD\"", 2);
            assertDecodes(gb, bytes(0x81, 0x30, 0x81, 0x40), "\uFFFD0\u4E02", 1);
            assertDecodes(gb, bytes(0x81, 0x30, 0x81, 0xFF), "\uFFFD0\uFFFD", 2);
            // two bytes (lead, digit) then a non-lead: error, then « second, byte » again
            assertDecodes(gb, bytes(0x81, 0x30, '<'), "\uFFFD0<", 1);
            assertDecodes(gb, bytes(0x81, 0x30, 0x80), "\uFFFD0\u20AC", 1);
            // end-of-queue after one, two or three bytes: one error
            assertDecodes(gb, bytes(0x81), "\uFFFD", 1);
            assertDecodes(gb, bytes(0x81, 0x30), "\uFFFD", 1);
            assertDecodes(gb, bytes(0x81, 0x30, 0x81), "\uFFFD", 1);
            assertDecodes(gb, bytes(0x81, '<'), "\uFFFD<", 1);
            assertDecodes(gb, bytes(0x81, 0x7F), "\uFFFD\u007F", 1);
            assertDecodes(gb, bytes(0xFF, 'a'), "\uFFFDa", 1);
        }
    }

    @Test
    void big5EdgeCases() {
        assertDecodes("Big5", bytes(0x88, 0x62, 0x88, 0x64, 0x88, 0xA3, 0x88, 0xA5),
                "\u00CA\u0304\u00CA\u030C\u00EA\u0304\u00EA\u030C", 0);
        assertDecodes("Big5", bytes(0x87, 0x40), "\u43F0", 0);
        assertDecodes("Big5", bytes(0x88, 0x56), "\u0100", 0); // pointer 1121
        assertDecodes("Big5", bytes(0x87, 0x45), new String(Character.toChars(0x27267)), 0); // pointer 947
        assertDecodes("Big5", bytes(0xA1, '"'), "\uFFFD\"", 1);
        assertDecodes("Big5", bytes(0xA1, 0x80), "\uFFFD", 1);
        assertDecodes("Big5", bytes(0x80, '<'), "\uFFFD<", 1);
        assertDecodes("Big5", bytes(0xA4, 0x40, 0xA1), "\u4E00\uFFFD", 1);
    }

    @Test
    void japaneseAndKoreanEdgeCases() {
        assertDecodes("Shift_JIS", bytes(0x80, 0xA0, 0xFD, 0xA1), "\u0080\uFFFD\uFFFD\uFF61", 2);
        assertDecodes("Shift_JIS", bytes(0xF0, 0x40, 0xF9, 0xFC), "\uE000\uE757", 0);
        assertDecodes("Shift_JIS", bytes(0x81, '<', 0x81, 0x7F), "\uFFFD<\uFFFD\u007F", 2);
        assertDecodes("Shift_JIS", bytes(0x85, 0x40), "\uFFFD@", 1); // pointer 752 is unmapped
        assertDecodes("Shift_JIS", bytes(0x85, 0x80), "\uFFFD", 1);
        assertDecodes("EUC-JP", bytes(0x8E, 0xA1, 0x8E, 'A'), "\uFF61\uFFFDA", 1);
        assertDecodes("EUC-JP", bytes(0x8F, 0xA2, 0xAF), "\u02D8", 0);
        assertDecodes("EUC-JP", bytes(0x8F, 0xA2, '"', 0xA1, 'A', 0x80, 0), "\uFFFD\"\uFFFDA\uFFFD\u0000", 3);
        assertDecodes("EUC-JP", bytes(0x8F, 0xA1, 0xA1, 0xA4, 0xA2), "\uFFFD\u3042", 1);
        assertDecodes("EUC-KR", bytes(0xB0, 0xA1, 0xC9, 0xA1, 0x81, '='), "\uAC00\uFFFD\uFFFD=", 2);
        assertDecodes("EUC-KR", bytes(0x81, 0x41, 0x81, 0x40), "\uAC02\uFFFD@", 1);
    }

    @Test
    void iso2022JpStateMachine() {
        String kanji = "\u4E9C"; // 0x30 0x21
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', 'B', 0x30, 0x21, 0x1B, '(', 'B', 'a'), kanji + "a", 0);
        // the output flag: two escapes in a row with nothing decoded in between
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', 'B', 0x1B, '(', 'B'), "\uFFFD", 1);
        assertDecodes("ISO-2022-JP", bytes(0x0E, 0x0F, 0x80), "\uFFFD\uFFFD\uFFFD", 3);
        // an unknown escape: error, then lead and byte again in the output state
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', '(', 'D', '0', '!'), "\uFFFD$(D0!", 1);
        assertDecodes("ISO-2022-JP", bytes(0x1B, 'x'), "\uFFFDx", 1);
        assertDecodes("ISO-2022-JP", bytes(0x1B, 0x1B, '(', 'J', '\\', '~'), "\uFFFD\u00A5\u203E", 1);
        // a newline in JIS X 0208 mode is an error and the state stays
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', 'B', '\n', 0x30, 0x21), "\uFFFD" + kanji, 1);
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', 'B', 0x30, '\n', 0x30, 0x21), "\uFFFD" + kanji, 1);
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', 'B', 0x30, 0x1B, '(', 'B', 'a'), "\uFFFDa", 1);
        assertDecodes("ISO-2022-JP", bytes(0x1B, '(', 'I', 0x21, 0x5F, 0x60), "\uFF61\uFF9F\uFFFD", 1);
        // end-of-queue in the middle of a character: one error
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', 'B', 0x30), "\uFFFD", 1);
        assertDecodes("ISO-2022-JP", bytes(0x1B), "\uFFFD", 1);
    }

    @Test
    void iso2022JpAsciiAndRomanRunsStopWhereTheirStatesDiffer() {
        // a run in the Roman state maps 0x5C and 0x7E, and stops at SO, SI, ESC and non-ASCII bytes
        assertDecodes("ISO-2022-JP", bytes(0x1B, '(', 'J', 'a', '\\', 'b', '~', 'c', 0x0E, 'd', 0x0F, 'e', 0x80, 'f'),
                "a\u00A5b\u203Ec\uFFFDd\uFFFDe\uFFFDf", 3);
        // ... which the ASCII state returns as they are
        assertDecodes("ISO-2022-JP", bytes(0x1B, '(', 'J', 'a', 0x1B, '(', 'B', '\\', '~', 0x0E, 'x'), "a\\~\uFFFDx", 1);
        // a Roman run is output: an escape after it is no error, two escapes in a row are
        assertDecodes("ISO-2022-JP", bytes(0x1B, '(', 'J', ' ', 0x1B, '$', 'B', 0x30, 0x21), " \u4E9C", 0);
        assertDecodes("ISO-2022-JP", bytes(0x1B, '(', 'J', 0x1B, '$', 'B', 0x30, 0x21), "\uFFFD\u4E9C", 1);
        // a long Roman run with the mapped bytes at every position
        for (int at = 0; at < 40; at++) {
            byte[] in = new byte[3 + 40];
            in[0] = 0x1B;
            in[1] = '(';
            in[2] = 'J';
            java.util.Arrays.fill(in, 3, in.length, (byte) '-');
            in[3 + at] = '\\';
            assertDecodes("ISO-2022-JP", in, "-".repeat(at) + "\u00A5" + "-".repeat(39 - at), 0);
        }
    }

    @Test
    void iso2022JpEscapeCutShortByEndOfQueueKeepsItsBytes() {
        // end-of-queue in escape state: an error, then "$" or "(" again in the output state
        assertDecodes("ISO-2022-JP", bytes('a', 0x1B, '$'), "a\uFFFD$", 1);
        assertDecodes("ISO-2022-JP", bytes(0x1B, '('), "\uFFFD(", 1);
        // ... which in JIS X 0208 mode is a lead byte, cut short by end-of-queue: a second error
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', 'B', 0x1B, '$'), "\uFFFD\uFFFD", 2);
        assertDecodes("ISO-2022-JP", bytes(0x1B, '$', 'B', 0x30, 0x21, 0x1B, '$'), "\u4E9C\uFFFD\uFFFD", 2);
    }

    // ---------------------------------------------------------------- WPT resources

    private static final Pattern WPT_DECODE = Pattern.compile("^decode\\(\\[([^\\]]*)\\],\\s*\"((?:[^\"\\\\]|\\\\.)*)\"",
            Pattern.MULTILINE);
    private static final Pattern WPT_ENCODE = Pattern.compile("^\\s*encode\\(\"((?:[^\"\\\\]|\\\\.)*)\",\\s*\"([^\"]*)\"",
            Pattern.MULTILINE);

    @ParameterizedTest
    @CsvSource({"iso-2022-jp-decoder.any.js, ISO-2022-JP", "legacy-mb-schinese/gb18030/gb18030-decoder.any.js, gb18030",
            "legacy-mb-schinese/gb18030/gb18030-decoder.any.js, GBK"})
    void wptDecoderTests(String file, String encoding) throws IOException {
        String js = Files.readString(SharedData.file("wpt/encoding/" + file), StandardCharsets.UTF_8);
        Matcher m = WPT_DECODE.matcher(js);
        int count = 0;
        while (m.find()) {
            String[] items = m.group(1).split(",");
            ByteArrayOutputStream in = new ByteArrayOutputStream();
            for (String item : items) {
                String t = item.strip();
                if (!t.isEmpty()) in.write(t.startsWith("0x") || t.startsWith("0X") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t));
            }
            String expected = unescapeJs(m.group(2));
            byte[] bytes = in.toByteArray();
            assertThat(file + " " + hex(bytes), DecoderHarness.decodeWhole(encoding, bytes).text(), equalTo(expected));
            assertThat(file + " " + hex(bytes) + " byte by byte", DecoderHarness.decodeByteByByte(encoding, bytes).text(),
                    equalTo(expected));
            count++;
        }
        assertThat(file + " has tests", count > 20, is(true));
    }

    @Test
    void wptGbkDecoderPointers() throws IOException {
        String js = Files.readString(SharedData.file("wpt/encoding/legacy-mb-schinese/gbk/gbk-decoder.any.js"),
                StandardCharsets.UTF_8);
        int[] pointers = jsArray(js, "gbkPointers");
        int[] codePoints = jsArray(js, "codePoints");
        assertThat(pointers.length, equalTo(codePoints.length));
        for (int i = 0; i < pointers.length; i++) {
            int lead = pointers[i] / 190 + 0x81;
            int trail = pointers[i] % 190;
            byte[] in = bytes(lead, trail + (trail < 0x3F ? 0x40 : 0x41));
            for (String gb : new String[] {"GBK", "gb18030"}) {
                assertThat(gb + " " + pointers[i], DecoderHarness.decodeWhole(gb, in).text(),
                        equalTo(new String(Character.toChars(codePoints[i]))));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"legacy-mb-schinese/gb18030/gb18030-encoder.html, gb18030", "legacy-mb-schinese/gbk/gbk-encoder.html, GBK"})
    void wptEncoderTests(String file, String encoding) throws IOException {
        String html = Files.readString(SharedData.file("wpt/encoding/" + file), StandardCharsets.UTF_8);
        Matcher m = WPT_ENCODE.matcher(html);
        int count = 0;
        while (m.find()) {
            String input = unescapeJs(m.group(1));
            byte[] expected = percentDecode(m.group(2));
            assertThat(file + " " + m.group(1), hex(encodeHtml(encoding, input)), equalTo(hex(expected)));
            count++;
        }
        assertThat(file + " has tests", count > 30, is(true));
    }

    /** The GB18030-2022 encoder-only private use code points (whatwg/encoding#336). */
    private static final List<Integer> PUA_2022 = List.of(0xE78D, 0xE78E, 0xE78F, 0xE790, 0xE791, 0xE792, 0xE793,
            0xE794, 0xE795, 0xE796, 0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE832, 0xE843, 0xE854, 0xE864);

    @Test
    void gb18030RangesRoundTripEveryCodePoint() {
        CharsetEncoder gbk = Decoders.charset("GBK").newEncoder();
        for (int cp = 0; cp <= 0x10FFFF; cp++) {
            if (cp >= 0xD800 && cp <= 0xDFFF) continue;
            String s = new String(Character.toChars(cp));
            boolean encodable = cp != 0xE5E5;
            assertThat(Integer.toHexString(cp), Decoders.charset("gb18030").newEncoder().canEncode(s), is(encodable));
            if (!encodable || (cp > 0xFFFF && cp % 97 != 0)) continue;
            byte[] b = encode("gb18030", s);
            String back = DecoderHarness.decodeWhole("gb18030", b).text();
            // the 18 GB18030-2022 private use code points encode to bytes that now decode otherwise
            boolean pua2022 = b.length == 2 && PUA_2022.contains(cp);
            assertThat(Integer.toHexString(cp) + " " + hex(b), back.equals(s), is(!pua2022));
            if (cp < 0x10000) assertThat(Integer.toHexString(cp), gbk.canEncode((char) cp), is(b.length <= 2 || cp == 0x20AC));
        }
    }

    // ---------------------------------------------------------------- encoders

    @ParameterizedTest
    @ValueSource(strings = {"Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "gb18030", "GBK", "Big5"})
    void canEncodeAgreesWithTheEncoderAndEncodedTextDecodesBack(String encoding) {
        CharsetEncoder probe = Decoders.charset(encoding).newEncoder();
        for (int c = 0; c <= 0xFFFF; c++) {
            if (Character.isSurrogate((char) c)) {
                assertThat(encoding + " surrogate", probe.canEncode((char) c), is(false));
                continue;
            }
            String s = String.valueOf((char) c);
            byte[] b = tryEncode(encoding, s);
            assertThat(encoding + " " + Integer.toHexString(c), probe.canEncode((char) c), is(b != null));
            if (b == null) continue;
            String back = DecoderHarness.decodeWhole(encoding, b).text();
            // a few code points encode to bytes that decode to another one (the standard's
            // one-way mappings): U+2212, U+00A5, U+203E, half-width katakana for ISO-2022-JP, the
            // GB18030-2022 private use code points and GBK's euro sign
            if (!back.equals(s)) {
                assertThat(encoding + " one-way " + Integer.toHexString(c) + " " + hex(b), isOneWay(encoding, c), is(true));
            }
        }
    }

    private static boolean isOneWay(String encoding, int c) {
        if (encoding.equals("GBK") || encoding.equals("gb18030")) return PUA_2022.contains(c) || c == 0x20AC;
        if (encoding.equals("EUC-KR") || encoding.equals("Big5")) return false;
        // Japanese: U+00A5 → 0x5C and U+203E → 0x7E (outside ISO-2022-JP Roman), U+2212 → U+FF0D,
        // katakana → full-width (ISO-2022-JP), and index jis0208's duplicates
        return c == 0xA5 || c == 0x203E || c == 0x2212 || (c >= 0xFF61 && c <= 0xFF9F) || c == 0xFFE2 || c == 0x2225
                || c == 0xFF5E || c == 0x2015 || c == 0xFF0D;
    }

    @Test
    void big5EncoderUsesTheIndexBig5Pointer() throws IOException {
        Map<Integer, Integer> big5 = readIndex("big5");
        Map<Integer, Integer> expected = new HashMap<>();
        List<Integer> last = List.of(0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345);
        for (Map.Entry<Integer, Integer> e : new java.util.TreeMap<>(big5).entrySet()) {
            if (e.getKey() < (0xA1 - 0x81) * 157) continue;
            if (!expected.containsKey(e.getValue()) || last.contains(e.getValue())) expected.put(e.getValue(), e.getKey());
        }
        for (Map.Entry<Integer, Integer> e : expected.entrySet()) {
            int pointer = e.getValue();
            int trail = pointer % 157;
            byte[] want = bytes(pointer / 157 + 0x81, trail + (trail < 0x3F ? 0x40 : 0x62));
            assertThat(Integer.toHexString(e.getKey()), hex(encode("Big5", new String(Character.toChars(e.getKey())))),
                    equalTo(hex(want)));
        }
        // HKSCS code points below pointer 5024 only: not encodable
        assertThat(tryEncode("Big5", new String(Character.toChars(0x43F0))), equalTo(null));
    }

    @Test
    void iso2022JpEncoderSwitchesStatesAndReturnsToAsciiAtTheEnd() {
        assertThat(hex(encode("ISO-2022-JP", "a\u00A5\u4E9Cb")),
                equalTo(hex(bytes('a', 0x1B, '(', 'J', 0x5C, 0x1B, '$', 'B', 0x30, 0x21, 0x1B, '(', 'B', 'b'))));
        assertThat(hex(encode("ISO-2022-JP", "\u4E9C")), equalTo(hex(bytes(0x1B, '$', 'B', 0x30, 0x21, 0x1B, '(', 'B'))));
        // half-width katakana are encoded as their full-width forms
        assertThat(hex(encode("ISO-2022-JP", "\uFF71")), equalTo(hex(bytes(0x1B, '$', 'B', 0x25, 0x22, 0x1B, '(', 'B'))));
        // an unencodable code point in jis0208 state: back to ASCII, then the replacement
        assertThat(hex("\u4E9C\uAC00\u4E9C".getBytes(Decoders.charset("ISO-2022-JP"))),
                equalTo(hex(bytes(0x1B, '$', 'B', 0x30, 0x21, 0x1B, '(', 'B', '?', 0x1B, '$', 'B', 0x30, 0x21, 0x1B, '(', 'B'))));
        assertThat(tryEncode("ISO-2022-JP", "\u001B"), equalTo(null));
        assertThat(Decoders.charset("ISO-2022-JP").newEncoder().canEncode('\u000E'), is(false));
        // the encoder's state is reset with the encoder
        CharsetEncoder e = Decoders.charset("ISO-2022-JP").newEncoder();
        ByteBuffer out = ByteBuffer.allocate(16);
        e.encode(CharBuffer.wrap("\u4E9C"), out, false);
        e.reset();
        out.clear();
        e.encode(CharBuffer.wrap("a"), out, true);
        e.flush(out);
        assertThat(out.position(), is(1));
    }

    @Test
    void otherEncodersFollowTheStandard() {
        assertThat(hex(encode("Shift_JIS", "\u0080\u00A5\u203E\uFF61\u2212")), equalTo("80 5C 7E A1 81 7C"));
        // index Shift_JIS pointer skips 8272-8835 (NEC selected IBM extensions): U+2170 → FA40
        assertThat(hex(encode("Shift_JIS", "\u2170")), equalTo("FA 40"));
        assertThat(tryEncode("Shift_JIS", "\uE000"), equalTo(null));
        assertThat(hex(encode("EUC-JP", "\u00A5\u203E\uFF61\u2212\u2170")), equalTo("5C 7E 8E A1 A1 DD FC F1"));
        assertThat(tryEncode("EUC-JP", "\u02D8"), equalTo(null)); // JIS X 0212 is decode only
        assertThat(hex(encode("EUC-KR", "\uAC02")), equalTo("81 41"));
        assertThat(hex(encode("gb18030", "\u20AC\uE5E5".substring(0, 1))), equalTo("A2 E3"));
        assertThat(hex(encode("GBK", "\u20AC")), equalTo("80"));
        assertThat(tryEncode("gb18030", "\uE5E5"), equalTo(null));
        assertThat(tryEncode("GBK", "\u0080"), equalTo(null));
        assertThat(hex(encode("gb18030", "\u0080")), equalTo("81 30 81 30"));
    }

    // ---------------------------------------------------------------- streaming

    @ParameterizedTest
    @ValueSource(strings = {"Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "gb18030", "GBK", "Big5"})
    void mixedTextDecodesTheSameSplitAnywhereAndAfterAnyPadding(String encoding) {
        String text = "<p class=\"x\">\u65E5\u672C \u4E00\uAC00 \u4E9C \u3042 a=b</p>";
        StringBuilder sample = new StringBuilder();
        for (int cp : text.codePoints().toArray()) {
            String s = new String(Character.toChars(cp));
            if (Decoders.charset(encoding).newEncoder().canEncode(s)) sample.append(s);
        }
        byte[] good = encode(encoding, sample.toString());
        // then some errors: a bad lead before markup, a cut-off sequence
        byte[] bad = DecoderHarness.concat(good, bytes(0xFF, '<', 0x81, '"', 0x1B, '$', '('), good, bytes(0x81));
        String expected = DecoderHarness.decodeWhole(encoding, bad).text();
        long errors = DecoderHarness.decodeWhole(encoding, bad).errors();
        assertThat(expected.startsWith(sample.toString()), is(true));
        assertDecodes(encoding, bad, expected, errors);
    }

    // ---------------------------------------------------------------- helpers

    private static Path testData(String name) {
        return SharedData.file("encoding_rs-test-data/tests/test_data/" + name);
    }

    static Map<Integer, Integer> readIndex(String name) throws IOException {
        Map<Integer, Integer> index = new HashMap<>();
        for (String line : Files.readAllLines(SharedData.file("whatwg/index-" + name + ".txt"), StandardCharsets.UTF_8)) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] f = line.split("\t");
            index.put(Integer.parseInt(f[0].strip()), Integer.parseInt(f[1].strip().substring(2), 16));
        }
        return index;
    }

    static byte[] encode(String encoding, String s) {
        byte[] b = tryEncode(encoding, s);
        if (b == null) throw new AssertionError(encoding + " cannot encode " + s);
        return b;
    }

    /** The bytes, or null if something was unmappable. */
    static byte[] tryEncode(String encoding, String s) {
        try {
            ByteBuffer bb = Decoders.charset(encoding).newEncoder()
                    .onUnmappableCharacter(CodingErrorAction.REPORT).onMalformedInput(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(s));
            byte[] b = new byte[bb.remaining()];
            bb.get(b);
            return b;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** Encodes one char at a time into an output buffer of {@code capacity} bytes, then flushes. */
    static byte[] encodeStreaming(String encoding, String s, int capacity) {
        CharsetEncoder e = Decoders.charset(encoding).newEncoder();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        ByteBuffer out = ByteBuffer.allocate(capacity);
        CharBuffer in = CharBuffer.wrap(s);
        for (int end = 1; end <= s.length(); end++) {
            in.limit(end);
            while (true) {
                CoderResult cr = e.encode(in, out, end == s.length());
                drain(out, all);
                if (cr.isUnderflow()) break;
                if (cr.isError()) throw new AssertionError(cr);
            }
        }
        while (e.flush(out).isOverflow()) drain(out, all);
        drain(out, all);
        return all.toByteArray();
    }

    /** The standard's encode in "html" error mode: an unencodable code point becomes "&#N;". */
    static byte[] encodeHtml(String encoding, String s) {
        CharsetEncoder e = Decoders.charset(encoding).newEncoder().onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        ByteBuffer out = ByteBuffer.allocate(64);
        CharBuffer in = CharBuffer.wrap(s);
        while (true) {
            CoderResult cr = e.encode(in, out, false);
            drain(out, all);
            if (cr.isUnderflow()) break;
            if (cr.isUnmappable()) {
                int cp = Character.codePointAt(in, 0);
                in.position(in.position() + cr.length());
                e.encode(CharBuffer.wrap("&#" + cp + ";"), out, false);
                drain(out, all);
            }
        }
        e.encode(CharBuffer.allocate(0), out, true);
        e.flush(out);
        drain(out, all);
        return all.toByteArray();
    }

    private static void drain(ByteBuffer out, ByteArrayOutputStream all) {
        out.flip();
        while (out.hasRemaining()) all.write(out.get());
        out.clear();
    }

    /** A JavaScript string literal's body: \\uXXXX, \\u{X}, \\xXX and the one-character escapes. */
    static String unescapeJs(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char n = s.charAt(++i);
            switch (n) {
                case 'u':
                    if (s.charAt(i + 1) == '{') {
                        int close = s.indexOf('}', i);
                        b.appendCodePoint(Integer.parseInt(s.substring(i + 2, close), 16));
                        i = close;
                    } else {
                        b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                    break;
                case 'x':
                    b.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                    i += 2;
                    break;
                case 'n': b.append('\n'); break;
                case 'r': b.append('\r'); break;
                case 't': b.append('\t'); break;
                case '0': b.append('\0'); break;
                default: b.append(n);
            }
        }
        return b.toString();
    }

    /** %XX escapes and literal ASCII, as a URL query shows the encoded bytes. */
    static byte[] percentDecode(String s) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                b.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                b.write(c);
            }
        }
        return b.toByteArray();
    }

    private static int[] jsArray(String js, String name) {
        Matcher m = Pattern.compile("const " + name + " = \\[([^\\]]*)\\]").matcher(js);
        if (!m.find()) throw new AssertionError("no " + name);
        List<Integer> values = new ArrayList<>();
        for (String t : m.group(1).split(",")) {
            t = t.strip();
            if (t.isEmpty()) continue;
            values.add(t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t));
        }
        return values.stream().mapToInt(Integer::intValue).toArray();
    }
}
