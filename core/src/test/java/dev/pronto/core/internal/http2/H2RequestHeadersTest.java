package dev.pronto.core.internal.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.util.AsciiString;
import org.junit.jupiter.api.Test;

class H2RequestHeadersTest {
    private final H2RequestHeaders headers = new H2RequestHeaders();

    @Test
    void fieldsKeepTheirArrivalOrder() {
        headers.add(":method", "GET").add(":path", "/a").add("accept", "*/*");

        assertThat(headers.size()).isEqualTo(3);
        assertThat(headers.name(2)).hasToString("accept");
        assertThat(headers.method()).hasToString("GET");
        assertThat(headers.path()).hasToString("/a");
    }

    @Test
    void upperCaseNameIsRefused() {
        assertThatThrownBy(() -> headers.add("Accept", "*/*")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void nonTokenNameIsRefused() {
        assertThatThrownBy(() -> headers.add("a b", "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void valueWithCrLfIsRefused() {
        assertThatThrownBy(() -> headers.add("x-a", AsciiString.of("a\r\nx-injected: 1")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void valueWithNulIsRefused() {
        assertThatThrownBy(() -> headers.add("x-a", AsciiString.of("a\0b"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void valueWithBareLfIsRefusedAsAString() {
        assertThatThrownBy(() -> headers.add("x-a", "a\nb")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void valueStartingWithSpaceIsRefused() {
        assertThatThrownBy(() -> headers.add("x-a", AsciiString.of(" a"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void valueEndingWithTabIsRefused() {
        assertThatThrownBy(() -> headers.add("x-a", AsciiString.of("a\t"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void valueWithInnerWhitespaceObsTextOrNothingIsKept() {
        headers.add("x-a", AsciiString.of("a b\tc")).add("x-b", new AsciiString(new byte[] {'a', (byte) 0xE9}))
                .add("x-c", AsciiString.EMPTY_STRING);

        assertThat(headers.size()).isEqualTo(3);
    }

    @Test
    void repeatedPseudoHeaderIsRefused() {
        headers.add(":path", "/a");

        assertThatThrownBy(() -> headers.add(":path", "/b")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unknownPseudoHeaderIsRefused() {
        assertThatThrownBy(() -> headers.add(":foo", "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void setLongReplacesEveryFieldOfThatName() {
        headers.add("content-length", "5").add("accept", "*/*").add("content-length", "5");

        headers.setLong("content-length", 5);

        assertThat(headers.getAll("content-length")).containsExactly(AsciiString.of("5"));
        assertThat(headers.size()).isEqualTo(2);
    }

    @Test
    void resetEmptiesTheBlock() {
        headers.add(":path", "/a");

        headers.reset();

        assertThat(headers.isEmpty()).isTrue();
        assertThat(headers.path()).isNull();
        headers.add(":path", "/b");
        assertThat(headers.path()).hasToString("/b");
    }
}
