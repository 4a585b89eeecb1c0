package io.github.jsoupcharset.cli;

import java.util.List;

/**
 * A tiny JSON object writer: just enough for {@code sniff --json} and {@code audit --jsonl}, so the
 * command needs no JSON library. Not thread-safe; one instance writes one object.
 */
final class Json {
    private final StringBuilder b = new StringBuilder("{");
    private boolean empty = true;

    /** A string field; null writes {@code null}. */
    Json field(String name, String value) {
        return raw(name, value == null ? "null" : string(value));
    }

    /** A number field. */
    Json field(String name, long value) {
        return raw(name, Long.toString(value));
    }

    /** A boolean field. */
    Json field(String name, boolean value) {
        return raw(name, Boolean.toString(value));
    }

    /** A field whose value is already JSON (an object or an array). */
    Json raw(String name, String json) {
        if (!empty) b.append(',');
        empty = false;
        b.append(string(name)).append(':').append(json);
        return this;
    }

    /** The finished object. */
    String end() {
        return b.append('}').toString();
    }

    /** A JSON array of already-JSON values. */
    static String array(List<String> jsonValues) {
        return "[" + String.join(",", jsonValues) + "]";
    }

    /** A JSON string literal (RFC 8259: quote, backslash and controls escaped; lone surrogates as \\u). */
    static String string(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    boolean loneSurrogate = Character.isSurrogate(c) && !(Character.isHighSurrogate(c)
                            && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)))
                            && !(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1)));
                    // controls must be escaped; a lone surrogate cannot be written as UTF-8
                    // C1 too: a terminal reading UTF-8 obeys U+009B as CSI
                    if (Terminal.isControl(c) || loneSurrogate) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }
}
