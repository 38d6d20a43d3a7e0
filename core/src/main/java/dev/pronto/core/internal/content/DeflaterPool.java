package dev.pronto.core.internal.content;

import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Deflater;

/**
 * Deflaters of one level and format, reused across responses. An event loop keeps one per thread
 * (shared by every server on that loop, ended when the thread ends). Any other thread, such as the
 * virtual thread of a blocking handler, borrows from a small shared pool: a Deflater per response
 * would hold its native memory until the GC's cleaner runs. What the pool cannot take back is
 * ended at once.
 */
final class DeflaterPool {
    private static final int LEVELS = 9;
    private static final FastThreadLocal<Deflater[]> PER_LOOP = new FastThreadLocal<>() {
        @Override
        protected Deflater[] initialValue() {
            return new Deflater[LEVELS * 2];
        }

        @Override
        protected void onRemoval(Deflater[] deflaters) {
            for (Deflater d : deflaters) {
                if (d != null) {
                    d.end();
                }
            }
        }
    };

    private final int level;
    private final boolean raw;
    private final int slot;
    private final ArrayBlockingQueue<Deflater> idle;
    private final AtomicLong created = new AtomicLong();

    private DeflaterPool(int level, boolean raw, int capacity) {
        this.level = level;
        this.raw = raw;
        this.slot = (level - 1) * 2 + (raw ? 1 : 0);
        this.idle = new ArrayBlockingQueue<>(capacity);
    }

    /** Raw deflate (for gzip framing) at {@code level} 1..9, keeping up to {@code capacity} idle off the loops. */
    static DeflaterPool raw(int level, int capacity) {
        return new DeflaterPool(level, true, capacity);
    }

    /** Zlib-wrapped deflate (the {@code deflate} coding) at {@code level} 1..9. */
    static DeflaterPool zlib(int level, int capacity) {
        return new DeflaterPool(level, false, capacity);
    }

    /** A reset Deflater for this thread; hand it back with {@link #release} on every path. */
    Deflater acquire() {
        if (FastThreadLocalThread.currentThreadHasFastThreadLocal()) {
            Deflater[] mine = PER_LOOP.get();
            Deflater d = mine[slot];
            if (d == null) {
                d = mine[slot] = create();
            }
            return d;
        }
        Deflater d = idle.poll();
        return d != null ? d : create();
    }

    /** Takes back a Deflater from {@link #acquire}: reset for reuse, or ended when the pool is full. */
    void release(Deflater d) {
        d.reset();
        if (FastThreadLocalThread.currentThreadHasFastThreadLocal() && PER_LOOP.get()[slot] == d) {
            return;
        }
        if (!idle.offer(d)) {
            d.end();
        }
    }

    private Deflater create() {
        created.incrementAndGet();
        return new Deflater(level, raw);
    }

    /** How many Deflaters this pool has made. */
    long created() {
        return created.get();
    }

    /** How many Deflaters wait in the shared pool. */
    int idle() {
        return idle.size();
    }
}
