package io.github.jsoupcharset.detect;

/**
 * The Unicode character properties the scoring asks for (letter, mark, case, symbol, whether a
 * lone letter is rare in its script, and the script), precomputed for the BMP. Internal;
 * immutable after class initialisation.
 */
final class CharacterProperties {
    private CharacterProperties() {}

    static final int LETTER = 1;
    static final int MARK = 2;
    static final int UPPER = 4;
    static final int LOWER = 8;
    static final int SYMBOL = 16;
    static final int LONE_RARE = 32;
    /**
     * A symbol text does not use wherever it stands: U+00A4 CURRENCY SIGN, the placeholder ISO 646
     * and ISO-8859 left for a national currency sign, which legacy single-byte encodings that have
     * the real one put at its byte (€ in ISO-8859-15 and -7, ₪ in windows-1255). A reading that
     * makes it is likely the wrong one of such a pair.
     */
    static final int UNWRITTEN = 64;
    static final byte[] FLAGS = new byte[0x10000];
    static final short[] SCRIPT = new short[0x10000];

    static {
        for (int c = 0; c <= 0xFFFF; c++) {
            FLAGS[c] = (byte) computeFlags(c);
            SCRIPT[c] = computeScript(c);
        }
    }

    static int flags(int c) {
        return c <= 0xFFFF ? FLAGS[c] : computeFlags(c);
    }

    static int script(int c) {
        return c <= 0xFFFF ? SCRIPT[c] : computeScript(c);
    }

    private static int computeFlags(int c) {
        int f = 0;
        int t = Character.getType(c);
        boolean mark = t == Character.NON_SPACING_MARK || t == Character.COMBINING_SPACING_MARK;
        if (c < 0x80) {
            if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') f |= LETTER;
        } else if (Character.isLetter(c) || mark || Exemplars.PUNCTUATION.contains(c)) {
            f |= LETTER; // the punctuation languages write is weighed as their letters are (Exemplars)
        }
        if (mark) f |= MARK;
        if (Character.isUpperCase(c)) f |= UPPER;
        if (Character.isLowerCase(c)) f |= LOWER;
        switch (t) {
            case Character.MATH_SYMBOL: case Character.CURRENCY_SYMBOL: case Character.MODIFIER_SYMBOL:
            case Character.OTHER_SYMBOL: case Character.PRIVATE_USE: case Character.UNASSIGNED:
            case Character.CONTROL: case Character.FORMAT:
                f |= SYMBOL;
                break;
            default:
                break;
        }
        if (c == 0xA4) f |= UNWRITTEN;
        // Thai digits stand in numbers, never inside a word: glued to a letter, as a symbol is
        if (c >= 0x0E50 && c <= 0x0E59) f |= SYMBOL;
        // so do the vulgar fractions (\u00bc \u00bd \u00be: "2\u00bd"), beside a letter or another symbol
        if (c >= 0xBC && c <= 0xBE) f |= SYMBOL;
        Character.UnicodeScript s = Character.UnicodeScript.of(c);
        // a lone letter is rare in alphabetic scripts, common in Han, kana and Hangul
        if (s != Character.UnicodeScript.HAN && s != Character.UnicodeScript.HIRAGANA
                && s != Character.UnicodeScript.KATAKANA && s != Character.UnicodeScript.HANGUL) f |= LONE_RARE;
        return f;
    }

    /** 0 for scripts that combine with any (common, inherited); Japanese scripts share one id. */
    private static short computeScript(int c) {
        Character.UnicodeScript s = Character.UnicodeScript.of(c);
        switch (s) {
            case COMMON: case INHERITED: case UNKNOWN:
                return 0;
            case HAN: case HIRAGANA: case KATAKANA:
                return 1; // Japanese mixes kanji and kana within words
            default:
                return (short) (s.ordinal() + 2);
        }
    }
}
