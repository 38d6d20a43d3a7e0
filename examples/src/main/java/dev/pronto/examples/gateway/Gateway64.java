package dev.pronto.examples.gateway;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.StaticFiles;
import dev.pronto.core.TlsConfig;
import dev.pronto.proxy.Proxy;
import dev.pronto.proxy.Upstream;
import dev.pronto.proxy.UpstreamGroup;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * HttpArena's {@code gateway-64} proxy (httparena.md §5.17): terminates TLS on {@code PORT} (default
 * 8443) offering h2 and http/1.1, serves {@code /static/*} from {@code DATA_DIR/static}, and forwards
 * {@code /baseline2}, {@code /json/{count}} and {@code /async-db} to the arena app (the {@code server}
 * service) over teleport ({@code UPSTREAM=teleport}, default, to {@code UPSTREAM_PORT} 8090), h2c
 * ({@code h2c}, port 8082) or HTTP/1.1 ({@code http}, port 8080) at {@code UPSTREAM_HOST}.
 * Certificates: {@code TLS_CERT}/{@code TLS_KEY}, default {@code CERTS_DIR/server.crt|key}. {@code H3=1}
 * ({@code gateway-h3}) also serves HTTP/3 on UDP {@code PORT}.
 */
public final class Gateway64 implements AutoCloseable {
    private final Server edge;
    private final UpstreamGroup server;

    private Gateway64(Server edge, UpstreamGroup server) {
        this.edge = edge;
        this.server = server;
    }

    /** Starts the gateway from the environment and blocks. */
    public static void main(String[] args) throws InterruptedException {
        Map<String, String> env = System.getenv();
        String certs = env.getOrDefault("CERTS_DIR", "/certs");
        TlsConfig tls = TlsConfig.builder().pem(Path.of(env.getOrDefault("TLS_CERT", certs + "/server.crt")),
                Path.of(env.getOrDefault("TLS_KEY", certs + "/server.key"))).build();
        String kind = env.getOrDefault("UPSTREAM", "teleport");
        String host = env.getOrDefault("UPSTREAM_HOST", "127.0.0.1");
        Upstream upstream = switch (kind) {
            case "h2c" -> Upstream.h2c(host, Integer.parseInt(env.getOrDefault("UPSTREAM_PORT", "8082")));
            case "http" -> Upstream.http(host, Integer.parseInt(env.getOrDefault("UPSTREAM_PORT", "8080")));
            default -> Upstream.teleport(host, Integer.parseInt(env.getOrDefault("UPSTREAM_PORT", "8090")));
        };
        List<Listener> listeners = EdgeListeners.of(Integer.parseInt(env.getOrDefault("PORT", "8443")), tls,
                EdgeListeners.Http3.fromEnv(env.get("H3")));
        start(listeners, Path.of(env.getOrDefault("DATA_DIR", "/data")).resolve("static"), upstream);
        Thread.currentThread().join();
    }

    /** Starts the gateway with TLS h2 and http/1.1 on {@code port} (0: a free one). */
    public static Gateway64 start(int port, TlsConfig tls, Path staticDir, Upstream upstream) {
        return start(EdgeListeners.of(port, tls, EdgeListeners.Http3.OFF), staticDir, upstream);
    }

    /**
     * Starts the gateway on {@code listeners}, the first one TCP ({@link #port()}); it serves until {@link #close()}.
     * Its upstream client runs on the edge's event loops.
     */
    public static Gateway64 start(List<Listener> listeners, Path staticDir, Upstream upstream) {
        StaticFiles files = StaticFiles.of(staticDir);
        Server.Builder builder = Server.builder();
        listeners.forEach(builder::listener);
        UpstreamGroup server = EdgeUpstream.group(upstream).build(builder.eventLoopGroup());
        Proxy proxy = Proxy.to(server);
        Server edge = builder.routes(r -> r
                .get("/static/{*path}", files)
                .get("/baseline2", proxy)
                .get("/json/{count}", proxy)
                .get("/async-db", proxy)).build().start();
        return new Gateway64(edge, server);
    }

    /** The bound TCP port of the first listener. */
    public int port() {
        return edge.port();
    }

    @Override
    public void close() {
        edge.close();
        server.close();
    }
}
