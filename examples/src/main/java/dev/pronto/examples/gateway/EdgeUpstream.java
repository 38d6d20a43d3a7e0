package dev.pronto.examples.gateway;

import dev.pronto.core.ServerConfig;
import dev.pronto.proxy.Upstream;
import dev.pronto.proxy.UpstreamGroup;
import java.time.Duration;

/**
 * The gateway's upstream limits. The proxy's teleport client keeps one connection per edge event loop and sends
 * a request on its own loop's connection; the arena app takes {@link ServerConfig#DEFAULT_MAX_PENDING_RESPONSES}
 * requests in flight per teleport connection (429 past it). HttpArena's edge load keeps far more in flight (512 to
 * 1024 h2 connections with 32 streams each, 14 of 20 requests forwarded): that surplus waits in the proxy for a
 * free slot (backpressure) instead of being answered 503 or 429.
 */
final class EdgeUpstream {
    /** HttpArena's gateway answers within 10 s; the proxy's 3 s default is for interactive traffic. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    /**
     * Requests in flight to the server: the server's bound for one connection, so that no connection can pass it
     * however the edge's streams are spread over its loops. More in flight would not be faster: the server has
     * 12 cores and a pool of 256 Postgres connections.
     */
    static final int MAX_PENDING = ServerConfig.DEFAULT_MAX_PENDING_RESPONSES;
    /** Requests that may wait for a slot: all the edge's h2 streams at 2048 connections × 32 streams. */
    static final int MAX_WAITING = 2048 * 32;

    private EdgeUpstream() {
    }

    /** {@code upstream} with the gateway's timeout and bound of requests in flight. */
    static Upstream sized(Upstream upstream) {
        return upstream.withTimeout(TIMEOUT).withMaxPending(MAX_PENDING);
    }

    /** A builder of the gateway's group: {@link #MAX_WAITING} requests may wait for a free slot. */
    static UpstreamGroup.Builder group(Upstream upstream) {
        return UpstreamGroup.builder().upstream(sized(upstream)).maxWaiting(MAX_WAITING);
    }
}
