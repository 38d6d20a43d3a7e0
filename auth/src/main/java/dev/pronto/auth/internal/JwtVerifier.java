package dev.pronto.auth.internal;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.pronto.auth.JtiCheck;
import dev.pronto.auth.JwtConfig;
import dev.pronto.auth.Principal;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Verifies a compact JWS: the strict syntax and JSON of {@link CompactJws}, algorithm from the configured set
 * and {@code typ} when configured, key by {@code kid} and of the algorithm's type, signature, then
 * {@code exp}/{@code nbf}/{@code iat} age/{@code iss}/{@code aud}/{@code jti}. A verified token is remembered
 * (bounded; only signed tokens get in, so a client cannot fill it) with the key set that verified it, so a
 * client presenting the same token again costs a map lookup and the time checks until the keys change.
 * Header and claims are decoded and parsed once, by {@link CompactJws}; the JOSE library builds its header
 * and claims set from those maps and checks the signature over the token's own signing input.
 */
public final class JwtVerifier {
    /** How many verified tokens are remembered by default. */
    public static final int CACHE_SIZE = 10_000;

    private final KeySource keys;
    private final JwtConfig config;
    private final Set<JWSAlgorithm> algorithms;
    private final long skewMillis;
    private final long maxAgeMillis;
    private final String type;
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
        this.maxAgeMillis = config.maxAge() == null ? 0 : config.maxAge().toMillis();
        this.type = config.type() == null ? null : mediaType(new JOSEObjectType(config.type()));
        this.clock = clock;
    }

    /**
     * The principal {@code token} proves; thread-safe, never blocks. A remembered token (the very string
     * that passed every check once) costs the lookup and the time, age and {@code jti} checks; any other
     * token must pass the strict syntax and JSON checks before it is parsed, its signature checked, or it
     * is remembered.
     */
    public Principal verify(String token) throws TokenRejected {
        if (token.length() > CompactJws.MAX_TOKEN) {
            throw TokenRejected.TOO_LARGE;
        }
        keys.touch();
        KeySource.KeySet current = keys.current();
        long now = clock.millis();
        // only tokens that passed every check below are in the cache, so an exact hit is such a token
        // and the strict syntax need not be scanned again; a malformed string can only miss
        Verified hit = cache.get(token);
        if (hit != null && hit.keys == current) {
            times(hit.expires, Long.MIN_VALUE, now);
            age(hit.issued, now);
            jti(hit.jti, hit.expires);
            return hit.principal;
        }
        CompactJws jws = CompactJws.read(token);
        JWSHeader header = header(jws.header());
        signature(header, jws, current);
        Verified verified = check(claims(jws.claims()), current, now);
        if (cacheSize > 0) {
            if (cache.size() >= cacheSize) {
                cache.clear();      // crude but bounded; valid tokens are re-verified once
            }
            cache.put(token, verified);
        }
        return verified.principal;
    }

    private Verified check(JWTClaimsSet claims, KeySource.KeySet current, long now) throws TokenRejected {
        long expires = millis(claims.getExpirationTime(), Long.MAX_VALUE);
        if (expires == Long.MAX_VALUE && config.expiry() == JwtConfig.Expiry.REQUIRED) {
            throw TokenRejected.NO_EXPIRY;
        }
        times(expires, millis(claims.getNotBeforeTime(), Long.MIN_VALUE), now);
        long issued = millis(claims.getIssueTime(), Long.MIN_VALUE);
        age(issued, now);
        if (config.issuer() != null && !config.issuer().equals(claims.getIssuer())) {
            throw TokenRejected.ISSUER;
        }
        if (!config.audiences().isEmpty() && claims.getAudience().stream().noneMatch(config.audiences()::contains)) {
            throw TokenRejected.AUDIENCE;
        }
        String id = claims.getJWTID();
        jti(id, expires);
        return new Verified(Claims.principal(claims, config.rolesClaim()), expires, issued, id, current);
    }

    /** With a maximum age: {@code iat} is required, not older than the age, and not in the future. */
    private void age(long issued, long now) throws TokenRejected {
        if (maxAgeMillis == 0) {
            return;
        }
        if (issued == Long.MIN_VALUE) {
            throw TokenRejected.NO_ISSUE_TIME;
        }
        if (now - skewMillis > issued + maxAgeMillis) {
            throw TokenRejected.TOO_OLD;
        }
        if (now + skewMillis < issued) {
            throw TokenRejected.NOT_YET_VALID;
        }
    }

    private void jti(String id, long expires) throws TokenRejected {
        JtiCheck check = config.jtiCheck();
        if (check == null) {
            return;
        }
        if (id == null) {
            throw TokenRejected.NO_ID;
        }
        boolean admitted;
        try {
            admitted = check.admit(id, expires == Long.MAX_VALUE ? Instant.MAX : Instant.ofEpochMilli(expires));
        } catch (RuntimeException e) {
            admitted = false;
        }
        if (!admitted) {
            throw TokenRejected.REPLAYED;
        }
    }

    /** The JOSE header from the members the strict reader built (null: members the library refuses). */
    private JWSHeader header(Map<String, Object> members) throws TokenRejected {
        try {
            if (members == null) {
                throw TokenRejected.MALFORMED;
            }
            JWSHeader header = JWSHeader.parse(members, null);
            if (!algorithms.contains(header.getAlgorithm())) {
                throw TokenRejected.ALGORITHM;
            }
            if (header.getIncludedParams().contains("crit") && header.getCriticalParams() == null
                    || header.getCriticalParams() != null && header.getCriticalParams().isEmpty()) {
                throw TokenRejected.MALFORMED;     // RFC 7515 4.1.11: never an empty list
            }
            if (type != null && !type.equalsIgnoreCase(mediaType(header.getType()))) {
                throw TokenRejected.TYPE;
            }
            return header;
        } catch (ParseException | RuntimeException e) {
            throw TokenRejected.MALFORMED;      // includes alg "none", which is no JWS
        }
    }

    private void signature(JWSHeader header, CompactJws jws, KeySource.KeySet current) throws TokenRejected {
        String kid = header.getKeyID();
        List<JWSVerifier> candidates = current.find(kid);
        if (candidates == null) {
            keys.missed(kid);
            throw TokenRejected.UNKNOWN_KEY;
        }
        JWSAlgorithm alg = header.getAlgorithm();
        byte[] signingInput = null;
        Base64URL signature = null;
        boolean fitting = false;
        for (JWSVerifier verifier : candidates) {
            if (verifier.supportedJWSAlgorithms().contains(alg)) {
                if (!fitting) {
                    fitting = true;
                    signingInput = jws.signingInput(header);
                    signature = jws.signature();
                }
                if (verified(verifier, header, signingInput, signature)) {
                    return;
                }
            }
        }
        throw fitting ? TokenRejected.SIGNATURE : TokenRejected.KEY_TYPE;
    }

    /** The {@code typ} without an {@code application/} prefix (RFC 7515 §4.1.9), or null. */
    private static String mediaType(JOSEObjectType typ) {
        if (typ == null) {
            return null;
        }
        String t = typ.getType();
        return t.regionMatches(true, 0, "application/", 0, 12) && t.indexOf('/', 12) < 0 ? t.substring(12) : t;
    }

    /** Verifiers do not modify their arguments, so one signing input serves every candidate key. */
    private static boolean verified(JWSVerifier verifier, JWSHeader header, byte[] signingInput, Base64URL signature) {
        try {
            return verifier.verify(header, signingInput, signature);
        } catch (JOSEException | RuntimeException e) {
            return false;
        }
    }

    /** The claims set from the members the strict reader built (null: members the library refuses). */
    private static JWTClaimsSet claims(Map<String, Object> members) throws TokenRejected {
        if (members == null) {
            throw TokenRejected.MALFORMED;
        }
        try {
            return JWTClaimsSet.parse(members);
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

    private record Verified(Principal principal, long expires, long issued, String jti, KeySource.KeySet keys) {
    }
}
