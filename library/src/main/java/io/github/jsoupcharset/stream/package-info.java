/**
 * Internal: a stream's bounded look-ahead, the decision made from it and the reader of the rest,
 * behind the facade's {@code InputStream} entry points. No compatibility contract.
 */
package io.github.jsoupcharset.stream;
