package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import com.ibm.icu.text.UnicodeSet;
import com.ibm.icu.util.LocaleData;
import com.ibm.icu.util.ULocale;

import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.encoding.Encoding;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The exemplar characters of the candidates' languages, from ICU's locale data (standard set and
 * auxiliary set), case-closed, as bit sets over the BMP (supplementary letters are looked up in
 * the frozen UnicodeSets). The data the scoring weighs letters against; no corpus text. Internal;
 * immutable after class initialisation.
 */
final class Exemplars {
    private Exemplars() {}

    /**
     * Left out of {@link #PUNCTUATION}: the General Punctuation block (‘ ’ “ ” „ ‚ … – — † ‰ ‹ ›),
     * which every windows-125x encoding has at the same bytes 0x80-0x9F (so it tells none of them
     * from the others), and which their readings of multi-byte text are full of ("‚Ì‚±" for
     * Shift_JIS).
     */
    private static final UnicodeSet GENERAL_PUNCTUATION = new UnicodeSet(0x2000, 0x206F).freeze();

    /**
     * Whether {@code c} is one of the characters a page whose text is otherwise ASCII most often
     * holds ({@link TextEvidence#isWebPunctuation}, which weighs them): typographic quotes, dashes,
     * the ellipsis and bullet (windows-1252's 0x85, 0x91-0x97), no-break space, ©, ®, ™, °, ±, ½,
     * ¼, ¾, ¢, £, €, ×, ´ (written for an apostrophe), and the ideographic space of CJK pages. Left
     * out of {@link #PUNCTUATION} too: every Latin-script language writes them. A function of
     * {@code c} alone, read while the class's sets are made.
     */
    static boolean isWebPunctuation(int c) {
        switch (c) {
            case 0x00A0: case 0x00A2: case 0x00A3: case 0x00A9: case 0x00AE: case 0x00B0: case 0x00B1: case 0x00B4:
            case 0x00BC: case 0x00BD: case 0x00BE: case 0x00D7:
            case 0x2013: case 0x2014: case 0x2018: case 0x2019: case 0x201C: case 0x201D: case 0x201E:
            case 0x2022: case 0x2026: case 0x20AC: case 0x2122: case 0x3000:
                return true;
            default:
                return false;
        }
    }

    private static UnicodeSet webPunctuation() {
        UnicodeSet s = new UnicodeSet();
        for (int c = 0x80; c <= 0x3000; c++) if (isWebPunctuation(c)) s.add(c);
        return s.freeze();
    }

    /** Each candidate language's punctuation outside ASCII, the General Punctuation block and the web's punctuation. */
    private static final Map<String, UnicodeSet> PUNCTUATION_OF = punctuationOf();

    private static Map<String, UnicodeSet> punctuationOf() {
        Map<String, UnicodeSet> m = new HashMap<>();
        UnicodeSet web = webPunctuation();
        for (Candidate c : Candidates.ALL) {
            for (String lang : c.languages()) {
                m.computeIfAbsent(lang, l -> new UnicodeSet(LocaleData.getExemplarSet(new ULocale(l), 0,
                        LocaleData.ES_PUNCTUATION)).retain(0x80, 0x10FFFF).removeAll(GENERAL_PUNCTUATION).removeAll(web).freeze());
            }
        }
        return m;
    }

    /**
     * The punctuation outside ASCII that the candidates' languages write (« » ¡ ¿ §, 。 、 「 」),
     * from ICU's punctuation exemplar sets: weighed as letters are, so that a reading that makes
     * letters of another reading's punctuation («» as Ťť in ISO-8859-2) does not gain by it.
     * Punctuation of the reading's language counts for it as a letter of the language does;
     * punctuation of another language counts for nothing (a half, as an auxiliary letter, against
     * the half every letter outside the language costs): never against.
     */
    static final UnicodeSet PUNCTUATION = union(PUNCTUATION_OF.values());

    private static UnicodeSet union(Iterable<UnicodeSet> sets) {
        UnicodeSet all = new UnicodeSet();
        for (UnicodeSet s : sets) all.addAll(s);
        return all.freeze();
    }

    /**
     * The Hangul syllables outside KS X 1001's 2,350, which Korean's standard exemplar set (all
     * 11,172) lists but Korean text hardly writes: KS X 1001 chose its syllables as the ones in
     * use, and the rest are EUC-KR's extension, reached by a lead byte 0x81-0xC6 before a trail
     * 0x41-0xA0. That range is where other encodings' readings fall: windows-1252's "20°C" is
     * "20캜" in EUC-KR, a syllable no Korean word has. Weighed as auxiliary letters, as the
     * Chinese and Japanese sets leave their rare characters to the auxiliary set or out.
     */
    private static final UnicodeSet RARE_HANGUL = rareHangul();

    private static UnicodeSet rareHangul() {
        byte[] all = new byte[(0xC8 - 0xB0 + 1) * (0xFE - 0xA1 + 1) * 2];
        int n = 0;
        for (int lead = 0xB0; lead <= 0xC8; lead++) {
            for (int trail = 0xA1; trail <= 0xFE; trail++) {
                all[n++] = (byte) lead;
                all[n++] = (byte) trail;
            }
        }
        String common = Decoders.decodeToString(Encoding.EUC_KR.name(), all, 0, n);
        return new UnicodeSet(0xAC00, 0xD7A3).removeAll(common).freeze();
    }

