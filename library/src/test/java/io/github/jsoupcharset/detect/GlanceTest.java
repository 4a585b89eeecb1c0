package io.github.jsoupcharset.detect;

import io.github.jsoupcharset.detect.Candidates.Candidate;
import io.github.jsoupcharset.encoding.Encoding;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

/**
 * The glance read from the candidates' tables side by side gives what each candidate's own table
 * gives, and the contenders are those its plain definition chooses: the best two single-byte
 * candidates by glance (ties in candidate order), the next ones within reach, the best of each
 * script within reach, and the best reading in capitals of each script within reach with its
 * capitals at no cost, with every multi-byte candidate; and a text in capitals is read in its own
 * encoding.
 */
class GlanceTest {
    @Test
    void theContendersAreThoseEachCandidatesOwnGlanceChooses() {
        Random random = new Random(31);
        byte[] ascii = "ab Z.\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int narrowed = 0;
        for (int round = 0; round < 3000; round++) {
            byte[] text = new byte[100 + random.nextInt(400)];
            // a few byte values, often repeated: texts on which the glance narrows the candidates
            int[] palette = new int[1 + random.nextInt(40)];
            for (int k = 0; k < palette.length; k++) palette[k] = 0x80 + random.nextInt(128);
            for (int i = 0; i < text.length; i++) {
                text[i] = random.nextInt(3) == 0 ? ascii[random.nextInt(ascii.length)] : (byte) palette[random.nextInt(palette.length)];
            }
            int sampleLen = random.nextInt(4) == 0 ? random.nextInt(text.length + 1) : text.length;
            int[] nonAscii = new int[text.length];
            int count = 0;
            for (int i = 0; i < text.length; i++) if (text[i] < 0) nonAscii[count++] = i;
            List<Candidate> chosen = Glance.contenders(text, sampleLen, nonAscii, count);
            assertThat(Arrays.toString(text) + " cut at " + sampleLen, chosen, equalTo(plainContenders(text, sampleLen)));
            if (chosen.size() < Candidates.ALL.size()) narrowed++;
        }
        assertThat(narrowed, greaterThan(1000));
    }

    /** {@link Glance#contenders} from its definition, each candidate's glance from its own table. */
    private static List<Candidate> plainContenders(byte[] text, int sampleLen) {
        int[] histogram = new int[256];
        int[] nextToAscii = new int[256];
        int nonAscii = 0;
        for (int i = 0; i < sampleLen; i++) {
            int b = text[i] & 0xFF;
            if (b < 0x80) continue;
            nonAscii++;
            histogram[b]++;
            if (i > 0 && isAsciiLetter(text[i - 1])) nextToAscii[b]++;
            if (i + 1 < sampleLen && isAsciiLetter(text[i + 1])) nextToAscii[b]++;
        }
        if (nonAscii <= Glance.FEW_NON_ASCII) return Candidates.ALL;
        int n = Candidates.ALL.size();
        double[] glance = new double[n];
        double[] uncapped = new double[n];
        boolean[] inCapitals = new boolean[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            Candidate c = Candidates.ALL.get(i);
            order[i] = i;
            glance[i] = Double.POSITIVE_INFINITY;
            if (c.weight() != 1) continue;
            ByteTables.ByteTable t = ByteTables.TABLES.get(c.encoding());
            double sum = 0;
            int capitals = 0;
            int small = 0;
            for (int b = 0x80; b < 256; b++) {
                sum += histogram[b] * t.glanceHalves[b - 0x80] * 0.5 + nextToAscii[b] * t.touchesLatinHalves[b - 0x80] * 0.5;
                int e = t.packed[b];
                if ((e & CharacterProperties.LETTER) != 0 && (e & CharacterProperties.UPPER) != 0) capitals += histogram[b];
                if ((e & CharacterProperties.LETTER) != 0 && (e & CharacterProperties.LOWER) != 0) small += histogram[b];
            }
            glance[i] = TextEvidence.Weights.DEFAULT.prior() * c.prior() + sum;
            uncapped[i] = glance[i] + Glance.CAPITAL * capitals;
            inCapitals[i] = capitals > 0 && capitals >= Glance.IN_CAPITALS * small;
        }
        Arrays.sort(order, (a, b) -> Double.compare(glance[b], glance[a])); // stable
        // of each script, the best reading in capitals by the glance with capitals at no cost
        java.util.Map<Character.UnicodeScript, Integer> bestInCapitals = new java.util.HashMap<>();
        for (int i : order) {
            if (Candidates.ALL.get(i).weight() != 1 || !inCapitals[i]) continue;
            Character.UnicodeScript script = Exemplars.SETS.get(Candidates.ALL.get(i).languages()[0]).script();
            Integer b = bestInCapitals.get(script);
            if (b == null || uncapped[i] > uncapped[b]) bestInCapitals.put(script, i);
        }
        boolean[] keep = new boolean[n];
        java.util.Set<Character.UnicodeScript> scripts = new java.util.HashSet<>();
        int singleByte = 0;
        double top = Double.NaN;
        for (int i : order) {
            if (Candidates.ALL.get(i).weight() != 1) {
                keep[i] = true;
                continue;
            }
            if (singleByte == 0) top = glance[i];
            Character.UnicodeScript script = Exemplars.SETS.get(Candidates.ALL.get(i).languages()[0]).script();
            double least = top - Glance.REACH_SHARE * Math.abs(top);
            // the best of each script within reach too, whatever its rank
            boolean firstOfScript = scripts.add(script);
            if (singleByte < 2 || (singleByte < Glance.SINGLE_BYTE_CONTENDERS || firstOfScript) && glance[i] >= least
                    || Integer.valueOf(i).equals(bestInCapitals.get(script)) && uncapped[i] >= least) {
                keep[i] = true;
            }
            singleByte++;
        }
        List<Candidate> result = new ArrayList<>();
        for (int i = 0; i < n; i++) if (keep[i]) result.add(Candidates.ALL.get(i));
        return result;
    }

