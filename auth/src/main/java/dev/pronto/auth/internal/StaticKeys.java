package dev.pronto.auth.internal;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A fixed set of keys. Each key gets the verifier of its own type (an RSA key can only ever verify RS/PS
 * signatures, an HMAC secret only HS ones), which is what keeps a token from choosing how it is checked.
 */
public final class StaticKeys implements KeySource, KeySource.KeySet {
    /** No keys: what a JWKS source holds before its first fetch. */
    public static final StaticKeys EMPTY = new StaticKeys(Map.of(), List.of(), null);

    private final Map<String, List<JWSVerifier>> byKid;
    private final List<JWSVerifier> all;
    /** Every key, for tokens naming a {@code kid} no key has; null when such tokens match nothing. */
    private final List<JWSVerifier> anyKid;

    private StaticKeys(Map<String, List<JWSVerifier>> byKid, List<JWSVerifier> all, List<JWSVerifier> anyKid) {
        this.byKid = byKid;
        this.all = all;
        this.anyKid = anyKid;
    }

    /**
     * One key under {@code kid}. A public key without an id also verifies tokens naming any {@code kid} (an
     * identity provider's single key); a secret without an id only tokens naming none (RFC 8725 §3.12: a
     * shared secret is bound to exactly the tokens meant for it).
     */
    public static StaticKeys of(String kid, JWSVerifier verifier) {
        if (kid != null) {
            return new StaticKeys(Map.of(kid, List.of(verifier)), List.of(verifier), null);
        }
        List<JWSVerifier> one = List.of(verifier);
        return new StaticKeys(Map.of(), one, verifier instanceof MACVerifier ? null : one);
    }

    /** The signature keys of {@code set}; keys for encryption and of unsupported types are skipped. */
    public static StaticKeys of(JWKSet set) throws JOSEException {
        Map<String, List<JWSVerifier>> map = new HashMap<>();
        List<JWSVerifier> all = new ArrayList<>();
        for (JWK jwk : set.getKeys()) {
            JWSVerifier verifier = verifier(jwk);
            if (verifier == null || KeyUse.ENCRYPTION.equals(jwk.getKeyUse())) {
                continue;
            }
            all.add(verifier);
            if (jwk.getKeyID() != null) {
                map.computeIfAbsent(jwk.getKeyID(), k -> new ArrayList<>()).add(verifier);
            }
        }
        map.replaceAll((k, v) -> List.copyOf(v));
        // a set whose keys have no ids: its public keys verify tokens naming any kid, as a single key does
        List<JWSVerifier> publicKeys = all.stream().filter(v -> !(v instanceof MACVerifier)).toList();
        return new StaticKeys(Map.copyOf(map), List.copyOf(all), map.isEmpty() && !publicKeys.isEmpty() ? publicKeys : null);
    }

    /** The verifier for a public or secret JWK, or null for a type Pronto does not verify with. */
    public static JWSVerifier verifier(JWK jwk) throws JOSEException {
        return switch (jwk) {
            case RSAKey rsa -> new RSASSAVerifier(rsa.toRSAPublicKey());
            case ECKey ec -> new ECDSAVerifier(ec.toECPublicKey());
            case OctetSequenceKey secret -> new MACVerifier(secret.toByteArray());
            default -> null;
        };
    }

    @Override
    public KeySet current() {
        return this;
    }

    @Override
    public List<JWSVerifier> find(String kid) {
        if (kid == null) {
            return all.isEmpty() ? null : all;
        }
        List<JWSVerifier> found = byKid.get(kid);
        return found != null ? found : anyKid;
    }
}
