package dev.pronto.core.internal.exchange;

/**
 * A response part queued for writing that owns more than a buffer (HTTP/1.1's promised chunk: a future
 * a writer waits on). Whoever drops it unwritten calls {@link #drop()} instead of releasing it. Event loop.
 */
public interface HeldPart {
    /** Releases what it holds and fails whoever waits for it to be written. */
    void drop();
}
