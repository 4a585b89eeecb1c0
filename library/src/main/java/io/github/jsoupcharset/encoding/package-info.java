/**
 * The WHATWG Encoding Standard's 40 encodings and 228 labels, as browsers read them:
 * {@link io.github.jsoupcharset.encoding.Encoding#forLabel(String)} and, for each encoding, a
 * {@link java.nio.charset.Charset} that decodes as the standard's decoder does.
 */
package io.github.jsoupcharset.encoding;
