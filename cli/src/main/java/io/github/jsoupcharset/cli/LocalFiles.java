package io.github.jsoupcharset.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Local files as the command opens them, each said for what it is when it cannot be read: no such
 * file, a broken symlink, a symlink loop, a directory, a socket. A regular file is read as it is; a
 * FIFO or a device is read too, but nothing waits on it without end: a FIFO with no writer, or a
 * FIFO or device that gives nothing, is given up on after the read timeout, as a silent server is.
 */
final class LocalFiles {
    private LocalFiles() {}

    /** What a path names, by its type once symlinks are followed. */
    enum Kind {
        REGULAR("regular file"), DIRECTORY("directory"), FIFO("FIFO"), CHARACTER_DEVICE("character device"),
        BLOCK_DEVICE("block device"), SOCKET("socket"), OTHER("special file");

        final String words;

        Kind(String words) {
            this.words = words;
        }
    }

    /**
     * What {@code path} names, following symlinks.
     *
     * @throws Inputs.InputException if there is nothing to read there: "no such file", "broken
     *     symlink (to …, which does not exist)", "symlink loop", "permission denied"
     */
    static Kind kind(Path path) throws Inputs.InputException {
        BasicFileAttributes basic;
        try {
            basic = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            if (Files.isSymbolicLink(path)) {
                String target;
                try {
                    target = Files.readSymbolicLink(path).toString();
                } catch (IOException | RuntimeException again) {
                    target = "?";
                }
                throw new Inputs.InputException("broken symlink (to " + target + ", which does not exist)");
            }
            throw new Inputs.InputException("no such file");
        } catch (AccessDeniedException e) {
            throw new Inputs.InputException("permission denied");
        } catch (FileSystemException e) {
            if (e.getReason() != null && e.getReason().contains("Too many levels of symbolic links")) {
                throw new Inputs.InputException("symlink loop (too many levels of symbolic links)");
            }
            throw new Inputs.InputException(Main.describe(e));
        } catch (IOException | RuntimeException e) {
            throw new Inputs.InputException(Main.describe(e));
        }
        if (basic.isRegularFile()) return Kind.REGULAR;
        if (basic.isDirectory()) return Kind.DIRECTORY;
        try {
            // the file type bits of st_mode (S_IFMT), where the platform tells them
            int type = (Integer) Files.getAttribute(path, "unix:mode") & 0170000;
            return switch (type) {
                case 0010000 -> Kind.FIFO;
                case 0020000 -> Kind.CHARACTER_DEVICE;
                case 0060000 -> Kind.BLOCK_DEVICE;
                case 0140000 -> Kind.SOCKET;
                default -> Kind.OTHER;
            };
        } catch (IOException | RuntimeException e) {
            return Kind.OTHER;
        }
    }

    /**
     * Why {@link #open} would refuse {@code path} before reading it (no such file, a loop, a
     * directory, a socket, a device when {@code devices} is false), or null if it would open it.
     */
    static String refusal(Path path, boolean devices) {
        Kind kind;
        try {
            kind = kind(path);
        } catch (Inputs.InputException e) {
            return e.getMessage();
        }
        return refusal(kind, devices);
    }

    private static String refusal(Kind kind, boolean devices) {
        return switch (kind) {
            case REGULAR, FIFO -> null;
            case DIRECTORY -> "is a directory";
            case CHARACTER_DEVICE, BLOCK_DEVICE -> devices ? null
                    : "not a regular file: " + kind.words + " (a WARC is read from a file or a pipe); not read";
            default -> "not a regular file: " + kind.words + "; not read";
        };
    }

    /**
     * Opens a file for reading. A regular file is opened as it is. A directory or a socket is
     * refused, saying so; so is a device when {@code devices} is false. A FIFO that no writer opens
     * within {@code readTimeout} is given up on; a FIFO or a device is read through a channel that
     * fails a read that waits longer than {@code readTimeout}.
     *
     * @param devices whether a character or block device is read (sniff, decode and select: yes;
     *     audit: no, a WARC is read from a file or a pipe)
     */
    static ReadableByteChannel open(Path path, Duration readTimeout, boolean devices) throws IOException {
        Kind kind = kind(path);
        String refused = refusal(kind, devices);
        if (refused != null) throw new Inputs.InputException(refused);
        switch (kind) {
            case REGULAR:
                try {
                    return FileChannel.open(path, StandardOpenOption.READ);
                } catch (NoSuchFileException e) {
                    throw new Inputs.InputException("no such file");
                } catch (AccessDeniedException e) {
                    throw new Inputs.InputException("permission denied");
                }
            case FIFO:
                return new Watched(openFifo(path, readTimeout), readTimeout, "FIFO");
            default:
                return new Watched(openOrSay(path), readTimeout, kind.words); // a device
        }
    }

