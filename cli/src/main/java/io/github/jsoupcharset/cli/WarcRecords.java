package io.github.jsoupcharset.cli;

import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The records of one WARC file (gzip or plain) that survive damage: where the bytes are corrupt
 * (a broken gzip member, a record whose header or length is wrong), reading resynchronises on the
 * next gzip member of a {@code .warc.gz} (the next {@code 1f 8b 08} header that starts a member
 * holding a WARC record) or, in a plain WARC, on the next line starting {@code WARC/1.}, and says
 * what it skipped. jwarc parses each record; this class owns the bytes under it. Not thread-safe.
 */
final class WarcRecords implements Closeable {

    /** A stretch of the file that was skipped: where the damage was found, why, and where reading went on. */
    record Skipped(long from, long to, String reason, boolean toEnd) {
        Skipped {
            from = Math.max(0, from);
            to = Math.max(from, to);
        }

        long bytes() {
            return to - from;
        }
    }

    private static final int RAW_BUFFER = 64 << 10;

    private final ReadableByteChannel channel;
    /** Raw bytes of the file; its position is at file offset {@link #rawOffset()}. */
    private final ByteBuffer raw = ByteBuffer.allocate(RAW_BUFFER).flip();
    /** Bytes read from the channel so far. */
    private long rawRead;
    private boolean rawEnd;
    /**
     * Where the last read of {@link #raw} at the end of the file left it, written into: jwarc reads
     * into the buffer it shares with this class (a plain WARC) and, when the file ends inside a
     * record, throws before it flips the buffer back; -1 if no such read.
     */
    private int rawEndWriteMark = -1;
    /** The file, when it can be read again from an earlier offset (a regular file), else null. */
    private final SeekableByteChannel seekable;
    /** The offset reading last went back to (a record that ran past the end of the file); never again at or before it. */
    private long rewoundTo = -1;
    /** jwarc's buffer of the text of a {@code .warc.gz}. */
    private ByteBuffer textBuffer;
    /** The record {@link #next} returned last, while its reader lasts. */
    private WarcRecord last;
    private final boolean gzip;
    private final Members members;
    private WarcReader reader;
    /** The file offset (plain) or text offset (gzip) where {@link #reader} began. */
    private long readerBase;
    /** Records the current reader returned. */
    private long readerRecords;
    /** The file offset where {@link #reader} began. */
    private long readerStart = -1;
    private long offset = -1;
    private boolean empty;
    /** A stretch being skipped: its end is known ({@link #settled}) once a record is read after it, or the file ends. */
    private Skipped pending;
    private boolean settled;

    WarcRecords(ReadableByteChannel channel) throws IOException {
        this.channel = channel;
        this.seekable = rereadable(channel);
        fill(2);
        empty = !raw.hasRemaining();
        gzip = raw.remaining() >= 2 && (raw.get(raw.position()) & 0xFF) == 0x1F && (raw.get(raw.position() + 1) & 0xFF) == 0x8B;
        members = gzip ? new Members() : null;
        startsLikeWarc = gzip || fill(5) && startsWith(raw, raw.position(), "WARC/");
    }

    /**
     * Whether the file starts as a WARC does, with a gzip member or {@code WARC/}: a file that does
     * not, and whose first record does not parse, is not searched for records (a device or a pipe of
     * anything else would be searched without end).
     */
    private final boolean startsLikeWarc;
    /** Records read in the whole file. */
    private long recordsRead;
    /** Set when the file turned out not to be a WARC: nothing more is read. */
    private boolean notWarc;

    /** Whether the file had no bytes at all. */
    boolean empty() {
        return empty;
    }

    /** Whether the file is gzip-compressed. */
    boolean gzip() {
        return gzip;
    }

    /**
     * The file offset of the record {@link #next} returned last: for a {@code .warc.gz}, the
     * offset of the gzip member it starts in (the offset CDX indexes give).
     */
    long offset() {
        return offset;
    }

    /** The file offset of the next byte not yet read by the parser (a gzip file's compressed bytes). */
    long position() {
        return rawOffset();
    }

    private long rawOffset() {
        restoreRaw();
        return rawRead - raw.remaining();
    }

    /** Puts {@link #raw} back to its reading state if jwarc left it as the end of the file found it. */
    private void restoreRaw() {
        if (rawEndWriteMark >= 0 && raw.limit() == raw.capacity() && raw.position() == rawEndWriteMark) raw.flip();
        rawEndWriteMark = -1;
    }

