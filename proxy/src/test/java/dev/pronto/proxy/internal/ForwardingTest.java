package dev.pronto.proxy.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.core.BadRequestException;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The fields of a client's request as they are copied to the upstream request. */
class ForwardingTest {
    private final ClientRequest.Builder upstream = ClientRequest.builder().method("GET").uri("http://upstream/");

    @Test
    void valueWithCrLfIsRefusedWith400() {
        assertThatThrownBy(() -> Forwarding.field(upstream, "x-a", "a\r\nx-injected: 1", Set.of()))
                .isInstanceOf(BadRequestException.class);
    }

    @Test
    void valueWithNulIsRefusedWith400() {
        assertThatThrownBy(() -> Forwarding.field(upstream, "x-a", "a\0b", Set.of()))
                .isInstanceOf(BadRequestException.class);
    }

    @Test
    void skippedFieldWithNulIsRefusedToo() {
        assertThatThrownBy(() -> Forwarding.field(upstream, "host", "a\0b", Set.of()))
                .isInstanceOf(BadRequestException.class);
    }

    @Test
    void valueWithTabIsForwarded() {
        Forwarding.field(upstream, "x-a", "a\tb", Set.of());

        assertThat(upstream.build().header("x-a")).isEqualTo("a\tb");
    }
}
