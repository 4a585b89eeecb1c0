/**
 * {@link io.github.jsoupcharset.compare.ComparisonKey}: the key decoded texts are compared by, so
 * that two decodings count as the same text when a reader could not tell them apart.
 */
package io.github.jsoupcharset.compare;
