package dev.pronto.router;

/**
 * 128 bytes of padding ahead of a subclass's own fields (HotSpot lays a superclass's fields out first), for objects
 * an event loop writes on every request or every loop reads on every request: without it, the collector can place one
 * loop's object on a cache line with another loop's, and both slow down. The same padding as Pronto core's
 * {@code dev.pronto.core.internal.util.CacheLinePadding}, whose javadoc has the measurement; this module cannot see
 * that class.
 */
abstract class CacheLinePadding {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}
