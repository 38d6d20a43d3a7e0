package dev.pronto.auth;

import static dev.pronto.auth.JwtAttacks.CLAIMS;
import static dev.pronto.auth.JwtAttacks.claims;
import static dev.pronto.auth.JwtAttacks.hs256;
import static dev.pronto.auth.JwtAttacks.rs256;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import dev.pronto.core.Server;
import java.io.ByteArrayOutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Attacks on Bearer JWT verification (RFC 7515, 7519, 8725, 6750) against a real server over a socket:
 * alphabets, padding, whitespace, segment counts, non-object and duplicate-member JSON, {@code alg},
 * {@code kid}, {@code jku}, {@code jwk}, {@code crit}, time claims, explicit typing, token ids and sizes.
 * The valid tokens are presented first, so every variant of them meets a warm verified-token cache.
 */
class JwtAttackSuiteTest {
    static final RSAKey RSA = Tokens.rsa("r1");
    static final RSAKey ATTACKER = Tokens.rsa("r1");
    static final byte[] SECRET = Tokens.SECRET;
    static final byte[] OTHER_SECRET = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII);
    static final String RS = "{\"alg\":\"RS256\",\"kid\":\"r1\"}";
    static final String HS = "{\"alg\":\"HS256\",\"kid\":\"h1\"}";
    static final String VALID_RS = validWithUrlSafeSignature();
    static final String VALID_HS = hs256(HS, CLAIMS, SECRET);
    private static Server server;

    @BeforeAll
    static void start() throws Exception {
        JWKSet set = new JWKSet(List.of(RSA.toPublicJWK(), new OctetSequenceKey.Builder(SECRET).keyID("h1").build()));
        JwtKeys keys = JwtKeys.jwks(set.toString(false));
        Clock clock = Clock.fixed(Tokens.NOW, ZoneOffset.UTC);
        Set<String> seen = ConcurrentHashMap.newKeySet();
        Authenticator api = Auth.jwt(base(keys).build(), clock);
        Authenticator typed = Auth.jwt(base(keys).type("at+jwt").build(), clock);
        Authenticator aged = Auth.jwt(base(keys).maxAge(Duration.ofMinutes(5)).build(), clock);
        Authenticator once = Auth.jwt(base(keys).jtiCheck((jti, expires) -> seen.add(jti)).build(), clock);
        Authenticator optional = Auth.jwt(base(keys).expiry(JwtConfig.Expiry.OPTIONAL).build(), clock);
        Authenticator kidless = Auth.jwt(JwtConfig.builder(JwtKeys.hmac(null, OTHER_SECRET)).algorithms("HS256").build(), clock);
        server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1).maxHeaderSize(64 * 1024))
                .routes(r -> r
                        .group("/api", g -> g.onRequest(api).get("/me", (req, res) -> res.send(Auth.principal(req).name())))
                        .group("/admin", g -> g.onRequest(api.requireRoles("admin")).get("/x", (req, res) -> res.send("admin")))
                        .group("/typed", g -> g.onRequest(typed).get("/me", (req, res) -> res.send("typed")))
                        .group("/aged", g -> g.onRequest(aged).get("/me", (req, res) -> res.send("aged")))
                        .group("/once", g -> g.onRequest(once).get("/me", (req, res) -> res.send("once")))
                        .group("/optional", g -> g.onRequest(optional).get("/me", (req, res) -> res.send("optional")))
                        .group("/kidless", g -> g.onRequest(kidless).get("/me", (req, res) -> res.send("kidless"))))
                .build().start();
        assertThat(status("/api/me", "Bearer " + VALID_RS)).isEqualTo(200);
        assertThat(status("/api/me", "Bearer " + VALID_HS)).isEqualTo(200);
    }

    private static JwtConfig.Builder base(JwtKeys keys) {
        return JwtConfig.builder(keys).algorithms("RS256", "HS256").issuer("https://issuer.test").audiences("orders")
                .clockSkew(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** A valid RS256 token whose signature holds '-' or '_', so that the standard alphabet changes it. */
    private static String validWithUrlSafeSignature() {
        for (int i = 0; ; i++) {
            String token = rs256(RS, claims(",\"n\":" + i), RSA);
            String sig = token.substring(token.lastIndexOf('.') + 1);
            if (sig.indexOf('-') >= 0 && sig.indexOf('_') >= 0) {
                return token;
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"dev.pronto.auth.JwtAttackCases#encoding", "dev.pronto.auth.JwtAttackCases#json", "dev.pronto.auth.JwtAttackCases#headers",
            "dev.pronto.auth.JwtAttackCases#timeClaims"})
    void attack(String path, String authorization, int expected) throws Exception {
        String response = exchange(path, authorization);
        int status = Integer.parseInt(response.substring(9, 12));

        assertThat(status).as(response).isEqualTo(expected);
        if (expected == 401 && authorization.length() > 7 && authorization.startsWith("Bearer ")) {
            assertThat(response).contains("error=\"invalid_token\"");
        }
    }

    static Arguments attack(String name, String path, String authorization, int expected) {
        return Arguments.of(Named.of(name, path), authorization, expected);
    }

    private static int status(String path, String authorization) throws Exception {
        return Integer.parseInt(exchange(path, authorization).substring(9, 12));
    }

    private static String exchange(String path, String authorization) throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            String request = "GET " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + authorization
                    + "\r\nConnection: close\r\n\r\n";
            s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            s.getInputStream().transferTo(out);
            return out.toString(StandardCharsets.UTF_8);
        }
    }
}
