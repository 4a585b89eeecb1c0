package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A glance first: which single-byte candidates are worth scoring in full, judged from byte counts
 * alone (per byte value, how often it occurs in the sample and how often it touches an ASCII
 * letter) through each candidate's {@link ByteTables}. The best two by glance, and up to
 * {@link #SINGLE_BYTE_CONTENDERS} in all whose glance comes within {@link #REACH_SHARE} of the
 * best, and the best of each script within that reach, go on; every multi-byte candidate goes on.
 * A capital costs ½ at a glance, which orders the readings of one text (a reading that swaps the
 * cases, KOI8-R as windows-1251, reads small letters as capitals); but a text in capitals (a
 * heading, a Greek title) is read in capitals by its own encoding, so the best reading of each
 * script whose letters are nine in ten capitals ({@link #IN_CAPITALS}) goes on too when its
 * glance with its capitals at no cost is within that reach. Internal; thread-safe.
 */
final class Glance {
    private Glance() {}

    /**
     * The candidates worth scoring on the sample {@code text[0, sampleLen)} ({@code nonAscii[0,
     * nonAsciiCount)} are the offsets of the text's non-ASCII bytes): every multi-byte
     * candidate, and of the single-byte ones the two with the best glance (a candidate's prior and
     * its {@link #singleByteHalves}) and the next ones up to {@link #SINGLE_BYTE_CONTENDERS} whose glance comes close to
     * the best (all of them when the sample has few non-ASCII bytes, where scoring is cheap and a
     * glance at byte counts says little). In candidate order.
     */
    static List<Candidate> contenders(byte[] text, int sampleLen, int[] nonAscii, int nonAsciiCount) {
        return glance(text, sampleLen, nonAscii, nonAsciiCount).candidates();
    }

    /**
     * The {@link #contenders} in candidate order, and the single-byte ones among them by their
     * glance, best first (empty where every candidate is scored): the likeliest to score best
     * are scored first; and how often each byte value occurs in the sample (null where every
     * candidate is scored).
     */
    record Contenders(List<Candidate> candidates, List<Candidate> singleByteByGlance, int[] histogram) {}

    /** {@link #contenders}, with the single-byte one of the best glance. */
    static Contenders glance(byte[] text, int sampleLen, int[] nonAscii, int nonAsciiCount) {
        int count = 0;
        while (count < nonAsciiCount && nonAscii[count] < sampleLen) count++;
        if (count <= FEW_NON_ASCII) return new Contenders(Candidates.ALL, List.of(), null);
        if (count > ByteTables.Combined.GLANCE_MAX_BYTES) throw new IllegalArgumentException("a glance at " + count + " non-ASCII bytes");
        int[] histogram = new int[256];
        int[] nextToAscii = new int[256];
        for (int k = 0; k < count; k++) {
            int i = nonAscii[k];
            int b = text[i] & 0xFF;
            histogram[b]++;
            // the neighbours as bytes (' ' beyond the sample), looked up: no branch on the text
            nextToAscii[b] += ASCII_LETTER[i > 0 ? text[i - 1] & 0xFF : ' '] + ASCII_LETTER[i + 1 < sampleLen ? text[i + 1] & 0xFF : ' '];
        }
        int[] present = new int[128];
        int presentCount = 0;
        for (int b = 0x80; b < 256; b++) {
            if (histogram[b] != 0) present[presentCount++] = b;
        }
        int n = Candidates.ALL.size();
        double[] glance = new double[n];
        double[] uncapped = new double[n]; // the glance with capitals at no cost
        boolean[] inCapitals = new boolean[n]; // letters (nearly) all capitals: a heading
        int[] capitals = new int[ByteTables.COMBINED.candidates.length];
        int[] small = new int[capitals.length];
        int[] singleByte = singleByteHalves(histogram, nextToAscii, present, presentCount, capitals, small);
        double priorWeight = TextEvidence.Weights.DEFAULT.prior();
        for (int i = 0, j = 0; i < n; i++) {
            Candidate c = Candidates.ALL.get(i);
            if (c.weight() != 1) {
                glance[i] = uncapped[i] = Double.POSITIVE_INFINITY;
                continue;
            }
            glance[i] = priorWeight * c.prior() + singleByte[j] * 0.5;
            uncapped[i] = glance[i] + capitals[j] * CAPITAL;
            inCapitals[i] = capitals[j] > 0 && capitals[j] >= IN_CAPITALS * small[j];
            j++;
        }
        // best glance first, equal glances in candidate order (a stable insertion sort: 32 entries)
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            int k = i;
            while (k > 0 && Double.compare(glance[order[k - 1]], glance[i]) < 0) {
                order[k] = order[k - 1];
                k--;
            }
            order[k] = i;
        }
        // a reading in capitals (a heading, a Greek title) is read in capitals by its own
        // encoding, and the capitals' cost, which orders the readings of one script, would put it
        // behind readings of other scripts that read the text as small letters (KOI8-R for
        // ISO-8859-7's capitals): the best of each script in capitals, by the glance with its
        // capitals at no cost, within reach at that glance too
        int[] bestInCapitals = new int[Character.UnicodeScript.values().length];
        Arrays.fill(bestInCapitals, -1);
        for (int i : order) {
            if (!inCapitals[i]) continue; // set for single-byte readings only
            int script = SCRIPTS[i];
            if (bestInCapitals[script] < 0 || uncapped[i] > uncapped[bestInCapitals[script]]) bestInCapitals[script] = i;
        }
        boolean[] keep = new boolean[n];
        boolean[] scriptSeen = new boolean[Character.UnicodeScript.values().length];
        int kept = 0;
        double top = Double.NaN;
        for (int i : order) {
            if (Candidates.ALL.get(i).weight() != 1) {
                keep[i] = true;
                continue;
            }
            if (kept == 0) top = glance[i];
            int script = SCRIPTS[i];
            double least = top - REACH_SHARE * Math.abs(top);
            boolean reach = glance[i] >= least;
            if (kept < 2 || reach && (kept < SINGLE_BYTE_CONTENDERS || !scriptSeen[script])
                    || bestInCapitals[script] == i && uncapped[i] >= least) {
                keep[i] = true;
            }
            scriptSeen[script] = true;
            kept++;
        }
        List<Candidate> result = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (keep[i]) result.add(Candidates.ALL.get(i));
        }
        List<Candidate> byGlance = new ArrayList<>();
        for (int i : order) {
            if (keep[i] && Candidates.ALL.get(i).weight() == 1) byGlance.add(Candidates.ALL.get(i));
        }
        return new Contenders(result, byGlance, histogram);
    }

    /**
     * Every single-byte candidate's score at a glance ({@link ByteTables.Combined#candidates}' order),
     * less its prior, in halves, from how often each non-ASCII byte occurs ({@code histogram};
     * {@code present[0, presentCount)} are the byte values that occur), for choosing which
     * candidates to score in full. Per occurrence, much as {@link TextEvidence.Parts#score}
     * counts it: a letter adds 1 if it is a standard exemplar of any of the candidate's languages
     * (not necessarily one language for the whole text, as the full score asks), 0 if only an
     * auxiliary one, and takes 1 away if neither; a C1 control costs 5, an error 8. Of the shapes,
     * which need a byte's neighbours, only one is counted: a letter of a non-Latin script touching
     * an ASCII letter ({@code nextToAscii} counts, per byte value, its ASCII-letter neighbours)
     * costs 3 per touch. And a capital costs ½ (in text, small letters outnumber capitals; a
     * decoding that swaps the cases, KOI8-R read as windows-1251, reverses that). All candidates
     * at once, from one row per byte value of {@link ByteTables.Combined#glanceRows}; integer
     * sums, exact. Each candidate's capitals are counted into {@code capitals}, its small letters into
     * {@code small}.
     */
    static int[] singleByteHalves(int[] histogram, int[] nextToAscii, int[] present, int presentCount, int[] capitals,
            int[] small) {
        ByteTables.Combined all = ByteTables.COMBINED;
        int candidates = all.candidates.length;
        int[] glance = all.glanceRows;
        byte[] touchesLatin = all.touchRows;
        // the three sums of a candidate in one long: a multiply-add per byte value and candidate
        long[] sums = new long[candidates];
        long biased = 0; // the bias added, per occurrence and per touch
        for (int k = 0; k < presentCount; k++) {
            int b = present[k];
            long occurrences = histogram[b];
            long touches = nextToAscii[b];
            biased += occurrences + touches;
            for (int j = 0, row = (b - 0x80) * candidates; j < candidates; j++) {
                sums[j] += occurrences * glance[row + j] + touches * touchesLatin[row + j];
            }
        }
        int[] halves = new int[candidates];
        for (int j = 0; j < candidates; j++) {
            halves[j] = (int) ((sums[j] & ByteTables.Combined.GLANCE_MASK) - ByteTables.Combined.GLANCE_BIAS * biased);
            capitals[j] = (int) (sums[j] >>> ByteTables.Combined.CAPITALS & ByteTables.Combined.COUNT_MASK);
            small[j] = (int) (sums[j] >>> ByteTables.Combined.SMALL);
        }
        return halves;
    }

    /**
     * The script of each candidate's first language ({@link Candidates#ALL}'s order): the best
     * candidate of each script within reach is scored in full whatever its rank, since the glance
     * (a letter of any of a candidate's languages counts) ranks the readings of one text in many
     * scripts alike (Yiddish in windows-1255 reads as Cyrillic and Greek letters too).
     */
    private static final int[] SCRIPTS = Candidates.ALL.stream()
            .mapToInt(c -> Exemplars.SETS.get(c.languages()[0]).script().ordinal()).toArray();

    /** 1 for each ASCII letter, by byte value; 0 for every other byte. */
    private static final byte[] ASCII_LETTER = new byte[256];

    static {
        for (int b = 0; b < 0x80; b++) ASCII_LETTER[b] = (byte) (AsciiBytes.isAsciiLetter((byte) b) ? 1 : 0);
    }

    /** Single-byte candidates scored in full on the sample, chosen by their glance ({@link #singleByteHalves}). */
    static final int SINGLE_BYTE_CONTENDERS = 8;
    /** Up to this many non-ASCII bytes in the sample, every candidate is scored in full. */
    static final int FEW_NON_ASCII = 64;
    /**
     * Beyond the best two, a single-byte candidate is scored in full only if its glance is within
     * this share of the best glance (the twins of the leader are; unrelated scripts are not).
     */
    static final double REACH_SHARE = 0.2;
    /** What a capital costs in the glance ({@link #singleByteHalves}). */
    static final double CAPITAL = 0.5;
    /**
     * A reading is in capitals (a heading) when its capitals are at least this many times its small
     * letters: 9, nine in ten. Gibberish that reads the letters of a script without case as
     * another's mixes the cases (Arabic read as Latin, Greek or Cyrillic letters: 40–60% capitals;
     * Korean and Thai 30–80%), and is not brought within reach.
     */
    static final int IN_CAPITALS = 9;
}
