package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import io.netty.buffer.ByteBuf;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A streaming route's {@code onBody} on a request without a body: the listener sees an empty body end. */
class StreamingEmptyBodyTest {
    private static Server.Builder counting() {
        return Server.builder().routes(r -> r.post("/count", RouteOptions.streaming(), (req, res) -> req.onBody(new BodyListener() {
            private long bytes;

            @Override
            public void onChunk(ByteBuf chunk) {
                bytes += chunk.readableBytes();
            }

            @Override
            public void onEnd() {
                res.send(Long.toString(bytes));
            }
        })));
    }

    @Test
    void aRequestWithoutABodyEndsEmpty() {
        try (TestClient c = TestClient.start(counting())) {
            var res = c.request("POST", "/count", Map.of(), null);

            assertThat(res.status()).isEqualTo(200);
            assertThat(res.text()).isEqualTo("0");
        }
    }

    @Test
    void aBodyIsStillCounted() {
        try (TestClient c = TestClient.start(counting())) {
            assertThat(c.request("POST", "/count", Map.of(), "abc").text()).isEqualTo("3");
        }
    }
}
