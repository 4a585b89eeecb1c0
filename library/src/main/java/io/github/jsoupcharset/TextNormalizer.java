package io.github.jsoupcharset;

import com.ibm.icu.text.Normalizer2;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;

/**
 * {@link SniffOptions.TextNormalization#NFC}: the decoded text, or a parsed document's text nodes
 * and attribute values, in Unicode NFC.
 */
final class TextNormalizer {
    private static final Normalizer2 NFC = Normalizer2.getNFCInstance();

    private TextNormalizer() {}

    static String nfc(String text) {
        // most text is already NFC: checking is cheaper than building a copy
        return NFC.isNormalized(text) ? text : NFC.normalize(text);
    }

    /** Text nodes (CDATA sections too) and attribute values; script and style contents are data nodes, left as they are. */
    static void nfc(Document doc) {
        NodeTraversor.traverse((node, depth) -> {
            if (node instanceof TextNode text) {
                String value = text.getWholeText();
                if (!NFC.isNormalized(value)) text.text(NFC.normalize(value));
            } else if (node instanceof Element element && element.attributesSize() > 0) {
                // (attributes() would give an element without any an empty set)
                for (Attribute attribute : element.attributes()) {
                    String value = attribute.getValue();
                    if (!NFC.isNormalized(value)) attribute.setValue(NFC.normalize(value));
                }
            }
        }, doc);
    }
}
