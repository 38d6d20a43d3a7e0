package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HttpExceptionTest {
    @Test
    void keepsItsCauseForServerLogs() {
        IllegalStateException cause = new IllegalStateException("db down");

        assertThat(new ServiceUnavailableException("database unavailable", cause).getCause()).isSameAs(cause);
        assertThat(new HttpException(503, "x", cause).getCause()).isSameAs(cause);
    }

    @Test
    void rejectsStatusesOutsideTheErrorRange() {
        assertThatThrownBy(() -> new HttpException(200, "ok"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("HttpException status must be in 400..599, got 200");
    }
}
