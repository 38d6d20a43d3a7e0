package dev.pronto.auth.internal;

import dev.pronto.auth.Principal;
import dev.pronto.core.Request;
import dev.pronto.core.Response;

/** RFC 6750 Bearer tokens in the {@code Authorization} header, verified as JWTs. */
public final class BearerScheme implements Scheme {
    private final JwtVerifier verifier;
    private final String realm;
    private final String missing;

    /** Bearer authentication with {@code verifier}, challenging with {@code realm}. */
    public BearerScheme(JwtVerifier verifier, String realm) {
        this.verifier = verifier;
        this.realm = realm;
        this.missing = Challenge.bearer(realm, null, null);
    }

    @Override
    public Principal authenticate(Request req, Response res) {
        String header = req.header("Authorization");
        if (header == null || header.length() <= 7 || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            // RFC 6750 3.1: no error code when the request carried no token
            Challenge.unauthorized(res, missing, "A Bearer token is required");
            return null;
        }
        try {
            // "Bearer" 1*SP b64token (RFC 6750 2.1): spaces may precede the token, none may be inside or after it
            // (the parser already dropped the header's trailing whitespace); the strict syntax refuses them
            int start = 7;
            while (start < header.length() && header.charAt(start) == ' ') {
                start++;
            }
            return verifier.verify(header.substring(start));
        } catch (TokenRejected e) {
            Challenge.unauthorized(res, Challenge.bearer(realm, "invalid_token", e.getMessage()), e.getMessage());
            return null;
        }
    }

    @Override
    public String insufficientScope(String scopes) {
        return "Bearer realm=\"" + realm + "\", error=\"insufficient_scope\", scope=\"" + scopes + "\"";
    }
}
