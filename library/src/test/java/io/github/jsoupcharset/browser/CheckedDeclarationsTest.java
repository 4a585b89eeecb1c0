package io.github.jsoupcharset.browser;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.DecodedHtml;
import io.github.jsoupcharset.SharedData;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.browser.GenerateBrowserCases.Case;
import io.github.jsoupcharset.browser.GenerateBrowserCases.Doc;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;

/**
 * Not one false repair: every declared page of the corpus, in every way the browser suite serves
 * it (header, {@code <meta charset>}, {@code <meta http-equiv>}, XML declaration, a late meta, the
 * header against a wrong meta, re-encoded to UTF-8 with a meta and with a BOM), decodes to the same
 * text under {@code Declarations.CHECKED} as in browser mode.
 */
class CheckedDeclarationsTest {
    @Test
    void checkedModeChangesNoCorrectlyDeclaredPage() throws IOException {
        Path corpus = SharedData.file("corpus/chardet");
        BrowserCharsetParser checked = BrowserCharsetJsoup.withOptions(
                SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));
        List<Doc> docs = GenerateBrowserCases.readManifest(corpus);
        List<String> repaired = new ArrayList<>();
        int declared = 0;
        for (int i = 0; i < docs.size(); i++) {
            byte[] raw = Files.readAllBytes(corpus.resolve(docs.get(i).path()));
            for (Case c : GenerateBrowserCases.casesFor(docs.get(i), raw, i)) {
                if (c.scenario().equals("undeclared")) continue;
                declared++;
                DecodedHtml browser = BrowserCharsetJsoup.decode(c.body(), c.contentType());
                DecodedHtml mine = checked.decode(c.body(), c.contentType());
                if (!mine.text().equals(browser.text()) || !mine.decision().encoding().equals(browser.decision().encoding())) {
                    repaired.add(c.id() + ": " + browser.decision().encoding() + " -> " + mine.decision());
                }
            }
        }
        assertThat(declared, greaterThan(3000));
        assertThat(repaired, empty());
    }
}
