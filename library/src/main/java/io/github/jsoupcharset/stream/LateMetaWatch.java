package io.github.jsoupcharset.stream;

import io.github.jsoupcharset.sniff.DocumentDeclaration;
import io.github.jsoupcharset.sniff.HeadMetaScanner;

import java.io.InputStream;
import java.util.Arrays;
import java.util.Optional;

/**
 * The rest of a stream whose look-ahead the bound cut inside a head that goes on: as the bytes are
 * read (the decision already made, the text decoded with it), the head scan goes on through them,
 * as it goes on through a file, to name a {@code <meta>} that declares the encoding there: the
 * decision a stream cannot make again, but can say why it differs from its bytes'. It holds the
 * token the scan stopped in, about {@link StreamInput#LOOKAHEAD_LIMIT} bytes at most: a longer one
 * ends the watch. Not thread-safe.
 */
final class LateMetaWatch extends ObservedInputStream {
    private byte[] held;
    private int length;
    private long heldAt; // the stream offset of held[0]
    private boolean watching = true;
    private long declaredAt = -1;
    private DocumentDeclaration.Declared declared;

    /**
     * @param rest the stream after the look-ahead
     * @param lookahead the look-ahead's bytes
     * @param stop where the look-ahead's head scan stopped ({@code Sniffer.headResumeAt})
     * @param end how many bytes the look-ahead holds
     */
    LateMetaWatch(InputStream rest, byte[] lookahead, int stop, int end) {
        super(rest);
        held = Arrays.copyOfRange(lookahead, stop, end);
        length = held.length;
        heldAt = stop;
    }

    /** The offset of the late meta that declares an encoding, or -1. */
    long declaredAt() {
        return declaredAt;
    }

    /** That meta's declaration. */
    Optional<DocumentDeclaration.Declared> declared() {
        return Optional.ofNullable(declared);
    }

    @Override
    void seen(byte[] b, int off, int n) {
        if (watching) {
            if (n > 0) append(b, off, n);
            if (n < 0 || length >= held.length) scan(n < 0);
        }
    }

    private void append(byte[] b, int off, int n) {
        if (length + n > held.length) held = Arrays.copyOf(held, (int) Math.min(Math.max(2L * held.length, length + n), Integer.MAX_VALUE - 8));
        System.arraycopy(b, off, held, length, n);
        length += n;
    }

    /** Goes on with the head scan over what is held; keeps the token it stopped in. */
    private void scan(boolean end) {
        HeadMetaScanner.Resumed r = HeadMetaScanner.resume(held, 0, length);
        if (r.declaredAt() >= 0) {
            declaredAt = heldAt + r.declaredAt();
            DocumentDeclaration found = HeadMetaScanner.scan(held, r.declaredAt(), length - r.declaredAt());
            declared = found.declared().orElse(null);
            stop();
            return;
        }
        if (!r.wantsMore() || end) {
            stop();
            return;
        }
        if (r.resumeAt() == 0 && length >= StreamInput.LOOKAHEAD_LIMIT) {
            stop(); // one token longer than the look-ahead: given up, as a file's scan gives up on a tag
            return;
        }
        // keep the token the scan stopped in; read on until the buffer is full again
        System.arraycopy(held, r.resumeAt(), held, 0, length - r.resumeAt());
        heldAt += r.resumeAt();
        length -= r.resumeAt();
        if (length >= held.length) held = Arrays.copyOf(held, Math.min(2 * held.length, StreamInput.LOOKAHEAD_LIMIT + 8192));
    }

    private void stop() {
        watching = false;
        held = null;
        length = 0;
    }
}
