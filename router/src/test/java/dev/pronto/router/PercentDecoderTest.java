package dev.pronto.router;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PercentDecoderTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String path(String s) {
        byte[] b = bytes(s);
        return PercentDecoder.path(b, 0, b.length);
    }

    private static String query(String s) {
        byte[] b = bytes(s);
        return PercentDecoder.query(b, 0, b.length);
    }

    @Test
    void escapesAndRawUtf8DecodeToTheSameText() {
        assertThat(path("Jos%C3%A9")).isEqualTo("José");
        assertThat(path("José")).isEqualTo("José");
    }

    @Test
    void plusIsASpaceInAQueryOnly() {
        assertThat(query("a+b%2B")).isEqualTo("a b+");
        assertThat(path("a+b")).isEqualTo("a+b");
    }

    @Test
    void aBadEscapeIsNull() {
        assertThat(path("x%G1")).isNull();
        assertThat(query("x%4")).isNull();
    }

    @Test
    void bytesThatAreNotUtf8AreNull() {
        assertThat(path("%FF%FE")).isNull();
    }

    @Test
    void onlyTheGivenRangeIsDecoded() {
        byte[] b = bytes("/a%20b?q");

        assertThat(PercentDecoder.path(b, 1, 6)).isEqualTo("a b");
    }
}
