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

    @Test
    void excerptKeepsShortInputAsItIs() {
        assertThat(HttpException.excerpt("abc")).isEqualTo("abc");
    }

    @Test
    void excerptCutsLongInputAfter64CharactersWithAnEllipsis() {
        assertThat(HttpException.excerpt("a".repeat(64))).isEqualTo("a".repeat(64));
        assertThat(HttpException.excerpt("a".repeat(8 << 20))).isEqualTo("a".repeat(64) + "\u2026");
    }

    @Test
    void excerptEscapesControlCharacters() {
        assertThat(HttpException.excerpt("a\u0000b\r\n\u007f")).isEqualTo("a\\x00b\\x0d\\x0a\\x7f");
    }
}
