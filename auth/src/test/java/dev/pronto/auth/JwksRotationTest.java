package dev.pronto.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import dev.pronto.auth.internal.JwksKeys;
import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.HttpClient;
import dev.pronto.core.Listener;
import dev.pronto.core.Response;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.testsupport.Await;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Keys from a JWKS URL served by a real Pronto server over a socket, fetched with Pronto's HttpClient. */
class JwksRotationTest {
    private static final RSAKey K1 = Tokens.rsa("k1");
    private static final RSAKey K2 = Tokens.rsa("k2");

    private final AtomicReference<String> served = new AtomicReference<>(new JWKSet(K1).toString());
    private final AtomicInteger requests = new AtomicInteger();
    private final ConcurrentLinkedQueue<Response> parked = new ConcurrentLinkedQueue<>();
    private volatile boolean park;
    private Server idp;
    private HttpClient http;
    private TestClient app;

    @BeforeEach
    void start() {
        idp = Server.builder().listener(Listener.http(0)).routes(r -> r.get("/jwks", (req, res) -> {
            requests.incrementAndGet();
            if (park) {
                parked.add(res.async());
            } else {
                res.contentType("application/jwk-set+json").send(served.get());
            }
        })).build().start();
        http = HttpClient.create(ClientConfig.builder().build());
    }

    @AfterEach
    void stop() {
        parked.forEach(res -> res.status(503).send());
        if (app != null) {
            app.close();
        }
        http.close();
        idp.close();
    }

    private JwtKeys keys(JwksConfig config) throws Exception {
        JwtKeys keys = JwtKeys.jwks(http, URI.create("http://127.0.0.1:" + idp.port() + "/jwks"), config);
        keys.loaded().toCompletableFuture().get(10, TimeUnit.SECONDS);
        Authenticator jwt = Auth.jwt(JwtConfig.builder(keys).build(), Clock.fixed(Tokens.NOW, ZoneOffset.UTC));
        app = TestClient.start(Server.builder().routes(r -> r.group("/api", g -> g.onRequest(jwt)
                .get("/me", (req, res) -> res.send(Auth.principal(req).name())))));
        return keys;
    }

    private int status(RSAKey key) {
        return app.request("GET", "/api/me", Map.of("Authorization", "Bearer " + Tokens.sign(key, Tokens.claims().build())),
                null).status();
    }

    private static void await(BooleanSupplier condition) {
        Await.until("the rotation's condition", Duration.ofSeconds(10), condition);
    }

    @Test
    void tokenSignedByAServedKeyPasses() throws Exception {
        keys(JwksConfig.defaults());

        assertThat(status(K1)).isEqualTo(200);
    }

    @Test
    void unknownKidRefetchesOnceThenTheTokenPasses() throws Exception {
        JwksKeys source = (JwksKeys) keys(JwksConfig.defaults()).source;
        served.set(new JWKSet(List.of(K2)).toString());     // the issuer rotated: k1 gone, k2 new

        assertThat(status(K2)).isEqualTo(401);               // answered at once, never waiting for the fetch
        await(() -> status(K2) == 200);

        assertThat(source.fetches()).isEqualTo(2);
        assertThat(requests.get()).isEqualTo(2);
    }

    @Test
    void missesWithinTheMinimumIntervalDoNotFetchAgain() throws Exception {
        JwksKeys source = (JwksKeys) keys(JwksConfig.defaults()).source;
        served.set(new JWKSet(List.of(K2)).toString());
        await(() -> status(K2) == 200);

        for (int i = 0; i < 20; i++) {
            assertThat(status(Tokens.rsa("k" + (3 + i % 2)))).isEqualTo(401);
        }

        assertThat(source.fetches()).isEqualTo(2);
    }

    @Test
    void concurrentMissesShareOneFetch() throws Exception {
        JwtKeys keys = keys(new JwksConfig(Duration.ofMillis(1), Duration.ofNanos(1), Duration.ofSeconds(5)));
        JwksKeys source = (JwksKeys) keys.source;
        park = true;
        assertThat(status(K2)).isEqualTo(401);
        await(() -> !parked.isEmpty());

        for (int i = 0; i < 20; i++) {
            assertThat(status(K2)).isEqualTo(401);
        }

        assertThat(source.fetches()).isEqualTo(2);
    }

    @Test
    void agingKeysAreRefreshedInTheBackground() throws Exception {
        JwksKeys source = (JwksKeys) keys(new JwksConfig(Duration.ofMillis(20), Duration.ofMillis(20),
                Duration.ofSeconds(5))).source;

        await(() -> status(K1) == 200 && source.fetches() >= 3);

        assertThat(requests.get()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void failedFetchKeepsThePreviousKeys() throws Exception {
        JwksKeys source = (JwksKeys) keys(new JwksConfig(Duration.ofMillis(1), Duration.ofNanos(1),
                Duration.ofSeconds(5))).source;
        served.set("not json");

        await(() -> {
            assertThat(status(K1)).isEqualTo(200);     // every request in between passes on the old keys
            return requests.get() >= 3;
        });

        assertThat(status(K1)).isEqualTo(200);
        assertThat(source.fetches()).isGreaterThanOrEqualTo(3);
    }
}
