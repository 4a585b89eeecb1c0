package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.lessThan;

/**
 * Stage one drops a contender as soon as the text weighed so far, with the rest at its best,
 * cannot reach what the ranking is read for: the bounds it drops on are never below a score
 * ({@link ByteTables.ByteTable#ceilings}, {@link ByteTables.ByteTable#pairCeilings} and those less
 * {@link TextEvidence#languageCut}, the bounded {@link TextEvidence#singleByteCounts} and
 * {@link TextEvidence#multiByteParts}), a contender is dropped only where it could not reach,
 * and what the detector reads of a ranking (its leader, the rival it weighs the confidence
 * against, the finalists within reach) is the same with the drops and without them, on every
 * page of the development set.
 */
class EarlyDropTest {
    private static final List<Candidate> SINGLE_BYTE = Candidates.ALL.stream().filter(c -> c.weight() == 1).toList();
    private static final List<Candidate> MULTI_BYTE = Candidates.ALL.stream().filter(c -> c.weight() != 1).toList();

    /**
     * A byte's ceiling is the best it adds to a score between any neighbours: at least what it adds
     * between every pair of neighbours (every byte value before and after it, and each kind of byte
     * two before), and reached between some.
     */
    @Test
    void aBytesCeilingIsTheBestItAddsBetweenAnyNeighbours() {
        for (ByteTables.ByteTable t : ByteTables.COMBINED.tables) {
            int[] e = t.packed;
            List<Integer> twoBefore = twoBeforeKinds(e);
            for (int b = 0x80; b < 0x100; b++) {
                int halves = t.bestHalves[b - 0x80];
                double best = Double.NEGATIVE_INFINITY;
                for (int o : twoBefore) {
                    for (int p = 0; p < 0x100; p++) {
                        for (int q = 0; q < 0x100; q++) {
                            best = Math.max(best, TextEvidence.occurrenceScore(TextEvidence.contribution(e[o], e[p], e[b], e[q]), halves));
                        }
                    }
                }
                assertThat(String.format("%s byte %02X", t.chars[b], b), (double) t.ceilings[b - 0x80], equalTo(Math.ceil(best)));
            }
        }
    }

    /**
     * A byte's ceiling after a byte before it is the best it adds after that byte, whatever the
     * byte after it and the kind of byte two before: at least what it adds after every byte value
     * between every pair of others, and reached between some.
     */
    @Test
    void aBytesCeilingAfterAByteIsTheBestItAddsThere() {
        for (ByteTables.ByteTable t : ByteTables.COMBINED.tables) {
            int[] e = t.packed;
            List<Integer> twoBefore = twoBeforeKinds(e);
            for (int b = 0x80; b < 0x100; b++) {
                int halves = t.bestHalves[b - 0x80];
                for (int p = 0; p < 0x100; p++) {
                    double best = Double.NEGATIVE_INFINITY;
                    for (int o : twoBefore) {
                        for (int q = 0; q < 0x100; q++) {
                            best = Math.max(best, TextEvidence.occurrenceScore(TextEvidence.contribution(e[o], e[p], e[b], e[q]), halves));
                        }
                    }
                    if (t.pairCeiling(p, b) != Math.ceil(best)) {
                        assertThat(String.format("%s byte %02X after %02X", t.chars[b], b, p), (double) t.pairCeiling(p, b), equalTo(Math.ceil(best)));
                    }
                }
            }
        }
    }

