package io.github.jsoupcharset.codec;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value computed on its first use and the same from then on: for the per-encoding tables of
 * {@link Decoders}, which a page in another encoding never needs. Thread-safe: the value is
 * computed once, under the lock, and published through a volatile field. Internal.
 */
final class OnFirstUse<T> implements Supplier<T> {
    private final Supplier<T> compute;
    private volatile T value;

    OnFirstUse(Supplier<T> compute) {
        this.compute = Objects.requireNonNull(compute, "compute");
    }

    /** The value, computed by the first call (which must not give null). */
    @Override
    public T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) value = v = Objects.requireNonNull(compute.get(), "computed value");
            }
        }
        return v;
    }
}
