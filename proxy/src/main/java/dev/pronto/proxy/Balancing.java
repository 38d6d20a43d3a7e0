package dev.pronto.proxy;

/** How an {@link UpstreamGroup} picks the upstream of each request among the available ones. */
public enum Balancing {
    /** In turn. */
    ROUND_ROBIN,
    /** The one with the fewest requests in flight from this proxy; ties go in turn. */
    LEAST_PENDING
}
