package io.github.jsoupcharset;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One input, as every entry point hands it to the {@link DecisionPipeline}: the bytes so far,
 * whether more may come (and from where), whether the body can be read again from its first
 * byte, whether it was cut off before its end, and the transport's Content-Type headers (content
 * codings are undone before: what a source gives is the body a browser sniffs). The limits that
 * apply are the pipeline's. Each entry point only builds one of these; none decides.
 *
 * <p>Four kinds: a body held whole ({@link #whole}); a stream, read once ({@link #stream}); a
 * file, which can be read again ({@link #file}); a stream whose bytes may be had whole afterwards
 * ({@link #streamThenBuffered}: a jsoup response whose body jsoup buffered). Not thread-safe;
 * one per call.
 */
final class BodySource {
    /** The body held whole (all there is of it), or null. */
    final byte[] whole;
    /** The body still to be read from its first byte, or null. */
    final InputStream stream;
    /** The saved body, read again from its first byte as often as the decision needs, or null. */
    final Path file;
    /** After a stream: the same body's bytes, whole, if it was buffered (else null), or null. */
    final Supplier<byte[]> buffered;
    /** Whether the body was cut off before its end; asked once it has been read to its end. */
    final BooleanSupplier cut;
    /** Every Content-Type header, in the order received. */
    final List<String> contentTypes;

    private BodySource(byte[] whole, InputStream stream, Path file, Supplier<byte[]> buffered, BooleanSupplier cut,
            List<String> contentTypes) {
        this.whole = whole;
        this.stream = stream;
        this.file = file;
        this.buffered = buffered;
        this.cut = cut;
        this.contentTypes = contentTypes;
    }

    /** A body held whole; {@code cut}: whether it was cut off before its end. */
    static BodySource whole(byte[] body, List<String> contentTypes, boolean cut) {
        Objects.requireNonNull(body, "body must not be null");
        return new BodySource(body, null, null, null, () -> cut, contentTypes);
    }

    /** A body read from a stream, once; {@code cut} is asked at its end. */
    static BodySource stream(InputStream in, List<String> contentTypes, BooleanSupplier cut) {
        Objects.requireNonNull(in, "in must not be null");
        return new BodySource(null, in, null, null, cut, contentTypes);
    }

    /** A saved body, which can be read again. */
    static BodySource file(Path file, List<String> contentTypes) {
        Objects.requireNonNull(file, "file must not be null");
        return new BodySource(null, null, file, null, () -> false, contentTypes);
    }

    /**
     * A stream whose bytes may be had whole once it has been read ({@code buffered} gives them, or
     * null when they were not kept): decided from the stream, and from the bytes where the
     * stream's look-ahead fell short.
     */
    static BodySource streamThenBuffered(InputStream in, List<String> contentTypes, BooleanSupplier cut,
            Supplier<byte[]> buffered) {
        Objects.requireNonNull(in, "in must not be null");
        return new BodySource(null, in, null, buffered, cut, contentTypes);
    }

    /** The headers of a caller's one Content-Type value (null: none). */
    static List<String> headerList(String contentType) {
        return contentType == null ? Collections.emptyList() : Collections.singletonList(contentType);
    }
}
