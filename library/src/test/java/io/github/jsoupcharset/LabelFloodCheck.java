package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.encoding.Encoding;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Run by {@link GuaranteesTest} in a JVM with a small heap: a flood of unknown labels, 1, 10 and
 * 100 MiB of {@code <meta charset=q>} (and of {@code http-equiv} metas mixed with {@code charset}
 * ones), must be sniffed, decoded and parsed with the decision the same size at every size: the
 * first {@link EncodingDecision#MAX_IGNORED_LABELS} labels kept, all of them counted.
 *
 * <p>Arguments: {@code sniff} (sniff and decode) or {@code parse}, then the sizes in MiB.
 */
public final class LabelFloodCheck {
    /** The repeated units, each with how many unknown labels it declares. */
    static final String[] UNITS = {
        "<meta charset=q>",
        "<meta http-equiv=content-type content=\"text/html; charset=q\"><meta charset=x-unknown>",
    };
    static final int[] LABELS_PER_UNIT = {1, 2};

    private LabelFloodCheck() {}

    public static void main(String[] args) {
        boolean parse = args[0].equals("parse");
        List<String> failures = new ArrayList<>();
        for (int u = 0; u < UNITS.length; u++) {
            int[] summaryLengths = {-1, -1}; // of the sniffed and of the decoded (or parsed) decision
            for (int i = 1; i < args.length; i++) {
                int size = Integer.parseInt(args[i]) << 20;
                int units = size / UNITS[u].length();
                byte[] body = UNITS[u].repeat(units).getBytes(StandardCharsets.ISO_8859_1);
                List<EncodingDecision> decisions = new ArrayList<>();
                if (parse) {
                    ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(body, null, "");
                    decisions.add(parsed.decision());
                    int metas = parsed.document().select("meta").size();
                    if (metas != units * LABELS_PER_UNIT[u]) failures.add(size + ": " + metas + " metas parsed");
                } else {
                    decisions.add(BrowserCharsetJsoup.sniff(body, null));
                    DecodedHtml decoded = BrowserCharsetJsoup.decode(body, null);
                    if (decoded.text().length() != body.length) failures.add(size + ": text of " + decoded.text().length());
                    decisions.add(decoded.decision());
                }
                for (int k = 0; k < decisions.size(); k++) {
                    EncodingDecision d = decisions.get(k);
                    String where = UNITS[u] + " × " + units + ": ";
                    if (d.ignoredLabelCount() != units * LABELS_PER_UNIT[u]) failures.add(where + d.ignoredLabelCount() + " counted");
                    if (d.ignoredLabels().size() != EncodingDecision.MAX_IGNORED_LABELS) failures.add(where + d.ignoredLabels().size() + " kept");
                    if (d.encoding() != Encoding.WINDOWS_1252) failures.add(where + d.encoding());
                    // the summary differs only in the digits of the count
                    int length = d.toString().length() - String.valueOf(d.ignoredLabelCount()).length();
                    if (summaryLengths[k] >= 0 && length != summaryLengths[k]) failures.add(where + "summary of " + length);
                    summaryLengths[k] = length;
                }
                System.out.println(UNITS[u] + " " + args[i] + " MiB: " + decisions.get(0));
            }
        }
        if (!failures.isEmpty()) {
            System.out.println(failures);
            System.exit(1);
        }
        System.out.println("ok");
    }
}
