package dev.pronto.proxy;

import dev.pronto.core.Handler;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.proxy.internal.Forwarder;
import dev.pronto.proxy.internal.StreamedCall;
import dev.pronto.proxy.internal.StreamedRoute;
import java.util.Objects;

/**
 * A route handler that forwards each request to an {@link UpstreamGroup} and answers with the
 * upstream's response.
 *
 * <pre>{@code
 * UpstreamGroup backends = UpstreamGroup.builder().upstream(Upstream.teleport("backend", 8090)).build(server.eventLoopGroup());
 * r.get("/api/*", Proxy.to(backends)).post("/api/*", Proxy.to(backends));
 * }</pre>
 *
 * <p>Semantics: hop-by-hop header fields are dropped both ways; {@code X-Forwarded-For},
 * {@code X-Forwarded-Proto}, {@code X-Forwarded-Host}, {@code Forwarded} and {@code Via} are added;
 * the Host sent upstream is the client's ({@link HostHeader#PRESERVE}, default) or the upstream's.
 * A request field value with CR, LF or NUL is never forwarded: the client gets a 400.
 * Failures are answered with a plain-text body naming the upstream: 502 when it cannot be reached
 * or breaks the protocol, 503 when no upstream is available, 504 when it does not answer within
 * its timeout. Idempotent requests are retried on another upstream when the first could not be
 * reached. By default bodies are forwarded whole, both ways (within the server's {@code maxBodySize}
 * and the clients' response size limit): the fastest path for API calls.
 *
 * <p>Streaming: {@link #streaming()} forwards bodies as they arrive, with backpressure both ways, so
 * a 1 GiB upload or download costs the proxy a few buffers, not the body. Register such a proxy on a
 * streaming route:
 * <pre>{@code
 * r.post("/files/{*path}", RouteOptions.streaming(), Proxy.to(backends).streaming());
 * }</pre>
 * Over HTTP/1.1 and HTTP/2 upstreams both bodies stream (chunked to the client); a request with a
 * body is then never retried. Teleport frames every message by Content-Length, so for a teleport
 * upstream the request body is gathered whole, up to {@link #DEFAULT_MAX_WHOLE_BODY} (413 past it),
 * and the response arrives whole, up to the teleport client's {@code maxResponseSize}.
 *
 * <p>Threading: runs on the server's event loop and never blocks; the upstream's answer arrives on
 * the same loop when the group's clients share the server's loops.
 */
public final class Proxy implements Handler {
    /** The most request body bytes a streaming proxy gathers for a teleport upstream: 16 MiB. */
    public static final int DEFAULT_MAX_WHOLE_BODY = 16 << 20;

    private final UpstreamGroup group;
    private final HostHeader host;
    private final String via;
    /** Null: bodies forwarded whole; else the streaming route's settings. */
    private final StreamedRoute streamed;
    private final Forwarder.Route route;

    private Proxy(UpstreamGroup group, HostHeader host, String via, StreamedRoute streamed) {
        this.group = group;
        this.host = host;
        this.via = via;
        this.streamed = streamed;
        this.route = new Forwarder.Route(group.members(), host, via);
    }

    /** A proxy to {@code group}, preserving Host, with Via {@code 1.1 pronto}. */
    public static Proxy to(UpstreamGroup group) {
        return new Proxy(Objects.requireNonNull(group, "group"), HostHeader.PRESERVE, "1.1 pronto", null);
    }

    /** This proxy sending the Host chosen by {@code value}. */
    public Proxy hostHeader(HostHeader value) {
        return new Proxy(group, Objects.requireNonNull(value, "value"), via, null).keep(streamed);
    }

    /** This proxy naming itself {@code pseudonym} in Via ({@code 1.1 <pseudonym>}). */
    public Proxy via(String pseudonym) {
        return new Proxy(group, host, "1.1 " + Objects.requireNonNull(pseudonym, "pseudonym"), null).keep(streamed);
    }

    /**
     * This proxy streaming bodies both ways with backpressure (see the class comment); it must be
     * registered with {@code RouteOptions.streaming()}, else each request fails with 500. Teleport
     * upstreams get request bodies of up to {@link #DEFAULT_MAX_WHOLE_BODY} bytes.
     */
    public Proxy streaming() {
        return streaming(DEFAULT_MAX_WHOLE_BODY);
    }

    /**
     * As {@link #streaming()}, gathering at most {@code maxWholeBody} request body bytes for a
     * teleport upstream (413 past it).
     *
     * @throws IllegalArgumentException when {@code maxWholeBody} is negative
     */
    public Proxy streaming(int maxWholeBody) {
        if (maxWholeBody < 0) {
            throw new IllegalArgumentException("maxWholeBody must be at least 0, got " + maxWholeBody);
        }
        return new Proxy(group, host, via,
                new StreamedRoute(group.members(), host == HostHeader.PRESERVE, via, maxWholeBody));
    }

    private Proxy keep(StreamedRoute previous) {
        return previous == null ? this : streaming(previous.maxWholeBody());
    }

    @Override
    public void handle(Request req, Response res) {
        if (streamed != null) {
            StreamedCall.forward(req, res, streamed);
            return;
        }
        Forwarder.forward(req, res, route);
    }
}
