package io.github.jsoupcharset.detect;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarkupStripperTest {
    @Test
    void textStoppedAtAnyLengthIsTheStartOfTheWholeText() {
        java.util.Random random = new java.util.Random(20261207);
        String[] pieces = {"<p>", "</p>", "<!-- c -->", "<script>x</script>", "<![CDATA[", "]]>", "]", "<", ">", "text ",
                "\u00e9t\u00e9 ", "<a title=\"\u00e0\">", "a]b", "<!x>"};
        for (int round = 0; round < 3000; round++) {
            StringBuilder html = new StringBuilder();
            for (int k = random.nextInt(30); k > 0; k--) html.append(pieces[random.nextInt(pieces.length)]);
            byte[] b = html.toString().getBytes(StandardCharsets.ISO_8859_1);
            byte[] whole = new byte[b.length + 1];
            int n = MarkupStripper.withoutMarkup(b, 0, b.length, whole);
            int max = random.nextInt(b.length + 2);
            byte[] stopped = new byte[max + 1];
            int m = MarkupStripper.withoutMarkup(b, 0, b.length, stopped, max);
            int same = Math.min(Math.min(n, m), max);
            assertTrue(m >= Math.min(n, max), html + " stopped at " + max);
            assertArrayEquals(java.util.Arrays.copyOf(whole, same), java.util.Arrays.copyOf(stopped, same), html + " stopped at " + max);
        }
    }

    @Test
    void markupIsLeftOutOfTheEvidenceButCdataTextIsKept() {
        byte[] page = ("<html><head><style>p{}</style><script>var x='\u00e9';</script></head>"
                + "<body><!-- c --><p class=x>a</p><![CDATA[b]]></body></html>").getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[page.length];
        int n = MarkupStripper.withoutMarkup(page, 0, page.length, out);
        assertThat(new String(out, 0, n, StandardCharsets.ISO_8859_1).replace(" ", ""), equalTo("ab"));
    }
}
