package dev.pronto.examples.arena;

import dev.pronto.client.pg.PgConfig;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.VertxLoops;
import dev.pronto.core.Compression;
import dev.pronto.core.Server;
import dev.pronto.grpc.Grpc;
import dev.pronto.core.StaticFiles;
import dev.pronto.json.ProntoJson;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HttpArena entry, configured by the environment variables of {@link ArenaConfig}. It serves the
 * same routes on every HttpArena port ({@link ArenaListeners}); without a database URL it starts an
 * embedded Postgres and seeds it, and without a data directory it generates a dataset and static files
 * of the same shape.
 */
public final class ArenaApp implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ArenaApp.class);
    private static final long MAX_BODY = 64L * 1024 * 1024;

    private final Server server;
    private final Postgres postgres;
    private final VertxLoops loops;
    private final EmbeddedPostgres embedded;

    private ArenaApp(Server server, Postgres postgres, VertxLoops loops, EmbeddedPostgres embedded) {
        this.server = server;
        this.postgres = postgres;
        this.loops = loops;
        this.embedded = embedded;
    }

    public static void main(String[] args) throws Exception {
        ArenaApp app = start(ArenaConfig.fromEnv(System.getenv()));
        Runtime.getRuntime().addShutdownHook(new Thread(app::close, "arena-shutdown"));
    }

    /** Starts everything {@code config} asks for; the returned app owns it all. */
    static ArenaApp start(ArenaConfig config) throws Exception {
        ProntoJson json = ProntoJson.create(new ArenaJson());
        List<Model.Item> dataset = Dataset.load(config.dataDir().resolve("dataset.json"), json);
        Path staticDir = config.dataDir().resolve("static");
        if (!Files.isDirectory(staticDir)) {
            staticDir = StaticData.generate(Files.createTempDirectory("arena-static"));
            LOG.info("No {} mounted: generated static files in {}", config.dataDir().resolve("static"), staticDir);
        }
        EmbeddedPostgres embedded = config.databaseUrl() == null ? EmbeddedPostgres.builder().start() : null;
        String url = embedded != null
                ? "postgres://postgres:postgres@localhost:" + embedded.getPort() + "/postgres" : config.databaseUrl();
        VertxLoops loops = VertxLoops.create(Runtime.getRuntime().availableProcessors());
        Postgres postgres = Postgres.create(loops.vertx(), PgConfig.builder().url(url)
                .maxConnections(config.maxDbConnections()).build());
        if (embedded != null) {
            LOG.info("No DATABASE_URL: started embedded Postgres on port {}; seeding {} items", embedded.getPort(), Seeder.ROWS);
            Seeder.seed(postgres, (io.netty.channel.EventLoop) loops.eventLoops().group().next(), dataset);
        }
        StaticFiles files = StaticFiles.builder(staticDir)
                .cache("disk".equals(config.staticCache()) ? StaticFiles.Cache.NONE : StaticFiles.Cache.MEMORY).build();
        Server.Builder builder = Server.builder();
        ArenaListeners.of(config).forEach(builder::listener);
        Server server = builder
                .eventLoops(loops.eventLoops())
                .config(c -> c.maxBodySize(MAX_BODY))
                .json(json)
                .compression(Compression.defaults())
                .routes(new BaselineRoutes())
                .routes(new JsonRoutes(dataset))
                .routes(r -> r.get("/static/{*path}", files))
                .routes(new DbRoutes(postgres))
                .routes(new CrudController$Routes(new CrudController(postgres)))
                .routes(r -> r.register(Grpc.services(new BenchmarkGrpc())))
                .build().start();
        LOG.info("Arena app on ports {}: {} dataset items, static files from {}, database {}", server.ports(),
                dataset.size(), staticDir, embedded != null ? "embedded" : config.databaseUrl().replaceAll(":[^:@/]*@", ":***@"));
        return new ArenaApp(server, postgres, loops, embedded);
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

    private int port(int listener) {
        List<Integer> ports = server.ports();
        return listener < ports.size() ? ports.get(listener) : -1;
    }

    @Override
    public void close() {
        server.stop(Duration.ofSeconds(5));
        postgres.close();
        loops.close();
        if (embedded != null) {
            try {
                embedded.close();
            } catch (java.io.IOException e) {
                LOG.warn("Embedded Postgres did not stop cleanly", e);
            }
        }
    }

    /** For tests: starts with explicit settings. */
    static ArenaApp start(Map<String, String> env) throws Exception {
        return start(ArenaConfig.fromEnv(env));
    }
}
