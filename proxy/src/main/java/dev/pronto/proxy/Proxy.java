package dev.pronto.proxy;

import dev.pronto.core.Handler;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.proxy.internal.Forwarder;
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
 * Failures are answered with a plain-text body naming the upstream: 502 when it cannot be reached
 * or breaks the protocol, 503 when no upstream is available, 504 when it does not answer within
 * its timeout. Idempotent requests are retried on another upstream when the first could not be
 * reached. Bodies are forwarded whole, both ways (within the server's {@code maxBodySize} and the
 * clients' response size limit): streaming is not implemented yet.
 *
 * <p>Threading: runs on the server's event loop and never blocks; the upstream's answer arrives on
 * the same loop when the group's clients share the server's loops.
 */
public final class Proxy implements Handler {
    private final UpstreamGroup group;
    private final HostHeader host;
    private final String via;

    private Proxy(UpstreamGroup group, HostHeader host, String via) {
        this.group = group;
        this.host = host;
        this.via = via;
    }

    /** A proxy to {@code group}, preserving Host, with Via {@code 1.1 pronto}. */
    public static Proxy to(UpstreamGroup group) {
        return new Proxy(Objects.requireNonNull(group, "group"), HostHeader.PRESERVE, "1.1 pronto");
    }

    /** This proxy sending the Host chosen by {@code value}. */
    public Proxy hostHeader(HostHeader value) {
        return new Proxy(group, Objects.requireNonNull(value, "value"), via);
    }

    /** This proxy naming itself {@code pseudonym} in Via ({@code 1.1 <pseudonym>}). */
    public Proxy via(String pseudonym) {
        return new Proxy(group, host, "1.1 " + Objects.requireNonNull(pseudonym, "pseudonym"));
    }

    @Override
    public void handle(Request req, Response res) {
        Forwarder.forward(req, res, group.members(), host == HostHeader.PRESERVE, via);
    }
}
