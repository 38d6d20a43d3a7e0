package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** A browser-style CORS exchange (preflight, then the credentialed request) on every carrier. */
@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class CorsTest {
    private static final String APP = "https://app.example";
    private final TestClient.Protocol protocol;
    private final AtomicInteger handled = new AtomicInteger();

    CorsTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
    }

    private TestClient client() {
        Cors cors = Cors.builder().allowOrigins(APP, "https://*.example.org").allowCredentials()
                .allowMethods("GET", "PUT").allowHeaders("Content-Type", "X-Token").exposeHeaders("X-Total").build();
        return TestCarriers.start(Server.builder().routes(r -> r
                .get("/open", (req, res) -> res.send("open"))
                .group("/api", g -> g.register(cors)
                        .get("/items", (req, res) -> res.header("X-Total", "3").send("items"))
                        .put("/items", (req, res) -> {
                            handled.incrementAndGet();
                            res.send("stored");
                        }))), protocol);
    }

    private static TestResponse preflight(TestClient c, String origin, String method, String headers) {
        return c.request("OPTIONS", "/api/items", Map.of("Origin", origin, "Access-Control-Request-Method", method,
                "Access-Control-Request-Headers", headers), null);
    }

    @Test
    void preflightFromAnAllowedOriginIsGrantedWithoutReachingTheHandler() {
        try (TestClient c = client()) {
            TestResponse r = preflight(c, APP, "PUT", "content-type,x-token");

            assertThat(r.status()).isEqualTo(204);
            assertThat(r.header("access-control-allow-origin")).isEqualTo(APP);
            assertThat(r.header("access-control-allow-credentials")).isEqualTo("true");
            assertThat(r.header("access-control-allow-methods")).isEqualTo("PUT");
            assertThat(r.header("access-control-allow-headers")).isEqualTo("content-type,x-token");
            assertThat(r.header("access-control-max-age")).isEqualTo("600");
            assertThat(r.header("vary")).contains("Origin", "Access-Control-Request-Method");
            assertThat(handled).hasValue(0);
        }
    }

    @Test
    void credentialedRequestAfterThePreflightMayReadTheAnswer() {
        try (TestClient c = client()) {
            preflight(c, APP, "PUT", "content-type");
            TestResponse r = c.request("PUT", "/api/items", Map.of("Origin", APP, "Cookie", "sid=1",
                    "Content-Type", "application/json"), "{}");

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).isEqualTo("stored");
            assertThat(r.header("access-control-allow-origin")).isEqualTo(APP);
            assertThat(r.header("access-control-allow-credentials")).isEqualTo("true");
            assertThat(r.header("vary")).isEqualTo("Origin");
        }
    }

    @Test
    void exposedHeadersAreListedOnActualResponses() {
        try (TestClient c = client()) {
            TestResponse r = c.request("GET", "/api/items", Map.of("Origin", "https://a.b.example.org"), null);

            assertThat(r.header("access-control-allow-origin")).isEqualTo("https://a.b.example.org");
            assertThat(r.header("access-control-expose-headers")).isEqualTo("X-Total");
        }
    }

    @Test
    void preflightFromAnotherOriginIsRefusedWithoutCorsFields() {
        try (TestClient c = client()) {
            TestResponse r = preflight(c, "https://evil.example", "PUT", "content-type");

            assertThat(r.status()).isEqualTo(403);
            assertThat(r.header("access-control-allow-origin")).isNull();
            assertThat(handled).hasValue(0);
        }
    }

    @Test
    void requestFromAnotherOriginRunsButGetsNoCorsFields() {
        try (TestClient c = client()) {
            TestResponse r = c.request("PUT", "/api/items", Map.of("Origin", "https://evil.example"), "x");

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("access-control-allow-origin")).isNull();
            assertThat(r.header("vary")).isEqualTo("Origin");
            assertThat(handled).hasValue(1);
        }
    }

    @Test
    void routesOutsideTheGroupAreUntouched() {
        try (TestClient c = client()) {
            TestResponse r = c.request("GET", "/open", Map.of("Origin", APP), null);

            assertThat(r.header("access-control-allow-origin")).isNull();
            assertThat(r.header("vary")).isNull();
        }
    }
}
