package dev.pronto.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import dev.pronto.auth.internal.JwksKeys;
import dev.pronto.auth.internal.KeySource;
import dev.pronto.auth.internal.PemKeys;
import dev.pronto.auth.internal.StaticKeys;
import dev.pronto.client.http.HttpClient;
import java.net.URI;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The keys that verify JWT signatures: a fixed key, a JWK set, or a JWKS URL fetched in the background.
 * Each key verifies only the algorithms of its own type (an RSA key RS/PS, an EC key ES, a secret HS).
 *
 * <p>Immutable (a JWKS source swaps its key set atomically); share one between authenticators.
 */
public final class JwtKeys {
    final KeySource source;
    private final CompletionStage<Void> loaded;

    private JwtKeys(KeySource source, CompletionStage<Void> loaded) {
        this.source = source;
        this.loaded = loaded;
    }

    /**
     * An HMAC secret (HS256/384/512) under {@code kid} (null: any).
     *
     * @throws IllegalArgumentException if the secret is shorter than 256 bits
     */
    public static JwtKeys hmac(String kid, byte[] secret) {
        try {
            return fixed(kid, new MACVerifier(secret.clone()));
        } catch (JOSEException e) {
            throw new IllegalArgumentException("secret must be at least 32 bytes, got " + secret.length, e);
        }
    }

    /**
     * An RSA or EC (P-256, P-384) public key under {@code kid} (null: any).
     *
     * @throws IllegalArgumentException for another key type or curve
     */
    public static JwtKeys publicKey(String kid, PublicKey key) {
        try {
            return switch (key) {
                case RSAPublicKey rsa -> fixed(kid, new RSASSAVerifier(rsa));
                case ECPublicKey ec -> fixed(kid, new ECDSAVerifier(ec));
                default -> throw new IllegalArgumentException("key must be an RSA or EC public key, got " + key.getAlgorithm());
            };
        } catch (JOSEException e) {
            throw new IllegalArgumentException("key is not usable for JWS: " + e.getMessage(), e);
        }
    }

    /**
     * A public key in PEM ({@code -----BEGIN PUBLIC KEY-----} or a certificate) under {@code kid} (null: any).
     *
     * @throws IllegalArgumentException if the text holds no RSA or EC public key
     */
    public static JwtKeys pem(String kid, String pem) {
        return publicKey(kid, PemKeys.publicKey(Objects.requireNonNull(pem, "pem")));
    }

    /**
     * The signature keys of a JWK set given as JSON ({@code {"keys":[...]}}), found by {@code kid}.
     *
     * @throws IllegalArgumentException if the text is not a JWK set
     */
    public static JwtKeys jwks(String json) {
        try {
            return new JwtKeys(StaticKeys.of(JWKSet.parse(json)), CompletableFuture.completedFuture(null));
        } catch (JOSEException | java.text.ParseException e) {
            throw new IllegalArgumentException("json is not a JWK set: " + e.getMessage(), e);
        }
    }

    /**
     * Keys fetched from {@code uri} with {@code client}, starting now. No request ever waits for a fetch: a
     * token signed by a key not (yet) fetched is answered 401, and starts a refetch at most once per
     * {@link JwksConfig#minRefetch()} (concurrent misses share it); the set is refetched in the background
     * once older than {@link JwksConfig#refresh()}. A failed fetch keeps the previous keys and is logged.
     */
    public static JwtKeys jwks(HttpClient client, URI uri, JwksConfig config) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(uri, "uri");
        JwksKeys keys = new JwksKeys(client, uri, Objects.requireNonNull(config, "config"));
        return new JwtKeys(keys, keys.loaded());
    }

    /** Completes once keys are known: at once for fixed keys, after the first successful fetch for a URL. */
    public CompletionStage<Void> loaded() {
        return loaded;
    }

    private static JwtKeys fixed(String kid, com.nimbusds.jose.JWSVerifier verifier) {
        return new JwtKeys(StaticKeys.of(kid, verifier), CompletableFuture.completedFuture(null));
    }
}
