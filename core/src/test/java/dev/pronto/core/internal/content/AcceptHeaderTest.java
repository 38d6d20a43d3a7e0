package dev.pronto.core.internal.content;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AcceptHeaderTest {
    @ParameterizedTest
    @ValueSource(strings = {"application/json", "*/*", "application/*", "APPLICATION/JSON", "", " , ",
            "text/html, application/json;q=0.5", "text/html;level=1, */*;q=0.1", "application/json; q=1.0",
            "application/json;charset=utf-8", "application/json;q=0.001"})
    void admits(String accept) {
        assertThat(AcceptHeader.admitsJson(accept)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/xml", "text/*", "text/html, application/xml;q=0.9",
            "application/json;q=0", "application/json; q=0.000, text/plain", "*/*;q=0", "application/jsonx"})
    void refuses(String accept) {
        assertThat(AcceptHeader.admitsJson(accept)).isFalse();
    }

    @org.junit.jupiter.api.Test
    void anAbsentFieldAdmitsAnything() {
        assertThat(AcceptHeader.admitsJson(null)).isTrue();
    }
}
