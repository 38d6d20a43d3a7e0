package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Protocol;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ClientConfigTest {
    @Test
    void defaultsMatchTheDocumentedTable() {
        ClientConfig c = ClientConfig.defaults();
        assertThat(c.pipelineDepth()).isEqualTo(1);
        assertThat(c.maxPending()).isEqualTo(1024);
        assertThat(c.followRedirects()).isEqualTo(Redirects.NEVER);
        assertThat(c.decompression()).isEqualTo(Decompression.GZIP_DEFLATE);
    }

    @Test
    void invalidFieldIsNamedWithItsValue() {
        assertThatThrownBy(() -> ClientConfig.builder().pipelineDepth(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pipelineDepth must be in 1..1024, got 0");
    }

    @Test
    void httpsOffersHttp2FirstAndCleartextStaysOnHttp11() {
        ClientConfig c = ClientConfig.defaults();
        assertThat(c.protocols()).containsExactly(Protocol.HTTP_2, Protocol.HTTP_1_1);
        assertThat(c.cleartext()).isEqualTo(Protocol.HTTP_1_1);
    }

    @Test
    void duplicateProtocolsAreRejected() {
        assertThatThrownBy(() -> ClientConfig.builder().protocols(Protocol.HTTP_2, Protocol.HTTP_2).build())
                .hasMessage("protocols must be non-empty and without duplicates, got [HTTP_2, HTTP_2]");
    }

    @Test
    void nonPositiveTimeoutIsRejected() {
        assertThatThrownBy(() -> ClientConfig.builder().requestTimeout(Duration.ZERO).build())
                .hasMessage("requestTimeout must be positive, got PT0S");
    }

    @Test
    void requestNeedsAnAbsoluteHttpUri() {
        assertThatThrownBy(() -> ClientRequest.get("ftp://example.com/x"))
                .hasMessageContaining("uri must be absolute http or https");
    }

    @Test
    void requestRejectsFramingHeaders() {
        assertThatThrownBy(() -> ClientRequest.builder().header("Content-Length", "3"))
                .hasMessage("Content-Length is set by the client from the body");
    }

    @Test
    void postIsNotIdempotentUnlessMarked() {
        ClientRequest.Builder b = ClientRequest.builder().method("post").uri("http://h/x");
        assertThat(b.build().idempotent()).isFalse();
        assertThat(b.idempotent().build().idempotent()).isTrue();
    }
}
