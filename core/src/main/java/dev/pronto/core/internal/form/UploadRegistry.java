package dev.pronto.core.internal.form;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A server's multipart forms under way. An exchange deletes its upload files when it is recycled, but one
 * whose blocking handler still runs when the server's event loops stop is never recycled: the stopping
 * server deletes those files here. Thread-safe.
 */
public final class UploadRegistry {
    private final Set<MultipartCollector> live = ConcurrentHashMap.newKeySet();

    void add(MultipartCollector c) {
        live.add(c);
    }

    void remove(MultipartCollector c) {
        live.remove(c);
    }

    /** The server stopped (its loops are gone): deletes every upload file still held, on the calling thread. */
    public void discardAll() {
        for (MultipartCollector c : live) {
            c.discardNow();
        }
        live.clear();
    }
}
