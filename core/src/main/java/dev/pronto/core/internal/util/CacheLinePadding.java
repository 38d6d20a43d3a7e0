package dev.pronto.core.internal.util;

/**
 * 128 bytes of padding ahead of a subclass's own fields, for the objects of a connection that its event loop writes on
 * every request, and for the shared objects every loop reads on every request. HotSpot lays a superclass's fields out
 * first, so these longs sit between the object's header and its fields.
 *
 * <p>Why: the collector copies each connection's objects next to whatever it reached them through (the server's
 * registry of connections, the other loop's connection), and lays them out anew at every young collection until they
 * are tenured. Without the padding, one loop's per-request writes can share a cache line with another loop's objects or
 * with the shared objects both read, and both loops slow down until the next collection moves them again: two loops
 * in one JVM ran 1.84x one loop by the median of 18 phase pairs, with six of them under 1.6x; padded, 1.90x with two
 * under 1.6x ({@code jmh/load/scaling-phases.sh}, docs/benchmarks.md). 128 rather than 64 bytes, since a core's
 * adjacent-line prefetcher fetches lines in pairs.
 */
public abstract class CacheLinePadding {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    /** For subclasses. */
    protected CacheLinePadding() {
    }
}
