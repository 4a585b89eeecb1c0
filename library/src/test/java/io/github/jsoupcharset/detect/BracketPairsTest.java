package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.util.List;
import java.util.Map;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Brackets that pair cost a reading nothing, another set's symbols read as brackets that do not
 * pair cost it, and a Korean title decorated with ★☆ (EUC-JP's 【』) is Korean.
 */
class BracketPairsTest {
    private static double loss(Encoding e, String text, Encoding writtenIn) {
        byte[] bytes = text.getBytes(writtenIn.charset());
        int[] nonAscii = new int[bytes.length];
        int count = 0;
        for (int i = 0; i < bytes.length; i++) if (bytes[i] < 0) nonAscii[count++] = i;
        return BracketPairs.loss(Candidates.of(e), bytes, bytes.length, nonAscii, count);
    }

    @Test
    void theCodesAreWhereTheEncodersWriteTheBrackets() throws Exception {
        for (Map.Entry<Encoding, int[]> e : BracketPairs.CODES.entrySet()) {
            for (int at = 0; at < BracketPairs.PAIRS.length(); at++) {
                int expected;
                try {
                    ByteBuffer b = Decoders.charset(e.getKey().name()).newEncoder()
                            .encode(CharBuffer.wrap(BracketPairs.PAIRS, at, at + 1));
                    expected = b.remaining() == 2 ? (b.get(0) & 0xFF) << 8 | b.get(1) & 0xFF : 0;
                } catch (CharacterCodingException unmappable) {
                    expected = 0;
                }
                assertThat(e.getKey() + " " + BracketPairs.PAIRS.charAt(at), e.getValue()[at], equalTo(expected));
            }
        }
    }

    @Test
    void bracketsThatPairCostNothing() {
        assertThat(loss(Encoding.EUC_JP, "「こんにちは」『東京』【送料無料】（注）", Encoding.EUC_JP), equalTo(0.0));
        assertThat(loss(Encoding.SHIFT_JIS, "「こんにちは」『東京』【送料無料】", Encoding.SHIFT_JIS), equalTo(0.0));
        assertThat(loss(Encoding.GBK, "《红楼梦》【公告】「引号」", Encoding.GBK), equalTo(0.0));
        assertThat(loss(Encoding.BIG5, "《紅樓夢》「引號」", Encoding.BIG5), equalTo(0.0));
        assertThat(loss(Encoding.EUC_KR, "【공지】 《우리》 이야기", Encoding.EUC_KR), equalTo(0.0));
    }

    @Test
    void bracketsThatDoNotPairCost() {
        // ★☆ and ☆★ are EUC-JP's 【』 and 』【: four brackets, none closed by its mate
        double four = loss(Encoding.EUC_JP, "★☆ 우리집 ☆★", Encoding.EUC_KR);
        assertThat(four, equalTo(4 * 2 * (1 + TextEvidence.Weights.DEFAULT.implausible())));
        assertThat(loss(Encoding.EUC_JP, "」東京「", Encoding.EUC_JP), greaterThan(0.0));
        assertThat(loss(Encoding.EUC_JP, "『東京」", Encoding.EUC_JP), greaterThan(0.0));
    }

    @Test
    void aKoreanTitleDecoratedWithStarsIsKorean() {
        // EUC-JP at 98% before: its 【』 are Japanese punctuation, weighed as letters
        for (String body : List.of("2010/01/05", "http://home.example.com")) {
            TwinEncodingsTest.assertDetected("<html><head><title>★☆ 우리집 ☆★</title></head><body><p>" + body
                    + "</p></body></html>", Encoding.EUC_KR);
        }
    }
}
