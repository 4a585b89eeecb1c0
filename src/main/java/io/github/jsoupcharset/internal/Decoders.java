package io.github.jsoupcharset.internal;

import java.nio.charset.Charset;

/** Decoders and charsets by WHATWG encoding name. Internal: no compatibility contract. */
public final class Decoders {
    private Decoders() {}

    /** A new decoder for the encoding with this canonical WHATWG name. */
    public static Decoder newDecoder(String encodingName) {
        throw new UnsupportedOperationException("not yet: " + encodingName);
    }

    /** The charset for the encoding with this canonical WHATWG name. */
    public static Charset charset(String encodingName) {
        throw new UnsupportedOperationException("not yet: " + encodingName);
    }
}
