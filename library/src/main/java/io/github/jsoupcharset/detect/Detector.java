package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.markup.AsciiBytes;
import io.github.jsoupcharset.decision.SniffOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * What the sniffing algorithm does when nothing declares the encoding (the HTML Standard's
 * optional autodetection step, then its default): UTF-8 validity, then ISO-2022-JP's escapes,
 * then the plausibility of candidate decodings, then the default. Internal.
 *
 * <p>The plausibility step: the page's text ({@link MarkupStripper}) is decoded with each of the
 * {@link Candidates} and scored by {@link TextEvidence} (exemplar letters from {@link Exemplars},
 * character properties from {@link CharacterProperties}, ICU4J's confidence from {@link
 * IcuOpinion}); {@link Ranking} orders them in two stages, after a {@link Glance} at byte counts
 * chooses which single-byte candidates to score. Answers are WHATWG encodings only.
 *
 * <p>Cost is bounded: UTF-8 validity is one linear pass over the body; the plausibility scoring
 * sees at most {@link #DETECTION_WINDOW} bytes and weighs at most {@link #EVIDENCE_BYTES} of text.
 */
public final class Detector {
    /** The statistical detector looks at no more than this many leading bytes. */
    public static final int DETECTION_WINDOW = 64 * 1024;

    /** At most this many bytes of text (markup removed) are decoded and weighed per candidate. */
    static final int EVIDENCE_BYTES = 8 * 1024;

    /** The {@code <html lang>} is looked for in this many leading bytes. */
    static final int HTML_LANG_WINDOW = 4096;

    private Detector() {}

    /**
     * A guess for undeclared bytes.
     *
     * @param encoding the encoding guessed
     * @param source {@link DecisionSource#UTF8_VALIDITY}, {@link DecisionSource#DETECTION} or
     *     {@link DecisionSource#DEFAULT}
     * @param confidence for DETECTION, the probability (in percent, 0-100) that the guess decodes the
     *     page as its author wrote it ({@link Calibration}); 100 for ISO-2022-JP's escapes; -1 otherwise
     * @param runnerUp for DETECTION, the best candidate after the guess that decodes the text
     *     differently (a twin that reads the bytes present alike is no alternative), or the second
     *     when every candidate ranked reads them alike; null otherwise
     * @param mixture for DETECTION on a page whose parts read best in different encodings, the
     *     encoding of the part not decided for and its share ({@link #mixed}); null otherwise
     */
    public record Guess(Encoding encoding, DecisionSource source, int confidence, Encoding runnerUp,
            EncodingDecision.Mixture mixture) {
        /**
         * A guess for a page read in one encoding.
         *
         * @param encoding the encoding guessed
         * @param source how
         * @param confidence the probability, in percent, or -1
         * @param runnerUp the best alternative, or null
         */
        public Guess(Encoding encoding, DecisionSource source, int confidence, Encoding runnerUp) {
            this(encoding, source, confidence, runnerUp, null);
        }
    }

    /**
     * Guesses the encoding of undeclared bytes {@code [off, off+len)}.
     *
     * @param complete whether the bytes are the whole body; false when the body was cut off (a
     *     download stopped at a size limit), so that a sequence cut off at the end is no error
     */
    public static Guess guess(byte[] bytes, int off, int len, SniffOptions.Detection mode, Encoding defaultEncoding,
            boolean complete) {
        return guess(bytes, off, len, mode, defaultEncoding, complete, List.of());
    }

    /**
     * As {@link #guess(byte[], int, int, SniffOptions.Detection, Encoding, boolean)}, with the
     * languages hinted by the URL and {@code Content-Language} ({@link LanguageHints#of}); the
     * page's {@code <html lang>} is read too. A hint only breaks a tie ({@link LanguageHints#breakTie}).
     */
    public static Guess guess(byte[] bytes, int off, int len, SniffOptions.Detection mode, Encoding defaultEncoding,
            boolean complete, List<String> hints) {
        return guess(bytes, off, len, mode, defaultEncoding, complete, hints, null);
    }

    /**
     * As {@link #guess(byte[], int, int, SniffOptions.Detection, Encoding, boolean, List)} for the
     * first bytes of a longer body, with the {@link Utf8Runs#runs} of the whole body ({@code
     * bodyRuns}; null: the bytes are the body): whether the page is mixed, and the share of its
     * parts, are the whole body's, as they are where the body is held whole.
     */
    public static Guess guess(byte[] bytes, int off, int len, SniffOptions.Detection mode, Encoding defaultEncoding,
            boolean complete, List<String> hints, int[] bodyRuns) {
        Guess fallback = new Guess(defaultEncoding, DecisionSource.DEFAULT, -1, null);
        if (mode == SniffOptions.Detection.NONE) return fallback;
        Utf8 utf8 = utf8Validity(bytes, off, len, complete);
        if (utf8 == Utf8.ASCII) {
            // ISO-2022-JP is 7-bit: its escape sequences are the evidence (as chardetng does)
            if (hasIso2022JpEscapes(bytes, off, Math.min(len, DETECTION_WINDOW))) {
                return new Guess(Encoding.ISO_2022_JP, DecisionSource.DETECTION, 100, null);
            }
            // pure ASCII decodes identically in every ASCII-compatible encoding: nothing to detect
            return fallback;
        }
        if (utf8 == Utf8.VALID) {
            // Chromium discards a UTF-8 guess for web pages and shows its default instead
            return mode == SniffOptions.Detection.AUTHOR_INTENT
                    ? new Guess(Encoding.UTF_8, DecisionSource.UTF8_VALIDITY, -1, null) : fallback;
        }
        byte[] text = evidenceWindow(bytes, off, len);
        boolean windowPartly = partlyUtf8(runs(text, 0, text.length));
        int[] runs = bodyRuns != null ? bodyRuns : runs(bytes, off, off + len);
        boolean bodyPartly = partlyUtf8(runs);
        if (!windowPartly && !bodyPartly) return detected(ranked(bytes, off, len, text, hints));
        if (runs[0] < MIXED_MIN_SEQUENCES) {
            // a few UTF-8 runs: in single-byte text the words UTF-8 wrote ("CafÃ©" where a page
            // quotes mojibake, "é" among them), in CJK text accidents (a character alone in a
            // cell); and where only one of the window and the body is partly UTF-8, the window is
            // the page's text still
            Guess whole = detected(ranked(bytes, off, len, text, hints));
            if (windowPartly != bodyPartly || runs[2] == 0 || Candidates.of(whole.encoding()).weight() != 1) {
                return whole;
            }
        }
        // with more, the page is mixed and decided for its bulk, also where the text weighed (8 KiB
        // from the first non-ASCII byte) is no sample of it: UTF-8 before a legacy bulk, or legacy
        // text before a UTF-8 bulk. Ranked as it was, the window's reading was the page's, sure
        // and wrong for the bulk (UTF-8 Russian read as legacy text is noise macintosh reads best,
        // at 100)
        Guess mixed = mixed(bytes, off, len, runs, mode, hints);
        return mixed != null ? mixed : detected(ranked(bytes, off, len, text, hints));
    }

    /** The guess of a ranking: its leader, with the calibrated confidence, and its rival. */
    private static Guess detected(Ranked r) {
        Ranking.Scored best = r.candidates().get(0);
        Ranking.Scored second = r.candidates().get(1);
        int confidence = (int) Math.round(100 * Calibration.probability(best.score(), r.rival()));
        // a few bytes are read as the web most often writes them, which is not knowing
        if (thin(r.text())) confidence = Math.min(confidence, Calibration.UNSURE - 1);
        // a lead over other readings says nothing when the best reading is no text either
        if (best.score() < 0 && readsAsNoise(r.text(), best.encoding())) {
            confidence = Math.min(confidence, Calibration.NOT_TEXT);
        }
        return new Guess(best.encoding(), DecisionSource.DETECTION, confidence,
                r.rivalEncoding() != null ? r.rivalEncoding() : second.encoding());
    }

    /**
     * The guess for a page that is partly UTF-8 and partly not ({@link #guess}). Each run of
     * non-ASCII bytes is UTF-8 when it is whole UTF-8 sequences (the last perhaps cut short: a lead
     * and some of its continuation bytes, one character UTF-8 gets wrong), else legacy text: a
     * legacy word's bytes make accidental sequences only among errors (GBK text reads a fifth as
     * whole sequences, run by run it reads as none). A page is partly UTF-8 when its UTF-8 runs hold
     * at least {@link #MIXED_MIN_SHARE} of its non-ASCII characters ({@link #MIXED_MANY_MIN_SHARE} with
     * {@link #MIXED_MIN_SEQUENCES} whole sequences or more), in the text detection weighs
     * ({@link #evidenceWindow}, found in one pass over it) or in the whole body (markup and all).
     * With {@link #MIXED_MIN_SEQUENCES} whole sequences or more it is mixed, also where only one of
     * the two is partly UTF-8 (UTF-8 before a legacy bulk, or legacy text before a UTF-8 one: its
     * other part's share however small); with fewer, only when both are and
     * the page read whole is single-byte text, where a word's bytes are whole UTF-8 sequences only
     * where UTF-8 wrote them ("CafÃ©" quoted on a legacy page, "é" on a UTF-8 page with one legacy
     * "’"), not in CJK text, which makes a few by accident (a character alone in a cell). Its
     * legacy runs ({@code runs}: {@link #runs}) are detected on their own (the UTF-8 runs blanked
     * out); the decision is for the bulk of the characters: UTF-8 when they are more, else the
     * legacy runs' encoding, which keeps every byte where UTF-8 would make the legacy ones U+FFFD.
     * {@link SniffOptions.Detection#BROWSER_PARITY} never guesses UTF-8 (a browser does not):
     * there the legacy runs' encoding is the answer, and a page with none is ranked whole (null).
     * The other part's share is reported ({@link EncodingDecision.Mixture}) and bounds the
     * confidence: at most the share of the characters the decision reads right, and under {@link
     * Calibration#UNSURE} when the other part is {@link EncodingDecision.Mixture#LARGE_SHARE} or
     * more.
     */
    private static Guess mixed(byte[] bytes, int off, int len, int[] runs, SniffOptions.Detection mode,
            List<String> hints) {
        int whole = runs[0];
        int cut = runs[1];
        int legacy = runs[2];
        int utf8 = whole + cut;
        // a browser never shows a web page as UTF-8 it guessed: only a legacy part is its answer
        boolean browser = mode == SniffOptions.Detection.BROWSER_PARITY;
        if (legacy == 0 && browser) return null;
        if (legacy == 0) {
            // UTF-8 with sequences cut short, nothing else: UTF-8 reads all but those right (at
            // least one byte is no UTF-8: never certain)
            int wrong = (int) Math.max(1, Math.round(100.0 * cut / utf8));
            return new Guess(Encoding.UTF_8, DecisionSource.DETECTION, cap(100, wrong), null, null);
        }
        // the legacy runs on their own: the body with its UTF-8 runs blanked out
        byte[] island = java.util.Arrays.copyOfRange(bytes, off, off + len);
        for (int i = AsciiBytes.firstNonAscii(bytes, off, off + len); i < off + len; ) {
            int runEnd = AsciiBytes.firstAscii(bytes, i, off + len);
            if (utf8Run(bytes, i, runEnd) >= 0) java.util.Arrays.fill(island, i - off, runEnd - off, (byte) ' ');
            i = AsciiBytes.firstNonAscii(bytes, runEnd, off + len);
        }
        Guess islandGuess = detected(ranked(island, 0, island.length, hints));
        Encoding other = islandGuess.encoding();
        // a multi-byte island's characters are two bytes each
        int islandCharacters = Candidates.of(other).weight() == 1 ? legacy : Math.max(1, legacy / 2);
        int total = utf8 + islandCharacters;
        // on a tie, the legacy reading: it keeps every byte, UTF-8 makes the legacy ones U+FFFD
        if (utf8 > islandCharacters && !browser) {
            int share = (int) Math.round(100.0 * islandCharacters / total);
            return new Guess(Encoding.UTF_8, DecisionSource.DETECTION, cap(100, share), other,
                    new EncodingDecision.Mixture(other, share));
        }
        int share = (int) Math.round(100.0 * utf8 / total);
        return new Guess(other, DecisionSource.DETECTION, cap(islandGuess.confidence(), share), Encoding.UTF_8,
                new EncodingDecision.Mixture(Encoding.UTF_8, share));
    }

    /**
     * Whether {@link #runs} are those of a page partly UTF-8: a whole UTF-8 sequence, and a large
     * enough share ({@link #MIXED_MIN_SHARE}, or {@link #MIXED_MANY_MIN_SHARE} with {@link
     * #MIXED_MIN_SEQUENCES} whole sequences or more).
     */
    private static boolean partlyUtf8(int[] runs) {
        int whole = runs[0];
        int characters = whole + runs[1] + runs[2];
        return whole > 0 && (whole >= MIXED_MIN_SHARE * characters
                || whole >= MIXED_MIN_SEQUENCES && whole >= MIXED_MANY_MIN_SHARE * characters);
    }

    /**
     * The runs of non-ASCII bytes of {@code bytes[from, to)} read as UTF-8 ({@link #utf8Run}): the
     * whole sequences of the UTF-8 runs, how many of those runs end in a sequence cut short, and
     * the bytes of the other runs.
     */
    static int[] runs(byte[] bytes, int from, int to) {
        int whole = 0;
        int cut = 0;
        int utf8Bytes = 0;
        // only runs that begin as UTF-8 are read; the other runs' bytes are the rest
        for (int i = Utf8Scan.nextUtf8RunStart(bytes, from, from, to); i < to;
                i = Utf8Scan.nextUtf8RunStart(bytes, i, from, to)) {
            int runEnd = AsciiBytes.firstAscii(bytes, i, to);
            int run = utf8Run(bytes, i, runEnd);
            if (run >= 0) {
                whole += run >> 1;
                cut += run & 1;
                utf8Bytes += runEnd - i;
            }
            i = runEnd;
        }
        return new int[] {whole, cut, Utf8Scan.nonAscii(bytes, from, to) - utf8Bytes};
    }

    /**
     * A run of non-ASCII bytes {@code bytes[from, to)} read as UTF-8 ({@link #mixed}): -1 when it
     * is not whole sequences (the last perhaps cut short by the run's end after at least one
     * continuation byte), else its whole sequences × 2, plus 1 when the last is cut short. A
     * legacy word's bytes form accidental sequences only among errors.
     */
    private static int utf8Run(byte[] bytes, int from, int to) {
        int sequences = 0;
        int k = from;
        while (k < to) {
            int b = bytes[k] & 0xFF;
            int need = Utf8Scan.trailBytes(b);
            int got = 0;
            while (got < need && k + 1 + got < to && Utf8Scan.continuation(b, got, bytes[k + 1 + got] & 0xFF)) got++;
            if (need == 0 || got < need && (got == 0 || k + 1 + got < to)) return -1; // no UTF-8
            k += 1 + got;
            if (got < need) return sequences * 2 + 1; // cut short by the end of its run
            sequences++;
        }
        return sequences == 0 ? -1 : sequences * 2;
    }

    /**
     * A confidence bounded by the share (percent) of the text the decision reads wrong: at most
     * the share it reads right, and under {@link Calibration#UNSURE} from {@link
     * EncodingDecision.Mixture#LARGE_SHARE}.
     */
    private static int cap(int confidence, int wrongShare) {
        int capped = Math.min(confidence, 100 - wrongShare);
        return wrongShare >= EncodingDecision.Mixture.LARGE_SHARE ? Math.min(capped, Calibration.UNSURE - 1) : capped;
    }

    /**
     * Fewer non-ASCII bytes than this in the text weighed are thin evidence: what those bytes most
     * often are on the web decides (the web's punctuation, {@link TextEvidence#isWebPunctuation},
     * and the priors, {@link Candidates#ALL}), and the confidence stays under {@link
     * Calibration#UNSURE}.
     */
    static final int THIN_EVIDENCE = 8;

    /** Whether {@code text} holds fewer than {@link #THIN_EVIDENCE} bytes that are not ASCII. */
    private static boolean thin(byte[] text) {
        int count = 0;
        for (int i = AsciiBytes.firstNonAscii(text, 0, text.length); i < text.length && count < THIN_EVIDENCE;
                i = AsciiBytes.firstNonAscii(text, i + 1, text.length)) {
            count++;
        }
        return count < THIN_EVIDENCE;
    }

    /** {@link #mixed}: the fewest whole UTF-8 sequences for a page to be mixed whatever it reads as whole. */
    static final int MIXED_MIN_SEQUENCES = 8;

    /** {@link #mixed}: the least share of the non-ASCII characters whole UTF-8 sequences make for a page to be partly UTF-8. */
    static final double MIXED_MIN_SHARE = 0.1;

    /**
     * {@link #mixed}: the least share with {@link #MIXED_MIN_SEQUENCES} whole sequences or more. A
     * UTF-8 template is a small part of a page with a long legacy article (a menu and a title, 8%
     * of the characters) and its text is mojibake in the article's encoding; legacy text makes
     * whole UTF-8 runs by accident at 1.2% of its characters at most, in the body and in the text
     * weighed (of every page of the chardet and real-web corpora in an encoding detection names:
     * IBM866 Russian, 10 of 839).
     */
    static final double MIXED_MANY_MIN_SHARE = 0.03;

    /**
     * Whether {@code encoding}'s reading {@code decoded} of bytes that have no whole UTF-8 sequence
     * is a few legacy letters, and not what is left of a UTF-8 page broken in one or two places:
     * <ul>
     *   <li>a single-byte encoding: beyond ASCII only small letters of a language it writes,
     *       inside words and in plausible shapes (no capital after a small letter, no letter of
     *       another script in a word): "café", where a broken sequence reads "cafÃ", "Ã©" or
     *       "â€";</li>
     *   <li>a multi-byte encoding: at least {@link #FEW_LEGACY_CHARACTERS} characters beyond ASCII,
     *       each a letter of its language ("ログイン"), where two broken sequences read as at most
     *       two.</li>
     * </ul>
     */
    public static boolean readsAsLegacyLetters(String decoded, Encoding encoding) {
        // ISO-8859-8-I, never detected, reads every byte as ISO-8859-8 does
        Candidates.Candidate c = Candidates.of(encoding == Encoding.ISO_8859_8_I ? Encoding.ISO_8859_8 : encoding);
        char[] text = decoded.toCharArray();
        if (c.weight() != 1) return TextEvidence.standardLetters(text, text.length, c, FEW_LEGACY_CHARACTERS);
        int[] nonAscii = TextEvidence.nonAscii(text, text.length);
        return TextEvidence.smallLettersInWords(text, text.length, nonAscii, nonAscii.length, c);
    }

    /**
     * Whether {@code decoded} has beyond ASCII only small letters inside words, in plausible shapes,
     * that one language writes ({@link #readsAsLegacyLetters} of a single-byte encoding that
     * writes the language): "può", "Zürich", "aničeno".
     */
    public static boolean readsAsSmallLetters(String decoded) {
        char[] text = decoded.toCharArray();
        int[] nonAscii = TextEvidence.nonAscii(text, text.length);
        for (Candidates.Candidate c : Candidates.ALL) {
            if (c.weight() == 1 && TextEvidence.smallLettersInWords(text, text.length, nonAscii, nonAscii.length, c)) return true;
        }
        return false;
    }

    /** {@link #readsAsLegacyLetters}: the fewest characters of a multi-byte encoding. */
    static final int FEW_LEGACY_CHARACTERS = 3;

    /**
     * Whether the leader's reading of the text, which scored below nothing, is shaped as noise
     * rather than as words: at least {@link #NOISE_MISFITS} of its letters in implausible shapes
     * (case flipping inside words, letters of two scripts in one word, symbols glued to letters,
     * letters out of their place). Random bytes read in any candidate have a third or more (30-79%
     * on random high bytes and compressed bodies); the best reading of every page of the
     * development set has at most 16%, and the one page there whose leader scores below zero
     * (Shift_JIS with rare characters) 1%. Only asked of a leader scoring below zero, which text
     * almost never does, so it costs nothing on text.
     */
    static boolean readsAsNoise(byte[] text, Encoding leader) {
        String decoded = io.github.jsoupcharset.codec.Decoders.decodeToString(leader.name(), text, 0, text.length);
        long errors = decoded.chars().filter(c -> c == 0xFFFD).count();
        TextEvidence.Parts parts = TextEvidence.parts(decoded.toCharArray(), decoded.length(), errors,
                Candidates.of(leader));
        return parts.implausible() >= NOISE_MISFITS * Math.max(1, parts.letters());
    }

    /** The share of a reading's letters in implausible shapes from which it reads as noise ({@link #readsAsNoise}). */
    static final double NOISE_MISFITS = 0.2;

    /**
     * The text detection weighs (at most {@link #EVIDENCE_BYTES}): the page's text without markup,
     * from shortly before its first non-ASCII byte, within {@link #DETECTION_WINDOW}.
     */
    static byte[] evidenceWindow(byte[] bytes, int off, int len) {
        // the window starts shortly before the first non-ASCII byte: a long ASCII head tells nothing
        int start = Math.max(off, AsciiBytes.firstNonAscii(bytes, off, off + len) - 1024);
        int windowLen = Math.min(off + len - start, DETECTION_WINDOW);
        // enough text is enough: the evidence is weighed on at most EVIDENCE_BYTES of it, so the
        // stripping stops there
        byte[] text = new byte[Math.min(windowLen, EVIDENCE_BYTES + 1)];
        int textLen = MarkupStripper.withoutMarkup(bytes, start, windowLen, text, EVIDENCE_BYTES);
        return java.util.Arrays.copyOf(text, Math.min(textLen, EVIDENCE_BYTES));
    }

    /**
     * A ranking, best first, and the score of the best candidate after the leader that decodes
     * the text differently ({@link #noRival} when every candidate ranked does as the leader:
     * twins that agree on the bytes present), and that candidate (null when there is none). The
     * confidence is the lead over that rival: a twin's score says nothing about whether the text
     * is right.
     */
    record Ranked(List<Ranking.Scored> candidates, double rival, Encoding rivalEncoding, byte[] text) {}

    /**
     * The rival's score when no candidate ranked decodes the text differently from the leader:
     * the most a candidate left out of stage two can have scored (it trailed by more than the
     * finalists' reach), a bound rather than a certainty.
     */
    static double noRival(double best) {
        return best - Math.max(Ranking.FINAL_REACH, Ranking.FINAL_REACH_SHARE * Math.abs(best));
    }

    /**
     * The candidates ranked on the text of bytes that are neither ASCII nor UTF-8, best first,
     * with the hints (and the page's {@code <html lang>}) breaking a tie.
     */
    static Ranked ranked(byte[] bytes, int off, int len, List<String> hints) {
        return ranked(bytes, off, len, evidenceWindow(bytes, off, len), hints);
    }

    /** {@link #ranked(byte[], int, int, List)} on the page's {@link #evidenceWindow}, {@code text}. */
    private static Ranked ranked(byte[] bytes, int off, int len, byte[] text, List<String> hints) {
        int n = text.length;
        List<Ranking.Scored> ranked = euroAlone(Ranking.rank(text, n), text, n);
        if (ranked.get(1).score() >= ranked.get(0).score()
                - Math.max(LanguageHints.TIE, LanguageHints.TIE_SHARE * Math.abs(ranked.get(0).score()))) {
            // a tie: the hints, and the page's own <html lang>, may break it
            String lang = LanguageHints.htmlLang(bytes, off, len, HTML_LANG_WINDOW);
            List<String> all = hints;
            if (lang != null && !hints.contains(lang)) {
                all = new ArrayList<>(hints);
                all.add(lang);
            }
            ranked = LanguageHints.breakTie(ranked, all);
        }
        // the text's byte values, found once where single-byte candidates are compared
        int[] values = Candidates.of(ranked.get(0).encoding()).weight() == 1 ? nonAsciiValues(text, n) : null;
        ranked = beyondTheText(ranked, bytes, off, len, text, n, values);
        Candidates.Candidate leader = Candidates.of(ranked.get(0).encoding());
        for (int i = 1; i < ranked.size(); i++) {
            Candidates.Candidate other = Candidates.of(ranked.get(i).encoding());
            if (leader.weight() == 1 && other.weight() == 1 && values == null) values = nonAsciiValues(text, n);
            if (!sameText(leader, other, values)) return new Ranked(ranked, ranked.get(i).score(), other.encoding(), text);
        }
        return new Ranked(ranked, noRival(ranked.get(0).score()), null, text);
    }

    /**
     * The ranking without GBK where it leads on a text whose only bytes beyond ASCII are 0x80. GBK
     * reads that byte alone as \u20ac, its one character of a single byte beyond ASCII, as
     * windows-1252 and most single-byte encodings do: such a text ("\u20ac5 a month") reads alike in
     * them, and GBK led only because the ranking weighs its characters double, as two bytes each,
     * which this one is not. It would change no character, so it is no rival either; the others'
     * ranking, where the priors part readings alike, decides (windows-1252, the web's commoner).
     */
    private static List<Ranking.Scored> euroAlone(List<Ranking.Scored> ranked, byte[] text, int n) {
        if (ranked.get(0).encoding() != Encoding.GBK) return ranked;
        for (int i = AsciiBytes.firstNonAscii(text, 0, n); i < n; i = AsciiBytes.firstNonAscii(text, i + 1, n)) {
            if (text[i] != (byte) 0x80) return ranked;
        }
        return ranked.size() > 2 ? ranked.subList(1, ranked.size()) : ranked;
    }

    /**
     * The ranking with a twin of the leader first where the text weighed cannot tell them apart and
     * the rest of the page can: single-byte candidates that decode the text weighed alike
     * (ISO-8859-2 and windows-1250 on Hungarian without ő and ű) are scored on all the page's
     * text in the window ({@link #DETECTION_WINDOW}) when that text holds a byte they decode
     * differently (windows-1250's "–" and "«", ISO-8859-2's C1 control and "Ť"), and the best of
     * them leads (the leader on a tie). The priors alone would choose between them otherwise. Only
     * for a text cut at {@link #EVIDENCE_BYTES}: a shorter one is the page's whole text. {@code values}: the
     * text's non-ASCII byte values ({@link #nonAsciiValues}).
     */
    private static List<Ranking.Scored> beyondTheText(List<Ranking.Scored> ranked, byte[] bytes, int off, int len,
            byte[] text, int n, int[] values) {
        Candidates.Candidate leader = Candidates.of(ranked.get(0).encoding());
        if (leader.weight() != 1 || n < EVIDENCE_BYTES) return ranked;
        ByteTables.ByteTable leaderTable = ByteTables.TABLES.get(leader.encoding());
        List<Integer> twins = new ArrayList<>();
        for (int i = 1; i < ranked.size(); i++) {
            Candidates.Candidate other = Candidates.of(ranked.get(i).encoding());
            if (other.weight() == 1 && ByteTables.decodeAlike(leaderTable, ByteTables.TABLES.get(other.encoding()), values)) {
                twins.add(i);
            }
        }
        if (twins.isEmpty()) return ranked;
        int start = Math.max(off, AsciiBytes.firstNonAscii(bytes, off, off + len) - 1024);
        int windowLen = Math.min(off + len - start, DETECTION_WINDOW);
        byte[] all = new byte[windowLen + 1];
        int allLen = MarkupStripper.withoutMarkup(bytes, start, windowLen, all, windowLen);
        int[] allValues = nonAsciiValues(all, allLen);
        List<Integer> differing = new ArrayList<>();
        List<Candidates.Candidate> scored = new ArrayList<>(List.of(leader));
        for (int at : twins) {
            Candidates.Candidate c = Candidates.of(ranked.get(at).encoding());
            // alike on all the text too: nothing to tell them apart
            if (ByteTables.decodeAlike(leaderTable, ByteTables.TABLES.get(c.encoding()), allValues)) continue;
            differing.add(at);
            scored.add(c);
        }
        if (differing.isEmpty()) return ranked;
        // the leader and the twins that differ, scored on the bytes through their tables
        List<TextEvidence.Parts> parts = Ranking.singleByteParts(all, allLen, scored);
        int best = 0;
        double bestScore = parts.get(0).score(leader, 0);
        for (int k = 0; k < differing.size(); k++) {
            double score = parts.get(k + 1).score(scored.get(k + 1), 0);
            if (score > bestScore) {
                bestScore = score;
                best = differing.get(k);
            }
        }
        if (best == 0) return ranked;
        List<Ranking.Scored> result = new ArrayList<>(ranked);
        result.add(0, result.remove(best));
        return result;
    }

    /**
     * Whether two candidates decode the text identically: single-byte ones that agree on every
     * non-ASCII byte value in it ({@code values}, from {@link #nonAsciiValues}).
     */
    private static boolean sameText(Candidates.Candidate a, Candidates.Candidate b, int[] values) {
        if (a.weight() != 1 || b.weight() != 1) return a.encoding() == b.encoding();
        return ByteTables.decodeAlike(ByteTables.TABLES.get(a.encoding()), ByteTables.TABLES.get(b.encoding()), values);
    }

    /** The non-ASCII byte values {@code text[0, n)} holds, each once. */
    static int[] nonAsciiValues(byte[] text, int n) {
        boolean[] seen = new boolean[256];
        int[] values = new int[128];
        int count = 0;
        for (int i = AsciiBytes.firstNonAscii(text, 0, n); i < n; i = AsciiBytes.firstNonAscii(text, i, n)) {
            // a run of non-ASCII bytes, byte by byte (legacy text is mostly such runs)
            for (; i < n && text[i] < 0; i++) {
                int b = text[i] & 0xFF;
                if (!seen[b]) {
                    seen[b] = true;
                    values[count++] = b;
                }
            }
        }
        return java.util.Arrays.copyOf(values, count);
    }

    /** Whether the bytes hold an ISO-2022-JP escape sequence (ESC $ @, ESC $ B, ESC ( J, ESC ( I). */
    static boolean hasIso2022JpEscapes(byte[] b, int off, int len) {
        for (int i = off, end = off + len - 2; i < end; i++) {
            if (b[i] != 0x1B) continue;
            int b1 = b[i + 1];
            int b2 = b[i + 2];
            if (b1 == '$' && (b2 == '@' || b2 == 'B') || b1 == '(' && (b2 == 'J' || b2 == 'I')) return true;
        }
        return false;
    }

    enum Utf8 { ASCII, VALID, INVALID }

    /**
     * Whether the bytes are all ASCII, valid UTF-8 with at least one multi-byte sequence, or not
     * UTF-8. In a complete body a sequence cut off by the end of the bytes is an error (a
     * windows-1252 "é" as the last byte is no UTF-8), unless {@link Utf8Scan} found plenty of whole
     * sequences before it: a UTF-8 page cut short. In a body known to be cut off
     * ({@code complete} false) the sequence the cut split is left out and the bytes before it are
     * judged: valid UTF-8 if they hold a whole multi-byte sequence, ASCII if they are ASCII.
     */
    static Utf8 utf8Validity(byte[] b, int off, int len, boolean complete) {
        Utf8Scan scan = Utf8Scan.of(b, off, len, complete, true, Integer.MAX_VALUE);
        return scan.errors() > 0 ? Utf8.INVALID : scan.sequences() > 0 ? Utf8.VALID : Utf8.ASCII;
    }
}
