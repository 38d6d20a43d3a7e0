package dev.pronto.router;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MethodTest {

    @Test
    void parsesEveryStandardMethodName() {
        for (Method method : Method.values()) {
            assertThat(Method.of(method.name())).isEqualTo(method);
        }
    }

    @Test
    void parsesAnyCharSequence() {
        assertThat(Method.of(new StringBuilder("PATCH"))).isEqualTo(Method.PATCH);
    }

    @Test
    void namesAreCaseSensitive() {
        assertThat(Method.of("get")).isNull();
        assertThat(Method.of("Post")).isNull();
    }

    @Test
    void unknownNamesAreNull() {
        assertThat(Method.of("")).isNull();
        assertThat(Method.of("GETS")).isNull();
        assertThat(Method.of("PROPFIND")).isNull();
        assertThat(Method.of("GEX")).isNull();
    }
}
