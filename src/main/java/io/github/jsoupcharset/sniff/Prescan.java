package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.markup.AsciiBytes;

import io.github.jsoupcharset.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;
import io.github.jsoupcharset.sniff.DocumentDeclaration.FailedLabel;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The HTML Standard's "prescan a byte stream to determine its encoding"
 * (https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding),
 * with its helpers "get an attribute", "get an XML encoding" and "extracting a character encoding
 * from a meta element", step by step. Reads only the bytes it is given; linear time. Internal.
 */
public final class Prescan {
    /** How many bytes the standard encourages the prescan to look at. */
    public static final int WINDOW = 1024;

    private Prescan() {}

    /**
     * Prescans {@code bytes[off, off+len)} (the caller passes at most {@link #WINDOW} bytes to
     * follow the standard's advice). When the prescan runs out of bytes without an answer, the
     * result is that of "get an XML encoding" over the same bytes.
     *
     * @return the declaration found (offsets relative to {@code off}) and every label that failed
     *     "get an encoding" on the way
     */
    public static DocumentDeclaration prescan(byte[] bytes, int off, int len) {
        FailedLabels failed = new FailedLabels();
        Declared found = prescan(bytes, off, len, failed);
        return found != null ? DocumentDeclaration.found(found, failed) : DocumentDeclaration.none(failed);
    }

    /** As {@link #prescan(byte[], int, int)}, recording the failed labels in {@code failed}; null if nothing is declared. */
    static Declared prescan(byte[] bytes, int off, int len, FailedLabels failed) {
        MetaScan scan = new MetaScan(bytes, off, off + len, failed);
        Declared found = scan.run();
        if (found != null) return found;
        // "If at any point ... the position runs past the available bytes": get an XML encoding.
        DocumentDeclaration xml = getXmlEncoding(bytes, off, len);
        for (FailedLabel f : xml.failedLabels()) failed.add(f.label(), f.source(), f.offset());
        return xml.declared().orElse(null);
    }

    /**
     * Step 3 of the prescan alone: the BOM-less UTF-16 {@code <?x} patterns
     * ({@code 3C 00 3F 00 78 00} is UTF-16LE, {@code 00 3C 00 3F 00 78} UTF-16BE), which browsers
     * check before their meta scan.
     */
    public static DocumentDeclaration utf16XmlPattern(byte[] bytes, int off, int len) {
        int end = off + len;
        if (startsWith(bytes, off, end, new byte[] {0x3C, 0, 0x3F, 0, 0x78, 0})) {
            return DocumentDeclaration.found(new Declared(Encoding.UTF_16LE, Encoding.UTF_16LE, "UTF-16LE",
                    DecisionSource.XML_DECLARATION, 0));
        }
        if (startsWith(bytes, off, end, new byte[] {0, 0x3C, 0, 0x3F, 0, 0x78})) {
            return DocumentDeclaration.found(new Declared(Encoding.UTF_16BE, Encoding.UTF_16BE, "UTF-16BE",
                    DecisionSource.XML_DECLARATION, 0));
        }
        return DocumentDeclaration.none();
    }

