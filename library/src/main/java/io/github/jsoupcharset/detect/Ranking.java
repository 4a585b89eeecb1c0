package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.codec.Decoder;
import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.WhatwgCharset;
import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The candidates ranked on a text, in two stages, taking the shortcuts that keep detection's cost
 * bounded (DETECTION.md, "Cost"): stage one scores the contenders ({@link Glance}; multi-byte
 * candidates dropped when even their {@link TextEvidence#ceiling} cannot reach the best
 * single-byte score) on {@link #SAMPLE_BYTES} of text; stage two scores the leader and the
 * finalists close to it on all the text, the Cyrillic readings among them ordered by how often
 * Russian writes their letters ({@link CyrillicLetters}), with ICU4J's opinion ({@link IcuOpinion})
 * asked only where it could change the text. In both stages a Thai, Greek or Arabic reading
 * loses what it is unlike the language ({@link LetterShares}), a Japanese one what its kanji are
 * unlike Japanese's ({@link KanjiShares}), a two-byte one its brackets that do not pair ({@link
 * BracketPairs}). Internal; thread-safe.
 */
final class Ranking {
    private Ranking() {}

    /** A ranked result. */
    record Scored(Encoding encoding, double score) {}

    /** Every candidate scored on {@code text} (markup already removed), best first. */
    static List<Scored> rank(byte[] text, int len) {
        return rank(text, len, false);
    }

    /**
     * As {@link #rank(byte[], int)}; {@code exhaustive} takes none of the shortcuts (every
     * candidate scored on the sample, the six leaders on all the text, every ICU4J recogniser
     * asked), for tests that show the shortcuts choose the same text.
     */
    static List<Scored> rank(byte[] text, int len, boolean exhaustive) {
        return rank(text, len, exhaustive, true);
    }

    /**
     * As {@link #rank(byte[], int, boolean)}; {@code dropEarly} false scores every stage-one
     * contender in full where it would be dropped as soon as it cannot reach what the ranking is
     * read for ({@link Standing}), for tests that show those drops change nothing read.
     */
    static List<Scored> rank(byte[] text, int len, boolean exhaustive, boolean dropEarly) {
        return rank(text, len, exhaustive, dropEarly, SAMPLE_NON_ASCII);
    }

