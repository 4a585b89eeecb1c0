package io.github.jsoupcharset.detect;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.text.CharsetMatch;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ObjIntConsumer;

/**
 * A replica of ICU4J's single-byte recognisers ({@code CharsetRecog_sbcs}: ISO-8859-1, -2, -5,
 * -6, -7, -8, -8-I, -9, windows-1251, windows-1256, KOI8-R), giving exactly the confidences its
 * {@code CharsetDetector.detectAll} gives them, in a fraction of the time. {@link IcuOpinion} runs
 * them through here and only ICU4J's other recognisers (UTF-*, Shift_JIS, EUC-*, Big5, GB18030,
 * ISO-2022-*) through the detector.
 *
 * <p>What ICU4J does (79.1), per recogniser: the input is its first 8000 bytes (the detector's
 * buffer; no markup filter). Each byte goes through the recogniser's byte map: 0 drops the byte,
 * a run of the space byte (0x20) counts once. Each mapped byte shifts into a three-byte n-gram,
 * which counts as a hit when a binary search finds it in the language's 64 sorted n-grams; after
 * the text one more space is shifted in. A language's confidence is {@code hits / n-grams × 300},
 * truncated, or 98 above a third; the recogniser's is its best language's, and it names nothing
 * at 0. The ISO-8859-1, -2, -7, -8, -8-I and -9 recognisers name windows-1252, -1250, -1253,
 * -1255, -1255 and -1254 instead when a byte 0x80–0x9F is among the bytes read. ICU4J runs the
 * whole pass once per language (ISO-8859-1 has ten), a binary search per byte; the mapped bytes
 * are the same for every language of a byte map, so here one pass per byte map counts every
 * distinct n-gram of all its languages' tables (an open-addressing hash), and each language's hits
 * are summed from those counts. The IBM420 and IBM424 recognisers (off by default, naming no
 * WHATWG encoding) are not replicated.
 *
 * <p>The tables and byte maps are read from ICU4J's classes at class initialisation (reflection),
 * so they are always those of the ICU4J on the class path, and the replica is checked against
 * ICU4J's detector on two built-in texts. When anything differs or fails (another ICU4J with
 * other fields, a security manager), {@link #recognisers()} is empty and {@link IcuOpinion} asks
 * the detector for everything, as it did. Internal; immutable after class initialisation.
 */
final class IcuNgrams {
    private IcuNgrams() {}

    /** The bytes ICU4J's detector reads (its buffer, {@code kBufSize}). */
    static final int INPUT_LIMIT = 8000;

    private static final int SPACE = 0x20;
    private static final int NGRAM_MASK = 0xFFFFFF;
    private static final int EMPTY = -1;
    /** The n-grams of each byte map in the built-in check's text (about 4 KB in all). */
    private static final int SAMPLE_NGRAMS = 100;

    /**
     * The single-byte recognisers replicated, by the simple name of their class in ICU4J 79.1: the
     * static field of their n-grams and the name they give when the text has C1 bytes (null: their
     * own). Any other recogniser, and any of these whose class does not look like this, stays with
     * ICU4J's detector.
     */
    static final Map<String, Known> KNOWN = Map.ofEntries(
            Map.entry("CharsetRecog_8859_1", new Known("ngrams_8859_1", "windows-1252")),
            Map.entry("CharsetRecog_8859_2", new Known("ngrams_8859_2", "windows-1250")),
            Map.entry("CharsetRecog_8859_5_ru", new Known("ngrams", null)),
            Map.entry("CharsetRecog_8859_6_ar", new Known("ngrams", null)),
            Map.entry("CharsetRecog_8859_7_el", new Known("ngrams", "windows-1253")),
            Map.entry("CharsetRecog_8859_8_I_he", new Known("ngrams", "windows-1255")),
            Map.entry("CharsetRecog_8859_8_he", new Known("ngrams", "windows-1255")),
            Map.entry("CharsetRecog_8859_9_tr", new Known("ngrams", "windows-1254")),
            Map.entry("CharsetRecog_windows_1251", new Known("ngrams", null)),
            Map.entry("CharsetRecog_windows_1256", new Known("ngrams", null)),
            Map.entry("CharsetRecog_KOI8_R", new Known("ngrams", null)));

    /** How a recogniser's class holds its n-grams (the static field), and the name it gives with C1 bytes (null: its own). */
    record Known(String ngramsField, String c1Name) {}

