package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

class JsonTest {
    @Test
    void escapesQuotesBackslashesControlsAndLoneSurrogates() {
        assertThat(Json.string("a\"b\\c\n\t\u0001\u007f"), is("\"a\\\"b\\\\c\\n\\t\\u0001\\u007f\""));
        assertThat(Json.string("\uD83D\uDEB2 \uD83D x"), is("\"\uD83D\uDEB2 \\ud83d x\""));
    }

    @Test
    void writesObjectsWithNullsNumbersBooleansAndArrays() {
        String json = new Json().field("a", (String) null).field("n", 3).field("b", true)
                .raw("list", Json.array(List.of("1", "\"x\""))).end();
        assertThat(json, is("{\"a\":null,\"n\":3,\"b\":true,\"list\":[1,\"x\"]}"));
    }
}
