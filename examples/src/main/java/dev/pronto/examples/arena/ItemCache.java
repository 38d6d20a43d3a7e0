package dev.pronto.examples.arena;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Cache-aside store of values by id with an absolute time-to-live, shared by every event loop: crud's items
 * and the production-stack's in-process tier of serialized items and users.
 */
final class ItemCache<V> {
    private record Entry<V>(V value, long expiresAt) {
    }

    private final ConcurrentHashMap<Long, Entry<V>> entries = new ConcurrentHashMap<>();
    private final long ttlNanos;

    ItemCache(long ttlMillis) {
        this.ttlNanos = TimeUnit.MILLISECONDS.toNanos(ttlMillis);
    }

    /** The cached value, or null when absent or expired. */
    V get(long id) {
        Entry<V> e = entries.get(id);
        if (e == null) {
            return null;
        }
        if (System.nanoTime() - e.expiresAt >= 0) {
            entries.remove(id, e);
            return null;
        }
        return e.value;
    }

    void put(long id, V value) {
        entries.put(id, new Entry<>(value, System.nanoTime() + ttlNanos));
    }

    void invalidate(long id) {
        entries.remove(id);
    }
}
