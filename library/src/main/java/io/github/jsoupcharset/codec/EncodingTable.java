package io.github.jsoupcharset.codec;

/**
 * Access to the generated label table for the public {@code Encoding} class. Internal: no
 * compatibility contract.
 */
public final class EncodingTable {
    private EncodingTable() {}

    /** A fresh copy of the rows: canonical name first, then the labels. */
    public static String[][] encodings() {
        String[][] copy = new String[EncodingLabels.TABLE.length][];
        for (int i = 0; i < copy.length; i++) copy[i] = EncodingLabels.TABLE[i].clone();
        return copy;
    }
}
