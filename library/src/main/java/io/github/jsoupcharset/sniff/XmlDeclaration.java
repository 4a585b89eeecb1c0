package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.decision.EncodingDecision;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.markup.AsciiBytes;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;
import io.github.jsoupcharset.sniff.DocumentDeclaration.FailedLabel;

import java.util.List;
import java.util.Optional;

/**
 * The XML declaration as the HTML Standard reads it while sniffing: "get an XML encoding"
 * (https://html.spec.whatwg.org/multipage/parsing.html#concept-get-xml-encoding-when-sniffing),
 * which the prescan falls back to when it runs out of bytes, and the BOM-less UTF-16 {@code <?x}
 * patterns of the prescan's step 3
 * (https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding).
 * Reads only the bytes it is given; linear time. Internal.
 */
public final class XmlDeclaration {
    private XmlDeclaration() {}

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
                    List.of(new FailedLabel(EncodingDecision.boundedLabel(label), DecisionSource.XML_DECLARATION, 0)), 1);
        }
        // 17. UTF-16BE/LE become UTF-8 (the declaration was read as ASCII, so it is not UTF-16).
        Encoding result = MetaContent.isUtf16(encoding.get()) ? Encoding.UTF_8 : encoding.get();
        return DocumentDeclaration.found(new Declared(result, encoding.get(), label, DecisionSource.XML_DECLARATION, 0));
    }

    /**
     * As {@link #getXmlEncoding}, recording a failed label in {@code failed}; null if the
     * declaration gives nothing.
     */
    static Declared getXmlEncoding(byte[] bytes, int off, int len, FailedLabels failed) {
        DocumentDeclaration xml = getXmlEncoding(bytes, off, len);
        for (FailedLabel f : xml.failedLabels()) failed.add(f.label(), f.source(), f.offset());
        return xml.declared().orElse(null);
    }

    private static boolean startsWith(byte[] b, int pos, int end, byte[] prefix) {
        if (end - pos < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) {
            if (b[pos + i] != prefix[i]) return false;
        }
        return true;
    }
}
