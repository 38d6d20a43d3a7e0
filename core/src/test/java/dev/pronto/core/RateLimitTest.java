package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** 429 answers and the RateLimit fields of draft-ietf-httpapi-ratelimit-headers-10. */
class RateLimitTest {
    private final AtomicLong clock = new AtomicLong(System.nanoTime() + 3_600_000_000_000L);  // after any store's origin

    private TestClient app(RateLimit.Builder limit, ErrorFormat format) {
        RateLimit hook = limit.clock(clock::get).build();
        return TestClient.start(Server.builder().errorFormat(format).routes(r -> r
                .get("/free", (req, res) -> res.send("free"))
                .group("/api", g -> g.onRequest(hook).get("/x", (req, res) -> res.send("x")))));
    }

    private TestClient app(RateLimit.Builder limit) {
        return app(limit, ErrorFormat.TEXT);
    }

    @Test
    void beyondTheRateTheAnswerIs429WithRetryAfterAndRateLimitFields() {
        try (TestClient c = app(RateLimit.builder(2, Duration.ofSeconds(10)))) {
            c.get("/api/x");
            c.get("/api/x");
            clock.addAndGet(1_000_000_000L);
            TestResponse r = c.get("/api/x");

            assertThat(r.status()).isEqualTo(429);
            assertThat(r.header("retry-after")).isEqualTo("4");
            assertThat(r.header("ratelimit-policy")).isEqualTo("\"default\";q=2;w=10");
            assertThat(r.header("ratelimit")).isEqualTo("\"default\";r=0;t=4");
            assertThat(r.text()).contains("rate limit");
        }
    }

    @Test
    void allowedAnswersCarryThePolicy() {
        try (TestClient c = app(RateLimit.builder(2, Duration.ofSeconds(1)))) {
            TestResponse r = c.get("/api/x");

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("ratelimit-policy")).isEqualTo("\"default\";q=2;w=1");
            assertThat(r.header("ratelimit")).isNull();
        }
    }

    @Test
    void reportRemainingAddsThePermitsLeft() {
        try (TestClient c = app(RateLimit.builder(5, Duration.ofSeconds(5)).name("api").reportRemaining())) {
            c.get("/api/x");
            TestResponse r = c.get("/api/x");

            assertThat(r.header("ratelimit")).isEqualTo("\"api\";r=3;t=2");
        }
    }

    @Test
    void the429IsProblemJsonWhenTheServerSpeaksIt() {
        try (TestClient c = app(RateLimit.builder(1, Duration.ofSeconds(1)), ErrorFormat.PROBLEM_JSON)) {
            c.get("/api/x");
            TestResponse r = c.get("/api/x");

            assertThat(r.status()).isEqualTo(429);
            assertThat(r.header("content-type")).isEqualTo("application/problem+json");
            assertThat(r.text()).contains("\"status\":429").contains("\"title\":\"Too Many Requests\"");
            assertThat(r.header("retry-after")).isEqualTo("1");
        }
    }

    @Test
    void routesOutsideTheGroupAreNotLimited() {
        try (TestClient c = app(RateLimit.builder(1, Duration.ofSeconds(1)))) {
            c.get("/api/x");

            assertThat(c.get("/free").status()).isEqualTo(200);
            assertThat(c.get("/free").header("ratelimit-policy")).isNull();
        }
    }

    @Test
    void headerKeysHaveBucketsOfTheirOwn() {
        try (TestClient c = app(RateLimit.builder(1, Duration.ofSeconds(1)).keyByHeader("X-Api-Key"))) {
            TestResponse a1 = c.request("GET", "/api/x", Map.of("X-Api-Key", "a"), null);
            TestResponse a2 = c.request("GET", "/api/x", Map.of("X-Api-Key", "a"), null);
            TestResponse b1 = c.request("GET", "/api/x", Map.of("X-Api-Key", "b"), null);

            assertThat(a1.status()).isEqualTo(200);
            assertThat(a2.status()).isEqualTo(429);
            assertThat(b1.status()).isEqualTo(200);
        }
    }

    @Test
    void aPrincipalSetByAnEarlierHookIsTheKey() {
        RateLimit limit = RateLimit.builder(1, Duration.ofSeconds(1)).clock(clock::get)
                .key(req -> (String) req.attribute("principal")).build();
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.group("/api", g -> g
                .onRequest((req, res) -> req.attribute("principal", req.header("X-User")))
                .preHandler(limit)
                .get("/x", (req, res) -> res.send("x")))))) {
            assertThat(c.request("GET", "/api/x", Map.of("X-User", "ann"), null).status()).isEqualTo(200);
            assertThat(c.request("GET", "/api/x", Map.of("X-User", "ann"), null).status()).isEqualTo(429);
            assertThat(c.request("GET", "/api/x", Map.of("X-User", "bob"), null).status()).isEqualTo(200);
        }
    }

    @Test
    void aSharedStoreGetsTheKeyTextWithTheLimitsName() {
        StringBuilder seen = new StringBuilder();
        RateLimitStore store = (hash, text, rate, now) -> {
            seen.append(text);
            return 0;
        };
        try (TestClient c = app(RateLimit.builder(1, Duration.ofSeconds(1)).name("api").keyByHeader("X-Api-Key")
                .store(store))) {
            c.request("GET", "/api/x", Map.of("X-Api-Key", "k1"), null);

            assertThat(seen.toString()).isEqualTo("api:k1");
        }
    }

    @Test
    void aStoreAcrossTheNetworkAnswersLaterWithoutHoldingTheEventLoop() {
        RateLimitStore remote = new RateLimitStore() {
            @Override
            public long take(long hash, String text, Rate rate, long now) {
                throw new UnsupportedOperationException("a network store answers later");
            }

            @Override
            public java.util.concurrent.CompletionStage<Long> takeLater(long hash, String text, Rate rate, long now) {
                return java.util.concurrent.CompletableFuture.supplyAsync(() -> text.equals("default:local") ? -2_500_000_000L : 0L);
            }
        };
        RateLimit limit = RateLimit.builder(10, Duration.ofSeconds(1)).store(remote).build();
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.group("/api", g -> g
                .onRequestAsync(limit.async()).get("/x", (req, res) -> res.send("x")))))) {
            TestResponse r = c.get("/api/x");

            assertThat(r.status()).isEqualTo(429);
            assertThat(r.header("retry-after")).isEqualTo("3");
        }
    }

    @Test
    void badSettingsAreRefusedNamingTheValue() {
        assertThatThrownBy(() -> RateLimit.builder(0, Duration.ofSeconds(1))).hasMessageContaining("permits");
        assertThatThrownBy(() -> RateLimit.builder(1, Duration.ofMillis(1500))).hasMessageContaining("PT1.5S");
        assertThatThrownBy(() -> RateLimit.builder(1, Duration.ofSeconds(1)).name("a b")).hasMessageContaining("'a b'");
        assertThatThrownBy(() -> RateLimit.builder(1, Duration.ofSeconds(1)).burst(0)).hasMessageContaining("burst");
        assertThatThrownBy(() -> RateLimit.builder(1, Duration.ofDays(30)).burst(2).build()).hasMessageContaining("50 days");
    }
}
