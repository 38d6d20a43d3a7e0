package dev.pronto.examples.gateway;

import dev.pronto.core.ServerConfig;
import dev.pronto.proxy.Upstream;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;

/**
 * The gateway's upstream limits. The proxy's teleport client keeps one connection per edge event loop and sends
 * a request on its own loop's connection; the arena app takes {@link ServerConfig#DEFAULT_MAX_PENDING_RESPONSES}
 * requests in flight per teleport connection (429 past it). The proxy's default bound of
 * {@link Upstream#DEFAULT_MAX_PENDING} for the whole upstream is far below what HttpArena's edge load keeps in
 * flight (512 to 1024 h2 connections with 32 streams each, 14 of 20 requests forwarded), and every request past it
 * was answered 503. So the bound here is the server's, per loop.
 */
final class EdgeUpstream {
    /** HttpArena's gateway answers within 10 s; the proxy's 3 s default is for interactive traffic. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private EdgeUpstream() {
    }

    /** {@code upstream} with the gateway's timeout and as many requests in flight as the server takes on {@code loops}. */
    static Upstream sized(Upstream upstream, EventLoopGroup loops) {
        return upstream.withTimeout(TIMEOUT).withMaxPending(maxPending(count(loops)));
    }

    /**
     * The bound for {@code loops} connections: what the server takes on all of them. An edge loop's h2 streams
     * all go to its own connection, so a smaller total would answer 503 while each connection still had room.
     */
    static int maxPending(int loops) {
        return loops * ServerConfig.DEFAULT_MAX_PENDING_RESPONSES;
    }

    private static int count(EventLoopGroup loops) {
        int n = 0;
        for (var ignored : loops) {
            n++;
        }
        return Math.max(1, n);
    }
}
