package dev.pronto.auth.internal;

import dev.pronto.auth.BasicVerifier;
import dev.pronto.auth.Principal;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** RFC 7617 Basic credentials, checked by the user's {@link BasicVerifier}. */
public final class BasicScheme implements Scheme {
    /** Longer credentials are refused before decoding. */
    static final int MAX_CREDENTIALS = 4096;

    private final BasicVerifier verifier;
    private final String challenge;

    /** Basic authentication with {@code verifier}, challenging with {@code realm}. */
    public BasicScheme(BasicVerifier verifier, String realm) {
        this.verifier = verifier;
        this.challenge = "Basic realm=\"" + realm + "\", charset=\"UTF-8\"";
    }

    @Override
    public Principal authenticate(Request req, Response res) throws Exception {
        String header = req.header("Authorization");
        if (header == null || header.length() <= 6 || header.length() > MAX_CREDENTIALS
                || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            Challenge.unauthorized(res, challenge, "Basic credentials are required");
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(header.substring(6).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            Challenge.unauthorized(res, challenge, "The Basic credentials are not valid base64");
            return null;
        }
        int colon = decoded.indexOf(':');
        Principal principal = colon < 0 ? null : verifier.verify(decoded.substring(0, colon), decoded.substring(colon + 1));
        if (principal == null) {
            Challenge.unauthorized(res, challenge, "The user name or password is wrong");
        }
        return principal;
    }

    @Override
    public String insufficientScope(String scopes) {
        return null;
    }
}