    /**
     * As {@link #rank(byte[], int, boolean, boolean)}, stage one's sample ending after {@code
     * sampleMost} non-ASCII bytes ({@link #SAMPLE_NON_ASCII}), for tests that show where it
     * ends changes no leader.
     */
    static List<Scored> rank(byte[] text, int len, boolean exhaustive, boolean dropEarly, int sampleMost) {
        Scratch scratch = new Scratch(text, len, sampleMost);
        int sampleLen = scratch.sampleLen;
        // 1. the contenders on a short sample, without ICU4J: wrong decodings fall far behind fast
        Glance.Contenders glance = exhaustive ? new Glance.Contenders(Candidates.ALL, List.of(), null)
                : Glance.glance(text, sampleLen, scratch.nonAscii, scratch.nonAsciiCount);
        List<Candidate> contenders = glance.candidates();
        // the glance counted the sample's byte values: counted once
        if (glance.histogram() != null) scratch.sampleHistogram = glance.histogram();
        TextEvidence.Parts[] scored = new TextEvidence.Parts[contenders.size()];
        // every candidate scored, on few non-ASCII bytes: the single-byte ones all in one pass
        int sampleNonAscii = scratch.nonAsciiBefore(sampleLen);
        TextEvidence.Parts[] together = contenders == Candidates.ALL && sampleNonAscii <= ALL_AT_ONCE_MAX
                ? TextEvidence.allSingleByteParts(text, sampleLen, scratch.nonAscii, sampleNonAscii) : null;
        // the order of scoring. On a text that reads as multi-byte (a multi-byte candidate's bound
        // above every single-byte candidate's ceiling), the likeliest candidates first, so that
        // what the others must reach to matter (Standing#toReach) is high, each of the others
        // dropped as soon as it cannot: the multi-byte candidate of the best bound, the single-byte
        // one of the best bound, the other multi-byte ones by their bound, then the other
        // single-byte ones by theirs, a single-byte one's bound made tighter only while it could
        // still be scored (SingleByteBounds), and one whose bound cannot reach dropped unscored.
        // Single-byte readings of any other text score too close to their bounds to be dropped
        // early: there the single-byte candidates, then the multi-byte ones that can reach the
        // best of them.
        LeadByteBound.Bound[] bounds = new LeadByteBound.Bound[scored.length];
        List<Integer> singleByte = new ArrayList<>();
        List<Integer> multiByte = new ArrayList<>();
        for (int i = 0; i < scored.length; i++) (contenders.get(i).weight() == 1 ? singleByte : multiByte).add(i);
        Scoring scoring = new Scoring(contenders, scored, bounds, new Standing(scratch, sampleLen), scratch, exhaustive, dropEarly);
        List<Integer> byBound = new ArrayList<>(multiByte);
        boolean multiByteText = false;
        if (!glance.singleByteByGlance().isEmpty()) {
            for (int i : multiByte) {
                bounds[i] = LeadByteBound.of(contenders.get(i), text, sampleLen, scratch.nonAscii, scratch.nonAsciiCount);
            }
            // best first (stable: equal bounds in candidate order)
            byBound.sort((a, b) -> Double.compare(bounds[b].score(contenders.get(b)), bounds[a].score(contenders.get(a))));
            multiByteText = !byBound.isEmpty();
            for (int k = 0; k < glance.singleByteByGlance().size() && multiByteText; k++) {
                // the likeliest single-byte candidates first: one whose ceiling reaches the bound settles it
                multiByteText = singleByteCeiling(glance.singleByteByGlance().get(k), glance.histogram())
                        < bounds[byBound.get(0)].score(contenders.get(byBound.get(0)));
            }
        }
        if (multiByteText) {
            SingleByteBounds singleByteBounds = new SingleByteBounds(contenders, singleByte, glance.histogram(), scratch);
            scoring.dropping = true;
            scoring.multiByte(byBound.get(0));
            scoring.singleByte(singleByteBounds);
            for (int k : byBound.subList(1, byBound.size())) scoring.multiByte(k);
            while (scoring.singleByte(singleByteBounds)) {}
        } else {
            for (int i = 0, allAtOnce = 0; i < singleByte.size(); i++) {
                int k = singleByte.get(i);
                scoring.add(k, together != null ? together[allAtOnce++] : scratch.singleByteParts(contenders.get(k), sampleLen));
            }
            for (int k : multiByte) scoring.multiByte(k);
        }
        Standing standing = scoring.standing;
        double[] losses = scoring.losses;
        List<Scored> first = new ArrayList<>();
        Map<Encoding, TextEvidence.Parts> sampleParts = new HashMap<>(64); // every candidate, without growing
        double sampleLeader = standing.leader;
        for (int i = 0; i < scored.length; i++) {
            if (scored[i] == null) continue; // dropped: cannot reach what it had to
            Candidate c = contenders.get(i);
            sampleParts.put(c.encoding(), scored[i]);
            first.add(new Scored(c.encoding(), standing(scored[i].score(c, 0) - losses[i], losses[i], sampleLeader)));
        }
        first.sort(BEST_FIRST);
        double leader = first.get(0).score();
        if (sampleLen == len && leader - first.get(1).score() > DECISIVE) return first;
        // a lead this clear on the sample is not reversed by the rest of the text (on the development
        // set, a quarter of the leader's score held with room: a sixth did not)
        if (!exhaustive && leader - first.get(1).score() > Math.max(SETTLED, SETTLED_SHARE * Math.abs(leader))) return first;
        // 2. the leaders, those close enough to the leader to overtake it, on all the evidence,
        // with the Cyrillic letters' frequencies and ICU4J's opinion
        double reach = Math.max(FINAL_REACH, FINAL_REACH_SHARE * Math.abs(leader));
        List<Candidate> finalists = new ArrayList<>();
        List<TextEvidence.Parts> finalParts = new ArrayList<>();
        for (Scored f : first) {
            if (finalists.size() == FINALISTS || !exhaustive && finalists.size() >= 2 && f.score() < leader - reach) break;
            Candidate c = Candidates.of(f.encoding());
            finalists.add(c);
            finalParts.add(sampleLen == len ? sampleParts.get(c.encoding()) : parts(text, len, c, scratch));
        }
        // readings of one alphabet told apart by how often the language writes their letters and by
        // the case of their words, and a Thai, Greek or Arabic reading unlike the language, a
        // Japanese one unlike its kanji, and a two-byte one whose brackets do not pair, set back
        double[] shortfalls = CyrillicLetters.shortfalls(finalists, text, len, () -> scratch.histogram(len));
        for (int i = 0; i < finalists.size(); i++) shortfalls[i] += scratch.unlikeItsLanguage(finalists.get(i), len);
        Map<Encoding, Integer> icu = Map.of();
        Set<Encoding> wanted = icuWanted(finalists, finalParts, shortfalls, scratch);
        if (exhaustive || !wanted.isEmpty()) {
            icu = IcuOpinion.confidences(text, len, exhaustive ? null : wanted);
        }
        List<Scored> second = new ArrayList<>();
        for (int i = 0; i < finalists.size(); i++) {
            Candidate c = finalists.get(i);
            second.add(new Scored(c.encoding(), finalParts.get(i).score(c, icu.getOrDefault(c.encoding(), 0)) - shortfalls[i]));
        }
        second.sort(BEST_FIRST);
        return second;
    }

