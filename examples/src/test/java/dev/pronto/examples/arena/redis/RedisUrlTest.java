package dev.pronto.examples.arena.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RedisUrlTest {
    @Test
    void defaultIsHttpArenasCache() {
        assertThat(RedisUrl.parse(RedisUrl.DEFAULT)).isEqualTo(new RedisUrl("127.0.0.1", 6379));
    }

    @Test
    void portDefaultsTo6379() {
        assertThat(RedisUrl.parse("redis://cache").port()).isEqualTo(6379);
    }

    @Test
    void passwordIsRefusedWithoutEchoingIt() {
        assertThatThrownBy(() -> RedisUrl.parse("redis://:secret@host:6379"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("secret");
    }

    @Test
    void otherSchemeIsRefusedNamingTheUrl() {
        assertThatThrownBy(() -> RedisUrl.parse("http://host:6379")).hasMessageContaining("'http://host:6379'");
    }

    @Test
    void portOutOfRangeNamesTheField() {
        assertThatThrownBy(() -> new RedisUrl("h", 70000)).hasMessage("port must be 1..65535, got 70000");
    }
}
