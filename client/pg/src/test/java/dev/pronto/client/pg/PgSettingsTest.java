package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.config.Config;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** HttpArena's database variables are ordinary keys of the layered configuration. */
class PgSettingsTest {
    private static final String FALLBACK = "postgres://bench:bench@localhost:5432/benchmark";

    @Test
    void arenaVariablesAreReadAsKeys() {
        Config c = Config.builder().env(Map.of("DATABASE_URL", "postgres://app:pw@db:6543/shop",
                "DATABASE_MAX_CONN", "32", "DATABASE_QUERY_TIMEOUT", "750ms")).build();

        PgConfig pg = PgSettings.from(c, "database", FALLBACK);

        assertThat(pg.host()).isEqualTo("db");
        assertThat(pg.port()).isEqualTo(6543);
        assertThat(pg.maxConnections()).isEqualTo(32);
        assertThat(pg.queryTimeout()).isEqualTo(Duration.ofMillis(750));
    }

    @Test
    void aBlankUrlFallsBack() {
        Config c = Config.builder().env(Map.of("DATABASE_URL", " ")).build();

        assertThat(PgSettings.from(c, "database", FALLBACK).database()).isEqualTo("benchmark");
    }

    @Test
    void aBadPoolSizeNamesItsKey() {
        Config c = Config.builder().env(Map.of("DATABASE_MAX_CONN", "zero")).build();

        assertThatThrownBy(() -> PgSettings.from(c, "database", FALLBACK)).hasMessageContaining("database.max-conn");
    }

    @Test
    void thePasswordInTheUrlIsMaskedInTheDescription() {
        Config c = Config.builder().env(Map.of("DATABASE_URL", "postgres://app:hunter2@db/shop")).build();

        PgSettings.from(c, "database", FALLBACK);

        assertThat(c.describe()).contains("database.url").doesNotContain("hunter2");
    }
}
