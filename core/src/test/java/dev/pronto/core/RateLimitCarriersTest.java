package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** A limited group in a CORS group on every carrier: the 429 carries its fields and the CORS grant exposing them. */
@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class RateLimitCarriersTest {
    private final TestClient.Protocol protocol;

    RateLimitCarriersTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
    }

    @Test
    void beyondTheRateABrowserPageReadsA429WithItsFields() {
        Cors cors = Cors.builder().allowOrigins("https://app.example")
                .exposeHeaders("Retry-After", "RateLimit", "RateLimit-Policy").build();
        RateLimit limit = RateLimit.builder(1, Duration.ofSeconds(60)).build();
        try (TestClient c = TestCarriers.start(Server.builder().routes(r -> r.group("/api", g -> g
                .register(cors).onRequest(limit).get("/x", (req, res) -> res.send("x")))), protocol)) {
            Map<String, String> page = Map.of("Origin", "https://app.example");
            TestResponse first = c.request("GET", "/api/x", page, null);
            TestResponse second = c.request("GET", "/api/x", page, null);

            assertThat(first.status()).isEqualTo(200);
            assertThat(second.status()).isEqualTo(429);
            assertThat(second.header("retry-after")).isEqualTo("60");
            assertThat(second.header("ratelimit")).isEqualTo("\"default\";r=0;t=60");
            assertThat(second.header("ratelimit-policy")).isEqualTo("\"default\";q=1;w=60");
            assertThat(second.header("access-control-allow-origin")).isEqualTo("https://app.example");
            assertThat(second.header("access-control-expose-headers")).isEqualTo("Retry-After, RateLimit, RateLimit-Policy");
        }
    }
}
