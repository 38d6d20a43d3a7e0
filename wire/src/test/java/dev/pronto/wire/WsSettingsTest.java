package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WsSettingsTest {
    @Test
    void aLimitThatIsNotPositiveIsRefusedByName() {
        assertThatThrownBy(() -> new WsSettings(WsRole.SERVER, 0, WsAssembler.Mode.WHOLE, 1,
                Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxMessageSize must be positive, got 0");
    }

    @Test
    void aNegativePingIntervalIsRefused() {
        assertThatThrownBy(() -> new WsSettings(WsRole.CLIENT, 1, WsAssembler.Mode.WHOLE, 1,
                Duration.ofSeconds(1), Duration.ofSeconds(-1), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pingInterval");
    }
}
