package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.markup.AsciiBytes;

import java.util.Optional;

/**
 * Whether a body looks like binary data rather than text: MIME Sniffing's "rules for
 * distinguishing if a resource is text or binary" (https://mimesniff.spec.whatwg.org/#sniffing-a-mislabeled-binary-resource)
 * over the first {@link #RESOURCE_HEADER} bytes, with the binary signatures of its image,
 * audio/video and archive tables, adapted to bodies that are decoded as HTML whatever they hold.
 * The standard's steps, and where we differ:
 * <ol>
 *   <li>a UTF-8 or UTF-16 byte order mark: text (as the standard);</li>
 *   <li>{@code %PDF-} at the start: binary, whatever follows (the standard's table of unknown types
 *       knows it as application/pdf; a PDF's first 1445 bytes may hold no control byte);</li>
 *   <li>no binary data byte: text (as the standard);</li>
 *   <li>a signature of the standard's image, audio/video or archive tables (PNG, GIF, JPEG, WebP,
 *       BMP, ICO, ZIP, gzip, RAR, MP4, WebM, Ogg, MP3, WAVE, AVI...), or one of a few other formats
 *       a crawl meets (7z, bzip2, xz, zstd, ELF, WebAssembly, Java class, SQLite, OLE2): binary, named;</li>
 *   <li>otherwise the standard says binary at the first binary data byte; we say so only when they
 *       are not what text holds: NUL is left out (UTF-16 and UTF-32 text without a byte order mark
 *       is full of them, and so are some real pages padded with NULs), SO and SI are left out after
 *       an ISO-2022 escape ({@code ESC $}), and a stray control byte in a page is not enough: it
 *       takes at least {@link #MIN_CONTROL_BYTES} of them and one byte in a hundred. A window of NULs
 *       only is binary. A body decoded as UTF-16 (a BOM or the header said so) is judged on
 *       signatures only: its code units hold any byte.</li>
 * </ol>
 * The body is decoded all the same: this only says what the result is likely worth. Internal.
 */
public final class BinaryCheck {
    /** MIME Sniffing's resource header: the bytes the rules look at. */
    public static final int RESOURCE_HEADER = 1445;

    /** The fewest control bytes (binary data bytes other than NUL) that make a body binary. */
    static final int MIN_CONTROL_BYTES = 2;

    /** The controls text holds, as bits by value: TAB, LF, FF, CR (neither binary data bytes nor ESC). */
    private static final int TEXT_CONTROLS = 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D;

    private BinaryCheck() {}

    /**
     * Why {@code body[off, off+len)} does not look like text, or empty if it does.
     *
     * @param decided the encoding the body is decoded with (UTF-16 bodies are judged on signatures only)
     * @return e.g. {@code "PNG image signature"} or {@code "62 control bytes in the first 1445"}
     */
    public static Optional<String> evidence(byte[] body, int off, int len, Encoding decided) {
        if (len == 0) return Optional.empty();
        if (startsWith(body, off, len, 0xEF, 0xBB, 0xBF) || startsWith(body, off, len, 0xFE, 0xFF)
                || startsWith(body, off, len, 0xFF, 0xFE)) {
            return Optional.empty();
        }
        if (startsWith(body, off, len, '%', 'P', 'D', 'F', '-')) return Optional.of("PDF signature");
        int n = Math.min(len, RESOURCE_HEADER);
        int nul = 0;
        int control = 0;
        int shifts = 0; // SO and SI, binary data bytes unless an ISO-2022 escape is there
        boolean escape = false; // ESC: an ISO-2022 escape may be there
        int end = off + n;
        // from control byte to control byte (text has few: TAB, LF, FF, CR are skipped here)
        for (int i = AsciiBytes.indexOfControl(body, off, end); i >= 0;
                i = AsciiBytes.indexOfControl(body, i + 1, end)) {
            byte b = body[i];
            if ((TEXT_CONTROLS >>> b & 1) != 0) continue;
            if (b == 0) nul++;
            else if (b == 0x0E || b == 0x0F) shifts++;
            else if (b == 0x1B) escape = true;
            else if (isBinaryDataByte(b)) control++;
        }
        if (nul == 0 && control == 0 && shifts == 0) return Optional.empty(); // no binary data byte: text
        if (shifts > 0 && !(escape && iso2022Escape(body, off, n))) control += shifts;
        if (nul == 0 && control == 0) return Optional.empty();
        String signature = signature(body, off, len);
        if (signature != null) return Optional.of(signature + " signature");
        if (decided == Encoding.UTF_16LE || decided == Encoding.UTF_16BE) return Optional.empty();
        if (nul == n) return Optional.of("only NUL bytes in the first " + n);
        if (control >= MIN_CONTROL_BYTES && control * 100L >= n) {
            return Optional.of(control + " control bytes in the first " + n);
        }
        return Optional.empty();
    }

