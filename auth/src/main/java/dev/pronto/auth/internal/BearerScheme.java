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
            return verifier.verify(header.substring(7).strip());
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
