package dev.pronto.auth.internal;

import dev.pronto.auth.Principal;
import dev.pronto.core.Authenticated;
import dev.pronto.core.Request;
import dev.pronto.core.RequestHook;
import dev.pronto.core.Response;
import java.util.List;

/**
 * The {@code preHandler} hook of an authenticator: authenticates, checks roles and scopes, and leaves the
 * principal on the request. Synchronous: it never waits for a key fetch (see {@link JwksKeys}).
 */
public final class AuthHook implements RequestHook {
    private final Scheme scheme;
    private final List<String> roles;
    private final List<String> scopes;
    private final String scopeChallenge;

    /** A hook for {@code scheme} requiring any of {@code roles} (none: any caller) and all of {@code scopes}. */
    public AuthHook(Scheme scheme, List<String> roles, List<String> scopes) {
        this.scheme = scheme;
        this.roles = List.copyOf(roles);
        this.scopes = List.copyOf(scopes);
        this.scopeChallenge = scheme.insufficientScope(String.join(" ", scopes));
    }

    @Override
    public void handle(Request req, Response res) throws Exception {
        Principal principal = scheme.authenticate(req, res);
        if (principal == null) {
            return;
        }
        if (!roles.isEmpty() && !anyRole(principal)) {
            Challenge.forbidden(res, null, "The caller lacks the role this route requires");
            return;
        }
        for (String scope : scopes) {
            if (!principal.hasScope(scope)) {
                Challenge.forbidden(res, scopeChallenge, "The token lacks a scope this route requires");
                return;
            }
        }
        req.attribute(Authenticated.ATTRIBUTE, principal);
    }

    private boolean anyRole(Principal principal) {
        for (String role : roles) {
            if (principal.hasRole(role)) {
                return true;
            }
        }
        return false;
    }
}
