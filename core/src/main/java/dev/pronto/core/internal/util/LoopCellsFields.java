package dev.pronto.core.internal.util;

/**
 * {@link LoopCells}' fields behind a cache line of padding. Every request of every event loop reads them, and the
 * object is made during a request, next to that loop's own objects of the moment (and the collector may pack it next
 * to anything): without the padding, one loop's writes to its own objects would evict the line the others read.
 * HotSpot lays a superclass's fields out first and the longs of a class before its references, so these eight longs
 * precede the fields, and {@link LoopCells}' own eight follow them.
 */
abstract class LoopCellsFields {
    long before0, before1, before2, before3, before4, before5, before6, before7;
    /** Counters per cell. */
    final int width;
    /** The cell of threads that are not event loops, padded as every cell. */
    final long[] shared;
    /**
     * One cell per event-loop slot, from index {@link LoopCells#SLOTS_FROM}, with that many unused slots on each side:
     * the array is read by every request and grown by a loop on its first request.
     */
    volatile long[][] cells;

    LoopCellsFields(int width, long[] shared, long[][] cells) {
        this.width = width;
        this.shared = shared;
        this.cells = cells;
    }
}