    /** Whether {@code body[off, off+n)} holds {@code ESC $}, which starts ISO-2022's multi-byte sets. */
    private static boolean iso2022Escape(byte[] body, int off, int n) {
        for (int i = off; i < off + n - 1; i++) {
            if (body[i] == 0x1B && body[i + 1] == '$') return true;
        }
        return false;
    }

    /** MIME Sniffing's binary data byte: 0x00-0x08, 0x0B, 0x0E-0x1A, 0x1C-0x1F. */
    static boolean isBinaryDataByte(int b) {
        return b <= 0x08 || b == 0x0B || b >= 0x0E && b <= 0x1A || b >= 0x1C && b <= 0x1F;
    }

    /** The name of the binary format whose signature the body starts with, or null. */
    static String signature(byte[] b, int off, int len) {
        // MIME Sniffing 6.1 (images)
        if (startsWith(b, off, len, 0x00, 0x00, 0x01, 0x00) || startsWith(b, off, len, 0x00, 0x00, 0x02, 0x00)) return "ICO image";
        if (startsWith(b, off, len, 'B', 'M')) return "BMP image";
        if (startsWith(b, off, len, 'G', 'I', 'F', '8', '7', 'a') || startsWith(b, off, len, 'G', 'I', 'F', '8', '9', 'a')) return "GIF image";
        if (startsWith(b, off, len, 'R', 'I', 'F', 'F') && at(b, off, len, 8, 'W', 'E', 'B', 'P', 'V', 'P')) return "WebP image";
        if (startsWith(b, off, len, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) return "PNG image";
        if (startsWith(b, off, len, 0xFF, 0xD8, 0xFF)) return "JPEG image";
        // 6.2 (audio and video)
        if (startsWith(b, off, len, 0x1A, 0x45, 0xDF, 0xA3)) return "WebM/Matroska video";
        if (startsWith(b, off, len, '.', 's', 'n', 'd')) return "AU audio";
        if (startsWith(b, off, len, 'F', 'O', 'R', 'M') && at(b, off, len, 8, 'A', 'I', 'F', 'F')) return "AIFF audio";
        if (startsWith(b, off, len, 'I', 'D', '3')) return "MP3 audio";
        if (startsWith(b, off, len, 'O', 'g', 'g', 'S', 0x00)) return "Ogg";
        if (startsWith(b, off, len, 'M', 'T', 'h', 'd', 0x00, 0x00, 0x00, 0x06)) return "MIDI";
        if (startsWith(b, off, len, 'R', 'I', 'F', 'F') && at(b, off, len, 8, 'A', 'V', 'I', ' ')) return "AVI video";
        if (startsWith(b, off, len, 'R', 'I', 'F', 'F') && at(b, off, len, 8, 'W', 'A', 'V', 'E')) return "WAVE audio";
        if (at(b, off, len, 4, 'f', 't', 'y', 'p')) return "MP4 video";
        // 6.4 (archives)
        if (startsWith(b, off, len, 0x1F, 0x8B, 0x08)) return "gzip";
        if (startsWith(b, off, len, 'P', 'K', 0x03, 0x04)) return "ZIP";
        if (startsWith(b, off, len, 'R', 'a', 'r', ' ', 0x1A, 0x07, 0x00) || startsWith(b, off, len, 'R', 'a', 'r', '!', 0x1A, 0x07)) return "RAR";
        // not the standard's: formats a crawl meets that its tables leave out
        if (startsWith(b, off, len, '7', 'z', 0xBC, 0xAF, 0x27, 0x1C)) return "7z";
        if (startsWith(b, off, len, 'B', 'Z', 'h')) return "bzip2";
        if (startsWith(b, off, len, 0xFD, '7', 'z', 'X', 'Z', 0x00)) return "xz";
        if (startsWith(b, off, len, 0x28, 0xB5, 0x2F, 0xFD)) return "zstd";
        if (startsWith(b, off, len, 0x7F, 'E', 'L', 'F')) return "ELF executable";
        if (startsWith(b, off, len, 'M', 'Z')) return "Windows executable";
        if (startsWith(b, off, len, 0x00, 'a', 's', 'm')) return "WebAssembly";
        if (startsWith(b, off, len, 0xCA, 0xFE, 0xBA, 0xBE)) return "Java class";
        if (startsWith(b, off, len, 'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', ' ', '3', 0x00)) return "SQLite";
        if (startsWith(b, off, len, 0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1)) return "OLE2 (old Office)";
        if (startsWith(b, off, len, 'w', 'O', 'F', 'F') || startsWith(b, off, len, 'w', 'O', 'F', '2')) return "WOFF font";
        return null;
    }

    private static boolean startsWith(byte[] b, int off, int len, int... pattern) {
        return at(b, off, len, 0, pattern);
    }

    private static boolean at(byte[] b, int off, int len, int at, int... pattern) {
        if (len < at + pattern.length) return false;
        for (int i = 0; i < pattern.length; i++) {
            if ((b[off + at + i] & 0xFF) != pattern[i]) return false;
        }
        return true;
    }
}
