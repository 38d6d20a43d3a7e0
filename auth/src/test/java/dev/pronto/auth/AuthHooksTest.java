package dev.pronto.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The authenticators as route-group plugins: challenges, problem+json, roles, scopes and the principal. */
class AuthHooksTest {
    private static final RSAKey RSA = Tokens.rsa("r1");
    private static TestClient client;

    @BeforeAll
    static void start() throws Exception {
        JwtKeys keys = JwtKeys.publicKey("r1", RSA.toRSAPublicKey());
        Authenticator jwt = Auth.jwt(JwtConfig.builder(keys).audiences("orders").realm("shop").build(),
                Clock.fixed(Tokens.NOW, ZoneOffset.UTC));
        Authenticator basic = Auth.basic("ops", (user, password) ->
                user.equals("ops") && BasicVerifier.matches(password, "s3cret") ? Principal.of("ops", "operator") : null);
        client = TestClient.start(Server.builder().routes(r -> r
                .get("/open", (req, res) -> res.send("open"))
                .group("/api", g -> g.onRequest(jwt)
                        .get("/me", (req, res) -> res.send(Auth.principal(req).name()))
                        .group("/admin", a -> a.onRequest(Auth.requireRoles("admin")).get("/x", (req, res) -> res.send("x"))))
                .group("/admin", g -> g.onRequest(jwt.requireRoles("superuser")).get("/x", (req, res) -> res.send("x")))
                .group("/pay", g -> g.onRequest(jwt.requireScopes("pay")).get("/x", (req, res) -> res.send("x")))
                .group("/ops", g -> g.onRequest(basic).get("/x", (req, res) -> res.send(Auth.principal(req).name())))));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    private static TestResponse get(String path, String authorization) {
        return client.request("GET", path, Map.of("Authorization", authorization), null);
    }

    private static String bearer(com.nimbusds.jwt.JWTClaimsSet claims) {
        return "Bearer " + Tokens.sign(RSA, claims);
    }

    @Test
    void validTokenReachesTheHandlerWithItsPrincipal() {
        TestResponse res = get("/api/me", bearer(Tokens.claims().build()));

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("ada");
    }

    @Test
    void missingTokenIs401WithABareBearerChallenge() {
        TestResponse res = client.get("/api/me");

        assertThat(res.status()).isEqualTo(401);
        assertThat(res.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"shop\"");
        assertThat(res.header("Content-Type")).startsWith("application/problem+json");
        assertThat(res.text()).contains("\"status\":401");
    }

    @Test
    void invalidTokenIs401InvalidToken() {
        TestResponse res = get("/api/me", bearer(Tokens.claims().audience("billing").build()));

        assertThat(res.status()).isEqualTo(401);
        assertThat(res.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"shop\", error=\"invalid_token\", "
                + "error_description=\"The token's audience is not accepted\"");
        assertThat(res.text()).contains("The token's audience is not accepted");
    }

    @Test
    void garbageAfterBearerIs401InvalidToken() {
        assertThat(get("/api/me", "Bearer not.a.jwt").header("WWW-Authenticate")).contains("error=\"invalid_token\"");
    }

    @Test
    void missingRoleOfTheAuthenticatorIs403ProblemJson() {
        TestResponse res = get("/admin/x", bearer(Tokens.claims().build()));

        assertThat(res.status()).isEqualTo(403);
        assertThat(res.header("Content-Type")).startsWith("application/problem+json");
        assertThat(res.header("WWW-Authenticate")).isNull();
    }

    @Test
    void roleCheckOfANestedGroupAdmitsTheHolder() {
        assertThat(get("/api/admin/x", bearer(Tokens.claims().build())).status()).isEqualTo(200);
        assertThat(get("/api/admin/x", bearer(Tokens.claims().claim("roles", "user").build())).status()).isEqualTo(403);
    }

    @Test
    void missingScopeIs403InsufficientScope() {
        TestResponse res = get("/pay/x", bearer(Tokens.claims().build()));

        assertThat(res.status()).isEqualTo(403);
        assertThat(res.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"shop\", error=\"insufficient_scope\", scope=\"pay\"");
    }

    @Test
    void routesOutsideTheGroupStayOpen() {
        assertThat(client.get("/open").status()).isEqualTo(200);
    }

    @Test
    void basicWithGoodCredentialsReachesTheHandler() {
        TestResponse res = get("/ops/x", basic("ops:s3cret"));

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("ops");
    }

    @Test
    void basicWithAWrongPasswordIs401WithABasicChallenge() {
        TestResponse res = get("/ops/x", basic("ops:guess"));

        assertThat(res.status()).isEqualTo(401);
        assertThat(res.header("WWW-Authenticate")).isEqualTo("Basic realm=\"ops\", charset=\"UTF-8\"");
        assertThat(res.header("Content-Type")).startsWith("application/problem+json");
    }

    @Test
    void basicThatIsNotBase64Is401() {
        assertThat(get("/ops/x", "Basic %%%").status()).isEqualTo(401);
    }

    @Test
    void constantTimeMatchNeverMatchesNull() {
        assertThat(BasicVerifier.matches(null, "x")).isFalse();
        assertThat(BasicVerifier.matches("x", "x")).isTrue();
        assertThat(BasicVerifier.matches("x", "y")).isFalse();
    }

    private static String basic(String credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }
}
