package dev.pronto.micrometer;

import dev.pronto.client.pg.Postgres;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;

/**
 * {@code pronto-pg}'s pool in a Micrometer {@link MeterRegistry}: {@value #LIVE} (connections live
 * now) and {@value #MAX} (connections kept when Postgres is up), both tagged {@code pool}. Sampled on
 * scrape; nothing is recorded per query.
 */
public final class PostgresMeters {
    /** Live connections over every event loop. */
    public static final String LIVE = "pronto.pg.connections.live";
    /** Connections the pool keeps when Postgres is up. */
    public static final String MAX = "pronto.pg.connections.max";

    private PostgresMeters() {
    }

    /** Registers {@code postgres}'s pool gauges under the tag {@code pool=name}. */
    public static void bind(Postgres postgres, String name, MeterRegistry registry) {
        Objects.requireNonNull(postgres, "postgres");
        Gauge.builder(LIVE, postgres, Postgres::liveConnections).tag("pool", name)
                .description("Live Postgres connections").register(registry);
        Gauge.builder(MAX, postgres, Postgres::maxConnections).tag("pool", name)
                .description("Postgres connections kept when the database is up").register(registry);
    }
}
