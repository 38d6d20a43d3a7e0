package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PgConfigTest {
    @Test
    void urlSetsEveryServerField() {
        PgConfig config = PgConfig.fromUrl("postgres://bench:bench@localhost:5433/benchmark");

        assertThat(config.host()).isEqualTo("localhost");
        assertThat(config.port()).isEqualTo(5433);
        assertThat(config.database()).isEqualTo("benchmark");
        assertThat(config.user()).isEqualTo("bench");
        assertThat(config.password()).isEqualTo("bench");
        assertThat(config.maxConnections()).isEqualTo(PgConfig.DEFAULT_MAX_CONNECTIONS);
    }

    @Test
    void urlDefaultsPortAndDecodesCredentials() {
        PgConfig config = PgConfig.fromUrl("postgresql://us%40er:p%3Ass+w@db_host/app");

        assertThat(config.port()).isEqualTo(5432);
        assertThat(config.host()).isEqualTo("db_host");
        assertThat(config.user()).isEqualTo("us@er");
        assertThat(config.password()).isEqualTo("p:ss+w");
    }

    @Test
    void urlAcceptsIpv6Hosts() {
        assertThat(PgConfig.fromUrl("postgres://u@[::1]:6000/d").host()).isEqualTo("::1");
        assertThat(PgConfig.fromUrl("postgres://u@[::1]:6000/d").port()).isEqualTo(6000);
    }

    @Test
    void invalidUrlsAreRejectedWithTheRuleAndWithoutThePassword() {
        assertThatThrownBy(() -> PgConfig.fromUrl("mysql://u:secret@h/d")).hasMessageContaining("postgres://")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> PgConfig.fromUrl("postgres://u:secret@h")).hasMessageContaining("database")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> PgConfig.fromUrl("postgres://h:5432/d")).hasMessageContaining("user name");
        assertThatThrownBy(() -> PgConfig.fromUrl("postgres://u:secret@h:99999/d")).hasMessageContaining("99999")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> PgConfig.fromUrl("postgres://u@h/d?sslmode=require"))
                .hasMessageContaining("query parameters");
    }

    @Test
    void connectionsPerLoopSplitsTheTotalAndKeepsAtLeastOne() {
        PgConfig config = PgConfig.fromUrl("postgres://u@h/d").toBuilder().maxConnections(256).build();

        assertThat(PgConfig.fromUrl("postgres://u@h/d").connectionsPerLoop(4)).isEqualTo(4);   // the default 16
        assertThat(config.connectionsPerLoop(64)).isEqualTo(4);
        assertThat(config.connectionsPerLoop(3)).isEqualTo(85);
        assertThat(config.toBuilder().maxConnections(2).build().connectionsPerLoop(8)).isEqualTo(1);
    }

    @Test
    void fieldsAreValidatedByName() {
        PgConfig.Builder base = PgConfig.fromUrl("postgres://u@h/d").toBuilder();

        assertThatThrownBy(() -> base.maxConnections(0).build()).hasMessage("maxConnections must be >= 1, got 0");
        assertThatThrownBy(() -> base.maxConnections(1).queryTimeout(Duration.ZERO).build())
                .hasMessage("queryTimeout must be positive, got PT0S");
        assertThatThrownBy(() -> base.queryTimeout(Duration.ofSeconds(1))
                .reconnect(Duration.ofSeconds(2), Duration.ofSeconds(1)).build())
                .hasMessageContaining("reconnectMax must be >= reconnectMin");
    }

    @Test
    void toStringMasksThePassword() {
        assertThat(PgConfig.fromUrl("postgres://u:secret@h/d").toString()).contains("u:***@h:5432/d")
                .doesNotContain("secret");
    }
}