    /** One recogniser: its name, its name when there are C1 bytes, its languages' tables in its group. */
    private record Recogniser(String name, String c1Name, boolean enabledByDefault, int firstTable, int tables) {}

    /**
     * The recognisers sharing one byte map, and every n-gram of their languages' tables: an
     * open-addressing hash from n-gram to a dense id, and per id the tables (bits) that hold it.
     */
    private record Group(int[] byteMap, Recogniser[] recognisers, int tables, int[] slotKeys, int[] slotIds,
                         long[] tablesOf, int shift) {}

    private static final List<Group> GROUPS = load(KNOWN);

    private static final Set<String> NAMES = names(GROUPS);

    /** The names (ICU4J's) of the recognisers replicated; empty when the replica is unavailable. */
    static Set<String> recognisers() {
        return NAMES;
    }

    /**
     * Runs the replicated recognisers named in {@code names} (null: those ICU4J runs by default) on
     * the first {@code len} bytes of {@code text}, as ICU4J's detector would on
     * {@code Arrays.copyOf(text, len)}, giving each match's name and confidence to {@code out}
     * (a recogniser with confidence 0 names nothing, as in ICU4J).
     */
    static void match(byte[] text, int len, Set<String> names, ObjIntConsumer<String> out) {
        match(GROUPS, text, len, names, out);
    }

    private static void match(List<Group> groups, byte[] text, int len, Set<String> names, ObjIntConsumer<String> out) {
        int n = Math.min(len, INPUT_LIMIT);
        boolean c1 = false;
        for (int i = 0; i < n && !c1; i++) c1 = (text[i] & 0xE0) == 0x80;
        for (Group g : groups) {
            boolean wanted = false;
            for (Recogniser r : g.recognisers()) wanted |= runs(r, names);
            if (!wanted) continue;
            int[] hits = tableHits(g, text, n);
            int ngrams = hits[g.tables()];
            for (Recogniser r : g.recognisers()) {
                if (!runs(r, names)) continue;
                int best = 0;
                for (int t = r.firstTable(); t < r.firstTable() + r.tables(); t++) {
                    best = Math.max(best, confidence(hits[t], ngrams));
                }
                if (best > 0) out.accept(c1 && r.c1Name() != null ? r.c1Name() : r.name(), best);
            }
        }
    }

    private static boolean runs(Recogniser r, Set<String> names) {
        return names == null ? r.enabledByDefault() : names.contains(r.name());
    }

    /** As ICU4J's {@code NGramParser.parse}: the share of hits, × 300 truncated, 98 above a third. */
    private static int confidence(int hits, int ngrams) {
        double rawPercent = (double) hits / (double) ngrams;
        if (rawPercent > 0.33) return 98;
        return (int) (rawPercent * 300.0);
    }

    /**
     * One pass of ICU4J's {@code NGramParser.parseCharacters} and its closing space over
     * {@code text[0, n)}: per table of the group its hits, then (last) the number of n-grams.
     */
    private static int[] tableHits(Group g, byte[] text, int n) {
        int[] byteMap = g.byteMap();
        int[] slotKeys = g.slotKeys();
        int[] slotIds = g.slotIds();
        int shift = g.shift();
        int slotMask = slotKeys.length - 1;
        int[] counts = new int[g.tablesOf().length];
        int ngram = 0;
        int ngrams = 0;
        boolean ignoreSpace = false;
        for (int i = 0; i <= n; i++) {
            int mb;
            if (i < n) {
                mb = byteMap[text[i] & 0xFF];
                if (mb == 0) continue;
                boolean space = mb == SPACE;
                if (space && ignoreSpace) continue;
                ignoreSpace = space;
            } else {
                mb = SPACE; // ICU4J: "addByte(spaceChar)" after the text, whatever came before
            }
            ngram = ((ngram << 8) + mb) & NGRAM_MASK;
            ngrams++;
            for (int slot = (ngram * 0x9E3779B1) >>> shift; ; slot = (slot + 1) & slotMask) {
                int key = slotKeys[slot];
                if (key == ngram) {
                    counts[slotIds[slot]]++;
                    break;
                }
                if (key == EMPTY) break;
            }
        }
        int[] hits = new int[g.tables() + 1];
        long[] tablesOf = g.tablesOf();
        for (int id = 0; id < counts.length; id++) {
            if (counts[id] == 0) continue;
            for (long bits = tablesOf[id]; bits != 0; bits &= bits - 1) hits[Long.numberOfTrailingZeros(bits)] += counts[id];
        }
        hits[g.tables()] = ngrams;
        return hits;
    }