    /**
     * The finalists whose ICU4J confidence could change the winner, the leader included, or an
     * empty set when none could. ICU4J's opinion only adds to scores, at most
     * {@link TextEvidence.Parts#icuCeiling}, so a finalist behind the leader by more than its ceiling cannot
     * overtake whatever ICU4J says; nor can one that decodes the text exactly as the leader does
     * (twins such as windows-1255 and ISO-8859-8 on a text without the bytes they differ in),
     * where the choice would not change a character. ICU4J's pass is costly and then skipped. The
     * scores are the finalists' less their {@link CyrillicLetters#shortfalls} and what they lose
     * for being unlike their language ({@link Scratch#unlikeItsLanguage}).
     */
    private static Set<Encoding> icuWanted(List<Candidate> finalists, List<TextEvidence.Parts> parts, double[] shortfalls,
            Scratch scratch) {
        int lead = 0;
        for (int i = 1; i < finalists.size(); i++) {
            // strictly greater: equal scores keep the candidates' order, as the stable sort does
            if (parts.get(i).score(finalists.get(i), 0) - shortfalls[i]
                    > parts.get(lead).score(finalists.get(lead), 0) - shortfalls[lead]) lead = i;
        }
        double leader = parts.get(lead).score(finalists.get(lead), 0) - shortfalls[lead];
        Set<Encoding> wanted = new HashSet<>();
        for (int i = 0; i < finalists.size(); i++) {
            if (i == lead) continue;
            Candidate c = finalists.get(i);
            // an equal score could win on order, so only a strict lead is safe
            double ceiling = IcuOpinion.NAMES.contains(c.encoding()) ? parts.get(i).icuCeiling(c) : 0;
            if (parts.get(i).score(c, 0) - shortfalls[i] + ceiling >= leader && !sameText(finalists.get(lead), c, scratch)) {
                wanted.add(c.encoding());
            }
        }
        if (!wanted.isEmpty()) wanted.add(finalists.get(lead).encoding());
        return wanted;
    }

    /**
     * The most single-byte candidate {@code c} can score (without ICU4J) on a text whose non-ASCII
     * bytes occur as {@code histogram} counts them (256 entries, by byte value): every one at its
     * {@link ByteTables.ByteTable#ceilings ceiling}, and its prior.
     */
    private static double singleByteCeiling(Candidate c, int[] histogram) {
        byte[] ceilings = ByteTables.TABLES.get(c.encoding()).ceilings;
        int sum = 0;
        for (int b = 0; b < 128; b++) sum += histogram[b + 0x80] * ceilings[b];
        return sum + TextEvidence.Weights.DEFAULT.prior() * c.prior();
    }

    /** Stage one's scoring: each contender scored as its turn comes, or dropped where it cannot matter. */
    private static final class Scoring {
        private final List<Candidate> contenders;
        private final TextEvidence.Parts[] scored;
        private final LeadByteBound.Bound[] bounds;
        final Standing standing;
        private final Scratch scratch;
        private final boolean exhaustive;
        private final boolean dropEarly;
        /** What each reading loses beside its parts ({@link Scratch#unlikeItsLanguage}). */
        final double[] losses;
        private double bestSingleByte = Double.NEGATIVE_INFINITY;

        Scoring(List<Candidate> contenders, TextEvidence.Parts[] scored, LeadByteBound.Bound[] bounds, Standing standing,
                Scratch scratch, boolean exhaustive, boolean dropEarly) {
            this.contenders = contenders;
            this.scored = scored;
            this.bounds = bounds;
            this.standing = standing;
            this.scratch = scratch;
            this.exhaustive = exhaustive;
            this.dropEarly = dropEarly;
            this.losses = new double[scored.length];
        }

        /** Whether candidates are dropped where they cannot reach {@link #toReach}: where the likeliest are scored first. */
        boolean dropping;

        /** The score a candidate still to be scored must be able to reach to matter (negative infinity: any). */
        private double toReach() {
            return dropping && dropEarly ? standing.toReach() : Double.NEGATIVE_INFINITY;
        }

        /** Scores multi-byte contender {@code k}, dropped where it cannot reach the best single-byte score or {@link #toReach}. */
        void multiByte(int k) {
            double toBeat = exhaustive ? Double.NEGATIVE_INFINITY : Math.max(bestSingleByte, toReach());
            add(k, multiByteParts(scratch.text, scratch.sampleLen, contenders.get(k), scratch, toBeat, bounds[k]));
        }

        /**
         * Scores the single-byte contender of the best bound that can reach {@link #toReach}, if
         * any ({@link SingleByteBounds#next}); gives whether there was one.
         */
        boolean singleByte(SingleByteBounds candidates) {
            double toReach = toReach();
            int k = candidates.next(toReach);
            if (k < 0) return false;
            add(k, scratch.singleByteParts(contenders.get(k), scratch.sampleLen, toReach, candidates.pairCeilings(k)));
            return true;
        }

