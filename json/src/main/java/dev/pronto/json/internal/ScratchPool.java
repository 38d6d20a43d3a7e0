package dev.pronto.json.internal;

import io.netty.util.concurrent.FastThreadLocal;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Hands out {@link Scratch} state. Platform threads, event loops above all, each keep their own in a
 * {@link FastThreadLocal}. Virtual threads are usually one per request, so a thread-local would
 * allocate fresh buffers every time: they borrow from a small striped array of slots instead,
 * and allocate only when their slot is empty.
 */
public final class ScratchPool {
    private final Converters converters;
    private final FastThreadLocal<Scratch> local = new FastThreadLocal<>() {
        @Override
        protected Scratch initialValue() {
            return new Scratch(converters);
        }
    };
    private final AtomicReferenceArray<Scratch> shared;
    private final int mask;

    /**
     * Creates a pool; encoding and decoding with the same converters should share one.
     *
     * @param converters the converters the writers and readers are bound to
     */
    public ScratchPool(Converters converters) {
        this.converters = converters;
        int slots = Integer.highestOneBit(Math.max(8, Runtime.getRuntime().availableProcessors() * 4) - 1) << 1;
        this.shared = new AtomicReferenceArray<>(slots);
        this.mask = slots - 1;
    }

    /** Returns this thread's scratch state, or one borrowed for this virtual thread. */
    Scratch acquire() {
        Thread thread = Thread.currentThread();
        if (!thread.isVirtual()) {
            return local.get();
        }
        Scratch scratch = shared.getAndSet(slot(thread), null);
        return scratch != null ? scratch : new Scratch(converters);
    }

    /** Takes back what {@link #acquire()} gave, after {@code Scratch.endWrite} or {@code endRead}. */
    void release(Scratch scratch) {
        Thread thread = Thread.currentThread();
        if (thread.isVirtual()) {
            shared.compareAndSet(slot(thread), null, scratch);
        }
    }

    private int slot(Thread thread) {
        return (int) thread.threadId() & mask;
    }
}