    /** ICU4J's {@code NGramParser.search}: the binary search over exactly 64 entries, which decides a hit. */
    private static boolean found(int[] table, int value) {
        int index = 0;
        if (table[index + 32] <= value) index += 32;
        if (table[index + 16] <= value) index += 16;
        if (table[index + 8] <= value) index += 8;
        if (table[index + 4] <= value) index += 4;
        if (table[index + 2] <= value) index += 2;
        if (table[index + 1] <= value) index += 1;
        if (table[index] > value) index -= 1;
        return index >= 0 && table[index] == value;
    }

    private static Set<String> names(List<Group> groups) {
        List<String> names = new ArrayList<>();
        for (Group g : groups) for (Recogniser r : g.recognisers()) names.add(r.name());
        return Set.copyOf(names);
    }

    /** The replica from ICU4J's classes, checked against its detector; empty when anything is amiss. */
    /**
     * The names of the recognisers a replica built from {@code known} (as {@link #KNOWN}) would
     * replicate: empty when building it fails or it disagrees with ICU4J's detector. For tests of
     * the fallback.
     */
    static Set<String> recognisersBuiltFrom(Map<String, Known> known) {
        return names(load(known));
    }

    private static List<Group> load(Map<String, Known> known) {
        try {
            List<Group> groups = build(known);
            return agrees(groups) ? groups : List.of();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // InaccessibleObjectException, a security manager's refusal, other fields: ICU4J's detector does it all
            return List.of();
        }
    }

    private static List<Group> build(Map<String, Known> known) throws ReflectiveOperationException {
        Field all = CharsetDetector.class.getDeclaredField("ALL_CS_RECOGNIZERS");
        all.setAccessible(true);
        Class<?> recognizerClass = Class.forName("com.ibm.icu.text.CharsetRecognizer");
        Method getName = recognizerClass.getDeclaredMethod("getName");
        getName.setAccessible(true);
        String sbcs = "com.ibm.icu.text.CharsetRecog_sbcs$";
        Map<byte[], List<Object[]>> byMap = new IdentityHashMap<>(); // byte map -> [name, c1Name, default, tables]
        List<byte[]> order = new ArrayList<>();
        for (Object info : (List<?>) all.get(null)) {
            Object recognizer = field(info.getClass(), "recognizer").get(info);
            boolean enabledByDefault = field(info.getClass(), "isDefaultEnabled").getBoolean(info);
            Class<?> c = recognizer.getClass();
            if (!c.getName().startsWith(sbcs)) continue;
            Known fields = known.get(c.getName().substring(sbcs.length()));
            if (fields == null) continue;
            byte[] byteMap = (byte[]) field(c, "byteMap").get(null);
            if (byteMap.length != 256) throw new IllegalStateException("byte map of " + c.getName());
            List<int[]> tables = new ArrayList<>();
            Object ngrams = field(c, fields.ngramsField()).get(null);
            if (ngrams instanceof int[] table) {
                tables.add(table);
            } else {
                for (Object lang : (Object[]) ngrams) tables.add((int[]) field(lang.getClass(), "fNGrams").get(lang));
            }
            for (int[] t : tables) if (t.length != 64) throw new IllegalStateException("n-gram table of " + c.getName());
            if (!byMap.containsKey(byteMap)) order.add(byteMap);
            byMap.computeIfAbsent(byteMap, k -> new ArrayList<>())
                    .add(new Object[] {getName.invoke(recognizer), fields.c1Name(), enabledByDefault, tables});
        }
        List<Group> groups = new ArrayList<>();
        for (byte[] byteMap : order) groups.add(group(byteMap, byMap.get(byteMap)));
        return List.copyOf(groups);
    }

