package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import io.netty.buffer.ByteBuf;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Request bodies on every carrier: aggregated, streamed to a listener (an absent body ends empty), read
 * blocking, and limited.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class UploadTest {
    private static final String BODY = "x".repeat(200_000);

    /** The carrier every request of this instance uses: the class runs once per carrier. */
    private final TestClient.Protocol protocol;

    TestClient.Protocol protocol() {
        return protocol;
    }

    UploadTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
        this.client = TestCarriers.start(Server.builder()
                .config(c -> c.maxBodySize(300_000))
                .routes(r -> r
                        .post("/echo", (req, res) -> res.send(Integer.toString(req.bodyString().length())))
                        .post("/count", RouteOptions.streaming(), (req, res) -> req.onBody(new BodyListener() {
                            private long n;

                            @Override
                            public void onChunk(ByteBuf chunk) {
                                n += chunk.readableBytes();
                            }

                            @Override
                            public void onEnd() {
                                res.send(Long.toString(n));
                            }
                        }))
                        .post("/blocking", RouteOptions.blocking().streamingBody(), (req, res) -> {
                            try (InputStream in = req.bodyStream()) {
                                res.send(Long.toString(in.transferTo(OutputStream.nullOutputStream())));
                            }
                        })), protocol());
    }

    private final TestClient client;

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void aggregatedBodyReachesTheHandlerWhole() {
        assertThat(client.request("POST", "/echo", Map.of(), BODY).text()).isEqualTo("200000");
    }

    @Test
    void streamedBodyReachesTheListenerChunkByChunk() {
        assertThat(client.request("POST", "/count", Map.of(), BODY).text()).isEqualTo("200000");
    }

    @Test
    void aStreamedRequestWithoutABodyEndsEmpty() {
        var res = client.request("POST", "/count", Map.of(), null);

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("0");
    }

    @Test
    void blockingHandlerReadsTheBodyAsAStream() {
        assertThat(client.request("POST", "/blocking", Map.of(), BODY).text()).isEqualTo("200000");
    }

    @Test
    void bodyOverTheLimitIsRefusedWith413() {
        assertThat(client.request("POST", "/echo", Map.of(), BODY + BODY).status()).isEqualTo(413);
    }

    @Test
    void emptyBodyIsAnEmptyString() {
        assertThat(client.request("POST", "/echo", Map.of(), "").text()).isEqualTo("0");
    }
}
