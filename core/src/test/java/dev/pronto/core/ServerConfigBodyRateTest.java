package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The least body rate's settings: on by default, and a grace that must be positive. */
class ServerConfigBodyRateTest {
    @Test
    void theLeastBodyRateIsOnByDefaultAfterAGrace() {
        ServerConfig c = ServerConfig.defaults();

        assertThat(c.minBodyRate()).isEqualTo(240);
        assertThat(c.minBodyRateGrace()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aGraceThatIsNotPositiveIsRefusedNamingTheFieldAndValue() {
        assertThatThrownBy(() -> ServerConfig.builder().minBodyRateGrace(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("minBodyRateGrace must be positive, got PT0S");
    }
}
