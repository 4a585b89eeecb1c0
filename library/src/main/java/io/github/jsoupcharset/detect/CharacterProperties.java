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
        } else if (Character.isLetter(c) || mark) {
            f |= LETTER;
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
