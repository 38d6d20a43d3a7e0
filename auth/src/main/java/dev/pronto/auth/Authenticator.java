package dev.pronto.auth;

import dev.pronto.auth.internal.AuthHook;
import dev.pronto.auth.internal.Scheme;
import dev.pronto.core.Request;
import dev.pronto.core.RequestHook;
import dev.pronto.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A request hook authenticating every request of the scope it is added to, best as the group's
 * {@code onRequest} hook ({@code g.onRequest(auth)}: right after routing, before body decoding and the
 * {@code preHandler} hooks): a request without valid credentials gets 401 with {@code WWW-Authenticate},
 * one whose caller lacks a required role or scope 403, both as {@code application/problem+json}; otherwise
 * the {@link Principal} is on the request ({@link Auth#principal(dev.pronto.core.Request)}).
 *
 * <p>Immutable: {@link #requireRoles} and {@link #requireScopes} return copies, so one authenticator can be
 * registered on several groups with different requirements.
 */
public final class Authenticator implements RequestHook {
    private final Scheme scheme;
    private final List<String> roles;
    private final List<String> scopes;
    private final AuthHook hook;

    Authenticator(Scheme scheme, List<String> roles, List<String> scopes) {
        this.scheme = scheme;
        this.roles = List.copyOf(roles);
        this.scopes = List.copyOf(scopes);
        this.hook = new AuthHook(scheme, this.roles, this.scopes);
    }

    /** A copy that admits only callers holding at least one of {@code roles} (403 otherwise). */
    public Authenticator requireRoles(String... roles) {
        return new Authenticator(scheme, checked("roles", roles), scopes);
    }

    /** A copy that admits only tokens holding every one of {@code scopes} (403 insufficient_scope otherwise). */
    public Authenticator requireScopes(String... scopes) {
        return new Authenticator(scheme, roles, checked("scopes", scopes));
    }

    /**
     * Authenticates {@code req}, or answers it 401/403. On the event loop; never blocks nor waits for a
     * key fetch.
     */
    @Override
    public void handle(Request req, Response res) throws Exception {
        hook.handle(req, res);
    }

    private static List<String> checked(String field, String... values) {
        List<String> out = new ArrayList<>();
        for (String v : values) {
            if (Objects.requireNonNull(v, field).isBlank() || v.indexOf('"') >= 0 || v.indexOf(' ') >= 0) {
                throw new IllegalArgumentException(field + " must be non-blank words without quotes, got '" + v + "'");
            }
            out.add(v);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(field + " must not be empty");
        }
        return out;
    }
}
