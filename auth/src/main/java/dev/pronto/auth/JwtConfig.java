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
 * @param expiry whether a token must carry {@code exp} ({@link Expiry#REQUIRED} by default)
 * @param type the required {@code typ} header (e.g. {@code at+jwt}, compared ignoring case and an
 *        {@code application/} prefix, RFC 8725 §3.11), or null to accept any or none
 * @param maxAge the oldest {@code iat} accepted (a token must then carry {@code iat}), or null for no limit
 * @param jtiCheck the replay or revocation check of {@code jti} (a token must then carry one), or null
 */
public record JwtConfig(JwtKeys keys, Set<String> algorithms, String issuer, Set<String> audiences,
                        Duration clockSkew, String rolesClaim, String realm, Expiry expiry, String type,
                        Duration maxAge, JtiCheck jtiCheck) {
    private static final Set<String> KNOWN = Set.of("HS256", "HS384", "HS512", "RS256", "RS384", "RS512",
            "PS256", "ES256", "ES384");

    /** Whether a token must carry an {@code exp} claim. */
    public enum Expiry {
        /** A token without {@code exp} is refused (the default). */
        REQUIRED,
        /** A token without {@code exp} never expires: only for issuers that cannot set one. */
        OPTIONAL
    }

    /** Validates the settings; messages name the field and the value. */
    public JwtConfig {
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(expiry, "expiry");
        if (type != null && (type.isBlank() || !type.chars().allMatch(c -> c > 0x20 && c < 0x7F))) {
            throw new IllegalArgumentException("type must be a media type such as at+jwt, got '" + type + "'");
        }
        if (maxAge != null && (maxAge.isNegative() || maxAge.isZero())) {
            throw new IllegalArgumentException("maxAge must be positive, got " + maxAge);
        }
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

    /**
     * A builder for keys {@code keys}: RS256 only, any issuer and audience, 60 s skew, roles in {@code roles},
     * realm {@code api}, {@code exp} required, any {@code typ}, no age limit, no {@code jti} check.
     */
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
        private Expiry expiry = Expiry.REQUIRED;
        private String type;
        private Duration maxAge;
        private JtiCheck jtiCheck;

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

        /** Whether {@code exp} is required (default {@link Expiry#REQUIRED}). */
        public Builder expiry(Expiry value) {
            expiry = value;
            return this;
        }

        /** The required {@code typ} header, e.g. {@code at+jwt} for RFC 9068 access tokens (default: any). */
        public Builder type(String value) {
            type = value;
            return this;
        }

        /** The oldest token accepted, measured from its {@code iat}, which is then required (default: no limit). */
        public Builder maxAge(Duration value) {
            maxAge = value;
            return this;
        }

        /** The replay or revocation check of {@code jti}, which is then required (default: none). */
        public Builder jtiCheck(JtiCheck value) {
            jtiCheck = value;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} for an invalid setting. */
        public JwtConfig build() {
            return new JwtConfig(keys, algorithms, issuer, audiences, clockSkew, rolesClaim, realm, expiry, type,
                    maxAge, jtiCheck);
        }
    }
}
