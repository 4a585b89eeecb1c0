package examples;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.ParsedHtml;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

import java.nio.file.Path;

/**
 * Re-decode an archive: read every HTML response of a WARC file with jwarc and decode it as a
 * browser would, printing each page's title and the rule that decided its encoding. Text already
 * extracted with a naive decoding can be regenerated this way from the bytes the crawl kept.
 */
public final class RedecodeArchive {
    public static void main(String[] args) throws Exception {
        Path warc = Path.of(args.length > 0 ? args[0] : "examples/sample.warc.gz");
        int pages = 0;
        try (WarcReader reader = new WarcReader(warc)) {
            for (WarcRecord record : reader) {
                if (!(record instanceof WarcResponse response)) continue;
                HttpResponse http = response.http();
                String contentType = String.join(", ", http.headers().all("Content-Type"));
                if (http.status() != 200 || !(contentType.isEmpty() || contentType.contains("html"))) continue;

                byte[] body = http.bodyDecoded().stream().readAllBytes();
                ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(body,
                        contentType.isEmpty() ? null : contentType, response.target());
                System.out.printf("%-34s %-24s %s%n", response.target(), parsed.document().title(), parsed.decision());
                pages++;
            }
        }
        System.out.println(pages + " pages re-decoded");
        if (pages == 0) throw new AssertionError("no HTML pages in " + warc);
    }
}
