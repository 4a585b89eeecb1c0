package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.WhatwgCharset;
import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.encoding.Encoding;

import java.util.IdentityHashMap;
import java.util.Map;

import static io.github.jsoupcharset.detect.CharacterProperties.LETTER;
import static io.github.jsoupcharset.detect.CharacterProperties.UPPER;

/**
 * The single-byte candidates' decodings at a glance: per byte value, its character, that
 * character's properties and script, and what it weighs for each of the candidate's languages and
 * in the glance ({@link Glance}). Built once, on first use, from the decoders' tables; the
 * scoring reads the bytes through them ({@link TextEvidence#singleByteParts}). Internal;
 * immutable after class initialisation.
 */
final class ByteTables {
    private ByteTables() {}

    /** The script of Latin letters ({@link CharacterProperties#script}); before TABLES, whose building reads it. */
    private static final int LATIN = CharacterProperties.script('a');

    static final Map<Encoding, ByteTable> TABLES = build();

    private static Map<Encoding, ByteTable> build() {
        // Encoding instances are constants: an identity map spares hashing their names per lookup
        Map<Encoding, ByteTable> tables = new IdentityHashMap<>();
        for (Candidate c : Candidates.ALL) {
            if (c.weight() == 1) tables.put(c.encoding(), new ByteTable(c));
        }
        return tables;
    }

    /** {@link ByteTable#packed}: the character is U+FFFD (the byte is unmapped), a C1 control, Thai. */
    static final int ERROR = 1 << 10;
    static final int C1 = 1 << 11;
    static final int THAI = 1 << 12;

    /**
     * A single-byte candidate's decoding at a glance: the character of every byte and its
     * properties, and how much each byte's character counts for each of the candidate's languages.
     */
    static final class ByteTable {
        final char[] chars = new char[256];
        final byte[] flags = new byte[256];
        final double[][] weights; // [language][byte]
        /** What one occurrence of a byte adds to the glance, and what each ASCII letter touching it adds. */
        final double[] glance = new double[256];
        /** Each byte's character's script ({@link CharacterProperties#script}) and {@link TextEvidence#positionalKind}. */
        final short[] scripts = new short[256];
        final byte[] kinds = new byte[256];
        final double[] touchesLatin = new double[256];
        /**
         * What the scoring asks of each byte's character in one int: its {@link CharacterProperties}
         * flags (bits 0-7), {@link TextEvidence#positionalKind} (bits 8-9), whether it is a
         * decoding error ({@link #ERROR}), a C1 control ({@link #C1}) or Thai ({@link #THAI}), and
         * its script (bits 16-31).
         */
        final int[] packed = new int[256];

        ByteTable(Candidate candidate) {
            char[] index = ((WhatwgCharset) Decoders.charset(candidate.encoding().name())).singleByteIndex();
            for (int b = 0; b < 256; b++) {
                chars[b] = b < 0x80 ? (char) b : index[b - 0x80];
                flags[b] = CharacterProperties.FLAGS[chars[b]];
                scripts[b] = (short) CharacterProperties.script(chars[b]);
                kinds[b] = (byte) TextEvidence.positionalKind(chars[b]);
            }
            for (int b = 0; b < 256; b++) {
                int c = chars[b];
                packed[b] = flags[b] | kinds[b] << 8 | (c == 0xFFFD ? ERROR : 0) | (c >= 0x80 && c <= 0x9F ? C1 : 0)
                        | (c >= 0x0E00 && c <= 0x0E7F ? THAI : 0) | scripts[b] << 16;
            }
            String[] languages = candidate.languages();
            weights = new double[languages.length][256];
            for (int k = 0; k < languages.length; k++) {
                Exemplars.Exemplar e = Exemplars.SETS.get(languages[k]);
                for (int b = 0x80; b < 256; b++) weights[k][b] = e.weight(chars[b]);
            }
            for (int b = 0x80; b < 256; b++) {
                int c = chars[b];
                if (c == 0xFFFD) {
                    glance[b] = -8.0;
                } else if (c <= 0x9F) {
                    glance[b] = -5.0;
                } else if ((flags[b] & LETTER) != 0) {
                    double w = 0;
                    for (double[] language : weights) w = Math.max(w, language[b]);
                    glance[b] = 2 * w - 1 - ((flags[b] & UPPER) != 0 ? Glance.CAPITAL : 0);
                    int script = CharacterProperties.script(c);
                    if (script != 0 && script != LATIN) touchesLatin[b] = -3.0;
                }
            }
        }
    }
}
