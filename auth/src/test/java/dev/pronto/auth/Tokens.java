package dev.pronto.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/** Keys and signed tokens for the tests. */
final class Tokens {
    static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
    static final byte[] SECRET = "0123456789abcdef0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private Tokens() {
    }

    static RSAKey rsa(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static ECKey ec(String kid) {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Claims valid at {@link #NOW}: subject ada, issuer and audience set, roles and scopes. */
    static JWTClaimsSet.Builder claims() {
        return new JWTClaimsSet.Builder().subject("ada").issuer("https://issuer.test").audience("orders")
                .issueTime(Date.from(NOW.minusSeconds(60))).expirationTime(Date.from(NOW.plusSeconds(600)))
                .claim("roles", List.of("admin", "user")).claim("scope", "orders:read orders:write");
    }

    static String sign(JWK key, JWTClaimsSet claims) {
        try {
            JWSSigner signer;
            JWSAlgorithm alg;
            if (key instanceof RSAKey rsa) {
                signer = new RSASSASigner(rsa);
                alg = JWSAlgorithm.RS256;
            } else if (key instanceof ECKey ec) {
                signer = new ECDSASigner(ec);
                alg = JWSAlgorithm.ES256;
            } else {
                throw new IllegalArgumentException(key.getKeyType().toString());
            }
            return sign(signer, new JWSHeader.Builder(alg).keyID(key.getKeyID()).build(), claims);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hmac(byte[] secret, String kid, JWTClaimsSet claims) {
        try {
            return sign(new MACSigner(secret), new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(kid).build(), claims);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sign(JWSSigner signer, JWSHeader header, JWTClaimsSet claims) throws JOSEException {
        SignedJWT jwt = new SignedJWT(header, claims);
        jwt.sign(signer);
        return jwt.serialize();
    }
}
