package consumer;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Below the oldest jsoup it supports, the library's first use fails with a message naming the version needed. */
class TooOldJsoupTest {
    @Test
    void theFirstUseNamesTheJsoupNeeded() {
        assertEquals("1.18.1", org.jsoup.Jsoup.class.getPackage().getImplementationVersion());
        LinkageError e = assertThrows(LinkageError.class,
                () -> BrowserCharsetJsoup.parse("<p>x".getBytes(StandardCharsets.US_ASCII), null, ""));
        assertTrue(e.getMessage().contains("needs jsoup 1.18.2 or later"), e.getMessage());
        assertTrue(e.getMessage().contains("found jsoup 1.18.1"), e.getMessage());
    }
}
