package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.annotation.Params;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The run-time converters generated code calls. */
class ParamsTest {
    enum Size { S, M }

    @Test
    void absentValueIsRequired() {
        assertThatThrownBy(() -> Params.intValue(null, "limit", Params.QUERY))
                .isInstanceOf(BadRequestException.class).hasMessage("query parameter 'limit' is required");
    }

    @Test
    void overflowIsNotAnInteger() {
        assertThatThrownBy(() -> Params.intValue("2147483648", "n", Params.HEADER))
                .hasMessage("header 'n' must be an integer, got '2147483648'");
        assertThat(Params.longValue("2147483648", "n", Params.HEADER)).isEqualTo(2147483648L);
    }

    @Test
    void longInvalidValueIsQuotedAsAShortExcerpt() {
        assertThatThrownBy(() -> Params.intValue("9".repeat(100_000), "n", Params.QUERY))
                .hasMessage("query parameter 'n' must be an integer, got '" + "9".repeat(64) + "\u2026'");
    }

    @Test
    void uuidMustBeCanonical() {
        assertThat(Params.uuid("123e4567-e89b-12d3-a456-426614174000", "id", Params.PATH))
                .isEqualTo(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
        assertThatThrownBy(() -> Params.uuid("1-2-3-4-5", "id", Params.PATH))
                .hasMessage("path parameter 'id' must be a UUID, got '1-2-3-4-5'");
    }

    @Test
    void enumListsItsConstants() {
        assertThat(Params.enumValue(Size.class, "M", "size", Params.COOKIE)).isEqualTo(Size.M);
        assertThatThrownBy(() -> Params.enumValue(Size.class, "m", "size", Params.COOKIE))
                .hasMessage("cookie 'size' must be one of S, M, got 'm'");
    }

    @Test
    void optionalAndListWrapAConverter() {
        assertThat(Params.optional(null, "n", Params.QUERY, Params::intValue)).isEmpty();
        assertThat(Params.optional("3", "n", Params.QUERY, Params::intValue)).isEqualTo(Optional.of(3));
        assertThat(Params.list(List.of("1", "2"), "n", Params.QUERY, Params::longValue)).containsExactly(1L, 2L);
    }
}
