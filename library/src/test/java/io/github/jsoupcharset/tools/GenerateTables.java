package io.github.jsoupcharset.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Generates the project's compact copies of the Encoding Standard's data from the WHATWG files in
 * {@code ../shared/whatwg} (encodings.json and index-*.txt; CC BY 4.0, WHATWG).
 *
 * <p>Usage: {@code tools/generate-tables [WHATWG_DIR]}. Writes
 * {@code src/main/java/io/github/jsoupcharset/codec/EncodingLabels.java} (label table),
 * {@code src/main/java/io/github/jsoupcharset/codec/SingleByteIndexes.java} (the 128-entry upper
 * halves of the single-byte indexes) and, under
 * {@code src/main/resources/io/github/jsoupcharset/codec/}, one binary {@code index-<name>.bin}
 * per multi-byte index (see {@link #multiByteIndex} and {@link #rangesIndex} for the formats).
 * {@code GeneratedTablesTest} checks the checked-in files are what this generator produces.
 */
public final class GenerateTables {
    static final String PACKAGE = "io.github.jsoupcharset.codec";
    static final Path OUT_DIR = Paths.get("src/main/java/io/github/jsoupcharset/codec");
    static final Path RESOURCE_DIR = Paths.get("src/main/resources/io/github/jsoupcharset/codec");

    /** The multi-byte indexes with one code point per pointer (index-gb18030-ranges.txt is separate). */
    public static final List<String> MULTI_BYTE_INDEXES =
            List.of("big5", "euc-kr", "gb18030", "jis0208", "jis0212", "iso-2022-jp-katakana");

    private GenerateTables() {}

    public static void main(String[] args) throws IOException {
        Path whatwg = Paths.get(args.length > 0 ? args[0] : "../shared/whatwg");
        for (Map.Entry<String, String> e : generate(whatwg).entrySet()) {
            Path out = OUT_DIR.resolve(e.getKey());
            Files.writeString(out, e.getValue(), StandardCharsets.UTF_8);
            System.out.println("wrote " + out);
        }
        Files.createDirectories(RESOURCE_DIR);
        for (Map.Entry<String, byte[]> e : generateResources(whatwg).entrySet()) {
            Path out = RESOURCE_DIR.resolve(e.getKey());
            Files.write(out, e.getValue());
            System.out.println("wrote " + out);
        }
    }

    /** Resource file name → contents, for every generated binary index. */
    public static Map<String, byte[]> generateResources(Path whatwg) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String name : MULTI_BYTE_INDEXES) {
            files.put("index-" + name + ".bin", multiByteIndex(readIndex(whatwg.resolve("index-" + name + ".txt"))));
        }
        files.put("index-gb18030-ranges.bin", rangesIndex(readIndex(whatwg.resolve("index-gb18030-ranges.txt"))));
        return files;
    }

    /**
     * An index file's (pointer, code point) rows in file order, found as the standard says: lines
     * that are empty or start with U+0023 are skipped, the rest split on U+0009 into a decimal
     * pointer and a hexadecimal code point.
     */
    public static List<int[]> readIndex(Path file) throws IOException {
        List<int[]> rows = new ArrayList<>();
        for (String line : Files.readString(file, StandardCharsets.UTF_8).split("\n", -1)) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] f = line.split("\t");
            int pointer = Integer.parseInt(f[0].strip());
            int cp = Integer.parseInt(f[1].strip().substring(2), 16);
            if (pointer < 0 || cp <= 0 || cp > 0x10FFFF) throw new IllegalStateException(file + ": " + line);
            rows.add(new int[] {pointer, cp});
        }
        if (rows.isEmpty()) throw new IllegalStateException("no rows in " + file);
        return rows;
    }

    /**
     * A dense multi-byte index: the number of pointers N (one past the largest pointer, 4 bytes big
     * endian), then for each pointer 0..N-1 its code point in 3 bytes big endian, 0 where the index
     * has no code point (U+0000 is in no multi-byte index).
     */
    static byte[] multiByteIndex(List<int[]> rows) {
        int n = 0;
        for (int[] r : rows) n = Math.max(n, r[0] + 1);
        int[] cps = new int[n];
        for (int[] r : rows) {
            if (cps[r[0]] != 0) throw new IllegalStateException("pointer " + r[0] + " twice");
            cps[r[0]] = r[1];
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(4 + 3 * n);
        putInt(bytes, n);
        for (int cp : cps) {
            bytes.write(cp >>> 16);
            bytes.write(cp >>> 8);
            bytes.write(cp);
        }
        return bytes.toByteArray();
    }

    /** The ranges index: the row count (4 bytes), then each row's pointer and code point (4 bytes each). */
    static byte[] rangesIndex(List<int[]> rows) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(4 + 8 * rows.size());
        putInt(bytes, rows.size());
        int previous = -1;
        for (int[] r : rows) {
            if (r[0] <= previous) throw new IllegalStateException("ranges not sorted at " + r[0]);
            previous = r[0];
            putInt(bytes, r[0]);
            putInt(bytes, r[1]);
        }
        return bytes.toByteArray();
    }

    private static void putInt(java.io.ByteArrayOutputStream bytes, int v) {
        bytes.write(v >>> 24);
        bytes.write(v >>> 16);
        bytes.write(v >>> 8);
        bytes.write(v);
    }

    /** File name → generated source, for every generated file. */
    public static Map<String, String> generate(Path whatwg) throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        List<Map.Entry<String, List<String>>> encodings = readEncodings(whatwg.resolve("encodings.json"));
        files.put("EncodingLabels.java", labelsSource(encodings));
        files.put("SingleByteIndexes.java", singleByteSource(whatwg, encodings));
        return files;
    }

    private static final String HEADER =
            "// GENERATED by io.github.jsoupcharset.tools.GenerateTables from the WHATWG Encoding Standard's\n"
                    + "// %s. DO NOT EDIT: run tools/generate-tables instead.\n"
                    + "// Data: Copyright WHATWG (Apple, Google, Mozilla, Microsoft), CC BY 4.0\n"
                    + "// (https://creativecommons.org/licenses/by/4.0/); see NOTICE.\n";

    /** encodings.json → (name, labels) in the standard's order. A minimal parser for this one file's shape. */
    static List<Map.Entry<String, List<String>>> readEncodings(Path json) throws IOException {
        String s = Files.readString(json, StandardCharsets.UTF_8);
        List<Map.Entry<String, List<String>>> out = new ArrayList<>();
        Pattern entry = Pattern.compile("\"labels\"\\s*:\\s*\\[([^\\]]*)\\]\\s*,\\s*\"name\"\\s*:\\s*\"([^\"]+)\"");
        Pattern str = Pattern.compile("\"([^\"]*)\"");
        Matcher m = entry.matcher(s);
        while (m.find()) {
            List<String> labels = new ArrayList<>();
            Matcher lm = str.matcher(m.group(1));
            while (lm.find()) labels.add(lm.group(1));
            out.add(Map.entry(m.group(2), labels));
        }
        if (out.size() != 40) throw new IllegalStateException("expected 40 encodings in " + json + ", found " + out.size());
        return out;
    }

    static String labelsSource(List<Map.Entry<String, List<String>>> encodings) {
        StringBuilder b = new StringBuilder(String.format(HEADER, "encodings.json"));
        b.append("package ").append(PACKAGE).append(";\n\n");
        b.append("/** The Encoding Standard's encodings in its order, each with its labels (lower case). */\n");
        b.append("public final class EncodingLabels {\n    private EncodingLabels() {}\n\n");
        b.append("    /** Each row: the canonical name, then every label of that encoding. */\n");
        b.append("    static final String[][] TABLE = {\n");
        int count = 0;
        for (Map.Entry<String, List<String>> e : encodings) {
            b.append("        {\"").append(e.getKey()).append('"');
            for (String l : e.getValue()) {
                b.append(", \"").append(l).append('"');
                count++;
            }
            b.append("},\n");
        }
        b.append("    };\n\n    /** Number of labels in {@link #TABLE}. */\n");
        b.append("    static final int LABEL_COUNT = ").append(count).append(";\n}\n");
        return b.toString();
    }

    static String singleByteSource(Path whatwg, List<Map.Entry<String, List<String>>> encodings) throws IOException {
        StringBuilder b = new StringBuilder(String.format(HEADER, "index-*.txt (single-byte indexes)"));
        b.append("package ").append(PACKAGE).append(";\n\n");
        b.append("/**\n * The single-byte indexes: for each encoding, the code points of bytes 0x80-0xFF as a 128-char\n");
        b.append(" * string; U+FFFD marks a byte the index leaves undefined (the decoder reports an error there).\n */\n");
        b.append("final class SingleByteIndexes {\n    private SingleByteIndexes() {}\n\n");
        b.append("    /** Encoding name → index string. */\n");
        b.append("    static final String[][] TABLE = {\n");
        Map<String, Path> files = new TreeMap<>();
        for (Map.Entry<String, List<String>> e : encodings) {
            String name = e.getKey();
            String file = "index-" + name.toLowerCase(java.util.Locale.ROOT) + ".txt";
            if (name.equals("ISO-8859-8-I")) continue; // shares index-iso-8859-8.txt
            Path p = whatwg.resolve(file);
            if (!Files.exists(p) || isMultiByte(name)) continue;
            files.put(name, p);
        }
        for (Map.Entry<String, List<String>> e : encodings) {
            String name = e.getKey();
            Path p = files.get(name.equals("ISO-8859-8-I") ? "ISO-8859-8" : name);
            if (p == null) continue;
            char[] table = new char[128];
            java.util.Arrays.fill(table, '\uFFFD');
            for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) continue;
                String[] f = t.split("\\s+");
                int pointer = Integer.parseInt(f[0]);
                int cp = Integer.parseInt(f[1].substring(2), 16);
                if (pointer > 127 || cp < 0x80 || cp > 0xFFFF) throw new IllegalStateException(p + ": " + line);
                table[pointer] = (char) cp;
            }
            b.append("        {\"").append(name).append("\",\n");
            for (int row = 0; row < 128; row += 16) {
                b.append("            \"");
                for (int i = row; i < row + 16; i++) b.append(String.format("\\u%04X", (int) table[i]));
                b.append(row + 16 < 128 ? "\" +\n" : "\"},\n");
            }
        }
        b.append("    };\n}\n");
        return b.toString();
    }

    private static boolean isMultiByte(String name) {
        switch (name) {
            case "Big5": case "EUC-KR": case "gb18030": case "GBK": case "EUC-JP": case "ISO-2022-JP": case "Shift_JIS":
                return true;
            default:
                return false;
        }
    }
}
