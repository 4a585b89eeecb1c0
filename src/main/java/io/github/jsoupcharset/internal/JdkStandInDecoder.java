package io.github.jsoupcharset.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Objects;

/**
 * TEMPORARY stand-in for the CJK decoders (Shift_JIS, EUC-KR, GBK, gb18030, Big5, EUC-JP,
 * ISO-2022-JP) until exact WHATWG decoders replace it: a JDK {@link CharsetDecoder} in REPORT
 * mode, each reported malformed or unmappable sequence becoming one U+FFFD and one error.
 *
 * <p>It does <em>not</em> decode as browsers do. Measured differences of the JDK charsets used
 * (see BROWSER-FACTS.md section 6):
 * <ul>
 *   <li>windows-31j for Shift_JIS: 0x80 is an error (WHATWG U+0080); an unmapped pair with a
 *       non-ASCII trail gives two errors or an error and a katakana (WHATWG one error).
 *   <li>x-windows-949 for EUC-KR: C9A1-C9FE and FEA1-FEFE decode to private use (WHATWG errors);
 *       an unmapped pair gives two errors (WHATWG one).
 *   <li>GB18030 for GBK and gb18030: 0x80 is an error (WHATWG U+20AC); A3A0 is U+E5E5 (WHATWG
 *       U+3000); 18 four-byte sequences differ (GB18030-2022 mode); error recovery swallows ASCII
 *       bytes after a bad sequence.
 *   <li>Big5-HKSCS for Big5: about 20 mappings differ, 124 are unmapped, the four pointers that
 *       decode to two code points are unmapped, and an ASCII byte after a bad lead is swallowed.
 *   <li>EUC-JP: seven JIS/Microsoft variant mappings differ, the NEC/IBM rows are unmapped, and
 *       ASCII is swallowed after bad leads.
 *   <li>ISO-2022-JP: {@code ESC $ B ESC ( B} and 0x0E give nothing (WHATWG an error), unknown
 *       escapes swallow bytes, and a newline in JIS X 0208 mode gives two errors.
 * </ul>
 */
final class JdkStandInDecoder extends Decoder {
    private final CharsetDecoder decoder;
    private final CharBuffer chars = CharBuffer.allocate(4096);
    private byte[] leftover = new byte[0]; // bytes the JDK decoder has not consumed yet
    private boolean finished;

    JdkStandInDecoder(Charset charset) {
        this.decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    @Override
    public void decode(byte[] src, int off, int len, boolean last, StringBuilder out) {
        Objects.checkFromIndexSize(off, len, src.length);
        if (finished) return;
        ByteBuffer in;
        if (leftover.length == 0) {
            in = ByteBuffer.wrap(src, off, len);
        } else {
            byte[] joined = new byte[leftover.length + len];
            System.arraycopy(leftover, 0, joined, 0, leftover.length);
            System.arraycopy(src, off, joined, leftover.length, len);
            in = ByteBuffer.wrap(joined);
        }
        while (true) {
            CoderResult cr = decoder.decode(in, chars, last);
            drain(out);
            if (cr.isUnderflow()) break;
            if (cr.isError()) {
                // one U+FFFD per reported malformed or unmappable sequence, then go on after it
                error(out);
                in.position(in.position() + cr.length());
            }
        }
        if (last) {
            while (decoder.flush(chars).isOverflow()) drain(out);
            drain(out);
            finished = true;
            leftover = new byte[0];
        } else {
            leftover = new byte[in.remaining()];
            in.get(leftover);
        }
    }

    private void drain(StringBuilder out) {
        chars.flip();
        out.append(chars);
        chars.clear();
    }
}
