package io.github.jsoupcharset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The real pages of {@code ../shared/corpus/realweb}: saved pages and recorded HTTP responses from
 * public repositories' test fixtures, each with the {@code Content-Type} it is served with and
 * headless Chromium's decision ({@code chromium.tsv}; a reference, not truth). There is no ground
 * truth. Whole source repositories are the unit of holding out: {@link Case#fold(int)} puts every
 * page of one repository in the same fold, so a figure on a fold is a figure on sources never
 * looked at while that fold was held out.
 */
public final class RealWebCorpus {
    /**
     * One page.
     *
     * @param id the case id ({@code real-hdr-charset-…}, {@code saved-undeclared-…}, …)
     * @param scenario {@code real-hdr-charset}, {@code real-hdr-nocharset}, {@code saved-meta} or {@code saved-undeclared}
     * @param contentType the Content-Type served, byte for byte; null: {@code text/html} with no charset
     * @param source the GitHub repository the page was taken from (owner/name)
     * @param declared the WHATWG name of what the page declares (header, else first meta), {@code ?label}, or {@code none}
     * @param validUtf8 whether the body decodes as UTF-8 without error
     * @param chromium the encoding headless Chromium decided (its name as Chromium reports it), or empty
     * @param chromiumReplacements the U+FFFD in Chromium's text, or -1 where it was not recorded
     * @param body the path of the body file
     */
    public record Case(String id, String scenario, String contentType, String source, String declared,
                       boolean validUtf8, String chromium, int chromiumReplacements, Path body) {
        /** The exact bytes served. */
        public byte[] bytes() {
            try {
                return Files.readAllBytes(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The Content-Type actually served: the recorded one, or {@code text/html} where there was none. */
        public String servedContentType() {
            return contentType == null ? "text/html" : contentType;
        }

        /** True when neither the header nor the page declares an encoding. */
        public boolean undeclared() {
            return declared.equals("none");
        }

        /** The fold (0 … {@code folds}-1) of this page's source repository: a hash of its name. */
        public int fold(int folds) {
            return foldOf(source, folds);
        }
    }

    private static List<Case> cases;

    private RealWebCorpus() {}

    /**
     * Every case, read once per test run; where the shared data is missing, the calling test is
     * skipped with the reason (fails where the data is required, see {@link SharedData}).
     */
    public static synchronized List<Case> cases() throws IOException {
        if (cases == null) cases = List.copyOf(load(SharedData.file("corpus/realweb")));
        return cases;
    }

    /** The fold (0 … {@code folds}-1) of a source repository: a stable hash of its name. */
    public static int foldOf(String source, int folds) {
        int h = 0;
        for (int i = 0; i < source.length(); i++) h = 31 * h + source.charAt(i);
        return Integer.remainderUnsigned(Integer.rotateRight(h * 0x9E3779B9, 7), folds);
    }

    /** Reads the cases of a realweb folder (the one holding {@code cases.jsonl} and {@code chromium.tsv}). */
    public static List<Case> load(Path dir) throws IOException {
        Map<String, String[]> chromium = new HashMap<>();
        List<String> tsv = Files.readAllLines(dir.resolve("chromium.tsv"), StandardCharsets.UTF_8);
        for (String line : tsv.subList(1, tsv.size())) {
            String[] f = line.split("\t", -1);
            chromium.put(f[0], f);
        }
        List<Case> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("cases.jsonl"), StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            Map<String, Object> o = flatJsonObject(line);
            String id = (String) o.get("id");
            String[] c = chromium.get(id);
            String encoding = c == null ? "" : c[1];
            int replacements = c == null || c[2].isEmpty() ? -1 : Integer.parseInt(c[2]);
            out.add(new Case(id, (String) o.get("scenario"), (String) o.get("content_type"),
                    (String) o.get("source"), (String) o.get("declared"),
                    Boolean.TRUE.equals(o.get("valid_utf8")), encoding, replacements,
                    dir.resolve((String) o.get("body"))));
        }
        return out;
    }

    /** The cases whose id is given, in the corpus's order. */
    public static Optional<Case> byId(List<Case> cases, String id) {
        return cases.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** Parses one line of {@code cases.jsonl}: an object of strings, booleans, numbers and nulls. */
    static Map<String, Object> flatJsonObject(String s) {
        Map<String, Object> o = new LinkedHashMap<>();
        int[] at = {skip(s, 0)};
        expect(s, at, '{');
        while (true) {
            at[0] = skip(s, at[0]);
            if (s.charAt(at[0]) == '}') break;
            String key = string(s, at);
            at[0] = skip(s, at[0]);
            expect(s, at, ':');
            at[0] = skip(s, at[0]);
            o.put(key, value(s, at));
            at[0] = skip(s, at[0]);
            if (s.charAt(at[0]) == ',') at[0]++;
        }
        return o;
    }

    private static Object value(String s, int[] at) {
        char c = s.charAt(at[0]);
        if (c == '"') return string(s, at);
        for (String word : new String[] {"null", "true", "false"}) {
            if (s.startsWith(word, at[0])) {
                at[0] += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word);
            }
        }
        int start = at[0];
        while (at[0] < s.length() && "+-.0123456789eE".indexOf(s.charAt(at[0])) >= 0) at[0]++;
        if (start == at[0]) throw new IllegalArgumentException("unexpected '" + c + "' at " + start + " in " + s);
        return Double.valueOf(s.substring(start, at[0]));
    }

    private static String string(String s, int[] at) {
        expect(s, at, '"');
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = s.charAt(at[0]++);
            if (c == '"') return b.toString();
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = s.charAt(at[0]++);
            switch (e) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'u' -> {
                    b.append((char) Integer.parseInt(s.substring(at[0], at[0] + 4), 16));
                    at[0] += 4;
                }
                default -> b.append(e);
            }
        }
    }

    private static void expect(String s, int[] at, char c) {
        if (s.charAt(at[0]) != c) throw new IllegalArgumentException("expected '" + c + "' at " + at[0] + " in " + s);
        at[0]++;
    }

    private static int skip(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        return i;
    }
}