    /** The channel, if it is a file whose bytes can be read again from an earlier offset; else null. */
    private static SeekableByteChannel rereadable(ReadableByteChannel channel) {
        if (!(channel instanceof SeekableByteChannel s)) return null;
        try {
            s.size();
            s.position(s.position());
            return s;
        } catch (IOException | RuntimeException e) {
            return null; // a pipe or a device opened as a file channel
        }
    }

    /**
     * The next record, or empty at the end of the file.
     *
     * @throws IOException where the bytes are corrupt or end too soon: call {@link #resync} to go on
     */
    Optional<WarcRecord> next() throws IOException {
        if (reader == null && !startReader()) {
            if (pending != null) settle(rawOffset(), true);
            return Optional.empty();
        }
        // jwarc first reads past the body of the record returned last: a failure there is that record's
        Optional<WarcRecord> record;
        try {
            record = reader.next();
        } catch (NumberFormatException e) {
            // jwarc reads a Content-Length as a long: one past the largest fails there, unnamed
            throw new IOException(unusableLength(e), e);
        }
        last = record.orElse(null);
        if (record.isPresent()) {
            if (readerRecords == 0 && pending != null) settle(readerStart, false);
            readerRecords++;
            recordsRead++;
            long text = readerBase + reader.position();
            offset = gzip ? members.memberOf(text) : text;
            if (gzip) {
                // where the record's body and its CRLFCRLF end, by its Content-Length: a gzip member that
                // starts a record before then shows the length wrong
                long bodyStart = members.textOffset - textBuffer.remaining();
                long size = record.get().body().size();
                members.bodyEnd = size >= 0 && size < Long.MAX_VALUE - bodyStart - 4 ? bodyStart + size + 4 : Long.MAX_VALUE;
            }
        } else if (pending != null) {
            settle(rawOffset(), true);
        }
        return record;
    }

    /**
     * What jwarc's failure to read a record's Content-Length as a long is: that length, and the
     * record named by its WARC-Record-ID, read from the record's header where it is still in the
     * buffer jwarc parsed it from.
     */
    private String unusableLength(NumberFormatException e) {
        java.util.regex.Matcher quoted = java.util.regex.Pattern.compile("\"([^\"]*)\"").matcher(String.valueOf(e.getMessage()));
        String value = quoted.find() ? quoted.group(1) : null;
        ByteBuffer b = gzip ? textBuffer : raw;
        String id = null;
        if (value != null && b != null && b.hasArray()) {
            String text = new String(b.array(), 0, b.limit(), java.nio.charset.StandardCharsets.ISO_8859_1);
            java.util.regex.Matcher line = java.util.regex.Pattern.compile("(?im)^Content-Length:[ \t]*"
                    + java.util.regex.Pattern.quote(value)).matcher(text);
            if (line.find()) {
                int start = Math.max(0, text.lastIndexOf("WARC/1.", line.start()));
                int end = text.indexOf("\r\n\r\n", line.start());
                java.util.regex.Matcher idLine = java.util.regex.Pattern.compile("(?im)^WARC-Record-ID:[ \t]*(\\S+)")
                        .matcher(text.substring(start, end < 0 ? text.length() : end));
                if (idLine.find()) id = idLine.group(1);
            }
        }
        return "malformed record" + (id == null ? "" : " (WARC-Record-ID " + Terminal.safe(id) + ")") + ": Content-Length "
                + (value == null ? "" : Terminal.safe(value) + " ") + "is not a length";
    }

    private void settle(long to, boolean toEnd) {
        pending = new Skipped(pending.from(), Math.max(to, pending.from()), pending.reason(), toEnd);
        settled = true;
    }

    /** Starts a reader at the current position; false at the end of the file. */
    private boolean startReader() throws IOException {
        readerRecords = 0;
        last = null;
        if (notWarc || !fill(1)) return false;
        readerStart = rawOffset();
        if (gzip) {
            members.restart();
            readerBase = members.textOffset;
            textBuffer = ByteBuffer.allocate(8192).flip();
            reader = new WarcReader(members, textBuffer);
        } else {
            readerBase = rawOffset();
            reader = new WarcReader(new RawChannel(), raw);
        }
        return true;
    }

