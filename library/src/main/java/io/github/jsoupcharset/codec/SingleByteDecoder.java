package io.github.jsoupcharset.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.util.Objects;

/** The Encoding Standard's single-byte decoder, for one of the 28 single-byte indexes. */
final class SingleByteDecoder extends Decoder {
    private static final int CHUNK = 8192;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final char[] table; // by byte + 128 (signed byte): every byte's code point, U+FFFD where none
    private final Charset jdkTwin; // a JDK charset that agrees with the index wherever it decodes, or null
    private char[] buf = new char[0]; // grown to the chunk size on first use

    /**
     * @param table the code points of all 256 bytes, as {@link #byteTable} builds them from the
     *     index (shared, never modified)
     * @param jdkTwin a JDK charset that decodes every byte as the index does or to U+FFFD
     *     (see {@link #jdkTwin}), or null
     */
    SingleByteDecoder(char[] table, Charset jdkTwin) {
        if (table.length != 256) throw new IllegalArgumentException("table must have 256 entries");
        this.table = table;
        this.jdkTwin = jdkTwin;
    }

    /**
     * Every byte's code point, indexed by the signed byte plus 128 (0x80-0xFF first, then ASCII),
     * from the index's 128 code points of bytes 0x80-0xFF: one lookup per byte with no branch on
     * whether it is ASCII, which mispredicts on text that mixes ASCII and other letters.
     */
    static char[] byteTable(char[] index) {
        if (index.length != 128) throw new IllegalArgumentException("index must have 128 entries");
        char[] table = new char[256];
        System.arraycopy(index, 0, table, 0, 128);
        for (int b = 0; b < 128; b++) table[b + 128] = (char) b;
        return table;
    }

    /**
     * The JDK charset named {@code jdkName}, if every one of the 256 bytes decodes with it either as
     * {@code index} says or to U+FFFD (where the JDK leaves out bytes the WHATWG index maps, such as
     * windows-1252's 0x81); null if there is no such charset or it disagrees anywhere. Such a twin
     * decodes straight into a String with the JDK's intrinsics; a result without U+FFFD is then
     * exactly ours.
     */
    static Charset jdkTwin(String jdkName, char[] index) {
        Charset cs;
        try {
            cs = Charset.forName(jdkName);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (cs instanceof WhatwgCharset) return null;
        for (int b = 0; b < 256; b++) {
            String jdk = new String(new byte[] {(byte) b}, cs);
            char ours = b < 0x80 ? (char) b : index[b - 0x80];
            if (!jdk.equals(String.valueOf(ours)) && !jdk.equals("\uFFFD")) return null;
        }
        return cs;
    }

    /** One char per byte, straight into an array the size of the text (a single copy into the String). */
    @Override
    public String decodeAll(byte[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        if (jdkTwin != null) {
            // the JDK's decoder agrees with the index wherever it does not say U+FFFD; only a result
            // with U+FFFD (an undefined byte, or one the JDK leaves out) needs our loop
            String s = new String(src, off, len, jdkTwin);
            if (s.indexOf('\uFFFD') < 0) return s;
        }
        char[] out = new char[len];
        decodeTo(src, off, len, out, 0, 0);
        return new String(out);
    }

    @Override
    public void decode(byte[] src, int off, int len, boolean last, StringBuilder out) {
        Objects.checkFromIndexSize(off, len, src.length);
        // 1. If byte is end-of-queue, return finished: nothing is ever pending.
        if (buf.length < Math.min(CHUNK, len)) buf = new char[Math.min(CHUNK, len)];
        for (int end = off + len; off < end; ) {
            int n = Math.min(CHUNK, end - off);
            decodeTo(src, off, n, buf, 0, out.length());
            out.append(buf, 0, n);
            off += n;
        }
    }

    /** One char per byte, straight into {@code dst} (nothing is ever pending, so {@code last} changes nothing). */
    @Override
    public int decodeInto(byte[] src, int off, int len, boolean last, char[] dst, int dstOff) {
        Objects.checkFromIndexSize(off, len, src.length);
        checkRoom(len, dst, dstOff);
        decodeTo(src, off, len, dst, dstOff, 0);
        return len;
    }

    @Override
    public int bytesFitting(int room) {
        return room;
    }

    /**
     * The standard's steps for each of {@code src[off, off+len)}, into {@code dst} from
     * {@code dstOff}; the error of the byte at {@code off + i} is at output offset
     * {@code outputOffset + i}.
     */
    private void decodeTo(byte[] src, int off, int len, char[] dst, int dstOff, long outputOffset) {
        char[] table = this.table;
        int i = 0;
        // eight bytes at a time: a block of ASCII (markup, mostly) is copied as it is; any other
        // block goes through the table byte by byte, as the tail does
        for (; i + 8 <= len; i += 8) {
            if (((long) LONGS.get(src, off + i) & 0x8080808080808080L) == 0) {
                for (int k = 0; k < 8; k++) dst[dstOff + i + k] = (char) src[off + i + k];
                continue;
            }
            for (int k = i; k < i + 8; k++) {
                char c = table[src[off + k] + 128];
                if (c == '\uFFFD') errorAt(outputOffset + k);
                dst[dstOff + k] = c;
            }
        }
        for (; i < len; i++) {
            // 2. If byte is an ASCII byte, return a code point whose value is byte.
            // 3. Let code point be the index code point for byte - 0x80.
            // (Both in one lookup: the table holds ASCII's code points after the index's.)
            char c = table[src[off + i] + 128];
            // 4. If code point is null, return error.
            if (c == '\uFFFD') errorAt(outputOffset + i);
            // 5. Return a code point whose value is code point.
            dst[dstOff + i] = c;
        }
    }

    @Override
    int unfinishedBytes() {
        return 0;
    }
}
