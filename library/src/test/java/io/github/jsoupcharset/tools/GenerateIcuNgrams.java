package io.github.jsoupcharset.tools;

import com.ibm.icu.text.CharsetDetector;
import com.ibm.icu.util.VersionInfo;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Generates {@code detect/IcuNgramTables.java}, the data of ICU4J's single-byte recognisers
 * ({@code CharsetRecog_sbcs}) that {@code IcuNgrams} replicates, from the ICU4J on the class path:
 * per recogniser its name, the name it gives when the text has C1 bytes, whether ICU4J's detector
 * runs it by default, its byte map and its languages' 64-entry n-gram tables. ICU4J keeps these in
 * private fields, read here by reflection; the library reads the generated class only.
 *
 * <p>Usage: {@code tools/generate-icu-ngrams} (from the project root; writes
 * {@code library/src/main/java/io/github/jsoupcharset/detect/IcuNgramTables.java}).
 * {@code IcuNgramsTest} checks the checked-in file is what this generator writes from the ICU4J
 * the tests run with, so a new ICU4J fails the build until the file is regenerated.
 */
public final class GenerateIcuNgrams {
    static final Path OUT = Paths.get("src/main/java/io/github/jsoupcharset/detect/IcuNgramTables.java");

    /** The command that regenerates {@link #OUT}, for messages. */
    public static final String COMMAND = "tools/generate-icu-ngrams";

    private static final String SBCS = "com.ibm.icu.text.CharsetRecog_sbcs$";

    /**
     * The single-byte recognisers replicated, by the simple name of their class: the static field
     * of their n-grams and the name they give when the text has C1 bytes (null: their own), which
     * ICU4J writes in their {@code match} method (no field holds it).
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

    /**
     * The single-byte recognisers not replicated: IBM420 and IBM424 (off by default, naming no
     * WHATWG encoding; IBM420's parser also differs). They stay with ICU4J's detector.
     */
    static final Set<String> NOT_REPLICATED = Set.of("CharsetRecog_IBM420_ar_rtl", "CharsetRecog_IBM420_ar_ltr",
            "CharsetRecog_IBM424_he_rtl", "CharsetRecog_IBM424_he_ltr");

    /** A recogniser's static field of n-grams, and the name it gives with C1 bytes (null: its own). */
    record Known(String ngramsField, String c1Name) {}

    /** One recogniser as read from ICU4J: its byte map (ICU4J's array) and per language its n-grams. */
    record Recogniser(String name, String c1Name, boolean enabledByDefault, byte[] byteMap, List<String> languages,
                      List<int[]> ngrams) {}

    private GenerateIcuNgrams() {}

    public static void main(String[] args) throws IOException {
        Files.writeString(OUT, source(), StandardCharsets.UTF_8);
        System.out.println("wrote " + OUT);
    }

    /** The version of the ICU4J on the class path, as its releases are named (79.1). */
    public static String icuVersion() {
        VersionInfo v = VersionInfo.ICU_VERSION;
        String version = v.getMajor() + "." + v.getMinor();
        if (v.getMilli() != 0 || v.getMicro() != 0) version += "." + v.getMilli();
        if (v.getMicro() != 0) version += "." + v.getMicro();
        return version;
    }

