package io.github.jsoupcharset;

import io.github.jsoupcharset.codec.Decoders;
import io.github.jsoupcharset.codec.WhatwgCharset;
import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.nodes.Document;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The charset a document we parse reports and is serialised with, and the jsoup output settings
 * that keep it.
 *
 * <p>jsoup's {@code OutputSettings.clone()} (which {@code Document.clone()}, {@code Element.clone()}
 * and {@code shallowClone()} call) looks the charset up again with {@code Charset.forName(name)}.
 * {@code java.nio} finds only the JDK's charsets and providers on the system class path, so a
 * charset of ours would be lost (our WHATWG encoder replaced by the JDK's, whose Shift_JIS, GBK,
 * Big5 and EUC-JP map some characters to bytes browsers decode as others: U+00A2 to 0x81 0x91,
 * which is U+FFE0) or not found at all ({@code macintosh}, {@code ISO-8859-8-I}, {@code
 * ISO-8859-10}: an {@code UnsupportedCharsetException}). {@link Settings} resolves our encodings'
 * names itself, under any class loader.
 */
final class DocumentCharsets {
    private DocumentCharsets() {}

    /**
     * The charset a document decoded from {@code encoding} is serialised with: UTF-8 for UTF-8,
     * UTF-16BE, UTF-16LE and replacement (the Encoding Standard's "get an output encoding": a
     * {@code <meta>} naming UTF-16 means UTF-8 to a browser, and replacement has no encoder) and for
     * x-user-defined (a {@code <meta>} naming it means windows-1252 to a browser); for every other
     * encoding its WHATWG charset, named with its canonical name, whose encoder writes only bytes
     * that decode back to the same text ({@link Decoders#losslessCharset}): jsoup writes a
     * character reference for anything it cannot encode.
     */
    static Charset forEncoding(Encoding encoding) {
        Encoding out = encoding.outputEncoding();
        return out == Encoding.UTF_8 || out == Encoding.X_USER_DEFINED ? StandardCharsets.UTF_8
                : Decoders.losslessCharset(out.name());
    }

    /** The document charset of the encoding with this canonical name, if it is one of ours; else null. */
    static Charset ourCharset(String name) {
        Optional<Encoding> e = Encoding.forLabel(name).filter(x -> x.name().equalsIgnoreCase(name));
        if (e.isEmpty()) return null;
        Charset cs = forEncoding(e.get());
        return cs instanceof WhatwgCharset ? cs : null;
    }

    /**
     * Gives {@code doc} output settings that keep {@code charset} through clones under any class
     * loader, carrying over every other setting the parser chose.
     */
    static void apply(Document doc, Charset charset) {
        Document.OutputSettings old = doc.outputSettings();
        Settings settings = new Settings();
        // syntax first: setting the xml syntax also sets the xhtml escape mode
        settings.syntax(old.syntax())
                .escapeMode(old.escapeMode())
                .prettyPrint(old.prettyPrint())
                .outline(old.outline())
                .indentAmount(old.indentAmount())
                .maxPaddingWidth(old.maxPaddingWidth())
                .charset(charset);
        doc.outputSettings(settings);
    }

    /**
     * jsoup's output settings, except that the canonical name of an encoding whose document charset
     * is ours ({@code "Shift_JIS"}, {@code "macintosh"}, as a document's {@code charset().name()}
     * reports it; ASCII case-insensitive) resolves to that charset without {@code java.nio}'s
     * lookup; any other name resolves as in jsoup. Cloning keeps the class, so clones resolve the
     * same way.
     */
    static final class Settings extends Document.OutputSettings {
        @Override
        public Document.OutputSettings charset(String charset) {
            Charset ours = charset == null ? null : ourCharset(charset);
            return ours != null ? charset(ours) : super.charset(charset);
        }

        @Override
        public Settings clone() {
            return (Settings) super.clone();
        }
    }
}
