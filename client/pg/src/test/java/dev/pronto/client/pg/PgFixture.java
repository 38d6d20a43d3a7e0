package dev.pronto.client.pg;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real Postgres for tests: {@code PG_URL} when set, otherwise an embedded Postgres started once
 * per JVM. Either way the HttpArena {@code items} table holds {@link #ROWS} deterministic rows.
 */
final class PgFixture {
    static final int ROWS = 5000;
    static final String ASYNC_DB_SQL = "SELECT id, name, category, price, quantity, active, tags, rating_score,"
            + " rating_count FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3";
    private static final String SCHEMA = """
            CREATE TABLE IF NOT EXISTS items (
                id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL,
                price INTEGER NOT NULL, quantity INTEGER NOT NULL, active BOOLEAN NOT NULL,
                tags JSONB NOT NULL, rating_score INTEGER NOT NULL, rating_count INTEGER NOT NULL)""";
    private static final String SEED = """
            INSERT INTO items SELECT g, 'Item ' || g,
                (ARRAY['electronics','books','clothing','home','sports','toys','garden','automotive','health','food'])
                    [1 + g % 10],
                1 + (g * 7919) % 500, 1 + (g * 104729) % 1000, g % 3 <> 0,
                (ARRAY['["sale"]','["new","popular"]','["eco","sale","premium"]','["limited","new","gift","popular"]'])
                    [1 + g % 4]::jsonb,
                1 + g % 50, 1 + (g * 31) % 500
            FROM generate_series(1, ROWS) g ON CONFLICT (id) DO NOTHING""".replace("ROWS", String.valueOf(ROWS));
    private static PgConfig shared;
    private static EmbeddedPostgres embedded;

    private PgFixture() {
    }

    /** The shared, seeded database; started on first use and stopped when the JVM exits. */
    static synchronized PgConfig config() {
        if (shared == null) {
            String url = System.getenv("PG_URL");
            if (url == null || url.isBlank()) {
                embedded = start(null, 0);
                url = url(embedded.getPort());
            }
            shared = PgConfig.builder().url(url).maxConnections(4).build();
            seed(shared);
        }
        return shared;
    }

    /** The URL of an embedded Postgres on {@code port} (trust authentication). */
    static String url(int port) {
        return "postgres://postgres@localhost:" + port + "/postgres";
    }

    /**
     * Starts an embedded Postgres; with a {@code dataDir} its data survives a restart on the same
     * directory. {@code port} 0 picks a free port: Postgres cannot bind port 0, so the library probes for
     * one and another process may take it first; such a start is tried again on a fresh port.
     */
    static EmbeddedPostgres start(Path dataDir, int port) {
        IOException last = null;
        for (int attempt = 0; attempt < (port > 0 ? 1 : 3); attempt++) {
            try {
                return builder(dataDir, port).start();
            } catch (IOException e) {
                last = e;
            }
        }
        throw new UncheckedIOException(last);
    }

    private static EmbeddedPostgres.Builder builder(Path dataDir, int port) {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
        if (port > 0) {
            builder.setPort(port);
        }
        if (dataDir != null) {
            builder.setDataDirectory(dataDir).setCleanDataDirectory(false);
        }
        return builder;
    }

    /** Creates and fills the items table unless it is already there. */
    static void seed(PgConfig config) {
        Vertx vertx = Vertx.vertx();
        try {
            PgConnectOptions options = new PgConnectOptions().setHost(config.host()).setPort(config.port())
                    .setDatabase(config.database()).setUser(config.user()).setPassword(config.password());
            PgConnection conn = await(PgConnection.connect(vertx, options));
            await(conn.query(SCHEMA).execute());
            await(conn.query(SEED).execute());
            await(conn.close());
        } finally {
            await(vertx.close());
        }
    }

    private static <T> T await(io.vertx.core.Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Postgres fixture step failed", e);
        }
    }
}
