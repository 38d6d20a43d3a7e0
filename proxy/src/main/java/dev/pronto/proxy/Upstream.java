package dev.pronto.proxy;

import dev.pronto.client.http.TeleportCompression;
import java.time.Duration;
import java.util.Objects;

/**
 * One server an {@link UpstreamGroup} forwards to, with its transport and its limits.
 *
 * <pre>{@code
 * Upstream.teleport("backend-1", 8090).withCompression(TeleportCompression.NONE).withTimeout(Duration.ofSeconds(3))
 * }</pre>
 *
 * @param host host name or address
 * @param port 1..65535
 * @param transport how requests reach it
 * @param compression request compression of a teleport upstream (ignored otherwise)
 * @param maxPending requests in flight from this proxy to it, 1..1_000_000; past it the upstream is skipped,
 *        and a request no upstream can take waits for a free one (see {@link UpstreamGroup.Builder#maxWaiting})
 * @param timeout from sending a request to its whole response; past it the request is answered 504 (the
 *        upstream keeps serving: only connection failures eject it)
 */
public record Upstream(String host, int port, UpstreamTransport transport, TeleportCompression compression,
                       int maxPending, Duration timeout) {
    /** Default bound of requests in flight per upstream. */
    public static final int DEFAULT_MAX_PENDING = 1024;
    /** Default request timeout (Go's httptp uses 3 s). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    /** Validates every field. */
    public Upstream {
        Objects.requireNonNull(host, "host");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be in 1..65535, got " + port);
        }
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(compression, "compression");
        if (maxPending < 1 || maxPending > 1_000_000) {
            throw new IllegalArgumentException("maxPending must be in 1..1000000, got " + maxPending);
        }
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
    }

    /** An HTTP/1.1 upstream (pipelined). */
    public static Upstream http(String host, int port) {
        return new Upstream(host, port, UpstreamTransport.HTTP_1_1, TeleportCompression.NONE, DEFAULT_MAX_PENDING,
                DEFAULT_TIMEOUT);
    }

    /** An HTTP/2 upstream over cleartext (h2c with prior knowledge). */
    public static Upstream h2c(String host, int port) {
        return new Upstream(host, port, UpstreamTransport.HTTP_2, TeleportCompression.NONE, DEFAULT_MAX_PENDING,
                DEFAULT_TIMEOUT);
    }

    /** A teleport upstream, requests compressed with flate (Go's default). */
    public static Upstream teleport(String host, int port) {
        return new Upstream(host, port, UpstreamTransport.TELEPORT, TeleportCompression.FLATE, DEFAULT_MAX_PENDING,
                DEFAULT_TIMEOUT);
    }

    /** This upstream with request timeout {@code value}. */
    public Upstream withTimeout(Duration value) {
        return new Upstream(host, port, transport, compression, maxPending, value);
    }

    /** This upstream with at most {@code value} requests in flight. */
    public Upstream withMaxPending(int value) {
        return new Upstream(host, port, transport, compression, value, timeout);
    }

    /** This teleport upstream writing requests with {@code value}. */
    public Upstream withCompression(TeleportCompression value) {
        return new Upstream(host, port, transport, value, maxPending, timeout);
    }

    /** {@code host:port}, as used in error bodies and logs. */
    public String address() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
