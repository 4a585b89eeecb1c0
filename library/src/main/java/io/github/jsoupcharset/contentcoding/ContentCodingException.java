package io.github.jsoupcharset.contentcoding;

/**
 * A response body whose {@code Content-Encoding} cannot be undone: a coding this library does not
 * know ({@code compress}, {@code zstd}, a typo), {@code br} without a Brotli decoder on the class
 * path, bytes that are not what the coding says (a broken or cut-off gzip stream), or a body that
 * would decode to more than the allowed size. The message names the coding and what was wrong;
 * no text is ever made of such a body.
 */
public final class ContentCodingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The coding that failed, as the header named it (lowercased), e.g. {@code "gzip"}. */
    private final String coding;
    /** Whether the body was refused only for decoding to more than the bound. */
    private final boolean overLimit;

    /**
     * A coding that cannot be undone (public for the decoders of other packages: the facade names
     * what jsoup's own decoder throws with it).
     *
     * @param coding the coding that failed, as the header named it
     * @param message what was wrong, naming the coding
     * @param cause the decoder's own exception, or null
     * @param overLimit whether the body was refused only for decoding to more than the bound
     */
    public ContentCodingException(String coding, String message, Throwable cause, boolean overLimit) {
        super(message, cause);
        this.coding = coding;
        this.overLimit = overLimit;
    }

    /**
     * Whether the coding was fine but the body decodes to more bytes than the caller allowed (so a
     * caller with a size cap can report it as a body over the cap).
     *
     * @return true for a body over the bound, false for an unknown coding or broken data
     */
    public boolean overLimit() {
        return overLimit;
    }

    /**
     * The coding that failed, as the header named it (lowercased), e.g. {@code "gzip"}.
     *
     * @return the coding's name
     */
    public String coding() {
        return coding;
    }
}
