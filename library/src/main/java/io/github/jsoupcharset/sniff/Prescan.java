package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.markup.AsciiBytes;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The HTML Standard's "prescan a byte stream to determine its encoding"
 * (https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding),
 * with its helper "get an attribute", step by step. Its step 3 and its fallback, "get an XML
 * encoding", are {@link XmlDeclaration}'s; "extracting a character encoding from a meta element" is
 * {@link MetaContent}'s. Reads only the bytes it is given; linear time. Internal.
 *
 * <p>It keeps its own small tokenizer rather than {@link HeadMetaScanner}'s: the prescan is the
 * standard's, comments, tag names and "get an attribute" included, and differs from a browser's
 * tokenizer on purpose (see {@link io.github.jsoupcharset.markup.AsciiBytes}).
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
        return XmlDeclaration.getXmlEncoding(bytes, off, len, failed);
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
            Optional<Declared> utf16 = XmlDeclaration.utf16XmlPattern(b, start, end - start).declared();
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
                        Optional<String> label = MetaContent.extractLabelFromMeta(a.value);
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
            Encoding result = MetaContent.declaredByMeta(charset);
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

    private static boolean isWhitespaceOrSlash(byte c) {
        return AsciiBytes.isAsciiWhitespaceByte(c) || c == '/';
    }
}
