package dev.pronto.jmh.vertxarena;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Vert.x baseline of {@code arena.jar} in {@code jmh/load/startup.sh}: an idiomatic Vert.x 5 service doing
 * what the arena app does at start, configured by the same environment variables ({@link ArenaEnv}). One event
 * loop per core (native transport preferred), one {@link ArenaVerticle} per loop on the four HTTP ports, a Vert.x
 * Web router ({@link ArenaRoutes}), Vert.x's gRPC server ({@link ArenaGrpc}), a vertx-pg-client pool
 * ({@link DbRoutes}, {@link CrudRoutes}), vertx-micrometer-metrics with Prometheus ({@link ArenaMetrics}), WebSocket
 * echo, compression and a static-file memory cache ({@link StaticCache}). Not here: the arena's httpteleport
 * listener ({@code TELEPORT_PORT}), which has no Vert.x counterpart.
 * Run: {@code PORT=8080 DATA_DIR=... java -cp vertx-grpc.jar dev.pronto.jmh.vertxarena.VertxArenaServer}.
 */
public final class VertxArenaServer implements AutoCloseable {
    private final Vertx vertx;
    private final List<Integer> ports;

    private VertxArenaServer(Vertx vertx, List<Integer> ports) {
        this.vertx = vertx;
        this.ports = ports;
    }

    /** Starts the service configured by the environment, printing its ports; stops it at JVM exit. */
    public static void main(String[] args) {
        VertxArenaServer server = start(System.getenv()).await();
        System.out.println("vert.x arena listening on " + server.ports() + " ("
                + (server.vertx.isNativeTransportEnabled() ? "native" : "NIO") + " transport)");
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "vertx-arena-shutdown"));
    }

    /** Starts the service configured by {@code env}; the future fails (and Vert.x is closed) if a port cannot bind. */
    static Future<VertxArenaServer> start(Map<String, String> env) {
        ArenaEnv config = ArenaEnv.of(env);
        int loops = Runtime.getRuntime().availableProcessors();
        ArenaMetrics metrics = new ArenaMetrics();
        Vertx vertx = Vertx.builder().with(new VertxOptions().setEventLoopPoolSize(loops).setPreferNativeTransport(true)
                .setMetricsOptions(metrics.options())).withMetrics(metrics.factory()).build();
        DbRoutes db = new DbRoutes(vertx, config);
        ArenaRoutes.Shared shared = new ArenaRoutes.Shared(new Dataset(vertx, config.dataDir().resolve("dataset.json")),
                new StaticCache(vertx, config.dataDir().resolve("static")), db, new CrudRoutes(db.pool()), metrics);
        List<ArenaVerticle> instances = new ArrayList<>();
        return vertx.deployVerticle(() -> {
            ArenaVerticle verticle = new ArenaVerticle(config, shared);
            synchronized (instances) {
                instances.add(verticle);
            }
            return verticle;
        }, new DeploymentOptions().setInstances(loops))
                .map(id -> new VertxArenaServer(vertx, instances.getFirst().ports()))
                .onFailure(e -> vertx.close());
    }

    /** The bound ports: {@code PORT}, {@code H2C_PORT}, then {@code TLS_PORT} and {@code H2_PORT} when TLS is on. */
    List<Integer> ports() {
        return ports;
    }

    /** Stops the listeners, the pool and the event loops. */
    @Override
    public void close() {
        vertx.close().await();
    }
}
