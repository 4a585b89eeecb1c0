package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.WhatwgCharset;
import io.github.jsoupcharset.encoding.Encoding;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * How far a Japanese reading's kanji are from those Japanese writes: {@link LetterShares}' measure
 * for the two-byte readings of EUC-JP and Shift_JIS. Korean read as EUC-JP is kanji: KS X 1001's
 * Hangul rows are JIS X 0208's first-level kanji rows, its jamo row JIS's hiragana row, so a
 * Korean blog's title of jamo and syllables ("ㅇ ㅏ ㅁ ㅏ 도 그 건") reads as hiragana and kanji
 * ("し た け た 亀 益 闇") and a Korean page cut short was EUC-JP at up to 100%. The kanji a
 * Korean or Chinese text makes there are the kanji of its byte values, in JIS's order (by
 * reading), not those Japanese writes most: 이 다 는 are 戚 陥 澗.
 *
 * <p>The shares are the kanji of Japanese Wikinews articles as the kanji-frequency repository
 * counts them ({@code data/news_characters.csv} at its commit e649b4f: 1,117,683 kanji, 2,940
 * distinct; {@code tools/kanji-shares} writes the resource from it), over the 6,718 kanji of
 * the Encoding Standard's index jis0208 (JIS X 0208's, and NEC's and IBM's extensions), a kanji
 * the articles write less than once in 100,000 ({@link #FLOOR}) counted as once in 100,000;
 * kana, punctuation and everything outside JIS X 0208 count nothing. A reading's surprisal (−Σ
 * ln share over its kanji) beyond what Japanese text of as many kanji has ({@code n} × the
 * entropy, 6.64 nats, plus {@link #MARGIN} a kanji, plus {@link LetterShares#SIGMAS}
 * deviations, √n × 1.79) weighs {@link LetterShares#WEIGHT} a unit against it ({@link
 * LetterShares#excessLoss}). The text the
 * corpus's Japanese pages are weighed on exceeds the entropy by 0.35-0.38 a kanji (the median),
 * 1.23 the most; its Korean, simplified and traditional Chinese pages read as EUC-JP by 2.8, 3.2
 * and 2.4 the least, 3.1-3.5 the median; Korean read as Shift_JIS by 4.9. Internal; immutable.
 */
final class KanjiShares {
    private KanjiShares() {}

    /**
     * What a kanji's surprisal may exceed the entropy by on average, weighed nothing (nats): the
     * most a Japanese page of the development set exceeds it by, rounded up (1.23, a Shift_JIS
     * page; the development half of {@code UnseenTextEvaluation}'s Japanese catalogues, 0.74 the
     * most).
     */
    static final double MARGIN = 1.25;

    /** The least share a kanji counts at: once in 100,000. */
    static final double FLOOR = 1e-5;

    /** The encodings whose readings are weighed. */
    static final Set<Encoding> ENCODINGS = Set.of(Encoding.EUC_JP, Encoding.SHIFT_JIS);

    /** JIS X 0208's pointers (the Encoding Standard's index jis0208, row × 94 + cell, from 0). */
    private static final int POINTERS = 94 * 94;

    /** The surprisal of each JIS X 0208 pointer's kanji; NaN where the pointer is no kanji. */
    private static final float[] SURPRISAL;

    /** The entropy of the shares (nats): the mean surprisal of a kanji of Japanese text. */
    static final double ENTROPY;

    /** The standard deviation of a kanji's surprisal in Japanese text. */
    static final double SPREAD;

    static {
        Map<Integer, Long> counts = new HashMap<>();
        long total = 0;
        try (InputStream in = KanjiShares.class.getResourceAsStream("kanji-shares.tsv")) {
            if (in == null) throw new IOException("missing resource kanji-shares.tsv next to " + KanjiShares.class.getName());
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = lines.readLine()) != null; ) {
                int tab = line.indexOf('\t');
                long count = Long.parseLong(line.substring(tab + 1));
                if (line.startsWith("#total")) total = count;
                else counts.put(line.codePointAt(0), count);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // every pointer as EUC-JP bytes, decoded by our decoder: the kanji at each pointer
        byte[] pairs = new byte[2 * POINTERS];
        for (int p = 0; p < POINTERS; p++) {
            pairs[2 * p] = (byte) (0xA1 + p / 94);
            pairs[2 * p + 1] = (byte) (0xA1 + p % 94);
        }
        Decoder d = ((WhatwgCharset) Decoders.charset(Encoding.EUC_JP.name())).newWhatwgDecoder();
        char[] chars = new char[4 * pairs.length + 8]; // as much room as any decoder asks
        int n = d.decodeInto(pairs, 0, pairs.length, true, chars, 0);
        double[] shares = new double[POINTERS];
        double sum = 0;
        for (int p = 0, k = 0; p < POINTERS && k < n; p++) {
            int c = Character.codePointAt(chars, k);
            k += Character.charCount(c);
            if (Character.UnicodeScript.of(c) != Character.UnicodeScript.HAN) continue;
            shares[p] = Math.max(counts.getOrDefault(c, 0L) / (double) total, FLOOR);
            sum += shares[p];
        }
        float[] surprisal = new float[POINTERS];
        double mean = 0;
        double square = 0;
        for (int p = 0; p < POINTERS; p++) {
            if (shares[p] == 0) {
                surprisal[p] = Float.NaN;
                continue;
            }
            double share = shares[p] / sum;
            double s = -Math.log(share);
            surprisal[p] = (float) s;
            mean += share * s;
            square += share * s * s;
        }
        SURPRISAL = surprisal;
        ENTROPY = mean;
        SPREAD = Math.sqrt(square - mean * mean);
    }

    /**
     * What {@code e}'s reading of {@code text[0, n)} loses for kanji unlike Japanese's ({@code
     * nonAscii[0, count)}: the offsets of its bytes beyond ASCII); 0 for a reading as likely as
     * Japanese text mostly is, and for an encoding not weighed. The bytes are walked as the
     * decoder pairs them where they make JIS X 0208 characters; any other byte is stepped over.
     */
    static double loss(Encoding e, byte[] text, int n, int[] nonAscii, int count) {
        boolean euc = e == Encoding.EUC_JP;
        if (!euc && e != Encoding.SHIFT_JIS) return 0;
        int kanji = 0;
        double surprisal = 0;
        int end = 0; // where the last sequence walked ends
        for (int k = 0; k < count && nonAscii[k] < n; k++) {
            int i = nonAscii[k];
            if (i < end) continue;
            int lead = text[i] & 0xFF;
            int trail = i + 1 < n ? text[i + 1] & 0xFF : -1;
            int pointer = -1;
            end = i + 1;
            if (euc) {
                if (lead == 0x8E) end = i + 2; // half-width katakana
                else if (lead == 0x8F) end = i + 3; // JIS X 0212
                else if (lead >= 0xA1 && lead <= 0xFE && trail >= 0xA1 && trail <= 0xFE) {
                    pointer = (lead - 0xA1) * 94 + trail - 0xA1;
                    end = i + 2;
                }
            } else if ((lead >= 0x81 && lead <= 0x9F || lead >= 0xE0 && lead <= 0xFC)
                    && (trail >= 0x40 && trail <= 0x7E || trail >= 0x80 && trail <= 0xFC)) {
                // the Encoding Standard's Shift_JIS pointer: 188 a lead, beyond 8,836 its user-defined area
                pointer = (lead - (lead < 0xA0 ? 0x81 : 0xC1)) * 188 + trail - (trail < 0x7F ? 0x40 : 0x41);
                end = i + 2;
            }
            if (pointer >= 0 && pointer < POINTERS && SURPRISAL[pointer] == SURPRISAL[pointer]) {
                kanji++;
                surprisal += SURPRISAL[pointer];
            }
        }
        return LetterShares.excessLoss(kanji, surprisal, ENTROPY, MARGIN, SPREAD);
    }
}
