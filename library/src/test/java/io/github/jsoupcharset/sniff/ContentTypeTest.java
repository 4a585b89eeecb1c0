package io.github.jsoupcharset.sniff;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

class ContentTypeTest {
    private static String charset(String... values) {
        return ContentType.charsetLabel(Arrays.asList(values));
    }

    @Test
    void plainCharsetParameter() {
        assertThat(charset("text/html; charset=utf-8"), equalTo("utf-8"));
        assertThat(charset("text/html;charset=Shift_JIS"), equalTo("Shift_JIS"));
    }

    @Test
    void noHeaderOrNoCharsetGivesNull() {
        assertThat(ContentType.charsetLabel(List.of()), nullValue());
        assertThat(ContentType.charsetLabel(null), nullValue());
        assertThat(charset("text/html"), nullValue());
        assertThat(charset(""), nullValue());
    }

    @Test
    void quotedValueIsUnquotedWithBackslashEscapes() {
        assertThat(charset("text/html; charset=\"  Shift_JIS  \""), equalTo("  Shift_JIS  "));
        assertThat(charset("text/html; charset=\"utf\\-8\""), equalTo("utf-8"));
        assertThat(charset("text/html; charset=\"gbk\" ; x=y"), equalTo("gbk"));
        // an unterminated quoted string runs to the end
        assertThat(charset("text/html; charset=\"koi8-r"), equalTo("koi8-r"));
    }

    @Test
    void firstCharsetParameterWins() {
        assertThat(charset("text/html; charset=koi8-r; charset=utf-8"), equalTo("koi8-r"));
        // a parameter with an empty value is skipped, so the later one counts
        assertThat(charset("text/html; charset=; charset=big5"), equalTo("big5"));
    }

    @Test
    void parameterNamesAreCaseInsensitiveAndWhitespaceIsHttpWhitespace() {
        assertThat(charset("text/html;   CHARSET=windows-1251  "), equalTo("windows-1251"));
        assertThat(charset("\t text/html ;\tcharset=euc-kr"), equalTo("euc-kr"));
        // no whitespace is allowed around '=': "charset " is another parameter name
        assertThat(charset("text/html; charset = utf-8"), nullValue());
    }

    @Test
    void invalidMimeTypeIsIgnored() {
        assertThat(charset("html; charset=utf-8"), nullValue());
        assertThat(charset("text/; charset=utf-8"), nullValue());
        assertThat(charset("te xt/html; charset=utf-8"), nullValue());
    }

    @Test
    void valuesWithNonQuotedStringCodePointsAreDropped() {
        assertThat(charset("text/html; charset=utf\u00008"), nullValue());
        assertThat(charset("text/html; charset=\u0100tf-8"), nullValue());
    }

    @Test
    void severalHeadersCombineAsFetchSays() {
        // the last MIME type wins; its charset is inherited from an earlier value of the same essence
        assertThat(charset("text/html; charset=gbk", "text/html"), equalTo("gbk"));
        assertThat(charset("text/html; charset=gbk", "text/plain"), nullValue());
        assertThat(charset("text/html; charset=gbk", "text/html; charset=big5"), equalTo("big5"));
        assertThat(charset("text/html; charset=gbk", "*/*"), equalTo("gbk"));
        assertThat(charset("text/html; charset=gbk", "garbage"), equalTo("gbk"));
        // one header with a comma is split the same way
        assertThat(charset("text/html; charset=gbk, text/html"), equalTo("gbk"));
        // a comma inside a quoted string does not split
        assertThat(charset("text/html; charset=\"a,b\""), equalTo("a,b"));
    }

    @Test
    void splitKeepsEmptyTrailingValue() {
        assertThat(ContentType.getDecodeAndSplit("a, b,"), contains("a", "b", ""));
        assertThat(ContentType.getDecodeAndSplit(" \"x,y\" , z"), contains("\"x,y\"", "z"));
    }

    @Test
    void hugeAndHostileHeadersDoNotThrow() {
        String many = "text/html" + "; charset=x".repeat(100) + "; charset=utf-8";
        assertThat(charset(many), equalTo("x"));
        assertThat(charset(";".repeat(1_000_000)), nullValue());
        assertThat(charset("text/html; charset=\"" + "\\".repeat(100_001)), equalTo("\\".repeat(50_000) + "\\"));
    }
}
