package dev.pronto.examples.arena;

import dev.pronto.client.pg.PgConfig;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.VertxLoops;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Runs an embedded, seeded Postgres in its own process, so load tests can pin it to a different
 * core than the server: prints {@code DATABASE_URL=...} once ready and runs until killed.
 */
public final class EmbeddedDb {
    private EmbeddedDb() {
    }

    public static void main(String[] args) throws Exception {
        EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
        String url = "postgres://postgres:postgres@localhost:" + pg.getPort() + "/postgres";
        try (VertxLoops loops = VertxLoops.create(1)) {
            Postgres client = Postgres.create(loops.vertx(), PgConfig.builder().url(url).maxConnections(1)
                    .queryTimeout(Duration.ofMinutes(2)).build());
            Seeder.seed(client, (io.netty.channel.EventLoop) loops.eventLoops().group().next(), Dataset.generate());
            client.close();
        }
        System.out.println("DATABASE_URL=" + url);
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                pg.close();
            } catch (java.io.IOException ignored) {
                // exiting anyway
            }
        }));
        new CountDownLatch(1).await();
    }
}
