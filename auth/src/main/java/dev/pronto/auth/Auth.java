package dev.pronto.auth;

import dev.pronto.auth.internal.BasicScheme;
import dev.pronto.auth.internal.BearerScheme;
import dev.pronto.auth.internal.JwtVerifier;
import dev.pronto.core.Authenticated;
import dev.pronto.core.Request;
import dev.pronto.core.RequestHook;
import dev.pronto.core.RoleCheck;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * Entry points: authenticators to add to a route group, role checks, and the principal of a request.
 *
 * <pre>{@code
 * r.group("/admin", g -> g.onRequest(Auth.jwt(config).requireRoles("admin")).get("/users", ...));
 * }</pre>
 */
public final class Auth {
    private Auth() {
    }

    /** Bearer JWT authentication under {@code config}; verification never blocks nor waits for a key fetch. */
    public static Authenticator jwt(JwtConfig config) {
        return jwt(config, Clock.systemUTC());
    }

    /** As {@link #jwt(JwtConfig)}, reading the time for {@code exp}/{@code nbf} from {@code clock} (for tests). */
    public static Authenticator jwt(JwtConfig config, Clock clock) {
        JwtVerifier verifier = new JwtVerifier(config.keys().source, config, Objects.requireNonNull(clock, "clock"),
                JwtVerifier.CACHE_SIZE);
        return new Authenticator(new BearerScheme(verifier, config.realm()), List.of(), List.of());
    }

    /**
     * Basic authentication checked by {@code verifier}, challenging with {@code realm}.
     *
     * @throws IllegalArgumentException if the realm is blank or holds a quote or backslash
     */
    public static Authenticator basic(String realm, BasicVerifier verifier) {
        if (realm == null || realm.isBlank() || realm.indexOf('"') >= 0 || realm.indexOf('\\') >= 0) {
            throw new IllegalArgumentException("realm must be non-blank text without quotes or backslashes, got '" + realm + "'");
        }
        return new Authenticator(new BasicScheme(Objects.requireNonNull(verifier, "verifier"), realm), List.of(), List.of());
    }

    /**
     * A hook for a group inside an authenticated scope ({@code g.onRequest(Auth.requireRoles("admin"))}):
     * admits only callers holding any of {@code roles} (401 when no authenticator ran, 403 otherwise).
     */
    public static RequestHook requireRoles(String... roles) {
        RoleCheck check = RoleCheck.anyOf(roles);
        return check::admit;
    }

    /** The request's authenticated caller, or null when no authenticator admitted it. Any thread of the request. */
    public static Principal principal(Request req) {
        return req.attribute(Authenticated.ATTRIBUTE) instanceof Principal p ? p : null;
    }
}