    @Test
    void yiddishInWindows1255IsScoredThoughMoreCyrillicAndGreekReadingsGlanceAlike() {
        // Yiddish writes its vowels as marks on Hebrew letters (אַ אָ פֿ), which count for little
        // at a glance: six Cyrillic and Greek readings glance as well, and without a place for
        // the best of each script windows-1255 was not scored at all (read as x-mac-cyrillic)
        String text = "<p>\u05d3\u05d0\u05b8\u05e7\u05d5\u05de\u05e2\u05e0\u05d8 \u05de\u05d5\u05d6 "
                + "\u05d0\u05b8\u05e0\u05d4\u05f2\u05d1\u05df \u05de\u05d9\u05d8 \u05d0\u05b7\u05df "
                + "\u05e2\u05dc\u05e2\u05de\u05e2\u05e0\u05d8. \u05d3\u05d5\u05e8\u05db\u05e4\u05bf\u05d0\u05b7\u05dc "
                + "\u05d0\u05d9\u05df \u05e7\u05dc\u05d0\u05b8\u05e0\u05d9\u05e8\u05df, \u05e0\u05d9\u05d8 "
                + "\u05d2\u05e2\u05e7\u05e2\u05e0\u05d8 \u05dc\u05f2\u05e2\u05e0\u05e2\u05df "
                + "\u05d3\u05d0\u05b7\u05d8\u05df \u05e4\u05bf\u05d5\u05df \u05e7\u05d9\u05e0\u05d3"
                + "\u05e4\u05bc\u05e8\u05d0\u05b8\u05e6\u05e2\u05e1.</p>";
        String page = (text + "\n").repeat(6);
        byte[] bytes = page.getBytes(io.github.jsoupcharset.encoding.Encoding.WINDOWS_1255.charset());
        var decoded = io.github.jsoupcharset.BrowserCharsetJsoup.decode(bytes, "text/html");
        assertThat(decoded.decision().toString(), decoded.text(), org.hamcrest.Matchers.equalTo(page));
    }

    @Test
    void headingsInCapitalsAreReadInTheirOwnEncoding() {
        // KOI8-R reads windows-1251's capitals as small letters, and the glance's cost of a
        // capital put windows-1251 out of reach behind readings of other scripts: Bulgarian
        // headings in capitals were read as KOI8-R ("хмтнплюрнп"), Greek ones as KOI8-R too
        String bulgarian = "<h1>\u0418\u041d\u0424\u041e\u0420\u041c\u0410\u0422\u041e\u0420</h1>"
                + "<h2>\u041d\u041e\u0412\u0418\u041d\u0418 \u041e\u0422 \u0421\u0412\u0415\u0422\u0410</h2>"
                + "<p>\u0410\u041a\u0422\u0423\u0410\u041b\u041d\u041e \u0418 \u0412\u0410\u0416\u041d\u041e "
                + "\u0417\u0410 \u0411\u042a\u041b\u0413\u0410\u0420\u0418\u042f</p>";
        String greek = "<h1>\u0397 \u039d\u0391\u03a5\u03a4\u0395\u039c\u03a0\u039f\u03a1\u0399\u039a\u0397 : "
                + "\u039d\u0391\u03a5\u03a4\u0399\u039b\u0399\u0391</h1><h2>\u039f\u0399\u039a\u039f\u039d\u039f\u039c\u0399\u0391 "
                + "\u039a\u0391\u0399 \u0391\u0393\u039f\u03a1\u0395\u03a3</h2>";
        TwinEncodingsTest.assertDetected((bulgarian + "\n").repeat(4), Encoding.WINDOWS_1251);
        TwinEncodingsTest.assertDetected((greek + "\n").repeat(4), Encoding.ISO_8859_7);
    }

    private static boolean isAsciiLetter(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z';
    }
}
