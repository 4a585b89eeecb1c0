package io.github.jsoupcharset.codec;

import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * A {@link Charset} for one WHATWG encoding with our own decoder and encoder, named with the
 * encoding's canonical name ({@code "windows-1252"}, {@code "Shift_JIS"}) and without aliases. It is
 * never registered with {@code java.nio}: {@code Charset.forName} does not find it, so adding the
 * library to an application changes no charset lookup. Since {@link Charset#equals} compares names,
 * it equals the JDK charset of the same name where there is one, though the two may decode
 * differently. Immutable; {@link Decoders#charset} holds the one shared instance per encoding.
 * Internal: no compatibility contract.
 */
public final class WhatwgCharset extends Charset {
    /** What a charset can contain, by the shape of its encoder. */
    enum Family { UNICODE, SINGLE_BYTE, MULTI_BYTE, X_USER_DEFINED, REPLACEMENT }

    private final String encodingName;
    private final Family family;
    private final Supplier<Decoder> decoders;
    private final Function<WhatwgCharset, CharsetEncoder> encoders; // null: no encoder
    private final Function<WhatwgCharset, CharsetDecoder> charsetDecoders; // null: a DecoderAdapter
    private final float averageCharsPerByte;
    private final Object indexIdentity; // single-byte: the shared index (ISO-8859-8 = ISO-8859-8-I)
    private final IntPredicate refused; // code points the encoder reports unmappable; null: none

    WhatwgCharset(String encodingName, Family family, Supplier<Decoder> decoders,
            Function<WhatwgCharset, CharsetEncoder> encoders, float averageCharsPerByte, Object indexIdentity) {
        this(encodingName, family, decoders, null, encoders, averageCharsPerByte, indexIdentity);
    }

    /**
     * @param charsetDecoders this charset's {@link CharsetDecoder}s, for an encoding whose decoder
     *     has a faster java.nio form; null to run {@code decoders} in a {@link DecoderAdapter}
     */
    WhatwgCharset(String encodingName, Family family, Supplier<Decoder> decoders,
            Function<WhatwgCharset, CharsetDecoder> charsetDecoders, Function<WhatwgCharset, CharsetEncoder> encoders,
            float averageCharsPerByte, Object indexIdentity) {
        super(encodingName, new String[0]);
        this.encodingName = encodingName;
        this.family = family;
        this.decoders = decoders;
        this.charsetDecoders = charsetDecoders;
        this.encoders = encoders;
        this.averageCharsPerByte = averageCharsPerByte;
        this.indexIdentity = indexIdentity;
        this.refused = null;
    }

    /** {@code original} with an encoder that also refuses {@code refused}. */
    private WhatwgCharset(WhatwgCharset original, IntPredicate refused) {
        super(original.name(), new String[0]);
        this.encodingName = original.encodingName;
        this.family = original.family;
        this.decoders = original.decoders;
        this.charsetDecoders = original.charsetDecoders;
        this.encoders = original.encoders;
        this.averageCharsPerByte = original.averageCharsPerByte;
        this.indexIdentity = original.indexIdentity;
        this.refused = refused;
    }

    /**
     * This charset with an encoder that reports {@code refused} as unmappable: for the code points
     * the standard's encoder maps to bytes that decode to another code point (Shift_JIS writes
     * U+00A5 as 0x5C, which reads back as a backslash), so that whatever it encodes reads back
     * the same and the rest is left to the caller (jsoup writes a character reference).
     */
    WhatwgCharset refusing(IntPredicate refused) {
        return new WhatwgCharset(this, refused);
    }

    /** The canonical WHATWG name of the encoding this charset decodes, e.g. {@code "windows-1252"}. */
    public String encodingName() {
        return encodingName;
    }

    /** A new stand-alone WHATWG decoder (not a {@link CharsetDecoder}) for one stream. */
    public Decoder newWhatwgDecoder() {
        return decoders.get();
    }

    /** A single-byte charset's 128 code points of bytes 0x80-0xFF (shared: never modify), else null. */
    public char[] singleByteIndex() {
        return family == Family.SINGLE_BYTE ? (char[]) indexIdentity : null;
    }

    /**
     * Whether every character {@code cs} can encode this charset can encode too: the Unicode
     * charsets contain every charset; a single-byte charset contains itself, its twin with the same
     * index (ISO-8859-8 and ISO-8859-8-I) and US-ASCII; a multi-byte (CJK) charset contains itself
     * and US-ASCII, except ISO-2022-JP (which cannot encode U+000E, U+000F and U+001B), and
     * gb18030 also contains GBK; x-user-defined contains itself and US-ASCII; replacement (which
     * encodes nothing) contains only itself.
     */
    @Override
    public boolean contains(Charset cs) {
        if (cs == null) return false;
        if (cs.equals(this)) return true;
        switch (family) {
            case UNICODE:
                return true;
            case SINGLE_BYTE:
                if (cs instanceof WhatwgCharset) {
                    WhatwgCharset w = (WhatwgCharset) cs;
                    return w.family == Family.SINGLE_BYTE && w.indexIdentity == indexIdentity;
                }
                return cs.equals(StandardCharsets.US_ASCII);
            case MULTI_BYTE:
                if (cs instanceof WhatwgCharset) {
                    return encodingName.equals("gb18030") && ((WhatwgCharset) cs).encodingName.equals("GBK");
                }
                return !encodingName.equals("ISO-2022-JP") && cs.equals(StandardCharsets.US_ASCII);
            case X_USER_DEFINED:
                return cs.equals(StandardCharsets.US_ASCII);
            default:
                return false;
        }
    }

    /**
     * A {@link CharsetDecoder} running this encoding's WHATWG decoder: its own java.nio form where
     * it has one (the single-byte encodings' {@link SingleByteCharsetDecoder}), otherwise the
     * decoder in a {@link DecoderAdapter}.
     */
    @Override
    public CharsetDecoder newDecoder() {
        if (charsetDecoders != null) return charsetDecoders.apply(this);
        return new DecoderAdapter(this, decoders, averageCharsPerByte);
    }

    /**
     * A {@link CharsetEncoder} running this encoding's WHATWG encoder.
     *
     * @throws UnsupportedOperationException for replacement, which has no encoder
     */
    @Override
    public CharsetEncoder newEncoder() {
        if (encoders == null) throw new UnsupportedOperationException(name() + " has no encoder");
        CharsetEncoder encoder = encoders.apply(this);
        return refused == null ? encoder : ((WhatwgEncoder) encoder).refusing(refused);
    }

    /** False only for replacement, which has no encoder. */
    @Override
    public boolean canEncode() {
        return encoders != null;
    }
}
