package io.github.jsoupcharset;

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

    /**
     * @param coding the coding that failed, as the header named it
     * @param message what was wrong, naming the coding
     * @param cause the decoder's own exception, or null
     */
    ContentCodingException(String coding, String message, Throwable cause) {
        super(message, cause);
        this.coding = coding;
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
