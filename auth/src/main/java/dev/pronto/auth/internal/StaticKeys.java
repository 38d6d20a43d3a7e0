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
    public static final StaticKeys EMPTY = new StaticKeys(Map.of(), List.of());

    private final Map<String, List<JWSVerifier>> byKid;
    private final List<JWSVerifier> all;

    private StaticKeys(Map<String, List<JWSVerifier>> byKid, List<JWSVerifier> all) {
        this.byKid = byKid;
        this.all = all;
    }

    /** One key under {@code kid} (null: used for tokens without a matching {@code kid} too). */
    public static StaticKeys of(String kid, JWSVerifier verifier) {
        Map<String, List<JWSVerifier>> map = kid == null ? Map.of() : Map.of(kid, List.of(verifier));
        return new StaticKeys(map, List.of(verifier));
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
        return new StaticKeys(Map.copyOf(map), List.copyOf(all));
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
        // a single key given without an id also verifies tokens naming one
        return found != null ? found : byKid.isEmpty() && !all.isEmpty() ? all : null;
    }
}