        /** Adds contender {@code k}'s sample parts (null: dropped, as it cannot reach what it had to). */
        void add(int k, TextEvidence.Parts parts) {
            scored[k] = parts;
            if (parts == null) return;
            Candidate c = contenders.get(k);
            losses[k] = scratch.unlikeItsLanguage(c, scratch.sampleLen);
            double score = standing.add(c, parts, losses[k]);
            if (c.weight() == 1) bestSingleByte = Math.max(bestSingleByte, score);
        }
    }

    /**
     * The single-byte contenders still to be scored, each with a bound its stage-one score never
     * exceeds (without ICU4J), made tighter in steps only while it could still be the best or
     * reach what a candidate must: first its bytes' {@link ByteTables.ByteTable#ceilings} by
     * their counts ({@link #singleByteCeiling}); then each byte's ceiling after the byte before
     * it ({@link TextEvidence#pairCeilings}); then those less what weighing every letter in one
     * language takes from them ({@link TextEvidence#languageCut}): on a multi-byte text read byte
     * by byte, whose bytes are letters of many languages and none's all (Chinese read as
     * ISO-8859-16 or ISO-8859-5), most of what the ceilings allow.
     */
    private static final class SingleByteBounds {
        private final List<Candidate> contenders;
        private final Scratch scratch;
        private final List<Integer> left;
        private final double[] bound;
        /** How far each bound is refined: 0 byte ceilings, 1 pair ceilings, 2 less the language cut (as tight as it gets). */
        private final int[] step;
        private final int[] pairCeilings;
        private int[] counted;
        private int[] pairs;

        SingleByteBounds(List<Candidate> contenders, List<Integer> singleByte, int[] histogram, Scratch scratch) {
            this.contenders = contenders;
            this.scratch = scratch;
            this.left = new ArrayList<>(singleByte);
            this.bound = new double[contenders.size()];
            this.step = new int[contenders.size()];
            this.pairCeilings = new int[contenders.size()];
            for (int k : singleByte) bound[k] = singleByteCeiling(contenders.get(k), histogram);
        }

        /** The sum of contender {@code k}'s {@link TextEvidence#pairCeilings} on the sample (once it has been refined that far). */
        int pairCeilings(int k) {
            return pairCeilings[k];
        }

        /**
         * The contender of the best bound, removed from those left, once its bound is as tight as
         * it gets and still the best (equal bounds in candidate order); -1 when no bound left
         * reaches {@code toReach}, and then none is left.
         */
        int next(double toReach) {
            while (!left.isEmpty()) {
                int best = 0;
                for (int i = 1; i < left.size(); i++) if (bound[left.get(i)] > bound[left.get(best)]) best = i;
                int k = left.get(best);
                if (bound[k] < toReach) break;
                if (step[k] == 2) {
                    left.remove(best);
                    return k;
                }
                refine(k);
            }
            left.clear();
            return -1;
        }

        /** Makes contender {@code k}'s bound one step tighter. */
        private void refine(int k) {
            Candidate c = contenders.get(k);
            ByteTables.ByteTable t = ByteTables.TABLES.get(c.encoding());
            double prior = TextEvidence.Weights.DEFAULT.prior() * c.prior();
            if (pairs == null) pairs = TextEvidence.pairs(scratch.text, scratch.sampleLen, scratch.nonAscii, scratch.nonAsciiCount);
            if (step[k] == 0) {
                pairCeilings[k] = TextEvidence.pairCeilings(pairs, pairs.length, t);
                bound[k] = Math.min(bound[k], pairCeilings[k] + prior);
                step[k] = t.languageCount == 1 ? 2 : 1; // one language: no cut to make
            } else {
                if (counted == null) counted = new int[128];
                TextEvidence.countedLetters(pairs, pairs.length, t, counted);
                int[] values = scratch.valuesOf(scratch.sampleLen);
                int cut = TextEvidence.languageCut(t, counted, values);
                bound[k] = Math.min(bound[k], pairCeilings[k] - cut + prior);
                step[k] = 2;
            }
        }
    }

    /**
     * The stage-one scores so far, and what a candidate still to be scored must reach to matter
     * ({@link #toReach}): what the ranking is read for is its leader and its runner-up (whether
     * stage two runs, the rival the confidence weighs, ties the language hints break) and the
     * finalists within reach of the leader. A candidate that cannot reach the runner-up among
     * those that decode the sample apart from the leader (so the rival of whatever candidate
     * leads in the end scores at least as much), nor come within reach of the leader, is none of
     * these, whatever else is scored.
     */
    private static final class Standing {
        private final Scratch scratch;
        private final int sampleLen;
        private final List<Candidate> candidates = new ArrayList<>();
        private final List<Double> scores = new ArrayList<>();
        /** What each reading loses beside its parts ({@link Scratch#unlikeItsLanguage}). */
        private final List<Double> losses = new ArrayList<>();
        /** The best of {@link #scores} so far. */
        private double leader = Double.NEGATIVE_INFINITY;