    private static FileChannel openOrSay(Path path) throws IOException {
        try {
            return FileChannel.open(path, StandardOpenOption.READ);
        } catch (AccessDeniedException e) {
            throw new Inputs.InputException("permission denied");
        } catch (FileSystemException e) {
            throw new Inputs.InputException(Main.describe(e));
        }
    }

    /**
     * Opens a FIFO for reading, which waits until a writer opens it: on a thread of its own, given
     * up on after {@code readTimeout}. The open left waiting is then released by opening the FIFO
     * for reading and writing (which never waits, and is a writer), and what it opened closed.
     */
    private static FileChannel openFifo(Path path, Duration readTimeout) throws IOException {
        FutureTask<FileChannel> opening = new FutureTask<>(() -> openOrSay(path));
        Thread opener = new Thread(opening, "jsoup-charset open FIFO");
        opener.setDaemon(true);
        opener.start();
        try {
            return opening.get(readTimeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            try {
                // opened and closed: the waiting open returns, and reads the end of the FIFO
                FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
            } catch (IOException | RuntimeException ignored) {
                // the waiting open stays on its daemon thread, which does not keep the JVM alive
            }
            try {
                opening.get(1, TimeUnit.SECONDS).close();
            } catch (TimeoutException | ExecutionException | IOException ignored) {
                // nothing was opened, or it could not be closed: either way nothing is read from it
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            throw new Inputs.InputException("FIFO: no writer within " + readTimeout.toSeconds() + " s (see --read-timeout); not read");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            throw new Inputs.InputException(Main.describe(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            opening.cancel(true);
            throw new java.io.InterruptedIOException("interrupted");
        }
    }

    /**
     * A channel whose reads wait at most a time: a watchdog closes the channel (which ends a read
     * blocked in it) when one has waited longer, and the read fails saying so.
     */
    static final class Watched implements ReadableByteChannel {
        private final FileChannel channel;
        private final long timeoutNanos;
        private final String what;
        private final Duration timeout;
        private final Thread watchdog;
        /** When the read under way began ({@link System#nanoTime()}, never 0), or 0 if none is. */
        private volatile long readSince;
        private volatile boolean timedOut;
        private long bytes;

        Watched(FileChannel channel, Duration timeout, String what) {
            this.channel = channel;
            this.timeout = timeout;
            this.timeoutNanos = timeout.toNanos();
            this.what = what;
            this.watchdog = new Thread(this::watch, "jsoup-charset read timeout");
            watchdog.setDaemon(true);
            watchdog.start();
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            if (timedOut) throw timedOutException();
            readSince = System.nanoTime() | 1;
            LockSupport.unpark(watchdog);
            try {
                int n = channel.read(dst);
                if (n > 0) bytes += n;
                return n;
            } catch (AsynchronousCloseException e) {
                if (timedOut && !(e instanceof ClosedByInterruptException)) throw timedOutException();
                throw e;
            } finally {
                readSince = 0;
            }
        }

        private Inputs.InputException timedOutException() {
            return new Inputs.InputException(what + ": nothing came for " + timeout.toSeconds() + " s (see --read-timeout); "
                    + bytes + " bytes had come");
        }

        private void watch() {
            while (channel.isOpen()) {
                long since = readSince;
                long waited = System.nanoTime() - since;
                if (since != 0 && waited > timeoutNanos) {
                    timedOut = true;
                    try {
                        channel.close();
                    } catch (IOException ignored) {
                        // closed or not, the read fails as timed out
                    }
                    return;
                }
                LockSupport.parkNanos(since != 0 ? Math.min(timeoutNanos - waited + 1, 200_000_000L) : 200_000_000L);
            }
        }

        @Override
        public boolean isOpen() {
            return channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            channel.close();
            LockSupport.unpark(watchdog);
        }
    }
}
