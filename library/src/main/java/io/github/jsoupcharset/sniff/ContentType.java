package io.github.jsoupcharset.sniff;

import java.util.ArrayList;
import java.util.List;

/**
 * The charset of a response's {@code Content-Type} header(s) as browsers read it: Fetch's
 * "extract a MIME type" over every Content-Type header, with MIME Sniffing's "parse a MIME type"
 * for each value (first {@code charset} parameter wins, quoted strings, HTTP whitespace), and the
 * charset carried over between values of the same essence: the label the transport layer gives
 * step 4 of the HTML Standard's encoding sniffing algorithm
 * (https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding). See
 * https://fetch.spec.whatwg.org/#concept-header-extract-mime-type and
 * https://mimesniff.spec.whatwg.org/#parse-a-mime-type. Internal.
 */
public final class ContentType {
    private ContentType() {}

    /**
     * Fetch's "extract a MIME type" followed by taking its charset parameter: the label the
     * transport layer gives, or null if there is none (no header, no parsable MIME type, no charset).
     *
     * @param headerValues the value of every Content-Type header of the response, in order; null
     *     entries are skipped
     */
    public static String charsetLabel(List<String> headerValues) {
        if (headerValues == null || headerValues.isEmpty()) return null;
        List<String> values = new ArrayList<>();
        for (String v : headerValues) {
            if (v != null) values.add(v);
        }
        if (values.isEmpty()) return null;
        // "get, decode, and split": the combined value is the values joined by ", ", then split
        String charset = null;
        String essence = null;
        boolean haveMimeType = false;
        String mimeCharset = null;
        for (String value : getDecodeAndSplit(values.size() == 1 ? values.get(0) : String.join(", ", values))) {
            Mime mime = parseMimeType(value);
            if (mime == null || mime.essence.equals("*/*")) continue;
            haveMimeType = true;
            mimeCharset = mime.charset;
            if (!mime.essence.equals(essence)) {
                charset = mime.charset;
                essence = mime.essence;
            } else if (mime.charset == null && charset != null) {
                mimeCharset = charset;
            }
        }
        return haveMimeType ? mimeCharset : null;
    }

    /** Fetch's "get, decode, and split" of a header value: split on commas outside quoted strings. */
    static List<String> getDecodeAndSplit(String input) {
        // no quote and no comma (most headers): one value, the input stripped
        if (input.indexOf('"') < 0 && input.indexOf(',') < 0) return List.of(stripHttpTabOrSpace(input));
        List<String> values = new ArrayList<>();
        int position = 0;
        StringBuilder value = new StringBuilder();
        while (true) {
            // collect a sequence of code points that are not " or ,
            while (position < input.length() && input.charAt(position) != '"' && input.charAt(position) != ',') {
                value.append(input.charAt(position++));
            }
            if (position < input.length() && input.charAt(position) == '"') {
                int start = position;
                position = collectQuotedString(input, position, null);
                value.append(input, start, position);
                if (position < input.length()) continue;
            }
            values.add(stripHttpTabOrSpace(value.toString()));
            value.setLength(0);
            if (position >= input.length()) return values;
            position++; // the comma
        }
    }

    private record Mime(String essence, String charset) {}

    /** MIME Sniffing's "parse a MIME type", keeping only the essence and the charset parameter. */
    static Mime parseMimeType(String input) {
        input = trimHttpWhitespace(input);
        int position = 0;
        int end = input.length();
        int slash = input.indexOf('/');
        if (slash < 0) return null;
        String type = input.substring(0, slash);
        if (type.isEmpty() || !isToken(type)) return null;
        position = slash + 1;
        int semi = input.indexOf(';', position);
        int subtypeEnd = semi < 0 ? end : semi;
        String subtype = trimTrailingHttpWhitespace(input.substring(position, subtypeEnd));
        if (subtype.isEmpty() || !isToken(subtype)) return null;
        String essence = asciiLowercase(type) + "/" + asciiLowercase(subtype);
        position = subtypeEnd;
        String charset = null;
        while (position < end) {
            position++; // skip ';'
            while (position < end && isHttpWhitespace(input.charAt(position))) position++;
            int nameStart = position;
            while (position < end && input.charAt(position) != ';' && input.charAt(position) != '=') position++;
            String name = asciiLowercase(input.substring(nameStart, position));
            if (position < end) {
                if (input.charAt(position) == ';') continue;
                position++; // skip '='
            }
            if (position >= end) break;
            String value;
            if (input.charAt(position) == '"') {
                StringBuilder v = new StringBuilder();
                position = collectQuotedString(input, position, v);
                value = v.toString();
                while (position < end && input.charAt(position) != ';') position++;
            } else {
                int valueStart = position;
                while (position < end && input.charAt(position) != ';') position++;
                value = trimTrailingHttpWhitespace(input.substring(valueStart, position));
                if (value.isEmpty()) continue;
            }
            // the first occurrence of a parameter wins
            if (charset == null && name.equals("charset") && isQuotedStringTokens(value)) charset = value;
        }
        return new Mime(essence, charset);
    }

    /**
     * Fetch's "collect an HTTP quoted string" from the {@code "} at {@code position}; appends the
     * extracted value to {@code value} if non-null. Returns the position after the string.
     */
    private static int collectQuotedString(String input, int position, StringBuilder value) {
        position++; // the opening quote
        while (true) {
            while (position < input.length() && input.charAt(position) != '"' && input.charAt(position) != '\\') {
                if (value != null) value.append(input.charAt(position));
                position++;
            }
            if (position >= input.length()) return position;
            char quoteOrBackslash = input.charAt(position++);
            if (quoteOrBackslash == '\\') {
                if (position >= input.length()) {
                    if (value != null) value.append('\\');
                    return position;
                }
                if (value != null) value.append(input.charAt(position));
                position++;
            } else {
                return position;
            }
        }
    }

    private static boolean isHttpWhitespace(char c) {
        return c == '\t' || c == '\n' || c == '\r' || c == ' ';
    }

    private static String trimHttpWhitespace(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isHttpWhitespace(s.charAt(start))) start++;
        while (end > start && isHttpWhitespace(s.charAt(end - 1))) end--;
        return s.substring(start, end);
    }

    private static String trimTrailingHttpWhitespace(String s) {
        int end = s.length();
        while (end > 0 && isHttpWhitespace(s.charAt(end - 1))) end--;
        return s.substring(0, end);
    }

    private static String stripHttpTabOrSpace(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && (s.charAt(start) == '\t' || s.charAt(start) == ' ')) start++;
        while (end > start && (s.charAt(end - 1) == '\t' || s.charAt(end - 1) == ' ')) end--;
        return s.substring(start, end);
    }

    private static boolean isToken(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) return false;
        }
        return true;
    }

    private static boolean isQuotedStringTokens(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c == '\t' || (c >= 0x20 && c <= 0x7E) || (c >= 0x80 && c <= 0xFF))) return false;
        }
        return true;
    }

    private static String asciiLowercase(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                if (b == null) b = new StringBuilder(s);
                b.setCharAt(i, (char) (c + 32));
            }
        }
        return b == null ? s : b.toString();
    }
}
