package dev.pronto.auth;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * How {@link Auth#jwt(JwtConfig)} verifies Bearer tokens. The accepted algorithms are configured here and
 * never taken from the token: a token whose {@code alg} is not listed, or does not fit the type of the key
 * its {@code kid} names, is refused ({@code alg: none} always is).
 *
 * @param keys where the verification keys come from
 * @param algorithms the accepted JWS algorithms, e.g. {@code RS256}; among HS256, HS384, HS512, RS256,
 *        RS384, RS512, PS256, ES256, ES384
 * @param issuer the required {@code iss}, or null to accept any
 * @param audiences the accepted {@code aud} values (one must match), or empty to accept any
 * @param clockSkew tolerance for {@code exp} and {@code nbf}; 0..10 minutes
 * @param rolesClaim the claim holding the roles (an array of strings, or one string)
 * @param realm the realm named in {@code WWW-Authenticate}
 */
public record JwtConfig(JwtKeys keys, Set<String> algorithms, String issuer, Set<String> audiences,
                        Duration clockSkew, String rolesClaim, String realm) {
    private static final Set<String> KNOWN = Set.of("HS256", "HS384", "HS512", "RS256", "RS384", "RS512",
            "PS256", "ES256", "ES384");

    /** Validates the settings; messages name the field and the value. */
    public JwtConfig {
        Objects.requireNonNull(keys, "keys");
        algorithms = Set.copyOf(algorithms);
        audiences = Set.copyOf(audiences);
        Objects.requireNonNull(clockSkew, "clockSkew");
        if (algorithms.isEmpty() || !KNOWN.containsAll(algorithms)) {
            throw new IllegalArgumentException("algorithms must be a non-empty subset of " + KNOWN + ", got " + algorithms);
        }
        if (clockSkew.isNegative() || clockSkew.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("clockSkew must be in 0..10 minutes, got " + clockSkew);
        }
        if (rolesClaim == null || rolesClaim.isBlank()) {
            throw new IllegalArgumentException("rolesClaim must not be blank, got '" + rolesClaim + "'");
        }
        if (realm == null || realm.isBlank() || realm.indexOf('"') >= 0 || realm.indexOf('\\') >= 0) {
            throw new IllegalArgumentException("realm must be non-blank text without quotes or backslashes, got '" + realm + "'");
        }
    }

    /** A builder for keys {@code keys}: RS256 only, any issuer and audience, 60 s skew, roles in {@code roles}, realm {@code api}. */
    public static Builder builder(JwtKeys keys) {
        return new Builder(keys);
    }

    /** Builds a {@link JwtConfig}; not thread-safe. */
    public static final class Builder {
        private final JwtKeys keys;
        private Set<String> algorithms = Set.of("RS256");
        private String issuer;
        private Set<String> audiences = Set.of();
        private Duration clockSkew = Duration.ofSeconds(60);
        private String rolesClaim = "roles";
        private String realm = "api";

        private Builder(JwtKeys keys) {
            this.keys = keys;
        }

        /** The accepted algorithms (default RS256). */
        public Builder algorithms(String... value) {
            algorithms = Set.of(value);
            return this;
        }

        /** The required issuer (default: any). */
        public Builder issuer(String value) {
            issuer = value;
            return this;
        }

        /** The accepted audiences, one of which the token's {@code aud} must hold (default: any). */
        public Builder audiences(String... value) {
            audiences = Set.of(value);
            return this;
        }

        /** Tolerance for {@code exp} and {@code nbf} (default 60 s). */
        public Builder clockSkew(Duration value) {
            clockSkew = value;
            return this;
        }

        /** The claim holding the roles (default {@code roles}). */
        public Builder rolesClaim(String value) {
            rolesClaim = value;
            return this;
        }

        /** The realm in {@code WWW-Authenticate} (default {@code api}). */
        public Builder realm(String value) {
            realm = value;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} for an invalid setting. */
        public JwtConfig build() {
            return new JwtConfig(keys, algorithms, issuer, audiences, clockSkew, rolesClaim, realm);
        }
    }
}
