package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The Fetch standard's CORS protocol, rule by rule (https://fetch.spec.whatwg.org/#http-cors-protocol). */
class CorsRulesTest {
    private static TestClient app(Cors cors, Consumer<Routes> more) {
        return TestClient.start(Server.builder().routes(r -> r.group("/api", g -> {
            g.register(cors).get("/x", (req, res) -> res.send("x"));
            more.accept(g);
        })));
    }

    private static TestClient app(Cors cors) {
        return app(cors, g -> { });
    }

    private static TestResponse send(TestClient c, String method, String path, String... headers) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < headers.length; i += 2) {
            map.put(headers[i], headers[i + 1]);
        }
        return c.request(method, path, map, null);
    }

    @Test
    void wildcardOriginWithoutCredentialsIsSentAsStarWithoutVary() {
        try (TestClient c = app(Cors.builder().allowOrigins("*").build())) {
            TestResponse r = send(c, "GET", "/api/x", "Origin", "https://any.example");

            assertThat(r.header("access-control-allow-origin")).isEqualTo("*");
            assertThat(r.header("vary")).isNull();
        }
    }

    @Test
    void wildcardOriginWithCredentialsReflectsTheOriginAndNeverSendsStar() {
        try (TestClient c = app(Cors.builder().allowOrigins("*").allowCredentials().build())) {
            TestResponse r = send(c, "GET", "/api/x", "Origin", "https://any.example");

            assertThat(r.header("access-control-allow-origin")).isEqualTo("https://any.example");
            assertThat(r.header("access-control-allow-credentials")).isEqualTo("true");
            assertThat(r.header("vary")).isEqualTo("Origin");
        }
    }

    @Test
    void preflightWithCredentialsNamesTheMethodAndHeadersInsteadOfStar() {
        try (TestClient c = app(Cors.builder().allowOrigins("*").allowMethods("*").allowCredentials().build())) {
            TestResponse r = send(c, "OPTIONS", "/api/x", "Origin", "https://a.example",
                    "Access-Control-Request-Method", "DELETE", "Access-Control-Request-Headers", "x-a");

            assertThat(r.header("access-control-allow-methods")).isEqualTo("DELETE");
            assertThat(r.header("access-control-allow-headers")).isEqualTo("x-a");
        }
    }

    @Test
    void nullOriginIsRefusedUnlessListed() {
        try (TestClient c = app(Cors.builder().allowOrigins("*").allowCredentials().build())) {
            assertThat(send(c, "GET", "/api/x", "Origin", "null").header("access-control-allow-origin")).isNull();
        }
        try (TestClient c = app(Cors.builder().allowOrigins("null").build())) {
            assertThat(send(c, "GET", "/api/x", "Origin", "null").header("access-control-allow-origin")).isEqualTo("null");
        }
    }

    @Test
    void patternMatchesSubdomainsOnlyWithTheSameSchemeAndPort() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://*.example.org").build())) {
            assertThat(origin(c, "https://a.example.org")).isEqualTo("https://a.example.org");
            assertThat(origin(c, "https://example.org")).isNull();
            assertThat(origin(c, "http://a.example.org")).isNull();
            assertThat(origin(c, "https://a.example.org:8443")).isNull();
            assertThat(origin(c, "https://a.example.org.evil.com")).isNull();
            assertThat(origin(c, "https://evil.com/.example.org")).isNull();
        }
    }

    private static String origin(TestClient c, String origin) {
        return send(c, "GET", "/api/x", "Origin", origin).header("access-control-allow-origin");
    }

    @Test
    void preflightIsAnsweredOnAPathWithoutAnOptionsRoute() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").build())) {
            TestResponse r = send(c, "OPTIONS", "/api/nothing-here", "Origin", "https://a.example",
                    "Access-Control-Request-Method", "GET");

            assertThat(r.status()).isEqualTo(204);
            assertThat(r.header("access-control-allow-origin")).isEqualTo("https://a.example");
        }
    }

    @Test
    void preflightWinsOverTheRoutesOwnOptionsHandler() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").build(),
                g -> g.options("/x", (req, res) -> res.status(200).send("mine")))) {
            TestResponse pre = send(c, "OPTIONS", "/api/x", "Origin", "https://a.example",
                    "Access-Control-Request-Method", "PUT");
            TestResponse plain = send(c, "OPTIONS", "/api/x", "Origin", "https://a.example");

            assertThat(pre.status()).isEqualTo(204);
            assertThat(plain.text()).isEqualTo("mine");
            assertThat(plain.header("access-control-allow-origin")).isEqualTo("https://a.example");
        }
    }

    @Test
    void preflightAskingForAMethodNotAllowedIsRefused() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").allowMethods("GET").build())) {
            TestResponse r = send(c, "OPTIONS", "/api/x", "Origin", "https://a.example",
                    "Access-Control-Request-Method", "DELETE");

            assertThat(r.status()).isEqualTo(403);
            assertThat(r.header("access-control-allow-origin")).isNull();
        }
    }

    @Test
    void preflightAskingForAHeaderNotAllowedIsRefused() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").allowHeaders("X-A").build())) {
            TestResponse ok = send(c, "OPTIONS", "/api/x", "Origin", "https://a.example",
                    "Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "x-a");
            TestResponse refused = send(c, "OPTIONS", "/api/x", "Origin", "https://a.example",
                    "Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "x-a, x-b");

            assertThat(ok.status()).isEqualTo(204);
            assertThat(refused.status()).isEqualTo(403);
        }
    }

    @Test
    void safelistedMethodsNeedNoGrant() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").allowMethods("PUT").build())) {
            TestResponse r = send(c, "OPTIONS", "/api/x", "Origin", "https://a.example",
                    "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type");

            assertThat(r.status()).isEqualTo(204);
        }
    }

    @Test
    void anyHeaderDoesNotCoverAuthorizationUnlessListed() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").build())) {
            assertThat(send(c, "OPTIONS", "/api/x", "Origin", "https://a.example", "Access-Control-Request-Method", "GET",
                    "Access-Control-Request-Headers", "x-a,authorization").status()).isEqualTo(403);
        }
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").allowHeaders("*", "Authorization").build())) {
            assertThat(send(c, "OPTIONS", "/api/x", "Origin", "https://a.example", "Access-Control-Request-Method", "GET",
                    "Access-Control-Request-Headers", "x-a,authorization").status()).isEqualTo(204);
        }
    }

    @Test
    void errorAnswersCarryTheCorsFieldsSoScriptsCanReadTheStatus() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").build(),
                g -> g.get("/boom", (req, res) -> {
                    throw new HttpException(409, "conflict");
                }))) {
            TestResponse thrown = send(c, "GET", "/api/boom", "Origin", "https://a.example");
            TestResponse missing = send(c, "GET", "/api/none", "Origin", "https://a.example");

            assertThat(thrown.status()).isEqualTo(409);
            assertThat(thrown.header("access-control-allow-origin")).isEqualTo("https://a.example");
            assertThat(missing.status()).isEqualTo(404);
            assertThat(missing.header("access-control-allow-origin")).isEqualTo("https://a.example");
        }
    }

    @Test
    void requestWithoutOriginStillGetsVaryOrigin() {
        try (TestClient c = app(Cors.builder().allowOrigins("https://a.example").build())) {
            TestResponse r = send(c, "GET", "/api/x");

            assertThat(r.header("vary")).isEqualTo("Origin");
            assertThat(r.header("access-control-allow-origin")).isNull();
        }
    }

    @Test
    void innermostGroupPolicyApplies() {
        Cors outer = Cors.builder().allowOrigins("https://outer.example").build();
        Cors inner = Cors.builder().allowOrigins("https://inner.example").maxAge(Duration.ofSeconds(5)).build();
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.group("/api", g -> g
                .group("/admin", a -> a.register(inner).get("/y", (req, res) -> res.send("y")))
                .register(outer).get("/x", (req, res) -> res.send("x")))))) {
            assertThat(origin(c, "https://outer.example")).isEqualTo("https://outer.example");
            assertThat(send(c, "GET", "/api/admin/y", "Origin", "https://outer.example")
                    .header("access-control-allow-origin")).isNull();
            assertThat(send(c, "GET", "/api/admin/y", "Origin", "https://inner.example")
                    .header("access-control-allow-origin")).isEqualTo("https://inner.example");
        }
    }

    @Test
    void badSettingsAreRefusedNamingTheValue() {
        assertThatThrownBy(() -> Cors.builder().allowOrigins("https://a.example/path"))
                .hasMessageContaining("https://a.example/path");
        assertThatThrownBy(() -> Cors.builder().allowOrigins("https://a.*.example"))
                .hasMessageContaining("https://a.*.example");
        assertThatThrownBy(() -> Cors.builder().build()).hasMessageContaining("allowOrigins");
        assertThatThrownBy(() -> Cors.builder().allowOrigins("*").allowCredentials().exposeHeaders("*").build())
                .hasMessageContaining("exposeHeaders");
    }
}
