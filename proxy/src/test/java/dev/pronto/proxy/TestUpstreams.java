package dev.pronto.proxy;

import dev.pronto.core.Server;

/** Upstreams of the proxy tests' backends: a server with an HTTP port (HTTP/1.1 and h2c) first, then a teleport port. */
final class TestUpstreams {
    private TestUpstreams() {
    }

    /** The upstream reaching {@code backend} over {@code transport}. */
    static Upstream upstream(Server backend, UpstreamTransport transport) {
        return switch (transport) {
            case HTTP_1_1 -> Upstream.http("127.0.0.1", backend.ports().get(0));
            case HTTP_2 -> Upstream.h2c("127.0.0.1", backend.ports().get(0));
            case TELEPORT -> Upstream.teleport("127.0.0.1", backend.ports().get(1));
        };
    }
}
