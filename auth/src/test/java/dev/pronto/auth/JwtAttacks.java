package dev.pronto.auth;

import com.nimbusds.jose.jwk.RSAKey;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Hand-built compact tokens for the attack suite: any header and payload text, signed byte for byte. */
final class JwtAttacks {
    static final long NOW = Tokens.NOW.getEpochSecond();
    static final String CLAIMS = "{\"sub\":\"ada\",\"iss\":\"https://issuer.test\",\"aud\":\"orders\",\"iat\":"
            + (NOW - 60) + ",\"exp\":" + (NOW + 600) + ",\"roles\":[\"admin\",\"user\"]}";

    private JwtAttacks() {
    }

    static String b64(String text) {
        return b64(text.getBytes(StandardCharsets.UTF_8));
    }

    static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Claims valid at {@link Tokens#NOW} with {@code extra} members (e.g. {@code ,"jti":"1"}) appended. */
    static String claims(String extra) {
        return CLAIMS.substring(0, CLAIMS.length() - 1) + extra + "}";
    }

    /** The encoded header and payload, signed with HS256 under {@code secret}. */
    static String hs256(String header, String payload, byte[] secret) {
        return hs256Encoded(b64(header) + "." + b64(payload), secret);
    }

    static String hs256Encoded(String signingInput, byte[] secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return signingInput + "." + b64(mac.doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The encoded header and payload, signed with RS256 by {@code key}. */
    static String rs256(String header, String payload, RSAKey key) {
        return rs256Encoded(b64(header) + "." + b64(payload), key);
    }

    static String rs256Encoded(String signingInput, RSAKey key) {
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initSign(key.toRSAPrivateKey());
            rsa.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + b64(rsa.sign());
        } catch (GeneralSecurityException | com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Replaces the signature segment's last character by one whose unused low bits are set. */
    static String tailBitsSet(String token) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int last = alphabet.indexOf(token.charAt(token.length() - 1));
        return token.substring(0, token.length() - 1) + alphabet.charAt(last | 1);
    }
}
