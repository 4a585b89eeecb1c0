package io.github.jsoupcharset.compare;

import io.github.jsoupcharset.SharedData;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.github.jsoupcharset.encoding.Encoding;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonKeyTest {

    @Test
    void theIssuesThreeWaysOfWritingARangeGiveOneKey() {
        String fullwidthTilde = "1 000\uFF5E2 000";             // what browsers decode Shift_JIS 0x81 0x60 as
        String waveDash = "1 000\u301C2 000";                   // what JIS X 0208 tools decode it as
        // fullwidth digits, U+3000 IDEOGRAPHIC SPACE and an ASCII tilde
        String fullwidthDigits = "\uFF11\u3000\uFF10\uFF10\uFF10~\uFF12\u3000\uFF10\uFF10\uFF10";
        assertThat(ComparisonKey.of(fullwidthTilde), equalTo("1 000~2 000"));
        assertThat(ComparisonKey.of(waveDash), equalTo("1 000~2 000"));
        assertThat(ComparisonKey.of(fullwidthDigits), equalTo("1 000~2 000"));
    }

    @Test
    void eachLookAlikePairOfTheTableFoldsTogether() {
        String[][] pairs = {
            {"\uFF5E", "\u301C"}, {"\uFF5E", "\u223C"}, {"\uFF0D", "\u2212"}, {"\u2225", "\u2016"}, {"\u2014", "\u2015"},
            {"\\", "\u00A5"}, {"\\", "\uFFE5"}, {"~", "\u203E"}, {"\u00B7", "\u30FB"}, {"\u00B7", "\uFF65"},
            {"\u2022", "\u2027"}, {"\uFF0F", "\u2215"}, {"\uFF0F", "\u2571"}, {"\uFF3C", "\u2572"}, {"\uFF3F", "\u2574"},
            {"\u2295", "\u2641"}, {"\u2299", "\u2609"},
            // what NFKC makes of U+207B SUPERSCRIPT MINUS and U+33A7 SQUARE M OVER S is folded after it
            {"-", "\u207B"}, {"m/s", "\u33A7"},
            // the pairs NFKC joins by itself
            {"\uFFE0", "\u00A2"}, {"\uFFE1", "\u00A3"}, {"\uFFE2", "\u00AC"}, {"\uFFE4", "\u00A6"}, {"\uFFE3", "\u00AF"},
            {"\uFE51", "\uFF64"}, {"\uFE68", "\uFF3C"},
        };
        for (String[] pair : pairs) {
            assertThat(hex(pair[0]) + " and " + hex(pair[1]), ComparisonKey.of("a" + pair[1] + "b"),
                    equalTo(ComparisonKey.of("a" + pair[0] + "b")));
        }
    }

    /**
     * The table is complete: wherever the JDK's charset of the same name reads a two-byte symbol
     * of a CJK encoding as another single character than the Encoding Standard does, the two keys
     * are equal, but for the exceptions the class documents.
     */
    @Test
    void theSameBytesReadByTheStandardAndByTheJdkGiveOneKey() {
        String[][] encodings = {{"Shift_JIS", "Shift_JIS"}, {"Shift_JIS", "windows-31j"}, {"EUC-JP", "EUC-JP"},
            {"GBK", "GB2312"}, {"GBK", "GBK"}, {"gb18030", "GB18030"}, {"Big5", "Big5"}, {"Big5", "Big5-HKSCS"},
            {"EUC-KR", "EUC-KR"}, {"EUC-KR", "x-windows-949"}};
        List<String> apart = new ArrayList<>();
        int folded = 0;
        for (String[] e : encodings) {
            Charset whatwg = Encoding.forLabel(e[0]).orElseThrow().charset();
            Charset jdk = Charset.forName(e[1]);
            for (int lead = 0x81; lead <= 0xFE; lead++) {
                for (int trail = 0x40; trail <= 0xFE; trail++) {
                    byte[] bytes = {(byte) lead, (byte) trail};
                    String ours = new String(bytes, whatwg);
                    String theirs = new String(bytes, jdk);
                    if (ours.equals(theirs) || !oneCharacter(ours) || !oneCharacter(theirs)) continue;
                    // the JDK's Big5 puts other characters (kana, Cyrillic) in the ETEN rows, and
                    // 0xA1 0xC2 is the left-out macron and overline
                    if (e[0].equals("Big5") && (lead == 0xC6 || lead == 0xC7 || lead == 0xA1 && trail == 0xC2)) continue;
                    if (ComparisonKey.of(ours).equals(ComparisonKey.of(theirs))) {
                        folded++;
                    } else {
                        apart.add(e[1] + String.format(" 0x%02X 0x%02X: ", lead, trail) + hex(ours) + " / " + hex(theirs));
                    }
                }
            }
        }
        assertThat(apart, empty());
        assertThat(folded, equalTo(43));
        // JIS X 0201 Roman (ISO-2022-JP's ESC ( J) against ASCII: 0x5C and 0x7E
        byte[] roman = {0x1B, '(', 'J', 0x5C, 0x7E, 0x1B, '(', 'B', 0x5C, 0x7E};
        String decoded = new String(roman, Encoding.ISO_2022_JP.charset());
        assertThat(hex(decoded), equalTo("U+00A5 U+203E U+005C U+007E"));
        assertThat(ComparisonKey.of(decoded), equalTo("\\~\\~"));
    }

    @Test
    void caseFolds() {
        assertThat(ComparisonKey.of("Stra\u00DFe"), equalTo("strasse"));
        assertThat(ComparisonKey.of("STRASSE"), equalTo("strasse"));
        assertThat(ComparisonKey.of("STRA\u1E9EE"), equalTo("strasse"));
        String sigma = ComparisonKey.of("\u03A3");
        assertThat(ComparisonKey.of("\u03C3"), equalTo(sigma));
        assertThat(ComparisonKey.of("\u03C2"), equalTo(sigma));
        assertThat(ComparisonKey.of("\u039F\u0394\u039F\u03A3"), equalTo(ComparisonKey.of("\u03BF\u03B4\u03BF\u03C2")));
    }

    @Test
    void textAlreadyInItsKeyFormIsItsOwnKey() {
        for (String s : List.of("", "hello, world 123", "caf\u00e9 ~ - / \\ _", "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8",
                "\u0440\u0443\u0441\u0441\u043a\u0438\u0439", "\u2014 \u2225 \u00b7 \u2022 \u2295 \u2299")) {
            assertThat(hex(s), ComparisonKey.of(s), equalTo(s));
        }
        // but these are not: case, a decomposed letter, a soft hyphen
        assertThat(ComparisonKey.of("Hello"), not(equalTo("Hello")));
        assertThat(ComparisonKey.of("cafe\u0301"), equalTo("caf\u00e9"));
        assertThat(ComparisonKey.of("co\u00ADoperate"), equalTo("cooperate"));
    }

    @Test
    void aKeyIsItsOwnKeyForEveryCodePointAndEveryFoldedCharacterWithEveryMark() {
        List<String> notIdempotent = new ArrayList<>();
        List<String> marks = new ArrayList<>();
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            if (Character.getType(cp) == Character.SURROGATE) continue;
            String s = new String(Character.toChars(cp));
            int type = Character.getType(cp);
            if (type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK) marks.add(s);
            String key = ComparisonKey.of(s);
            if (!ComparisonKey.of(key).equals(key)) notIdempotent.add(hex(s));
        }
        // a folded character, or what it folds to, may compose with a mark that follows it
        for (char c : "\u301C\u223C\u203E~\u2212-\u2016\u2225\u2015\u2014\u00A5\\\u30FB\u00B7\u2027\u2022\u2215\u2571\u2572/\u2574_\u2641\u2295\u2609\u2299\uFF5E\uFFE5".toCharArray()) {
            for (String mark : marks) {
                String s = c + mark;
                String key = ComparisonKey.of(s);
                if (!ComparisonKey.of(key).equals(key)) notIdempotent.add(hex(s));
            }
        }
        assertThat(notIdempotent, empty());
        assertThat(ComparisonKey.of("\u2016\u0338"), equalTo("\u2226")); // NOT PARALLEL TO, as from U+2225 U+0338
    }

    @Test
    void aKeyIsItsOwnKeyOverTheChardetCorpus() throws Exception {
        Path corpus = SharedData.file("corpus/chardet");
        List<String> manifest = Files.readAllLines(corpus.resolve("MANIFEST.tsv"), StandardCharsets.UTF_8);
        int texts = 0;
        for (String line : manifest.subList(1, manifest.size())) {
            String[] f = line.split("\t", -1);
            var encoding = Encoding.forLabel(f[2]);
            if (encoding.isEmpty()) continue; // UTF-32, EUC-TW and the like: no WHATWG decoder
            String text = new String(Files.readAllBytes(corpus.resolve(f[0])), encoding.get().charset());
            String key = ComparisonKey.of(text);
            assertThat(f[0], ComparisonKey.of(key), equalTo(key));
            texts++;
        }
        assertThat(texts > 300, equalTo(true));
    }

    private static boolean oneCharacter(String s) {
        if (s.codePointCount(0, s.length()) != 1 || s.indexOf('\uFFFD') >= 0) return false;
        return Character.getType(s.codePointAt(0)) != Character.PRIVATE_USE;
    }

    private static String hex(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().forEach(c -> b.append(b.length() == 0 ? "" : " ").append(String.format("U+%04X", c)));
        return b.toString();
    }
}
