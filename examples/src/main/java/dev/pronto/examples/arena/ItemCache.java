package dev.pronto.examples.arena;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/** Cache-aside store of crud items with an absolute time-to-live, shared by every event loop. */
final class ItemCache {
    private record Entry(Model.Item item, long expiresAt) {
    }

    private final ConcurrentHashMap<Long, Entry> entries = new ConcurrentHashMap<>();
    private final long ttlNanos;

    ItemCache(long ttlMillis) {
        this.ttlNanos = TimeUnit.MILLISECONDS.toNanos(ttlMillis);
    }

    /** The cached item, or null when absent or expired. */
    Model.Item get(long id) {
        Entry e = entries.get(id);
        if (e == null) {
            return null;
        }
        if (System.nanoTime() - e.expiresAt >= 0) {
            entries.remove(id, e);
            return null;
        }
        return e.item;
    }

    void put(long id, Model.Item item) {
        entries.put(id, new Entry(item, System.nanoTime() + ttlNanos));
    }

    void invalidate(long id) {
        entries.remove(id);
    }
}
