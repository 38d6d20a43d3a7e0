package dev.pronto.examples.teleport;

import dev.pronto.client.http.TeleportCompression;
import dev.pronto.core.Handler;
import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.proxy.Proxy;
import dev.pronto.proxy.Upstream;
import dev.pronto.proxy.UpstreamGroup;
import dev.pronto.router.Method;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code httptp} pair shape: an edge that accepts HTTP on {@code EDGE_PORT} (default 8000) and
 * forwards every request over one teleport connection per event loop to a backend's teleport port
 * ({@code BACKEND_HOST}:{@code BACKEND_TELEPORT_PORT}, default 127.0.0.1:8090: the arena app's
 * {@code TELEPORT_PORT}), requests compressed with {@code TELEPORT_COMPRESSION} (flate, none or
 * snappy; default flate). Run the arena app, then this, then {@code curl localhost:8000/baseline11?a=1&b=2}.
 */
public final class TeleportProxy implements AutoCloseable {
    private static final Method[] METHODS = {Method.GET, Method.HEAD, Method.POST, Method.PUT, Method.PATCH,
        Method.DELETE, Method.OPTIONS};
    private final Server edge;
    private final UpstreamGroup backend;

    private TeleportProxy(Server edge, UpstreamGroup backend) {
        this.edge = edge;
        this.backend = backend;
    }

    /** Starts the edge from the environment and blocks. */
    public static void main(String[] args) throws InterruptedException {
        Map<String, String> env = System.getenv();
        start(Integer.parseInt(env.getOrDefault("EDGE_PORT", "8000")), env.getOrDefault("BACKEND_HOST", "127.0.0.1"),
                Integer.parseInt(env.getOrDefault("BACKEND_TELEPORT_PORT", "8090")),
                TeleportCompression.valueOf(env.getOrDefault("TELEPORT_COMPRESSION", "flate").toUpperCase(Locale.ROOT)));
        Thread.currentThread().join();
    }

    /** Starts an edge on {@code port} (0: a free one) forwarding to the teleport server at {@code host:teleportPort}. */
    public static TeleportProxy start(int port, String host, int teleportPort, TeleportCompression compression) {
        Server.Builder builder = Server.builder().listener(Listener.http(port));
        UpstreamGroup backend = UpstreamGroup.builder()
                .upstream(Upstream.teleport(host, teleportPort).withCompression(compression).withTimeout(Duration.ofSeconds(30)))
                .build(builder.eventLoopGroup());
        Handler forward = Proxy.to(backend);
        Server edge = builder.routes(r -> {
            for (Method m : METHODS) {
                r.route(m, "/", forward).route(m, "/{*path}", forward);
            }
        }).build().start();
        return new TeleportProxy(edge, backend);
    }

    /** The edge's bound port. */
    public int port() {
        return edge.port();
    }

    @Override
    public void close() {
        edge.close();
        backend.close();
    }
}