    /**
     * After {@link #next} (or reading a record's body) failed: moves to where a record may be read
     * again, the next gzip member (a {@code .warc.gz}) or the next line starting {@code WARC/1.}
     * (a plain WARC). The stretch skipped is {@link #takeSkipped() told} once a record is read
     * after it or the file ends; a candidate that gives no record is part of the same stretch.
     *
     * @param failure what went wrong
     */
    void resync(IOException failure) throws IOException {
        restoreRaw();
        boolean inflateFailed = gzip && members.failure != null;
        long from = inflateFailed ? members.memberStart : gzip ? members.memberStart : rawOffset();
        String reason = describe(failure);
        // the last record read said its body goes on where the file ends, or where a gzip member starts the
        // next record: its Content-Length ran past the records after it. A .warc.gz goes on at that member;
        // a regular file is read again from just after the record's start.
        boolean overran = last != null && last.body().position() < last.body().size() && endedInside(failure);
        boolean nextMember = overran && gzip && members.recordInBody >= 0;
        boolean rewind = overran && !nextMember && seekable != null && offset > rewoundTo && offset < rawOffset();
        if (overran) {
            String length = last.headers().first("Content-Length").orElse("?");
            reason = "the record at offset " + offset + " declares a Content-Length of " + Terminal.safe(length) + " bytes, which runs past "
                    + (nextMember ? "the start of the next record" : rewind ? "the end of the file"
                            : "the end of the file: the records in between were read as its body");
            from = offset;
        }
        if (!startsLikeWarc && recordsRead == 0) {
            // not a WARC: searching it for records could take without end (/dev/zero, a pipe of anything)
            notWarc = true;
            reason += "; it does not start as a WARC file does (with WARC/ or a gzip member)";
        }
        if (pending == null || readerRecords > 0) pending = new Skipped(from, from, reason, false);
        settled = false;
        reader = null;
        last = null;
        if (notWarc) return;
        if (rewind) {
            rewoundTo = offset;
            rewindTo(offset + 1);
        }
        if (gzip) {
            // past the member that failed to inflate; else from where parsing stopped, which is past the record's start
            if (inflateFailed && !rewind) skip(members.memberStart + 1 - rawOffset());
            members.restart();
            members.recordInBody = -1;
            seekMember();
        } else {
            seekRecordLine();
        }
    }