    /**
     * ฃ and ฅ, letters Thai no longer writes (ข and ค took their place), which Thai's standard
     * exemplar set lists. They are windows-874's 0xA3 and 0xA5, EUC-KR's leads of full-width
     * Latin and of Roman numerals and Greek: what a Korean page's symbols read as in Thai.
     * Weighed as auxiliary letters, as Korean's rare syllables are.
     */
    private static final UnicodeSet OBSOLETE_THAI = new UnicodeSet().add(0x0E03).add(0x0E05).freeze();

    /**
     * Korean's compatibility jamo ㄱ-ㅎ and ㅏ-ㅣ (U+3131-U+3163), which Korean's exemplar sets do
     * not list but Korean web text writes alone: laughter (ㅋㅋ, ㅎㅎ), tears (ㅠㅠ, ㅜㅜ), a word
     * spelled out letter by letter. They are EUC-KR's row 0xA4, EUC-JP's and GBK's hiragana row:
     * weighed as standard letters of Korean, as those readings weigh them as Japanese's, so that
     * "ㅎㅎ 감사합니다" is not Thai nor "ㅋㅋㅋ 오늘 재미있었다" hiragana and kanji (as half a letter
     * both were, at 84% and 90%). Japanese in EUC-JP read as EUC-KR has jamo for its hiragana,
     * and its kanji then decide (no Japanese page of any evaluation changed).
     */
    private static final UnicodeSet KOREAN_JAMO = new UnicodeSet(0x3131, 0x3163).freeze();

    static final Map<String, Exemplar> SETS = load();

    private static Map<String, Exemplar> load() {
        Map<String, Exemplar> sets = new HashMap<>();
        for (Candidate c : Candidates.ALL) {
            for (String lang : c.languages()) {
                sets.computeIfAbsent(lang, l -> {
                    ULocale locale = new ULocale(l);
                    UnicodeSet main = new UnicodeSet(LocaleData.getExemplarSet(locale, UnicodeSet.CASE,
                            LocaleData.ES_STANDARD));
                    UnicodeSet aux = new UnicodeSet(LocaleData.getExemplarSet(locale, UnicodeSet.CASE,
                            LocaleData.ES_AUXILIARY));
                    // marks written with the letters, which the exemplar sets list as precomposed
                    if (l.equals("vi")) main.add(0x0300, 0x0303).add(0x0309).add(0x0323);
                    if (l.equals("he") || l.equals("yi")) aux.add(0x05B0, 0x05C7);
                    if (l.equals("ko")) {
                        main.removeAll(RARE_HANGUL).addAll(KOREAN_JAMO);
                        aux.addAll(RARE_HANGUL);
                    }
                    if (l.equals("th")) {
                        main.removeAll(OBSOLETE_THAI);
                        aux.addAll(OBSOLETE_THAI);
                    }
                    aux.addAll(PUNCTUATION);
                    main.addAll(PUNCTUATION_OF.get(l));
                    return new Exemplar(main.freeze(), aux.freeze());
                });
            }
        }
        return sets;
    }

    /** The exemplar sets of a candidate's languages, in its order (shared: not to be changed). */
    static Exemplar[] of(Candidate candidate) {
        return BY_CANDIDATE.get(candidate.encoding());
    }

    private static final Map<Encoding, Exemplar[]> BY_CANDIDATE = byCandidate();

    private static Map<Encoding, Exemplar[]> byCandidate() {
        // Encoding instances are constants: an identity map spares hashing names per lookup
        Map<Encoding, Exemplar[]> m = new IdentityHashMap<>();
        for (Candidate c : Candidates.ALL) {
            String[] languages = c.languages();
            Exemplar[] langs = new Exemplar[languages.length];
            for (int k = 0; k < langs.length; k++) langs[k] = SETS.get(languages[k]);
            m.put(c.encoding(), langs);
        }
        return m;
    }

    /** One language's exemplar characters: 1 for a standard one, 0.5 for an auxiliary one. */
    static final class Exemplar {
        /** Two bits per BMP code point, its weight in halves: 2 standard, 1 auxiliary only, 0 neither. */
        private final long[] table = new long[0x10000 / 32];
        private final UnicodeSet mainSet;
        private final UnicodeSet auxSet;

        Exemplar(UnicodeSet mainSet, UnicodeSet auxSet) {
            this.mainSet = mainSet;
            this.auxSet = auxSet;
            fill(auxSet, 1);
            fill(mainSet, 2); // a standard exemplar that is also auxiliary weighs as standard
        }

        private void fill(UnicodeSet set, long value) {
            for (int r = 0; r < set.getRangeCount(); r++) {
                for (int c = set.getRangeStart(r), end = Math.min(set.getRangeEnd(r), 0xFFFF); c <= end; c++) {
                    int shift = (c & 31) << 1;
                    table[c >>> 5] = table[c >>> 5] & ~(3L << shift) | value << shift;
                }
            }
        }

        /** The script of the language's letters (the first standard exemplar of a script of its own). */
        Character.UnicodeScript script() {
            for (int r = 0; r < mainSet.getRangeCount(); r++) {
                for (int c = mainSet.getRangeStart(r); c <= mainSet.getRangeEnd(r); c++) {
                    Character.UnicodeScript s = Character.UnicodeScript.of(c);
                    if (s != Character.UnicodeScript.COMMON && s != Character.UnicodeScript.INHERITED) return s;
                }
            }
            return Character.UnicodeScript.COMMON;
        }

        double weight(int c) {
            return halves(c) * 0.5;
        }

        /** The weight in halves (2, 1 or 0): one lookup for a BMP code point. */
        int halves(int c) {
            if (c <= 0xFFFF) return (int) (table[c >>> 5] >>> ((c & 31) << 1)) & 3;
            return mainSet.contains(c) ? 2 : auxSet.contains(c) ? 1 : 0;
        }
    }
}
