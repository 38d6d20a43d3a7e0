package dev.pronto.core.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which {@code Content-Type}s a JSON {@code @Body} accepts. */
class JsonContentTypeTest {
    @ParameterizedTest
    @ValueSource(strings = {"application/json", "Application/JSON", "application/json; charset=utf-8",
        " application/json ;charset=UTF-8", "application/problem+json", "application/vnd.api+json"})
    void jsonMediaTypesAreAccepted(String contentType) {
        assertThat(Params.isJson(contentType)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
        "application/jsonp", "application/+json", "text/json", "", "application/", "json"})
    void otherMediaTypesAreRefused(String contentType) {
        assertThat(Params.isJson(contentType)).isFalse();
    }
}
