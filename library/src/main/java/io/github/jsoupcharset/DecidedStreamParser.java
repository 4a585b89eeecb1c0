package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.stream.StreamInput;
import org.jsoup.parser.Parser;
import org.jsoup.parser.StreamParser;

/**
 * jsoup's {@link StreamParser} over a body whose encoding was decided as a browser decides it,
 * from a bounded look-ahead, and which is decoded as the parser reads it: for selecting elements
 * from pages and feeds far larger than memory. Use it as any {@code StreamParser}
 * ({@code selectNext}, {@code stream()}, {@code complete()}); {@link #decision()} says how the
 * encoding was chosen. Its {@link #document()} has its charset set as browsers name the encoding.
 *
 * <p>Memory: the look-ahead ({@link BrowserCharsetParser#STREAM_LOOKAHEAD_LIMIT} at most) until
 * it has been parsed, then a chunk of bytes and jsoup's own buffers; the tree is what jsoup keeps.
 * Removing each element once it has been used ({@code el.remove()}) keeps the tree small; see the
 * README for the shape of loop that stays linear. Not thread-safe, like any {@code StreamParser}.
 */
public final class DecidedStreamParser extends StreamParser {
    private final StreamInput input;

    DecidedStreamParser(StreamInput input, String baseUri, Parser parser) {
        super(parser);
        this.input = input;
        parse(new DecodedHtmlReader(input), baseUri);
        DocumentCharsets.apply(document(), DocumentCharsets.forEncoding(input.decision().encoding()));
    }

    /**
     * The decision, with what has been read so far: always {@link EncodingDecision#lookahead()};
     * {@link EncodingDecision#replacementCount()} once the parser has read the whole body; the
     * lookahead's {@code contradictedAt} as soon as the byte that contradicts it has been read.
     *
     * @return the decision as of now
     */
    public EncodingDecision decision() {
        return input.decision();
    }
}
