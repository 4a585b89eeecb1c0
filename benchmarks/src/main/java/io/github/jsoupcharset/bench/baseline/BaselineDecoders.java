package io.github.jsoupcharset.bench.baseline;

import io.github.jsoupcharset.codec.Decoder;

/**
 * The CJK decoders as they were before they shared one loop (library commit {@code b89423b}),
 * copied here verbatim but for the package, so that one JMH run can measure them beside the
 * library's current ones (see BENCHMARKS.md, "The CJK decoders' shared loop").
 */
public final class BaselineDecoders {
    private BaselineDecoders() {}

    /** A new baseline decoder for a CJK encoding's WHATWG name (GBK decodes as gb18030). */
    public static Decoder newDecoder(String encodingName) {
        switch (encodingName) {
            case "Shift_JIS": return new ShiftJisDecoder();
            case "EUC-JP": return new EucJpDecoder();
            case "ISO-2022-JP": return new Iso2022JpDecoder();
            case "EUC-KR": return new EucKrDecoder();
            case "GBK":
            case "gb18030": return new Gb18030Decoder();
            case "Big5": return new Big5Decoder();
            default: throw new IllegalArgumentException(encodingName);
        }
    }
}
