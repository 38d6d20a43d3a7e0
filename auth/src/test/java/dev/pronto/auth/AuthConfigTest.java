package dev.pronto.auth;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Invalid settings are refused at construction, naming the field and the value. */
class AuthConfigTest {
    private static final JwtKeys KEYS = JwtKeys.hmac(null, Tokens.SECRET);

    @Test
    void algorithmNoneCannotBeConfigured() {
        assertThatThrownBy(() -> JwtConfig.builder(KEYS).algorithms("none").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("algorithms").hasMessageContaining("none");
    }

    @Test
    void negativeClockSkewIsRefused() {
        assertThatThrownBy(() -> JwtConfig.builder(KEYS).clockSkew(Duration.ofSeconds(-1)).build())
                .hasMessage("clockSkew must be in 0..10 minutes, got PT-1S");
    }

    @Test
    void realmWithAQuoteIsRefused() {
        assertThatThrownBy(() -> Auth.basic("a\"b", (u, p) -> null)).hasMessageContaining("realm");
    }

    @Test
    void shortHmacSecretIsRefused() {
        assertThatThrownBy(() -> JwtKeys.hmac(null, new byte[16])).hasMessage("secret must be at least 32 bytes, got 16");
    }

    @Test
    void minRefetchAboveRefreshIsRefused() {
        assertThatThrownBy(() -> new JwksConfig(Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(5)))
                .hasMessage("minRefetch must not exceed refresh (PT10S), got PT30S");
    }

    @Test
    void emptyRoleListIsRefused() {
        assertThatThrownBy(() -> Auth.jwt(JwtConfig.builder(KEYS).algorithms("HS256").build()).requireRoles())
                .hasMessage("roles must not be empty");
    }
}
