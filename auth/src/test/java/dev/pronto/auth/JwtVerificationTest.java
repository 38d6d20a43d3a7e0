package dev.pronto.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.PlainJWT;
import dev.pronto.auth.internal.JwtVerifier;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import org.junit.jupiter.api.Test;

/** The checks of {@link JwtVerifier}, on tokens signed by the tests' keys. */
class JwtVerificationTest {
    private static final RSAKey RSA = Tokens.rsa("r1");
    private static final ECKey EC = Tokens.ec("e1");
    private static final Clock CLOCK = Clock.fixed(Tokens.NOW, ZoneOffset.UTC);

    private static JwtVerifier verifier(JwtKeys keys, String... algorithms) {
        JwtConfig config = JwtConfig.builder(keys).algorithms(algorithms).issuer("https://issuer.test")
                .audiences("orders").clockSkew(Duration.ofSeconds(30)).build();
        return new JwtVerifier(keys.source, config, CLOCK, 0);
    }

    private static JwtKeys rsaKeys() {
        try {
            return JwtKeys.publicKey("r1", RSA.toRSAPublicKey());
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void validRs256TokenGivesThePrincipal() throws Exception {
        Principal p = verifier(rsaKeys(), "RS256").verify(Tokens.sign(RSA, Tokens.claims().build()));

        assertThat(p.name()).isEqualTo("ada");
        assertThat(p.roles()).containsExactlyInAnyOrder("admin", "user");
        assertThat(p.scopes()).containsExactlyInAnyOrder("orders:read", "orders:write");
        assertThat(p.claims()).containsEntry("iss", "https://issuer.test");
    }

    @Test
    void validEs256Token() throws Exception {
        JwtKeys keys = JwtKeys.publicKey("e1", EC.toECPublicKey());

        assertThat(verifier(keys, "ES256").verify(Tokens.sign(EC, Tokens.claims().build())).name()).isEqualTo("ada");
    }

    @Test
    void validHs256Token() throws Exception {
        JwtKeys keys = JwtKeys.hmac(null, Tokens.SECRET);

        assertThat(verifier(keys, "HS256").verify(Tokens.hmac(Tokens.SECRET, null, Tokens.claims().build())).name())
                .isEqualTo("ada");
    }

    @Test
    void secretWithoutKidDoesNotVerifyTokensNamingOne() {
        JwtKeys keys = JwtKeys.hmac(null, Tokens.SECRET);
        String token = Tokens.hmac(Tokens.SECRET, "any", Tokens.claims().build());

        assertThatThrownBy(() -> verifier(keys, "HS256").verify(token)).hasMessage("The token's key is unknown");
    }

    @Test
    void publicKeyWithoutKidVerifiesTokensNamingOne() throws Exception {
        JwtKeys keys = JwtKeys.publicKey(null, RSA.toRSAPublicKey());

        assertThat(verifier(keys, "RS256").verify(Tokens.sign(RSA, Tokens.claims().build())).name()).isEqualTo("ada");
    }

    @Test
    void publicKeyFromPemVerifies() throws Exception {
        String pem = "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(EC.toECPublicKey().getEncoded()) + "\n-----END PUBLIC KEY-----\n";

        assertThat(verifier(JwtKeys.pem("e1", pem), "ES256").verify(Tokens.sign(EC, Tokens.claims().build())).name())
                .isEqualTo("ada");
    }

    @Test
    void expiredTokenIsRefused() {
        String token = Tokens.sign(RSA, Tokens.claims().expirationTime(Date.from(Tokens.NOW.minusSeconds(31))).build());

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(token)).hasMessage("The token expired");
    }

    @Test
    void expiryWithinTheClockSkewIsAccepted() throws Exception {
        String token = Tokens.sign(RSA, Tokens.claims().expirationTime(Date.from(Tokens.NOW.minusSeconds(29))).build());

        assertThat(verifier(rsaKeys(), "RS256").verify(token).name()).isEqualTo("ada");
    }

    @Test
    void tokenNotYetValidIsRefused() {
        String token = Tokens.sign(RSA, Tokens.claims().notBeforeTime(Date.from(Tokens.NOW.plusSeconds(31))).build());

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(token)).hasMessage("The token is not valid yet");
    }

    @Test
    void wrongAudienceIsRefused() {
        String token = Tokens.sign(RSA, Tokens.claims().audience("billing").build());

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(token)).hasMessage("The token's audience is not accepted");
    }

    @Test
    void wrongIssuerIsRefused() {
        String token = Tokens.sign(RSA, Tokens.claims().issuer("https://evil.test").build());

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(token)).hasMessage("The token's issuer is not accepted");
    }

    @Test
    void signatureByAnotherKeyWithTheSameKidIsRefused() {
        String token = Tokens.sign(Tokens.rsa("r1"), Tokens.claims().build());

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(token)).hasMessage("The token's signature is invalid");
    }

    @Test
    void tamperedPayloadIsRefused() {
        String[] parts = Tokens.sign(RSA, Tokens.claims().build()).split("\\.");
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(
                Tokens.claims().subject("root").build().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(parts[0] + "." + forged + "." + parts[2]))
                .hasMessage("The token's signature is invalid");
    }

    @Test
    void algNoneIsRefused() {
        String token = new PlainJWT(Tokens.claims().build()).serialize();

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(token)).hasMessage("The token is malformed");
        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(token + "sig")).hasMessage("The token is malformed");
    }

    @Test
    void hmacTokenKeyedWithThePublicRsaKeyIsRefused() throws Exception {
        // the classic confusion: the attacker HMACs with the (public) RSA key as the secret
        byte[] publicKeyAsSecret = RSA.toRSAPublicKey().getEncoded();
        String token = Tokens.hmac(publicKeyAsSecret, "r1", Tokens.claims().build());

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256", "HS256").verify(token))
                .hasMessage("The token's algorithm does not fit its key");
    }

    @Test
    void algorithmOutsideTheConfiguredSetIsRefused() {
        String token = Tokens.hmac(Tokens.SECRET, null, Tokens.claims().build());

        assertThatThrownBy(() -> verifier(JwtKeys.hmac(null, Tokens.SECRET), "RS256").verify(token))
                .hasMessage("The token's algorithm is not accepted");
    }

    @Test
    void unknownKidIsRefused() {
        String token = Tokens.sign(Tokens.rsa("r2"), Tokens.claims().build());

        assertThatThrownBy(() -> verifier(rsaKeys(), "RS256").verify(token)).hasMessage("The token's key is unknown");
    }

    @Test
    void rememberedTokenIsStillCheckedForExpiry() throws Exception {
        MutableClock clock = new MutableClock();
        JwtKeys keys = rsaKeys();
        JwtVerifier cached = new JwtVerifier(keys.source, JwtConfig.builder(keys).build(), clock, 10);
        String token = Tokens.sign(RSA, Tokens.claims().build());
        assertThat(cached.verify(token).name()).isEqualTo("ada");

        clock.now = Tokens.NOW.plusSeconds(3600);

        assertThatThrownBy(() -> cached.verify(token)).hasMessage("The token expired");
    }

    private static final class MutableClock extends Clock {
        java.time.Instant now = Tokens.NOW;

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public java.time.Instant instant() {
            return now;
        }
    }
}