    /**
     * "Get an XML encoding" when sniffing, over {@code bytes[off, off+len)}. The search for
     * {@code encoding} is bounded by the declaration's first {@code >}, as Blink and WebKit do and
     * as whatwg/html#6939 agrees (the standard computes xmlDeclarationEnd but never uses it).
     *
     * @return the declaration (source {@link DecisionSource#XML_DECLARATION}, offset 0), or nothing
     *     with the label that failed "get an encoding", if any
     */
    public static DocumentDeclaration getXmlEncoding(byte[] bytes, int off, int len) {
        int end = off + len;
        // 1-2. The bytes must start with "<?xml"; no whitespace, no BOM before it.
        if (!AsciiBytes.startsWith(bytes, off, end, "<?xml")) return DocumentDeclaration.none();
        // 3. xmlDeclarationEnd: the first ">"; everything below stays before it.
        int declEnd = AsciiBytes.indexOf(bytes, off, end, (byte) '>');
        if (declEnd < 0) return DocumentDeclaration.none();
        // 4. The first case-sensitive "encoding".
        int pos = AsciiBytes.indexOf(bytes, off, declEnd, "encoding");
        if (pos < 0) return DocumentDeclaration.none();
        // 5. Past the "g".
        pos += "encoding".length();
        // 6. Skip bytes <= 0x20.
        while (pos < declEnd && (bytes[pos] & 0xFF) <= 0x20) pos++;
        // 7-8. Require "=".
        if (pos >= declEnd || bytes[pos] != '=') return DocumentDeclaration.none();
        pos++;
        // 9. Skip bytes <= 0x20.
        while (pos < declEnd && (bytes[pos] & 0xFF) <= 0x20) pos++;
        // 10-11. A quote mark.
        if (pos >= declEnd || (bytes[pos] != '"' && bytes[pos] != '\'')) return DocumentDeclaration.none();
        byte quoteMark = bytes[pos];
        // 12-13. Up to the same quote mark.
        pos++;
        int valueEnd = AsciiBytes.indexOf(bytes, pos, declEnd, quoteMark);
        if (valueEnd < 0) return DocumentDeclaration.none();
        // 14-15. potentialEncoding must not contain bytes <= 0x20.
        for (int i = pos; i < valueEnd; i++) {
            if ((bytes[i] & 0xFF) <= 0x20) return DocumentDeclaration.none();
        }
        // 16. Get an encoding of potentialEncoding, isomorphic decoded.
        String label = AsciiBytes.latin1(bytes, pos, valueEnd);
        Optional<Encoding> encoding = Encoding.forLabel(label);
        if (encoding.isEmpty()) {
            // a declaration of a hundred megabytes between its quotes is kept cut
            return new DocumentDeclaration(Optional.empty(),
                    List.of(new FailedLabel(Labels.bounded(label), DecisionSource.XML_DECLARATION, 0)), 1);
        }
        // 17. UTF-16BE/LE become UTF-8 (the declaration was read as ASCII, so it is not UTF-16).
        Encoding result = isUtf16(encoding.get()) ? Encoding.UTF_8 : encoding.get();
        return DocumentDeclaration.found(new Declared(result, encoding.get(), label, DecisionSource.XML_DECLARATION, 0));
    }

    /**
     * "Extracting a character encoding from a meta element"
     * (https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element),
     * up to the label: the label the {@code content} value {@code s} names, or empty when it names
     * none. The caller applies "get an encoding" to it.
     */
    public static Optional<String> extractLabelFromMeta(String s) {
        int n = s.length();
        // 1. position at the start of s.
        int position = 0;
        while (true) {
            // 2. Loop: the first ASCII case-insensitive "charset" after position.
            int found = indexOfCharsetIgnoringAsciiCase(s, position);
            if (found < 0) return Optional.empty();
            int p = found + 7;
            // 3. Skip ASCII whitespace after "charset".
            while (p < n && AsciiBytes.isAsciiWhitespace(s.charAt(p))) p++;
            // 4. Not "=": position just before that character, back to Loop.
            if (p >= n || s.charAt(p) != '=') {
                position = p;
                if (p >= n) return Optional.empty();
                continue;
            }
            p++;
            // 5. Skip ASCII whitespace after "=".
            while (p < n && AsciiBytes.isAsciiWhitespace(s.charAt(p))) p++;
            // 6. The next character.
            if (p >= n) return Optional.empty();
            char c = s.charAt(p);
            if (c == '"' || c == '\'') {
                int close = s.indexOf(c, p + 1);
                // an unmatched quote: nothing
                if (close < 0) return Optional.empty();
                return Optional.of(s.substring(p + 1, close));
            }
            int q = p;
            while (q < n && !AsciiBytes.isAsciiWhitespace(s.charAt(q)) && s.charAt(q) != ';') q++;
            return Optional.of(s.substring(p, q));
        }
    }

    /**
     * "Extracting a character encoding from a meta element": the encoding the {@code content}
     * value {@code s} names, or empty when it names none or names a label "get an encoding" does
     * not know.
     */
    public static Optional<Encoding> extractEncodingFromMeta(String s) {
        return extractLabelFromMeta(s).flatMap(Encoding::forLabel);
    }

    /** The prescan's loop over the bytes of one window; one instance per call. */
    private static final class MetaScan {
        private final byte[] b;
        private final int start;
        private final int end;
        private int position;
        private final FailedLabels failed;

        MetaScan(byte[] b, int start, int end, FailedLabels failed) {
            this.b = b;
            this.start = start;
            this.end = end;
            this.failed = failed;
        }

