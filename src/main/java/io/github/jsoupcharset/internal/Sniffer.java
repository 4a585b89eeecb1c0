package io.github.jsoupcharset.internal;

import io.github.jsoupcharset.EncodingDecision;
import io.github.jsoupcharset.SniffOptions;

/** The HTML Standard's encoding sniffing algorithm over a complete body. Internal. */
public final class Sniffer {
    private Sniffer() {}

    /**
     * Decides the encoding of {@code body[off, off+len)}.
     *
     * @param headerLabel the charset parameter of the Content-Type header as sent, or null
     */
    public static EncodingDecision sniff(byte[] body, int off, int len, String headerLabel, SniffOptions options) {
        throw new UnsupportedOperationException("not yet");
    }
}
