package dev.pronto.examples.arena;

import dev.pronto.client.pg.PgConfig;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.VertxLoops;
import dev.pronto.core.Compression;
import dev.pronto.core.ErrorFormat;
import dev.pronto.core.OpenApi;
import dev.pronto.core.config.Config;
import dev.pronto.core.Server;
import dev.pronto.examples.arena.redis.Redis;
import dev.pronto.grpc.Grpc;
import dev.pronto.core.StaticFiles;
import dev.pronto.json.ProntoJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HttpArena entry, configured by the environment variables of {@link ArenaConfig}. It serves the
 * same routes on every HttpArena port ({@link ArenaListeners}). Without {@code DATABASE_URL} it uses
 * HttpArena's default ({@link #DEFAULT_DATABASE_URL}); the pool connects in the background, so the
 * database routes answer empty results (or 503) until Postgres is reachable and the rest is served at
 * once. Without a data directory it generates a dataset and static files of the same shape (the files in a
 * temporary directory deleted at stop). Errors are answered as {@code application/problem+json}, as its
 * OpenAPI document says; {@code /} lists the routes. The embedded Postgres of development and tests lives
 * in {@link ArenaDev}, outside this jar.
 */
public final class ArenaApp implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ArenaApp.class);
    private static final long MAX_BODY = 64L * 1024 * 1024;
    /** HttpArena's Postgres sidecar, used when {@code DATABASE_URL} is unset. */
    static final String DEFAULT_DATABASE_URL = "postgres://bench:bench@localhost:5432/benchmark";
    private static final String DNS_RESOLVER_OFF = "vertx.disableDnsResolver";

    private final Server server;
    private final ArenaOps ops;
    private final AutoCloseable resources;
    private final Path staticDir;

    /** {@code resources} closes what the app owns besides the server, once the server has stopped. */
    private ArenaApp(Server server, ArenaOps ops, AutoCloseable resources, Path staticDir) {
        this.server = server;
        this.ops = ops;
        this.resources = resources;
        this.staticDir = staticDir;
    }

    public static void main(String[] args) throws Exception {
        // The app resolves one host name, the database's, once per connection: the JDK's resolver (Vert.x runs
        // it on a worker) does that without creating Vert.x's DNS client, about 0.05 s of CPU before the first answer.
        if (System.getProperty(DNS_RESOLVER_OFF) == null) {
            System.setProperty(DNS_RESOLVER_OFF, "true");
        }
        // ARENA_CONFIG names a file that must exist; without it, arena.yaml in the working directory is optional
        String named = System.getenv("ARENA_CONFIG");
        Config.Builder layers = named == null ? Config.builder().optionalFile(Path.of("arena.yaml"))
                : Config.builder().file(Path.of(named));
        Config config = layers.env(System.getenv()).systemProperties().build();
        ArenaApp app = start(ArenaConfig.from(config), () -> { });
        LOG.info("Effective configuration:\n{}", config.describe());
        Runtime.getRuntime().addShutdownHook(new Thread(app::close, "arena-shutdown"));
    }

    /** Starts everything {@code config} asks for; the returned app owns it all, {@code database} included. */
    static ArenaApp start(ArenaConfig config, AutoCloseable database) throws Exception {
        ProntoJson json = ProntoJson.create(new ArenaJson());
        Supplier<List<Model.Item>> dataset = Dataset.lazy(config.dataDir().resolve("dataset.json"), json);
        Path staticDir = config.dataDir().resolve("static");
        GeneratedStatic generated = null;
        if (!Files.isDirectory(staticDir)) {
            generated = GeneratedStatic.create();
            staticDir = generated.dir();
            LOG.info("No {} mounted: generated static files in {} (deleted at stop)", config.dataDir().resolve("static"), staticDir);
        }
        String url = config.databaseUrl() == null ? DEFAULT_DATABASE_URL : config.databaseUrl();
        VertxLoops loops = VertxLoops.create(Runtime.getRuntime().availableProcessors());
        // Connected once the listeners are up (onStart below): the first answers do not wait for the Postgres
        // client to load on the event loops, and the database routes answer 503 until a connection is live anyway.
        Postgres postgres = Postgres.prepare(loops.vertx(), PgConfig.builder().url(url)
                // No DATABASE_URL (HttpArena's profiles without a database): one connection per loop retrying in
                // the background instead of DATABASE_MAX_CONN of them competing with the first requests.
                .maxConnections(config.databaseUrl() == null ? 1 : config.maxDbConnections()).build());
        StaticFiles files = StaticFiles.builder(staticDir)
                .cache("disk".equals(config.staticCache()) ? StaticFiles.Cache.NONE : StaticFiles.Cache.MEMORY).build();
        // production-stack's cache (only /api/* uses it): connected with Postgres; while unreachable, /api/* reads Postgres
        Redis redis = Redis.create(loops.eventLoops(), config.redisUrl());
        JsonController jsonController = new JsonController(dataset);
        ArenaOps ops = new ArenaOps(postgres, config.requestMetrics() ? ArenaOps.Timing.ON : ArenaOps.Timing.OFF);
        ArenaIndex index = new ArenaIndex();
        Server.Builder builder = Server.builder();
        ArenaListeners.of(config).forEach(builder::listener);
        Server server = builder
                .eventLoops(loops.eventLoops())
                .config(c -> c.maxBodySize(MAX_BODY))
                .json(json)
                // what the OpenAPI document promises for 400, 404, 415 and 500 (HttpArena checks statuses only)
                .errorFormat(ErrorFormat.PROBLEM_JSON)
                .compression(Compression.defaults())
                .routes(index)
                .routes(ops)
                .routes(new BaselineRoutes())
                .routes(new JsonController$Routes(jsonController))
                .routes(r -> r.get("/static/{*path}", ArenaDocs.STATIC, files))
                .routes(new DbRoutes(postgres))
                .routes(new CrudController$Routes(new CrudController(postgres)))
                .routes(new StackRoutes(postgres, redis, jsonController, json))
                .routes(new UploadController$Routes(new UploadController()))
                .routes(OpenApi.builder().ui("/openapi").build())
                .routes(new EchoSocket())
                .routes(r -> r.register(Grpc.services(new BenchmarkGrpc())))
                .onStart(started -> {
                    postgres.connect();
                    redis.connect();
                })
                .build();
        index.bind(server);
        GeneratedStatic owned = generated;
        // try-with-resources closes in reverse: the Redis and Postgres clients, their loops, the database, the files
        AutoCloseable resources = () -> {
            try (AutoCloseable dir = owned; AutoCloseable db = database; AutoCloseable l = loops::close;
                 AutoCloseable pg = postgres::close; AutoCloseable cache = redis) {
                // nothing to do inside: closing them is the point
            }
        };
        startOrRelease(server, resources);
        ops.bind(server);
        LOG.info("Arena app on ports {}: static files from {}, database {}", server.ports(), staticDir, url.replaceAll(":[^:@/]*@", ":***@"));
        return new ArenaApp(server, ops, resources, staticDir);
    }

    /** Starts {@code server}; when it cannot (a port in use), releases {@code resources} so the JVM can exit. */
    private static void startOrRelease(Server server, AutoCloseable resources) throws Exception {
        try {
            server.start();
        } catch (RuntimeException e) {
            try {
                resources.close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** The bound port of {@code PORT}: HTTP/1.1 and h2c with prior knowledge. */
    int port() {
        return port(ArenaListeners.HTTP);
    }

    /** The bound port of {@code H2C_PORT}: h2c only. */
    int h2cPort() {
        return port(ArenaListeners.H2C);
    }

    /** The bound port of {@code TLS_PORT} (HTTPS, HTTP/1.1 only), or -1 without a certificate. */
    int tlsPort() {
        return port(ArenaListeners.TLS);
    }

    /** The bound port of {@code H2_PORT} (TLS, h2 and http/1.1), or -1 without a certificate. */
    int h2Port() {
        return port(ArenaListeners.H2);
    }

    /** The bound UDP port of {@code H3_PORT} (HTTP/3), or -1 without a certificate. */
    int h3Port() {
        return port(ArenaListeners.H3);
    }

    /** The bound port of {@code TELEPORT_PORT} (httpteleport), always the last listener. */
    int teleportPort() {
        return server.ports().getLast();
    }

    private int port(int listener) {
        List<Integer> ports = server.ports();
        return listener < ports.size() ? ports.get(listener) : -1;
    }

    /** The directory static files are served from: {@code DATA_DIR/static}, or generated ones deleted at close. */
    Path staticDir() {
        return staticDir;
    }

    @Override
    public void close() {
        ops.health().markShuttingDown();
        server.stop(Duration.ofSeconds(5));
        try {
            resources.close();
        } catch (Exception e) {
            LOG.warn("The app's resources did not all close cleanly", e);
        }
    }
}