        /** The declaration found, or null when the prescan ran out of bytes. */
        Declared run() {
            // 1. "fallback encoding" is vestigial. 2. position at the first byte.
            position = start;
            // 3. BOM-less UTF-16 "<?x" (two bytes longer than XML's Appendix F; the name is not checked).
            Optional<Declared> utf16 = utf16XmlPattern(b, start, end - start).declared();
            if (utf16.isPresent()) return utf16.get();
            // 4. Loop.
            while (position < end) {
                Declared found = loopStep();
                if (found != null) return found;
                if (position < 0) return null; // ran out of bytes
                // 5. Next byte.
                position++;
            }
            return null;
        }

        /** One pass of step 4 at position; sets position to -1 when the bytes ran out. */
        private Declared loopStep() {
            if (b[position] != '<') return null; // any other byte: do nothing
            if (AsciiBytes.startsWith(b, position, end, "<!--")) {
                // A ">" preceded by two "-", after the "<": the dashes of "<!--" count, so "<!-->" closes.
                for (int i = position + 4; i < end; i++) {
                    if (b[i] == '>' && b[i - 1] == '-' && b[i - 2] == '-') {
                        position = i;
                        return null;
                    }
                }
                position = -1;
                return null;
            }
            if (position + 5 < end && AsciiBytes.startsWithIgnoringAsciiCase(b, position + 1, end, "meta")
                    && isWhitespaceOrSlash(b[position + 5])) {
                return meta();
            }
            if (position + 1 < end && AsciiBytes.isAsciiLetter(b[position + 1])
                    || position + 2 < end && b[position + 1] == '/' && AsciiBytes.isAsciiLetter(b[position + 2])) {
                // Another start or end tag: to the next whitespace or ">", then skip its attributes.
                int i = position + 1;
                while (i < end && !AsciiBytes.isAsciiWhitespaceByte(b[i]) && b[i] != '>') i++;
                if (i >= end) {
                    position = -1;
                    return null;
                }
                position = i;
                while (true) {
                    Attribute a = getAnAttribute();
                    if (a == OUT_OF_BYTES) {
                        position = -1;
                        return null;
                    }
                    if (a == null) return null;
                }
            }
            if (position + 1 < end && (b[position + 1] == '!' || b[position + 1] == '/' || b[position + 1] == '?')) {
                // "<!", "</", "<?": to the first ">" after the "<".
                int gt = AsciiBytes.indexOf(b, position + 2, end, (byte) '>');
                position = gt; // -1 when out of bytes
                return null;
            }
            return null; // any other "<": do nothing
        }

        /** The {@code <meta} branch; position is at the "<". */
        private Declared meta() {
            int metaOffset = position - start;
            // 1. Advance to the whitespace or "/" after "<meta".
            position += 5;
            // 2. attribute list, got pragma, need pragma (null), charset (null; FAILURE is distinct).
            Set<String> attributeList = new HashSet<>();
            boolean gotPragma = false;
            Boolean needPragma = null;
            Encoding charset = null;
            boolean charsetFailure = false;
            String charsetLabel = null;
            String failedContentLabel = null;
            while (true) {
                // 3. Attributes: get an attribute; none: go to Processing.
                Attribute a = getAnAttribute();
                if (a == OUT_OF_BYTES) {
                    position = -1;
                    return null;
                }
                if (a == null) break;
                // 4. A name already in the list: the first occurrence wins.
                if (!attributeList.add(a.name)) continue;
                // 5.
                switch (a.name) {
                    case "http-equiv":
                        // values are lowercased already; exact comparison, no trimming
                        if (a.value.equals("content-type")) gotPragma = true;
                        break;
                    case "content": {
                        Optional<String> label = extractLabelFromMeta(a.value);
                        Optional<Encoding> e = label.flatMap(Encoding::forLabel);
                        if (e.isPresent() && charset == null && !charsetFailure) {
                            charset = e.get();
                            charsetLabel = label.get();
                            needPragma = true;
                        } else if (label.isPresent() && e.isEmpty()) {
                            failedContentLabel = label.get();
                        }
                        break;
                    }
                    case "charset": {
                        Optional<Encoding> e = Encoding.forLabel(a.value);
                        charset = e.orElse(null);
                        charsetFailure = e.isEmpty();
                        charsetLabel = a.value;
                        needPragma = false;
                        break;
                    }
                    default:
                        break;
                }
                // 6. Back to Attributes.
            }
            // 7. Processing. position is at the ">", so "next byte" moves past it.
            if (needPragma == null) {
                if (gotPragma && failedContentLabel != null) {
                    failed.add(failedContentLabel, DecisionSource.META_PRESCAN, metaOffset);
                }
                return null;
            }
            if (needPragma && !gotPragma) return null;
            if (charsetFailure) {
                failed.add(charsetLabel, DecisionSource.META_PRESCAN, metaOffset);
                return null;
            }
            // 8-9. UTF-16BE/LE named by a meta mean UTF-8; x-user-defined means windows-1252.
            Encoding result = isUtf16(charset) ? Encoding.UTF_8
                    : charset == Encoding.X_USER_DEFINED ? Encoding.WINDOWS_1252 : charset;
            // 10. Return.
            return new Declared(result, charset, charsetLabel, DecisionSource.META_PRESCAN, metaOffset);
        }

