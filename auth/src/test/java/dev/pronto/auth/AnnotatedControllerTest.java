package dev.pronto.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code @RolesAllowed} on a generated controller, behind {@link Auth#jwt}, over h2c. */
class AnnotatedControllerTest {
    private static final RSAKey RSA = Tokens.rsa("r1");
    private static TestClient client;

    @BeforeAll
    static void start() throws Exception {
        Authenticator jwt = Auth.jwt(JwtConfig.builder(JwtKeys.publicKey("r1", RSA.toRSAPublicKey())).build(),
                Clock.fixed(Tokens.NOW, ZoneOffset.UTC));
        client = TestClient.start(Server.builder().routes(r -> r.group("/api", g -> g.onRequest(jwt)
                .register(new AdminController$Routes(new AdminController())))), TestClient.Protocol.H2C);
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    private static TestResponse get(String path, String roles) {
        String token = Tokens.sign(RSA, Tokens.claims().claim("roles", roles).build());
        return client.request("GET", path, Map.of("Authorization", "Bearer " + token), null);
    }

    @Test
    void callerWithTheClassRoleIsAdmitted() {
        TestResponse res = get("/api/admin/whoami", "admin");

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("ada");
    }

    @Test
    void callerWithoutItIs403() {
        TestResponse res = get("/api/admin/whoami", "user");

        assertThat(res.status()).isEqualTo(403);
        assertThat(res.header("Content-Type")).startsWith("application/problem+json");
    }

    @Test
    void methodRoleReplacesTheClassRole() {
        assertThat(get("/api/admin/audit", "auditor").status()).isEqualTo(200);
        assertThat(get("/api/admin/audit", "admin").status()).isEqualTo(403);
    }

    @Test
    void requestWithoutATokenIs401FromTheAuthenticator() {
        TestResponse res = client.get("/api/admin/whoami");

        assertThat(res.status()).isEqualTo(401);
        assertThat(res.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"api\"");
    }
}
