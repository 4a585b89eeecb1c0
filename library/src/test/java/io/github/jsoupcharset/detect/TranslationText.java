package io.github.jsoupcharset.detect;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Text people wrote in many languages that the project never tuned on: the translations of
 * programs' messages in the GNU gettext catalogues ({@code .mo}) of an operating system's locale
 * folder ({@code /usr/share/locale/<language>/LC_MESSAGES/<package>.mo}). Each package's
 * translations into a language are one <em>source</em>, translated by its own team.
 *
 * <p>A message is cleaned of what only programs read: format directives ({@code %s}, {@code
 * %1$d}, {@code {0}}, {@code ${name}}) become a one-letter word ({@code «%s»} the {@code «x»} of a
 * page), keyboard mnemonics ({@code _File}, {@code &File}), markup and control characters go;
 * messages with fewer than three letters are left out.
 */
final class TranslationText {
    private TranslationText() {}

    private static final Pattern FORMAT = Pattern.compile(
            "%(\\d+\\$)?[-+ #0']*(\\d+|\\*)?(\\.(\\d+|\\*))?(hh|h|ll|l|L|q|j|z|t|I)?[diouxXeEfFgGaAcspnmS%]"
            + "|\\$\\{[^}]*}|\\{[^}]*}");
    private static final Pattern MARKUP = Pattern.compile("<[^>]{1,40}>|&[a-zA-Z]+;");
    private static final Pattern MNEMONIC = Pattern.compile("(?<=^|[\\s(\"'])[_&](?=\\p{L})");
    private static final Pattern SPACE = Pattern.compile("[\\s\\p{Cc}\\p{Cf}]+");

    /** The messages of one language, by package (source), each package's in catalogue order, without repeats. */
    static Map<String, List<String>> messages(Path localeDir, String language) throws IOException {
        Map<String, List<String>> byPackage = new TreeMap<>();
        Path dir = localeDir.resolve(language).resolve("LC_MESSAGES");
        if (!Files.isDirectory(dir)) return byPackage;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path mo : files.filter(p -> p.toString().endsWith(".mo")).sorted().toList()) {
                List<String> texts = read(Files.readAllBytes(mo));
                if (texts.isEmpty()) continue;
                String pkg = mo.getFileName().toString().replaceFirst("\\.mo$", "");
                // catalogues of one package in several parts (iso_639, iso_639-2, iso_639_3) are one source
                pkg = pkg.replaceFirst("^(iso)_(\\d+).*", "$1-$2").replaceFirst("^(gtk|glib)\\d+.*", "$1");
                byPackage.computeIfAbsent(pkg, k -> new ArrayList<>()).addAll(texts);
            }
        }
        byPackage.replaceAll((k, v) -> List.copyOf(new LinkedHashSet<>(v)));
        return byPackage;
    }

    /**
     * What catalogues a locale folder holds, for telling whether two measurements read the same
     * text: the language folders, the catalogues, and the first 12 hex digits of the SHA-256 of
     * their paths and sizes (sorted). The catalogues are whatever packages the machine has.
     */
    static String fingerprint(Path localeDir) throws IOException {
        List<String> entries = new ArrayList<>();
        int languages = 0;
        if (Files.isDirectory(localeDir)) {
            try (Stream<Path> dirs = Files.list(localeDir)) {
                for (Path language : dirs.sorted().toList()) {
                    Path messages = language.resolve("LC_MESSAGES");
                    if (!Files.isDirectory(messages)) continue;
                    languages++;
                    try (Stream<Path> files = Files.list(messages)) {
                        for (Path mo : files.filter(f -> f.toString().endsWith(".mo")).sorted().toList()) {
                            entries.add(localeDir.relativize(mo) + " " + Files.size(mo));
                        }
                    }
                }
            }
        }
        try {
            java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
            for (String e : entries) sha.update((e + "\n").getBytes(StandardCharsets.UTF_8));
            return languages + " language folders, " + entries.size() + " catalogues, fingerprint "
                    + java.util.HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The cleaned translations of a {@code .mo} file; none if it is not a UTF-8 catalogue. */
    static List<String> read(byte[] mo) {
        List<String> out = new ArrayList<>();
        if (mo.length < 28) return out;
        ByteBuffer b = ByteBuffer.wrap(mo).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(0) != 0x950412de) {
            b.order(ByteOrder.BIG_ENDIAN);
            if (b.getInt(0) != 0x950412de) return out;
        }
        int n = b.getInt(8);
        int translations = b.getInt(16);
        var utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        for (int i = 0; i < n; i++) {
            int at = translations + 8 * i;
            if (at + 8 > mo.length) break;
            int len = b.getInt(at);
            int off = b.getInt(at + 4);
            if (off < 0 || len < 0 || off + len > mo.length) continue;
            String s;
            try {
                s = utf8.decode(ByteBuffer.wrap(mo, off, len)).toString();
            } catch (CharacterCodingException e) {
                return new ArrayList<>(); // another charset: leave the catalogue out
            }
            if (s.startsWith("Project-Id-Version:") || s.contains("Content-Type: text/plain")) continue;
            for (String form : s.split("\0")) {
                String clean = clean(form);
                if (clean != null) out.add(clean);
            }
        }
        return out;
    }

    static String clean(String message) {
        // a value stands where the program puts one: quotes around it stay glued to a word
        String s = FORMAT.matcher(message.replace("%%", "\0")).replaceAll("x").replace('\0', '%');
        s = MARKUP.matcher(s).replaceAll(" ");
        s = MNEMONIC.matcher(s).replaceAll("");
        s = s.replace("<", " ").replace(">", " ").replace("&", " and ");
        s = SPACE.matcher(s).replaceAll(" ").strip();
        int letters = 0;
        for (int i = 0; i < s.length(); i++) if (Character.isLetter(s.charAt(i))) letters++;
        return letters < 3 ? null : s;
    }
}