    /** The replicated recognisers of the ICU4J on the class path, in its detector's order. */
    static List<Recogniser> read() {
        try {
            Field all = CharsetDetector.class.getDeclaredField("ALL_CS_RECOGNIZERS");
            all.setAccessible(true);
            Method getName = Class.forName("com.ibm.icu.text.CharsetRecognizer").getDeclaredMethod("getName");
            getName.setAccessible(true);
            List<Recogniser> out = new ArrayList<>();
            for (Object info : (List<?>) all.get(null)) {
                Object recognizer = field(info.getClass(), "recognizer").get(info);
                boolean enabledByDefault = field(info.getClass(), "isDefaultEnabled").getBoolean(info);
                Class<?> c = recognizer.getClass();
                if (!c.getName().startsWith(SBCS)) continue;
                String simpleName = c.getName().substring(SBCS.length());
                if (NOT_REPLICATED.contains(simpleName)) continue;
                Known known = KNOWN.get(simpleName);
                if (known == null) {
                    throw new IllegalStateException("ICU4J " + icuVersion() + " has a single-byte recogniser this "
                            + "generator does not know, " + c.getName() + ": add it to KNOWN (with the name its match "
                            + "method gives when the text has C1 bytes) or to NOT_REPLICATED");
                }
                byte[] byteMap = (byte[]) field(c, "byteMap").get(null);
                if (byteMap.length != 256) throw new IllegalStateException("byte map of " + c.getName());
                List<String> languages = new ArrayList<>();
                List<int[]> tables = new ArrayList<>();
                Object ngrams = field(c, known.ngramsField()).get(null);
                if (ngrams instanceof int[] table) {
                    Method getLanguage = c.getDeclaredMethod("getLanguage");
                    getLanguage.setAccessible(true);
                    languages.add((String) getLanguage.invoke(recognizer));
                    tables.add(table.clone());
                } else {
                    for (Object lang : (Object[]) ngrams) {
                        languages.add((String) field(lang.getClass(), "fLang").get(lang));
                        tables.add(((int[]) field(lang.getClass(), "fNGrams").get(lang)).clone());
                    }
                }
                for (int[] t : tables) {
                    if (t.length != 64) throw new IllegalStateException("n-gram table of " + c.getName());
                    for (int v : t) {
                        if ((v & ~0xFFFFFF) != 0) throw new IllegalStateException("n-gram " + v + " of " + c.getName());
                    }
                }
                out.add(new Recogniser((String) getName.invoke(recognizer), known.c1Name(), enabledByDefault,
                        byteMap.clone(), List.copyOf(languages), List.copyOf(tables)));
            }
            if (out.size() != KNOWN.size()) {
                throw new IllegalStateException("found " + out.size() + " recognisers of " + KNOWN.keySet());
            }
            return List.copyOf(out);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("ICU4J " + icuVersion() + "'s recognisers are not as this generator "
                    + "reads them", e);
        }
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

    /** The source of {@code IcuNgramTables.java} for the ICU4J on the class path. */
    public static String source() {
        List<Recogniser> recognisers = read();
        // the distinct byte maps, in order of first use (ISO-8859-8 and -8-I share one)
        List<byte[]> byteMaps = new ArrayList<>();
        List<String> byteMapUsers = new ArrayList<>();
        int[] byteMapOf = new int[recognisers.size()];
        for (int i = 0; i < recognisers.size(); i++) {
            Recogniser r = recognisers.get(i);
            int index = -1;
            for (int m = 0; m < byteMaps.size() && index < 0; m++) {
                if (Arrays.equals(byteMaps.get(m), r.byteMap())) index = m;
            }
            if (index < 0) {
                index = byteMaps.size();
                byteMaps.add(r.byteMap());
                byteMapUsers.add(r.name());
            } else {
                byteMapUsers.set(index, byteMapUsers.get(index) + ", " + r.name());
            }
            byteMapOf[i] = index;
        }
        StringBuilder b = new StringBuilder();
        b.append("// GENERATED by io.github.jsoupcharset.tools.GenerateIcuNgrams from ICU4J ").append(icuVersion())
                .append(" (its single-byte\n// recognisers, com.ibm.icu.text.CharsetRecog_sbcs). DO NOT EDIT: run ")
                .append(COMMAND).append(" instead.\n")
                .append("// Data: Copyright (C) 2016 and later: Unicode, Inc. and others; Unicode License v3\n")
                .append("// (https://www.unicode.org/license.txt); see NOTICE.\n");
        b.append("package io.github.jsoupcharset.detect;\n\n");
        b.append("/**\n")
                .append(" * The data of ICU4J's single-byte recognisers that {@link IcuNgrams} replicates, as ICU4J ")
                .append(icuVersion()).append(" has it,\n")
                .append(" * in its detector's order. Internal; immutable.\n */\n");
        b.append("final class IcuNgramTables {\n    private IcuNgramTables() {}\n\n");
        b.append("    /** The ICU4J these tables were read from. */\n");
        b.append("    static final String ICU4J_VERSION = \"").append(icuVersion()).append("\";\n\n");
        b.append("    /**\n")
                .append("     * A recogniser: its name, the name it gives when the text has a byte 0x80-0x9F (null:\n")
                .append("     * its own), whether ICU4J's detector runs it by default, its byte map (an index into\n")
                .append("     * {@link #BYTE_MAPS}) and its languages.\n     */\n");
        b.append("    record Recogniser(String name, String c1Name, boolean enabledByDefault, int byteMap,\n")
                .append("                      Language... languages) {}\n\n");
        b.append("    /** A language: its code, its 64 n-grams (six hex digits each, ICU4J's order). */\n");
        b.append("    record Language(String code, String ngrams) {}\n\n");
        b.append("    /** The byte maps: what each byte 0x00-0xFF maps to, two hex digits each. */\n");
        b.append("    static final String[] BYTE_MAPS = {\n");
        for (int m = 0; m < byteMaps.size(); m++) {
            b.append("        // ").append(m).append(": ").append(byteMapUsers.get(m)).append('\n');
            byte[] map = byteMaps.get(m);
            for (int row = 0; row < 256; row += 32) {
                b.append(row == 0 ? "        \"" : "            + \"");
                for (int i = row; i < row + 32; i++) b.append(String.format("%02x", map[i] & 0xFF));
                b.append(row + 32 < 256 ? "\"\n" : "\",\n");
            }
        }
        b.append("    };\n\n");
        b.append("    /** The recognisers. */\n");
        b.append("    static final Recogniser[] RECOGNISERS = {\n");
        for (int i = 0; i < recognisers.size(); i++) {
            Recogniser r = recognisers.get(i);
            b.append("        new Recogniser(\"").append(r.name()).append("\", ")
                    .append(r.c1Name() == null ? "null" : "\"" + r.c1Name() + "\"").append(", ")
                    .append(r.enabledByDefault()).append(", ").append(byteMapOf[i]).append(",\n");
            for (int l = 0; l < r.languages().size(); l++) {
                b.append("                new Language(\"").append(r.languages().get(l)).append("\",\n");
                int[] table = r.ngrams().get(l);
                for (int row = 0; row < 64; row += 8) {
                    b.append(row == 0 ? "                        \"" : "                        + \"");
                    for (int k = row; k < row + 8; k++) b.append(String.format("%06x", table[k]));
                    b.append(row + 8 < 64 ? "\"\n" : "\")");
                }
                b.append(l + 1 < r.languages().size() ? ",\n" : i + 1 < recognisers.size() ? "),\n" : ")\n");
            }
        }
        b.append("    };\n}\n");
        return b.toString();
    }
}