    @SuppressWarnings("unchecked")
    private static Group group(byte[] byteMap, List<Object[]> members) {
        List<int[]> tables = new ArrayList<>();
        Recogniser[] recognisers = new Recogniser[members.size()];
        for (int i = 0; i < members.size(); i++) {
            Object[] m = members.get(i);
            List<int[]> own = (List<int[]>) m[3];
            recognisers[i] = new Recogniser((String) m[0], (String) m[1], (Boolean) m[2], tables.size(), own.size());
            tables.addAll(own);
        }
        if (tables.size() > Long.SIZE) throw new IllegalStateException("more than 64 tables on one byte map");
        // an n-gram is a hit for a table when ICU4J's binary search finds it there
        Map<Integer, Long> tablesOf = new HashMap<>();
        for (int t = 0; t < tables.size(); t++) {
            for (int v : tables.get(t)) {
                if ((v & ~NGRAM_MASK) == 0 && found(tables.get(t), v)) tablesOf.merge(v, 1L << t, (a, b) -> a | b);
            }
        }
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(4, tablesOf.size() * 3) - 1); // load factor at most 1/3
        int[] slotKeys = new int[1 << bits];
        int[] slotIds = new int[1 << bits];
        Arrays.fill(slotKeys, EMPTY);
        long[] masks = new long[tablesOf.size()];
        int id = 0;
        int shift = 32 - bits;
        for (Map.Entry<Integer, Long> e : tablesOf.entrySet()) {
            int slot = (e.getKey() * 0x9E3779B1) >>> shift;
            while (slotKeys[slot] != EMPTY) slot = (slot + 1) & (slotKeys.length - 1);
            slotKeys[slot] = e.getKey();
            slotIds[slot] = id;
            masks[id++] = e.getValue();
        }
        int[] map = new int[256];
        for (int b = 0; b < 256; b++) map[b] = byteMap[b] & 0xFF;
        return new Group(map, recognisers, tables.size(), slotKeys, slotIds, masks, shift);
    }

    private static Field field(Class<?> c, String name) throws NoSuchFieldException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            try {
                Field f = k.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // declared higher up (the byte maps of the one-language recognisers are their parent's)
            }
        }
        throw new NoSuchFieldException(c.getName() + "." + name);
    }

    /**
     * Whether the replica gives what ICU4J's detector gives on a built-in text (n-grams of every
     * byte map among pseudo-random bytes): on its prefixes, and on the whole with a C1 byte, for
     * every recogniser replicated.
     */
    private static boolean agrees(List<Group> groups) {
        if (groups.isEmpty()) return false;
        // n-grams of every byte map's tables, each followed by a pseudo-random byte (C1 bytes made spaces)
        // and now and then a space
        java.io.ByteArrayOutputStream sample = new java.io.ByteArrayOutputStream();
        long seed = 0x5DEECE66DL;
        for (Group g : groups) {
            int taken = 0;
            for (int key : g.slotKeys()) {
                if (key == EMPTY || taken++ == SAMPLE_NGRAMS) continue;
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                int noise = 0x20 + (int) ((seed >>> 33) % 0xE0);
                sample.write(key >>> 16);
                sample.write(key >>> 8);
                sample.write(key);
                sample.write((noise & 0xE0) == 0x80 ? SPACE : noise);
                if ((seed >>> 40 & 7) == 0) sample.write(SPACE);
            }
        }
        byte[] plain = sample.toByteArray();
        byte[] withC1 = plain.clone();
        withC1[Math.min(100, plain.length - 1)] = (byte) 0x93;
        // short prefixes, where one n-gram moves a confidence, and the whole
        for (int len : new int[] {0, 5, 30, 200, 1500}) {
            if (!agrees(groups, plain, Math.min(len, plain.length))) return false;
        }
        return agrees(groups, withC1, plain.length);
    }

    private static boolean agrees(List<Group> groups, byte[] text, int len) {
        Set<String> names = names(groups);
        Map<String, Integer> replica = new HashMap<>();
        match(groups, text, len, names, (name, confidence) -> replica.merge(name, confidence, Math::max));
        CharsetDetector detector = new CharsetDetector();
        for (String name : CharsetDetector.getAllDetectableCharsets()) detector.setDetectableCharset(name, names.contains(name));
        detector.setText(Arrays.copyOf(text, len));
        Map<String, Integer> icu = new HashMap<>();
        CharsetMatch[] matches = detector.detectAll();
        if (matches != null) for (CharsetMatch m : matches) icu.merge(m.getName(), m.getConfidence(), Math::max);
        // a check where nothing matched would check little
        return replica.equals(icu) && (len < 200 || !replica.isEmpty());
    }
}
