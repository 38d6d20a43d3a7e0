package dev.pronto.auth.internal;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.pronto.auth.JwtConfig;
import dev.pronto.auth.Principal;
import java.text.ParseException;
import java.time.Clock;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Verifies a compact JWS: algorithm from the configured set, key by {@code kid} and of the algorithm's
 * type, signature, then {@code exp}/{@code nbf}/{@code iss}/{@code aud}. A verified token is remembered
 * (bounded; only signed tokens get in, so a client cannot fill it) with the key set that verified it, so a
 * client presenting the same token again costs a map lookup and the time checks until the keys change.
 */
public final class JwtVerifier {
    /** How many verified tokens are remembered by default. */
    public static final int CACHE_SIZE = 10_000;

    private final KeySource keys;
    private final JwtConfig config;
    private final Set<JWSAlgorithm> algorithms;
    private final long skewMillis;
    private final Clock clock;
    private final ConcurrentHashMap<String, Verified> cache = new ConcurrentHashMap<>();
    private final int cacheSize;

    /**
     * A verifier of tokens under {@code config}, reading the time from {@code clock}, remembering up to
     * {@code cacheSize} verified tokens (0: none, every token is verified in full).
     */
    public JwtVerifier(KeySource keys, JwtConfig config, Clock clock, int cacheSize) {
        this.cacheSize = cacheSize;
        this.keys = keys;
        this.config = config;
        this.algorithms = config.algorithms().stream().map(JWSAlgorithm::parse).collect(Collectors.toUnmodifiableSet());
        this.skewMillis = config.clockSkew().toMillis();
        this.clock = clock;
    }

    /** The principal {@code token} proves; thread-safe, never blocks. */
    public Principal verify(String token) throws TokenRejected {
        keys.touch();
        KeySource.KeySet current = keys.current();
        long now = clock.millis();
        Verified hit = cache.get(token);
        if (hit != null && hit.keys == current) {
            times(hit.expires, Long.MIN_VALUE, now);
            return hit.principal;
        }
        SignedJWT jwt = parse(token);
        signature(jwt, current);
        JWTClaimsSet claims = claims(jwt);
        long expires = millis(claims.getExpirationTime(), Long.MAX_VALUE);
        times(expires, millis(claims.getNotBeforeTime(), Long.MIN_VALUE), now);
        if (config.issuer() != null && !config.issuer().equals(claims.getIssuer())) {
            throw TokenRejected.ISSUER;
        }
        if (!config.audiences().isEmpty() && claims.getAudience().stream().noneMatch(config.audiences()::contains)) {
            throw TokenRejected.AUDIENCE;
        }
        Principal principal = Claims.principal(claims, config.rolesClaim());
        if (cacheSize > 0) {
            if (cache.size() >= cacheSize) {
                cache.clear();      // crude but bounded; valid tokens are re-verified once
            }
            cache.put(token, new Verified(principal, expires, current));
        }
        return principal;
    }

    private SignedJWT parse(String token) throws TokenRejected {
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!algorithms.contains(jwt.getHeader().getAlgorithm())) {
                throw TokenRejected.ALGORITHM;
            }
            return jwt;
        } catch (ParseException | RuntimeException e) {
            throw TokenRejected.MALFORMED;      // includes alg "none", which is no JWS
        }
    }

    private void signature(SignedJWT jwt, KeySource.KeySet current) throws TokenRejected {
        String kid = jwt.getHeader().getKeyID();
        List<JWSVerifier> candidates = current.find(kid);
        if (candidates == null) {
            keys.missed(kid);
            throw TokenRejected.UNKNOWN_KEY;
        }
        JWSAlgorithm alg = jwt.getHeader().getAlgorithm();
        boolean fitting = false;
        for (JWSVerifier verifier : candidates) {
            if (verifier.supportedJWSAlgorithms().contains(alg)) {
                fitting = true;
                if (verified(jwt, verifier)) {
                    return;
                }
            }
        }
        throw fitting ? TokenRejected.SIGNATURE : TokenRejected.KEY_TYPE;
    }

    private static boolean verified(SignedJWT jwt, JWSVerifier verifier) {
        try {
            return jwt.verify(verifier);
        } catch (JOSEException | RuntimeException e) {
            return false;
        }
    }

    private static JWTClaimsSet claims(SignedJWT jwt) throws TokenRejected {
        try {
            return jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            throw TokenRejected.MALFORMED;
        }
    }

    private void times(long expires, long notBefore, long now) throws TokenRejected {
        if (expires != Long.MAX_VALUE && now - skewMillis >= expires) {
            throw TokenRejected.EXPIRED;
        }
        if (notBefore != Long.MIN_VALUE && now + skewMillis < notBefore) {
            throw TokenRejected.NOT_YET_VALID;
        }
    }

    private static long millis(Date date, long absent) {
        return date == null ? absent : date.getTime();
    }

    private record Verified(Principal principal, long expires, KeySource.KeySet keys) {
    }
}
