package dev.pronto.proxy;

/** How a proxy talks to an {@link Upstream}. */
public enum UpstreamTransport {
    /** HTTP/1.1 with pipelining on a pool of connections. */
    HTTP_1_1,
    /** HTTP/2 with prior knowledge (h2c), requests multiplexed on one connection per event loop. */
    HTTP_2,
    /** httpteleport: requests batched and compressed on one connection, answered out of order. */
    TELEPORT
}