        /**
         * "Get an attribute" at position: the attribute, null when there is none (position is at
         * a ">"), or {@link #OUT_OF_BYTES}.
         */
        private Attribute getAnAttribute() {
            // 1. Skip whitespace and "/".
            while (position < end && isWhitespaceOrSlash(b[position])) position++;
            if (position >= end) return OUT_OF_BYTES;
            // 2. ">": there is no attribute.
            if (b[position] == '>') return null;
            // 3. The attribute name starts here.
            StringBuilder name = new StringBuilder();
            StringBuilder value = new StringBuilder();
            // 4-5. The name.
            while (true) {
                if (position >= end) return OUT_OF_BYTES;
                byte c = b[position];
                if (c == '=' && name.length() > 0) {
                    position++;
                    return value(name, value);
                }
                if (AsciiBytes.isAsciiWhitespaceByte(c)) break; // to Spaces
                if (c == '/' || c == '>') return new Attribute(name.toString(), "");
                name.append(AsciiBytes.lowercase(c));
                position++;
            }
            // 6. Spaces.
            while (position < end && AsciiBytes.isAsciiWhitespaceByte(b[position])) position++;
            if (position >= end) return OUT_OF_BYTES;
            // 7. Not "=": a name with an empty value; position stays on that byte.
            if (b[position] != '=') return new Attribute(name.toString(), "");
            // 8. Past the "=".
            position++;
            return value(name, value);
        }

        /** Steps 9-13 of "get an attribute": the value. */
        private Attribute value(StringBuilder name, StringBuilder value) {
            // 9. Skip whitespace.
            while (position < end && AsciiBytes.isAsciiWhitespaceByte(b[position])) position++;
            if (position >= end) return OUT_OF_BYTES;
            // 10.
            byte c = b[position];
            if (c == '"' || c == '\'') {
                // Quote loop: no escaping; the closing quote is consumed.
                while (true) {
                    position++;
                    if (position >= end) return OUT_OF_BYTES;
                    if (b[position] == c) {
                        position++;
                        return new Attribute(name.toString(), value.toString());
                    }
                    value.append(AsciiBytes.lowercase(b[position]));
                }
            }
            if (c == '>') return new Attribute(name.toString(), "");
            value.append(AsciiBytes.lowercase(c));
            // 11-13. An unquoted value, to whitespace or ">".
            while (true) {
                position++;
                if (position >= end) return OUT_OF_BYTES;
                c = b[position];
                if (AsciiBytes.isAsciiWhitespaceByte(c) || c == '>') return new Attribute(name.toString(), value.toString());
                value.append(AsciiBytes.lowercase(c));
            }
        }
    }

    /** An attribute as "get an attribute" reads it: name and value lowercased (A-Z only). */
    private record Attribute(String name, String value) {}

    private static final Attribute OUT_OF_BYTES = new Attribute("", "");

    static boolean isUtf16(Encoding e) {
        return e == Encoding.UTF_16BE || e == Encoding.UTF_16LE;
    }

    private static boolean isWhitespaceOrSlash(byte c) {
        return AsciiBytes.isAsciiWhitespaceByte(c) || c == '/';
    }

    private static boolean startsWith(byte[] b, int pos, int end, byte[] prefix) {
        if (end - pos < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) {
            if (b[pos + i] != prefix[i]) return false;
        }
        return true;
    }

    private static int indexOfCharsetIgnoringAsciiCase(String s, int from) {
        for (int i = from; i + 7 <= s.length(); i++) {
            if (s.regionMatches(true, i, "charset", 0, 7) && isAsciiCaseMatch(s, i)) return i;
        }
        return -1;
    }

    /** regionMatches(ignoreCase) also folds non-ASCII (e.g. U+212A KELVIN SIGN); require ASCII. */
    private static boolean isAsciiCaseMatch(String s, int i) {
        for (int k = 0; k < 7; k++) {
            if (s.charAt(i + k) >= 0x80) return false;
        }
        return true;
    }
}
