package dev.pronto.core.internal.content;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The memory of {@code StaticFiles} in memory mode. Entries are keyed by the file's real path, so
 * every spelling and symlink that reaches one file shares one entry; up to {@link #NAMES_PER_ENTRY}
 * normalised request names map straight to it, so the common request skips the file system. The
 * total is bounded in bytes (contents plus a fixed charge per entry and name). When full, entries
 * go in second-chance (clock) order: close to least-recently-used, yet a hit only reads a flag
 * (and sets it when clear) instead of taking a lock. Lookups are lock-free; changes are locked.
 */
final class FileCache {
    static final int NAMES_PER_ENTRY = 4;
    private static final int ENTRY_OVERHEAD = 512;
    private static final int NAME_OVERHEAD = 96;

    private final long capacity;
    private final ConcurrentHashMap<String, Entry> byName = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Path, Entry> byFile = new ConcurrentHashMap<>();
    private final ArrayDeque<Entry> clock = new ArrayDeque<>();
    private long used;

    private static final class Entry {
        final Path path;
        final CachedFile file;
        final String[] names = new String[NAMES_PER_ENTRY];
        int nameCount;
        long cost;
        volatile boolean referenced;

        Entry(Path path, CachedFile file) {
            this.path = path;
            this.file = file;
        }

        CachedFile hit() {
            if (!referenced) {
                referenced = true;
            }
            return file;
        }
    }

    FileCache(long capacity) {
        this.capacity = capacity;
    }

    /** The file cached under the normalised request name {@code name}, or null. */
    CachedFile byName(String name) {
        Entry e = byName.get(name);
        return e == null ? null : e.hit();
    }

    /** The file cached for the real path {@code path}, remembering {@code name} for it; or null. */
    CachedFile byFile(Path path, String name) {
        Entry e = byFile.get(path);
        if (e == null) {
            return null;
        }
        addName(e, name);
        return e.hit();
    }

    /** Caches {@code file} (read from {@code path}), evicting others as needed; skipped when it cannot fit. */
    synchronized void put(Path path, String name, CachedFile file) {
        Entry existing = byFile.get(path);
        if (existing != null) {
            addName(existing, name);
            return;
        }
        long cost = ENTRY_OVERHEAD + file.size() + nameCost(name);
        if (cost > capacity) {
            return;
        }
        evictDownTo(capacity - cost);
        Entry e = new Entry(path, file);
        e.names[e.nameCount++] = name;
        e.cost = cost;
        used += cost;
        clock.add(e);
        byFile.put(path, e);
        byName.put(name, e);
    }

    private synchronized void addName(Entry e, String name) {
        long cost = nameCost(name);
        if (e.nameCount == NAMES_PER_ENTRY || byFile.get(e.path) != e || byName.containsKey(name)
                || used + cost > capacity) {
            return;
        }
        e.names[e.nameCount++] = name;
        e.cost += cost;
        used += cost;
        byName.put(name, e);
    }

    private void evictDownTo(long limit) {
        // Each entry gets at most one second chance per call, so concurrent hits cannot keep it spinning.
        int chances = clock.size();
        while (used > limit && !clock.isEmpty()) {
            Entry e = clock.poll();
            if (e.referenced && chances-- > 0) {
                e.referenced = false;
                clock.add(e);
                continue;
            }
            byFile.remove(e.path);
            for (int i = 0; i < e.nameCount; i++) {
                byName.remove(e.names[i], e);
            }
            used -= e.cost;
        }
    }

    private static long nameCost(String name) {
        return NAME_OVERHEAD + 2L * name.length();
    }

    /** Bytes charged to the cache now; at most the capacity. */
    synchronized long used() {
        return used;
    }

    /** Files held now. */
    int files() {
        return byFile.size();
    }

    /** Request names mapped now. */
    int names() {
        return byName.size();
    }
}
