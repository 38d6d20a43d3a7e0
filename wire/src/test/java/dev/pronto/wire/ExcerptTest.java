package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a message may quote of a peer's bytes. */
class ExcerptTest {
    @Test
    void controlCharactersAreEscaped() {
        assertThat(Excerpt.of("a\r\nb\u007f")).isEqualTo("a\\x0d\\x0ab\\x7f");
    }

    @Test
    void longInputIsCutWithAnEllipsis() {
        String excerpt = Excerpt.of("x".repeat(10_000));

        assertThat(excerpt).hasSize(Excerpt.LENGTH + 1).endsWith("\u2026");
    }

    @Test
    void nullIsQuotedAsNull() {
        assertThat(Excerpt.of(null)).isEqualTo("null");
    }
}