    /**
     * A single-byte candidate's bounds are never below its score (its pair ceilings, and those less
     * its language cut, tighter on many texts), and its bounded counts are its counts wherever its
     * score reaches the score to beat, and null only where it does not: on every development
     * page's sample and text, and on random texts, with scores to beat around each candidate's own.
     */
    @Test
    void aSingleByteCandidateIsDroppedOnlyWhereItCannotReach() throws IOException {
        int dropped = 0;
        int cutTighter = 0;
        for (byte[] text : texts()) {
            int[] nonAscii = nonAscii(text);
            for (int n : new int[] {Math.min(text.length, Ranking.SAMPLE_BYTES), text.length}) {
                int[] histogram = new int[128];
                for (int i = 0; i < n; i++) if (text[i] < 0) histogram[(text[i] & 0xFF) - 0x80]++;
                for (Candidate c : SINGLE_BYTE) {
                    ByteTables.ByteTable t = ByteTables.TABLES.get(c.encoding());
                    int byteCeilings = 0;
                    for (int b = 0; b < 128; b++) byteCeilings += histogram[b] * t.ceilings[b];
                    int[] pairs = TextEvidence.pairs(text, n, nonAscii, nonAscii.length);
                    int ceilings = TextEvidence.pairCeilings(pairs, pairs.length, t);
                    assertThat("pair ceilings within byte ceilings", ceilings <= byteCeilings, equalTo(true));
                    int[] byteLetters = new int[256];
                    TextEvidence.SingleByteCounts full = TextEvidence.singleByteCounts(text, n, nonAscii, nonAscii.length, t, byteLetters);
                    double score = TextEvidence.singleByteParts(full, t).score(c, 0);
                    double prior = TextEvidence.Weights.DEFAULT.prior() * c.prior();
                    assertThat("the ceiling of " + c.encoding(), score, lessThan(ceilings + prior + 1e-9));
                    // weighed in one language: a bound still, and tighter where the languages part
                    int[] counted = new int[128];
                    TextEvidence.countedLetters(pairs, pairs.length, t, counted);
                    int cut = TextEvidence.languageCut(t, counted, values(text, n));
                    assertThat("the bound in one language of " + c.encoding(), score, lessThan(ceilings - cut + prior + 1e-9));
                    for (int v = 0; v < 128; v++) assertThat("counted left zeroed", counted[v], equalTo(0));
                    if (cut > 0) cutTighter++;
                    for (double toBeat : new double[] {score - 100, score, score + 1e-9, score + 20, score + 200, ceilings}) {
                        TextEvidence.SingleByteCounts bounded =
                                TextEvidence.singleByteCounts(text, n, nonAscii, nonAscii.length, t, byteLetters, c, toBeat, ceilings);
                        if (bounded == null) {
                            assertThat(c.encoding() + " dropped, scoring " + score + " against " + toBeat, score < toBeat, equalTo(true));
                            dropped++;
                        } else {
                            assertThat(TextEvidence.singleByteParts(bounded, t), equalTo(TextEvidence.singleByteParts(full, t)));
                        }
                        for (int b = 0; b < 256; b++) assertThat("byteLetters left zeroed", byteLetters[b], equalTo(0));
                    }
                }
            }
        }
        assertThat(dropped, greaterThan(1_000));
        assertThat(cutTighter, greaterThan(1_000));
    }

    /** The non-ASCII byte values of {@code text[0, n)}, each once. */
    private static int[] values(byte[] text, int n) {
        return java.util.stream.IntStream.range(0, n).filter(i -> text[i] < 0).map(i -> text[i] & 0xFF).distinct().toArray();
    }

    /**
     * A byte after a byte before it is a letter counted whatever its neighbours where the table
     * says so: counted after that byte between every pair of others (every byte value after it,
     * each kind of byte two before), and, where the table says not, a letter that is not counted
     * between some, or no letter.
     */
    @Test
    void aLetterCountedWhateverItsNeighboursIsCountedBetweenAny() {
        int counted = 0;
        for (ByteTables.ByteTable t : ByteTables.COMBINED.tables) {
            int[] e = t.packed;
            List<Integer> twoBefore = twoBeforeKinds(e);
            for (int b = 0x80; b < 0x100; b++) {
                for (int p = 0; p < 0x100; p++) {
                    boolean always = true;
                    for (int o : twoBefore) {
                        for (int q = 0; q < 0x100; q++) {
                            always &= (TextEvidence.contribution(e[o], e[p], e[b], e[q]) & TextEvidence.COUNTED_LETTER) != 0;
                        }
                    }
                    int at = t.neighbourClasses[p] * 128 + b - 0x80;
                    if ((t.pairCounted[at] == 1) != always) {
                        assertThat(String.format("%s byte %02X after %02X", t.chars[b], b, p), t.pairCounted[at] == 1, equalTo(always));
                    }
                    if (always) counted++;
                }
            }
        }
        assertThat(counted, greaterThan(100_000));
    }

    /**
     * The same for a multi-byte candidate scored from its bytes, its bound the exact one of the
     * text ({@link LeadByteBound}).
     */
    @Test
    void aMultiByteCandidateIsDroppedOnlyWhereItCannotReach() throws IOException {
        int dropped = 0;
        for (byte[] text : texts()) {
            int[] nonAscii = nonAscii(text);
            for (int n : new int[] {Math.min(text.length, Ranking.SAMPLE_BYTES), text.length}) {
                for (Candidate c : MULTI_BYTE) {
                    LeadByteBound.Bound bound = LeadByteBound.of(c, text, n, nonAscii, nonAscii.length);
                    TextEvidence.Parts full = TextEvidence.multiByteParts(text, n, nonAscii, nonAscii.length, c);
                    if (full == null || !bound.exact()) continue; // left to the decoder
                    double score = full.score(c, 0);
                    assertThat("the bound of " + c.encoding(), score, lessThan(bound.score(c) + 1e-9));
                    for (double toBeat : new double[] {score - 100, score, score + 1e-9, score + 20, score + 200, bound.score(c)}) {
                        TextEvidence.Parts bounded = TextEvidence.multiByteParts(text, n, nonAscii, nonAscii.length, c, toBeat, bound);
                        if (bounded == TextEvidence.CANNOT_REACH) {
                            assertThat(c.encoding() + " dropped, scoring " + score + " against " + toBeat, score < toBeat, equalTo(true));
                            dropped++;
                        } else {
                            assertThat(bounded, equalTo(full));
                        }
                    }
                }
            }
        }
        assertThat(dropped, greaterThan(1_000));
    }