    /** Whether a failure is the file ending where a record said more bytes would come. */
    private static boolean endedInside(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof EOFException) return true;
        }
        return false;
    }

    /** Goes back (or on) to a file offset: the bytes from there are read again. */
    private void rewindTo(long to) throws IOException {
        seekable.position(to);
        raw.clear().flip();
        rawRead = to;
        rawEnd = false;
        rawEndWriteMark = -1;
    }

    /**
     * The stretch skipped since the last call, once it is known where it ended: after a record
     * was read past it, or at the end of the file; else null.
     */
    Skipped takeSkipped() {
        if (pending == null || !settled) return null;
        Skipped s = pending;
        pending = null;
        settled = false;
        return s;
    }

    private void skip(long n) throws IOException {
        while (n > 0) {
            if (!fill(1)) return;
            int k = (int) Math.min(n, raw.remaining());
            raw.position(raw.position() + k);
            n -= k;
        }
    }

    /** Moves to the next gzip member header from the current position; false at the end. */
    private boolean seekMember() throws IOException {
        while (fill(4)) {
            int end = raw.limit() - 3;
            for (int i = raw.position(); i < end; i++) {
                // ID1 ID2 CM=deflate, and FLG with its reserved bits clear
                if ((raw.get(i) & 0xFF) == 0x1F && (raw.get(i + 1) & 0xFF) == 0x8B && raw.get(i + 2) == 8 && (raw.get(i + 3) & 0xE0) == 0) {
                    raw.position(i);
                    return true;
                }
            }
            raw.position(end);
        }
        raw.position(raw.limit());
        return false;
    }

    /** Moves to the next line starting "WARC/1." after the current position (a plain WARC); false at the end. */
    private boolean seekRecordLine() throws IOException {
        // the line may start right here, if the byte before (still in the buffer) ends a line
        if (raw.position() > 0 && rawOffset() - 1 > readerStart && raw.get(raw.position() - 1) == '\n') raw.position(raw.position() - 1);
        while (fill(8)) {
            int end = raw.limit() - 7;
            for (int i = raw.position(); i < end; i++) {
                if (raw.get(i) == '\n' && startsWith(raw, i, "\nWARC/1.")) {
                    raw.position(i + 1);
                    return true;
                }
            }
            raw.position(end);
        }
        raw.position(raw.limit());
        return false;
    }

    private static boolean startsWith(ByteBuffer b, int at, String s) {
        if (b.limit() - at < s.length()) return false;
        for (int k = 0; k < s.length(); k++) {
            if (b.get(at + k) != s.charAt(k)) return false;
        }
        return true;
    }

    /** Makes at least {@code n} raw bytes available; false if the file ends first. */
    private boolean fill(int n) throws IOException {
        while (raw.remaining() < n) {
            if (rawEnd) return false;
            raw.compact();
            int got = channel.read(raw);
            raw.flip();
            if (got < 0) rawEnd = true;
            else rawRead += got;
        }
        return true;
    }

    /** A short description of a failure, its bytes shown as {@code \xe9} (jwarc writes {@code \xffffffe9}). */
    static String describe(Throwable e) {
        return Main.describe(e).replaceAll("\\\\xffffff([0-9a-fA-F]{2})", "\\\\x$1");
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** The raw bytes for jwarc, through {@link #raw} (a plain WARC: jwarc shares the buffer). */
    private final class RawChannel implements ReadableByteChannel {
        @Override
        public int read(ByteBuffer dst) throws IOException {
            if (rawEnd) {
                if (dst == raw) rawEndWriteMark = raw.position();
                return -1;
            }
            int got = channel.read(dst);
            if (got < 0) {
                rawEnd = true;
                if (dst == raw) rawEndWriteMark = raw.position();
                return -1;
            }
            rawRead += got;
            return got;
        }

        @Override
        public boolean isOpen() {
            return channel.isOpen();
        }

        @Override
        public void close() {
            // the file is closed by WarcRecords.close
        }
    }

    /**
     * The text of a {@code .warc.gz}: its gzip members inflated one after another, a read never
     * crossing from one member into the next, each member's CRC-32 and length checked. Remembers
     * where in the file each member began, to give records their offsets; a failure is sticky
     * until {@link #restart()}.
     */
    private final class Members implements ReadableByteChannel {
        private final Inflater inflater = new Inflater(true);
        private final CRC32 crc = new CRC32();
        /** Text offsets at which members began, and their file offsets: pairs, oldest first. */
        private final ArrayDeque<long[]> starts = new ArrayDeque<>();
        private boolean inMember;
        private long memberStart;
        private long textOffset;
        private IOException failure;
        /** The text offset where the body of the record read last ends (with its CRLFCRLF), or -1. */
        private long bodyEnd = -1;
        /** Where a gzip member started a record inside the body of the one before, or -1. */
        private long recordInBody = -1;

        void restart() {
            bodyEnd = -1;
            inflater.reset();
            crc.reset();
            inMember = false;
            failure = null;
            starts.clear();
        }

        /** The file offset of the member in which text offset {@code text} lies. */
        long memberOf(long text) {
            long[] first = starts.pollFirst();
            if (first == null) return memberStart;
            while (!starts.isEmpty() && starts.peekFirst()[0] <= text) first = starts.pollFirst();
            starts.addFirst(first);
            return first[1];
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            if (failure != null) throw failure;
            try {
                return inflate(dst);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        private int inflate(ByteBuffer dst) throws IOException {
            if (!inMember) {
                if (!fill(1)) return -1;
                if (textOffset < bodyEnd && startsRecord()) {
                    // the record read last said its body goes on, but this member starts a new record: its
                    // Content-Length is wrong, and the record that follows is read from here (resync)
                    recordInBody = rawOffset();
                    return -1;
                }
                memberStart = rawOffset();
                readHeader();
                starts.addLast(new long[] {textOffset, memberStart});
                inMember = true;
            }
            int n = 0;
            while (n == 0) {
                if (inflater.needsInput()) {
                    if (!fill(1)) throw new EOFException("gzip member at offset " + memberStart + " ends too soon");
                    inflater.setInput(raw.array(), raw.arrayOffset() + raw.position(), raw.remaining());
                }
                try {
                    n = inflater.inflate(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
                } catch (DataFormatException e) {
                    throw new java.util.zip.ZipException("corrupt gzip member at offset " + memberStart + ": " + e.getMessage());
                }
                crc.update(dst.array(), dst.arrayOffset() + dst.position(), n);
                dst.position(dst.position() + n);
                raw.position(raw.limit() - inflater.getRemaining());
                textOffset += n;
                if (inflater.finished()) {
                    readTrailer();
                    inflater.reset();
                    crc.reset();
                    inMember = false;
                    return n;
                }
                if (n == 0 && inflater.needsDictionary()) throw new java.util.zip.ZipException("corrupt gzip member at offset " + memberStart);
            }
            return n;
        }

        /**
         * Whether the gzip member at the current position starts with a WARC record ({@code WARC/1.}),
         * looked at without reading it: its header and first bytes inflated from a copy.
         */
        private boolean startsRecord() throws IOException {
            fill(Math.min(raw.capacity(), 4096)); // as much as there is
            ByteBuffer b = raw.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            try {
                if (b.remaining() < 10 || (b.get() & 0xFF) != 0x1F || (b.get() & 0xFF) != 0x8B || b.get() != 8) return false;
                int flags = b.get() & 0xFF;
                b.position(b.position() + 6);
                if ((flags & 4) != 0) b.position(b.position() + (b.getShort() & 0xFFFF));
                for (int field : new int[] {8, 16}) {
                    if ((flags & field) != 0) {
                        while (b.get() != 0) {
                            // a name or a comment, to its zero byte
                        }
                    }
                }
                if ((flags & 2) != 0) b.position(b.position() + 2);
                Inflater peek = new Inflater(true);
                try {
                    peek.setInput(b.array(), b.arrayOffset() + b.position(), b.remaining());
                    byte[] text = new byte[7];
                    int n = 0;
                    for (int tries = 0; tries < 64 && n < text.length && !peek.finished() && !peek.needsInput(); tries++) {
                        int got = peek.inflate(text, n, text.length - n);
                        if (got == 0 && (peek.needsDictionary() || peek.needsInput())) break;
                        n += got;
                    }
                    return n == text.length && new String(text, java.nio.charset.StandardCharsets.ISO_8859_1).equals("WARC/1.");
                } finally {
                    peek.end();
                }
            } catch (RuntimeException | DataFormatException e) {
                return false; // not a whole member header, or not deflate data: not a record's start
            }
        }

        private void readHeader() throws IOException {
            if (!fill(10)) throw new EOFException("partial gzip header at offset " + rawOffset());
            raw.order(ByteOrder.LITTLE_ENDIAN);
            if ((raw.get() & 0xFF) != 0x1F || (raw.get() & 0xFF) != 0x8B || raw.get() != 8) {
                throw new java.util.zip.ZipException("no gzip member at offset " + memberStart);
            }
            int flags = raw.get() & 0xFF;
            raw.position(raw.position() + 6); // MTIME, XFL, OS
            if ((flags & 4) != 0) { // FEXTRA
                if (!fill(2)) throw new EOFException("partial gzip header at offset " + memberStart);
                skip(raw.getShort() & 0xFFFF);
            }
            if ((flags & 8) != 0) skipZeroTerminated(); // FNAME
            if ((flags & 16) != 0) skipZeroTerminated(); // FCOMMENT
            if ((flags & 2) != 0) skip(2); // FHCRC
        }

        private void skipZeroTerminated() throws IOException {
            while (true) {
                if (!fill(1)) throw new EOFException("partial gzip header at offset " + memberStart);
                if (raw.get() == 0) return;
            }
        }

        private void readTrailer() throws IOException {
            if (!fill(8)) throw new EOFException("gzip member at offset " + memberStart + " has no trailer");
            raw.order(ByteOrder.LITTLE_ENDIAN);
            long expectedCrc = raw.getInt() & 0xFFFFFFFFL;
            long size = raw.getInt() & 0xFFFFFFFFL;
            if (expectedCrc != crc.getValue()) throw new java.util.zip.ZipException("gzip member at offset " + memberStart + ": CRC-32 mismatch");
            if (size != (inflater.getBytesWritten() & 0xFFFFFFFFL)) {
                throw new java.util.zip.ZipException("gzip member at offset " + memberStart + ": length mismatch");
            }
        }

        @Override
        public boolean isOpen() {
            return channel.isOpen();
        }

        @Override
        public void close() {
            inflater.end();
        }
    }
}