        Standing(Scratch scratch, int sampleLen) {
            this.scratch = scratch;
            this.sampleLen = sampleLen;
        }

        /**
         * Adds a candidate's sample parts and what it loses beside them ({@link Scratch#unlikeItsLanguage});
         * gives its score as it stands ({@link #standing}).
         */
        double add(Candidate c, TextEvidence.Parts parts, double loss) {
            double score = parts.score(c, 0) - loss;
            candidates.add(c);
            scores.add(score);
            losses.add(loss);
            leader = Math.max(leader, score);
            return standing(score, loss, leader);
        }

        /** The score a candidate must be able to reach to matter (negative infinity: any). */
        double toReach() {
            if (scores.isEmpty()) return Double.NEGATIVE_INFINITY;
            int lead = 0;
            for (int i = 1; i < scores.size(); i++) if (scores.get(i) > scores.get(lead)) lead = i;
            double leader = scores.get(lead);
            double runnerUp = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < scores.size(); i++) {
                double score = standing(scores.get(i), losses.get(i), leader);
                if (i != lead && score > runnerUp && !scratch.decodeSampleAlike(candidates.get(lead), candidates.get(i), sampleLen)) {
                    runnerUp = score;
                }
            }
            return Math.min(runnerUp, leader - Math.max(FINAL_REACH, FINAL_REACH_SHARE * Math.abs(leader)));
        }
    }

    /**
     * The stage-one score of a reading scoring {@code score} after its {@code loss} ({@link
     * Scratch#unlikeItsLanguage}) against a leader scoring {@code leader}: {@code score}, or the score before
     * the loss where even that trails the leader by more than the lead that settles the ranking
     * ({@link #SETTLED}). There the loss changes nothing the ranking is read for (the leader, the
     * ranking ending on the sample, a confidence of certainty), and taking it would leave no
     * runner-up in its place to hold the others to: Chinese read as Thai trails by hundreds, and
     * without it every candidate below would be scored as a possible runner-up. A leader only
     * grows as candidates are scored, so a reading so far behind stays so.
     */
    private static double standing(double score, double loss, double leader) {
        double before = score + loss;
        return loss > 0 && before < leader - Math.max(SETTLED, SETTLED_SHARE * Math.abs(leader)) ? before : score;
    }

    /** Whether two candidates decode the text identically: single-byte ones that agree on its bytes. */
    private static boolean sameText(Candidate a, Candidate b, Scratch scratch) {
        if (a.weight() != 1 || b.weight() != 1) return false;
        int[] values = scratch.valuesOf(scratch.len);
        return ByteTables.decodeAlike(ByteTables.TABLES.get(a.encoding()), ByteTables.TABLES.get(b.encoding()), values);
    }

    /**
     * Buffers one ranking reuses across candidates, and where the text's non-ASCII bytes are: found
     * in the sample first, and in the rest of the text only when stage two asks ({@link #scan}).
     */
    private static final class Scratch {
        final int[] byteLetters = new int[256];
        /** The offsets of the non-ASCII bytes in {@code text[0, scanned)}, ascending. */
        int[] nonAscii;
        int nonAsciiCount;
        /** How many bytes 0x88 {@code text[0, scanned)} holds: a Big5 lead that can make two characters. */
        int big5DoubleLeads;
        private int scanned;
        private char[] chars;
        /** The decoding buffer, at least {@code size} long, made on first use (a text no multi-byte candidate is decoded for needs none). */
        char[] chars(int size) {
            if (chars == null || chars.length < size) chars = new char[size];
            return chars;
        }

        private final byte[] text;
        private final int len;

        /** Where stage one's sample of the text ends ({@link #SAMPLE_BYTES}, {@link #SAMPLE_NON_ASCII}). */
        final int sampleLen;

        /**
         * The scratch of a ranking of {@code text[0, len)}, its sample scanned: at most {@link
         * #SAMPLE_BYTES}, ending at the first run of non-ASCII bytes after {@code sampleNonAscii}
         * of them.
         */
        Scratch(byte[] text, int len, int sampleNonAscii) {
            this.text = text;
            this.len = len;
            nonAscii = new int[Math.min(len, SAMPLE_NON_ASCII + 64)];
            sampleLen = scan(Math.min(len, SAMPLE_BYTES), sampleNonAscii);
        }

        /** Finds the non-ASCII bytes up to {@code to} (at most the text's length), where not yet done. */
        void scan(int to) {
            scan(to, Integer.MAX_VALUE);
        }

        /**
         * Finds the non-ASCII bytes up to {@code to}, where not yet done, or up to the first run of
         * them that begins after {@code most} have been found (no sequence cut); gives where it
         * stopped.
         */
        private int scan(int to, int most) {
            int[] offsets = nonAscii;
            int count = nonAsciiCount;
            int doubles = big5DoubleLeads;
            int i = AsciiBytes.firstNonAscii(text, scanned, to);
            while (i < to) {
                // a run of non-ASCII bytes begins here (the byte before it ASCII): the sample may end
                if (count >= most && offsets[count - 1] != i - 1) {
                    to = i;
                    break;
                }
                // grown once to hold every byte still to scan: dense text fills it in one go
                if (count == offsets.length) offsets = Arrays.copyOf(offsets, Math.min(len, count + to - i));
                offsets[count++] = i;
                if (text[i] == (byte) 0x88) doubles++;
                // in CJK text the next byte is mostly non-ASCII too: the ASCII skip only after an ASCII byte
                i++;
                if (i < to && text[i] >= 0) i = AsciiBytes.firstNonAscii(text, i + 1, to);
            }
            scanned = Math.max(scanned, to);
            nonAscii = offsets;
            nonAsciiCount = count;
            big5DoubleLeads = doubles;
            return to;
        }

        /**
         * Counts made on {@code text[0, countedLength)}: the table of the candidate that made them,
         * the counts, and the languages (shared arrays: compared by identity) and parts they were
         * first weighed for.
         */
        private record Counted(ByteTables.ByteTable table, TextEvidence.SingleByteCounts counts, String[] languages,
                TextEvidence.Parts parts) {}

        private int countedLength = -1;
        private final List<Counted> counted = new ArrayList<>();

        /**
         * {@link TextEvidence#singleByteParts} of single-byte candidate {@code c} on {@code text[0, n)}
         * (scanned), its counts shared with every candidate that decodes each byte value of that
         * text to the same character, and so counts the same (only the languages' weighing is
         * the candidate's own): on a text with few non-ASCII bytes every single-byte candidate is
         * scored, and most decode its few byte values alike; on a longer one, twins do (ISO-8859-7
         * and windows-1253 on Greek without the letters they place apart, windows-1255 and
         * ISO-8859-8 on Hebrew without points), and the comparing costs a pass over the byte
         * values where a count costs many.
         */
        TextEvidence.Parts singleByteParts(Candidate c, int n) {
            ByteTables.ByteTable t = ByteTables.TABLES.get(c.encoding());
            if (countedLength != n) {
                countedLength = n;
                counted.clear();
            }
            int[] values = valuesOf(n);
            for (Counted g : counted) {
                if (ByteTables.decodeAlike(g.table(), t, values)) {
                    // the same characters and the same languages: the same parts
                    return g.languages() == c.languages() ? g.parts() : TextEvidence.singleByteParts(g.counts(), t);
                }
            }
            TextEvidence.SingleByteCounts made = TextEvidence.singleByteCounts(text, n, nonAscii, nonAsciiCount, t, byteLetters);
            TextEvidence.Parts parts = TextEvidence.singleByteParts(made, t);
            counted.add(new Counted(t, made, c.languages(), parts));
            return parts;
        }

        /**
         * {@link #singleByteParts(Candidate, int)}, or null when the candidate cannot score {@code
         * toBeat} or more (negative infinity: always the parts), known as soon as the counts so far
         * and the ceilings of the bytes still to count cannot reach it ({@code pairCeilings}: their
         * sum over the text, {@link TextEvidence#pairCeilings}): only on a text of more than
         * {@link #WHOLE_COUNTS_MAX} non-ASCII bytes, where dropping part way pays (counts made so
         * are not shared).
         */
        TextEvidence.Parts singleByteParts(Candidate c, int n, double toBeat, int pairCeilings) {
            int end = nonAsciiBefore(n);
            if (toBeat == Double.NEGATIVE_INFINITY || end <= WHOLE_COUNTS_MAX) return singleByteParts(c, n);
            ByteTables.ByteTable t = ByteTables.TABLES.get(c.encoding());
            TextEvidence.SingleByteCounts counts = TextEvidence.singleByteCounts(text, n, nonAscii, nonAsciiCount, t, byteLetters,
                    c, toBeat, pairCeilings);
            return counts == null ? null : TextEvidence.singleByteParts(counts, t);
        }

        /** Whether two candidates decode {@code text[0, n)} (scanned) alike: single-byte ones that agree on its byte values. */
        boolean decodeSampleAlike(Candidate a, Candidate b, int n) {
            if (a.weight() != 1 || b.weight() != 1) return false;
            int[] values = valuesOf(n);
            return ByteTables.decodeAlike(ByteTables.TABLES.get(a.encoding()), ByteTables.TABLES.get(b.encoding()), values);
        }

        /** The sample's and the whole text's non-ASCII byte values (null until asked). */
        private int[] sampleValues;
        private int[] wholeValues;

        /**
         * The non-ASCII byte values of {@code text[0, n)}, {@code n} the sample's end or the
         * text's, each once, ascending: read off {@link #histogram}, each set found once.
         */
        int[] valuesOf(int n) {
            if (n == sampleLen && sampleValues != null) return sampleValues;
            if (n == len && wholeValues != null) return wholeValues;
            int[] counts = histogram(n);
            int[] found = new int[128];
            int count = 0;
            for (int b = 0x80; b < 0x100; b++) {
                if (counts[b] != 0) found[count++] = b;
            }
            int[] values = Arrays.copyOf(found, count);
            if (n == sampleLen) sampleValues = values;
            if (n == len) wholeValues = values;
            return values;
        }

        /**
         * What candidate {@code c}'s reading of {@code text[0, n)} loses for being unlike its
         * script's language: a single-byte reading its {@link LetterShares#loss}, a two-byte one
         * its {@link KanjiShares#loss} and {@link BracketPairs#loss}; 0 where none weighs it.
         */
        double unlikeItsLanguage(Candidate c, int n) {
            if (c.weight() != 1) {
                scan(n);
                return KanjiShares.loss(c.encoding(), text, n, nonAscii, nonAsciiCount)
                        + BracketPairs.loss(c, text, n, nonAscii, nonAsciiCount);
            }
            if (!LetterShares.ENCODINGS.contains(c.encoding())) return 0;
            return LetterShares.loss(c.encoding(), histogram(n));
        }

        /** The sample's and the whole text's byte histograms, each counted once (null until asked). */
        private int[] sampleHistogram;
        private int[] wholeHistogram;

        /** How often each byte value occurs beyond ASCII in {@code text[0, n)}, {@code n} the sample's end or the text's. */
        int[] histogram(int n) {
            if (n == sampleLen && sampleHistogram != null) return sampleHistogram;
            if (n == len && wholeHistogram != null) return wholeHistogram;
            scan(n);
            int[] counts = new int[256];
            for (int k = 0, end = nonAsciiBefore(n); k < end; k++) counts[text[nonAscii[k]] & 0xFF]++;
            if (n == sampleLen) sampleHistogram = counts;
            if (n == len) wholeHistogram = counts;
            return counts;
        }

        /** How many of the text's non-ASCII bytes lie before {@code offset}. */
        int nonAsciiBefore(int offset) {
            int k = Arrays.binarySearch(nonAscii, 0, nonAsciiCount, offset);
            return k >= 0 ? k : -k - 1;
        }
    }

    private static TextEvidence.Parts parts(byte[] text, int len, Candidate c, Scratch scratch) {
        if (c.weight() == 1) {
            scratch.scan(len);
            return scratch.singleByteParts(c, len);
        }
        return multiByteParts(text, len, c, scratch, Double.NEGATIVE_INFINITY, null);
    }

    /**
     * {@link #parts} of a multi-byte candidate, or null if even its best possible score (its
     * {@link TextEvidence#ceiling}) stays below {@code toBeat}, known from the decoding before the costlier
     * weighing. The decoding goes chunk by chunk, and stops as soon as what is decoded, with every
     * non-ASCII byte still to come counted at its best, cannot reach {@code toBeat}: the weight of
     * decoded characters and the errors so far are final, and what is to come adds at most one
     * character of weight 1 per non-ASCII byte (each non-ASCII character has a non-ASCII byte;
     * Big5's 0x88 pairs are the two-character exceptions, counted twice), so the bound is never
     * below the ceiling and the same candidates are dropped as when the whole text is decoded.
     * Before any decoding, the {@link LeadByteBound} of the bytes gives the ceiling itself, or
     * (where its table does not answer every sequence) a bound never below it. Where nothing is
     * left to drop, the parts come straight from the bytes ({@link TextEvidence#multiByteParts}),
     * and the text is decoded only where the table does not answer every sequence.
     */
    private static TextEvidence.Parts multiByteParts(byte[] text, int len, Candidate c, Scratch scratch, double toBeat,
            LeadByteBound.Bound bound) {
        boolean prune = toBeat > Double.NEGATIVE_INFINITY;
        if (prune) {
            scratch.scan(len);
            // before decoding: the ceiling from the bytes, or a bound never below it
            LeadByteBound.Bound b = bound != null ? bound : LeadByteBound.of(c, text, len, scratch.nonAscii, scratch.nonAsciiCount);
            if (b.score(c) < toBeat) return null;
            if (b.exact()) {
                // the bound is the ceiling itself: the parts straight from the bytes, dropped as
                // soon as what is weighed and the bound of the rest cannot reach toBeat
                TextEvidence.Parts p = TextEvidence.multiByteParts(text, len, scratch.nonAscii, scratch.nonAsciiCount, c, toBeat, b);
                if (p == TextEvidence.CANNOT_REACH) return null;
                if (p != null) return p;
            }
        }
        if (!prune) {
            // nothing to drop: the parts straight from the bytes, where the candidate's table
            // answers every sequence (exact wherever there is no chunked check to make)
            scratch.scan(len);
            TextEvidence.Parts p = TextEvidence.multiByteParts(text, len, scratch.nonAscii, scratch.nonAsciiCount, c);
            if (p != null) return p;
        }
        Decoder d = DECODERS.get(c.encoding()).newWhatwgDecoder();
        Exemplars.Exemplar[] langs = Exemplars.of(c);
        int extra = c.encoding() == Encoding.BIG5 ? scratch.big5DoubleLeads : 0;
        // straight into the scratch array, grown when the text is longer than its bytes
        char[] chars = scratch.chars(len + 64);
        int n = 0;
        int off = 0;
        int end = prune ? scratch.nonAsciiBefore(len) : 0;
        double weight = 0;
        do {
            int fitting = d.bytesFitting(chars.length - n);
            if (fitting < Math.min(len - off, 256)) {
                chars = scratch.chars = Arrays.copyOf(chars, 2 * chars.length + 64);
                continue;
            }
            int step = Math.min(Math.min(fitting, len - off), prune ? CHUNK : Integer.MAX_VALUE);
            int from = n;
            n += d.decodeInto(text, off, step, off + step == len, chars, n);
            off += step;
            if (prune) {
                weight += TextEvidence.exemplarWeight(chars, from, n, langs);
                int toCome = end - scratch.nonAsciiBefore(off) + extra + (off < len ? 4 : 0); // 4: a sequence begun
                if (TextEvidence.ceiling(c, weight + toCome, d.errors()) < toBeat) return null;
            }
        } while (off < len);
        // the decoders emit a surrogate pair in one call, so the sum over chunks is the ceiling's weight
        if (prune && TextEvidence.ceiling(c, weight, d.errors()) < toBeat) return null;
        return TextEvidence.parts(chars, n, d.errors(), c);
    }

    /** The multi-byte candidates' charsets, looked up once. */
    private static final Map<Encoding, WhatwgCharset> DECODERS = decoders();

    private static Map<Encoding, WhatwgCharset> decoders() {
        Map<Encoding, WhatwgCharset> m = new IdentityHashMap<>();
        for (Candidate c : Candidates.ALL) m.put(c.encoding(), (WhatwgCharset) Decoders.charset(c.encoding().name()));
        return m;
    }

    /**
     * Up to this many non-ASCII bytes in the sample, when every candidate is scored on it, the
     * single-byte ones are scored together ({@link TextEvidence#allSingleByteParts}).
     */
    private static final int ALL_AT_ONCE_MAX = 256;

    /**
     * Up to this many non-ASCII bytes in the text scored, a single-byte candidate that could be
     * dropped part way is counted whole, its counts shared with candidates that decode the text
     * alike: on few bytes the bound's checks cost what dropping saves.
     */
    private static final int WHOLE_COUNTS_MAX = 256;

    /**
     * {@link TextEvidence#singleByteParts} of each of single-byte {@code candidates} on {@code text[0, n)}
     * as the ranking makes them (counts shared among candidates that decode the text alike): what
     * {@link Detector} weighs twins on beyond the text ranked, and the tests hold to the plain form.
     */
    static List<TextEvidence.Parts> singleByteParts(byte[] text, int n, List<Candidate> candidates) {
        Scratch scratch = new Scratch(text, text.length, SAMPLE_NON_ASCII);
        scratch.scan(n);
        List<TextEvidence.Parts> parts = new ArrayList<>();
        for (Candidate c : candidates) parts.add(parts(text, n, c, scratch));
        return parts;
    }

    /** The bytes decoded at a time while a multi-byte candidate may still be dropped. */
    private static final int CHUNK = 512;

    /**
     * Stage one weighs at most this many of the text's non-ASCII bytes (to the end of their run):
     * on dense text (CJK, Greek, Russian) the sample ends before {@link #SAMPLE_BYTES}. On the
     * evaluations' pages (DETECTION.md) no decision changes against the full 2 KiB; with 512,
     * some did.
     */
    static final int SAMPLE_NON_ASCII = 768;

    /** Stage one weighs this many bytes of text per candidate. */
    static final int SAMPLE_BYTES = 2048;

    /** Candidates that go on to stage two. */
    static final int FINALISTS = 6;

    /**
     * Stage two takes the stage-one leader, the runner-up, and any other candidate within this
     * reach of the leader (the larger of the two), up to {@link #FINALISTS}.
     */
    static final double FINAL_REACH = 10;
    static final double FINAL_REACH_SHARE = 0.05;

    /**
     * A stage-one lead that settles any text without stage two: at least this much, and at least
     * this share of the leader's score (the larger of the two).
     */
    static final double SETTLED = 100;
    static final double SETTLED_SHARE = 0.25;

    /** A stage-one lead that settles a short text without stage two. */
    static final double DECISIVE = 50;

    // stable: equal scores keep the candidates' order, which is by prevalence
    private static final Comparator<Scored> BEST_FIRST = (a, b) -> Double.compare(b.score(), a.score());
}
