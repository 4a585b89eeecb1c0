package io.github.jsoupcharset.detect;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

class MarkupStripperTest {
    @Test
    void markupIsLeftOutOfTheEvidenceButCdataTextIsKept() {
        byte[] page = ("<html><head><style>p{}</style><script>var x='\u00e9';</script></head>"
                + "<body><!-- c --><p class=x>a</p><![CDATA[b]]></body></html>").getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[page.length];
        int n = MarkupStripper.withoutMarkup(page, 0, page.length, out);
        assertThat(new String(out, 0, n, StandardCharsets.ISO_8859_1).replace(" ", ""), equalTo("ab"));
    }
}
