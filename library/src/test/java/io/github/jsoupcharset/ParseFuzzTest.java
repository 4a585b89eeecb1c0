package io.github.jsoupcharset;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

/** Fuzz target for {@code parseWithDecision}: any body, header and base URI give a document. */
class ParseFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void parse(byte[] data) {
        FuzzInput in = FuzzInput.of(data);
        BrowserCharsetParser parser = BrowserCharsetJsoup.withOptions(in.options());
        // bit 4: the XML parser; bits 5-7: a base URI made of the header's bytes, or a fixed one
        Parser treeBuilder = (in.flags() & 16) != 0 ? Parser.xmlParser() : Parser.htmlParser();
        String baseUri = (in.flags() & 32) != 0 ? new String(in.body(), 0, Math.min(64, in.body().length), StandardCharsets.ISO_8859_1)
                : (in.flags() & 64) != 0 ? "http://example.com/a/b?c#d" : "";
        ParsedHtml parsed = parser.parseWithDecision(in.body(), in.contentType(), baseUri, treeBuilder);
        Document doc = parsed.document();
        assertNotNull(doc);
        SniffFuzzTest.checkDecision(in, parsed.decision());
        // parsing reads the text through a Reader; it counts the same errors as decoding it whole
        assertEquals(parser.decode(in.body(), in.contentType()).decision(), parsed.decision());
        assertEquals(DocumentCharsets.forEncoding(parsed.decision().encoding()), doc.charset());
        doc.html(); // serialising in the document's charset never throws
        Document clone = doc.clone(); // nor does cloning, which looks the charset up again by name
        assertEquals(doc.charset(), clone.charset());
        clone.html();
    }
}
