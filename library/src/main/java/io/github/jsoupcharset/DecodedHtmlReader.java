package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.stream.StreamInput;
import java.io.IOException;
import java.io.Reader;

/**
 * The text of a body read from a stream, decoded as a browser decodes it while it is read, with
 * the decision that chose its encoding. The decision is made from a bounded look-ahead before the
 * first character is read ({@link EncodingDecision#lookahead()}); {@link #decision()} adds what
 * the rest of the stream showed once it has been read: the U+FFFD count and any contradiction.
 *
 * <p>Reading it reads the stream; closing it closes the stream. Not thread-safe, like any
 * {@link Reader}. A byte order mark is not part of the text.
 */
public final class DecodedHtmlReader extends Reader {
    private final StreamInput input;

    DecodedHtmlReader(StreamInput input) {
        this.input = input;
    }

    /**
     * The decision, with what has been read so far: always {@link EncodingDecision#lookahead()};
     * {@link EncodingDecision#replacementCount()} once a read has returned -1; the lookahead's
     * {@code contradictedAt} as soon as the byte that contradicts it has been read.
     *
     * @return the decision as of now
     */
    public EncodingDecision decision() {
        return input.decision();
    }

    /**
     * Reads decoded characters, reading the stream as needed.
     *
     * @throws IOException if the stream throws, or returns 0 bytes a thousand times in a row
     */
    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        return input.reader().read(cbuf, off, len);
    }

    /**
     * Closes the stream.
     *
     * @throws IOException if closing the stream throws
     */
    @Override
    public void close() throws IOException {
        input.reader().close();
    }
}