    /**
     * What the detector reads of a ranking is the same with the early drops and without: the
     * leader and its score, the rival (the best candidate that decodes the text apart from the
     * leader) and its score, and every candidate within reach of the leader, on every development
     * page, whole and cut to 600 bytes of text.
     */
    @Test
    void dropsChangeNothingTheDetectorReads() throws IOException {
        int compared = 0;
        for (DetectionCorpus.Case c : DetectionCorpus.development()) {
            if (Detector.utf8Validity(c.bytes(), 0, c.bytes().length, true) != Detector.Utf8.INVALID) continue;
            byte[] whole = DetectionCorpus.evidenceText(c.bytes());
            for (int n : new int[] {whole.length, Math.min(whole.length, 600)}) {
                byte[] text = java.util.Arrays.copyOf(whole, n);
                List<Ranking.Scored> dropping = Ranking.rank(text, n, false, true);
                List<Ranking.Scored> scoring = Ranking.rank(text, n, false, false);
                assertThat(c.path() + " " + n, read(dropping, text), equalTo(read(scoring, text)));
                compared++;
            }
        }
        assertThat(compared, greaterThan(600));
    }

    /** A byte value of each kind the scoring reads of the byte two before ({@link TextEvidence#asTwoBefore}), in table {@code e}. */
    private static List<Integer> twoBeforeKinds(int[] e) {
        List<Integer> kinds = new ArrayList<>();
        for (int o = 0; o < 0x100; o++) {
            int k = TextEvidence.asTwoBefore(e[o]);
            if (kinds.stream().noneMatch(x -> TextEvidence.asTwoBefore(e[x]) == k)) kinds.add(o);
        }
        return kinds;
    }

    /** What the detector reads of a ranking, as text: the leader, the rival, the candidates within reach. */
    private static String read(List<Ranking.Scored> ranking, byte[] text) {
        Ranking.Scored leader = ranking.get(0);
        StringBuilder sb = new StringBuilder("leader " + leader);
        Candidate lead = Candidates.of(leader.encoding());
        for (Ranking.Scored s : ranking.subList(1, ranking.size())) {
            Candidate other = Candidates.of(s.encoding());
            if (lead.weight() != 1 || other.weight() != 1 || !decodeAlike(lead, other, text)) {
                sb.append(", rival ").append(s);
                break;
            }
        }
        double reach = Math.max(Ranking.FINAL_REACH, Ranking.FINAL_REACH_SHARE * Math.abs(leader.score()));
        for (Ranking.Scored s : ranking) if (s.score() >= leader.score() - reach) sb.append(", within reach ").append(s);
        return sb.toString();
    }

    private static boolean decodeAlike(Candidate a, Candidate b, byte[] text) {
        ByteTables.ByteTable ta = ByteTables.TABLES.get(a.encoding());
        ByteTables.ByteTable tb = ByteTables.TABLES.get(b.encoding());
        for (byte x : text) if (x < 0 && ta.chars[x & 0xFF] != tb.chars[x & 0xFF]) return false;
        return true;
    }

    /** The development pages' texts, and random texts of many non-ASCII bytes: Latin-1 words, and CJK-like pairs. */
    private static List<byte[]> texts() throws IOException {
        List<byte[]> texts = new ArrayList<>();
        for (DetectionCorpus.Case c : DetectionCorpus.development()) texts.add(DetectionCorpus.evidenceText(c.bytes()));
        Random random = new Random(23);
        for (int t = 0; t < 100; t++) {
            byte[] text = new byte[500 + random.nextInt(3000)];
            for (int i = 0; i < text.length; i++) {
                int r = random.nextInt(10);
                if (t % 2 == 1 && r < 8 && i + 1 < text.length) {
                    // a lead and a trail of the CJK encodings' common rows
                    text[i++] = (byte) (0xB0 + random.nextInt(0x48));
                    text[i] = (byte) (0xA1 + random.nextInt(0x5E));
                    continue;
                }
                text[i] = (byte) (r < 4 ? 'a' + random.nextInt(26) : r < 5 ? ' ' : 0x80 + random.nextInt(128));
            }
            texts.add(text);
        }
        return texts;
    }

    private static int[] nonAscii(byte[] text) {
        int count = 0;
        for (byte b : text) if (b < 0) count++;
        int[] offsets = new int[count];
        for (int i = 0, k = 0; i < text.length; i++) if (text[i] < 0) offsets[k++] = i;
        return offsets;
    }
}
