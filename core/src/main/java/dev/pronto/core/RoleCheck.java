package dev.pronto.core;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * A check that the request's {@link Authenticated} caller holds at least one of some roles; the code
 * generated for {@code @RolesAllowed} holds one per route and calls {@link #admit(Request, Response)}
 * before the method. Core knows no authentication scheme: a hook (for example {@code pronto-auth}'s)
 * must have authenticated the request first.
 *
 * <p>Immutable and thread-safe; {@code admit} allocates nothing when the caller is admitted.
 */
public final class RoleCheck {
    private static final byte[] UNAUTHENTICATED = problem(401, "Unauthorized", "authentication required");
    private static final byte[] FORBIDDEN = problem(403, "Forbidden", "the caller lacks the role this route requires");

    private final String[] roles;

    private RoleCheck(String[] roles) {
        this.roles = roles;
    }

    /**
     * A check admitting callers holding any of {@code roles}.
     *
     * @throws IllegalArgumentException if no role is given or one is blank
     */
    public static RoleCheck anyOf(String... roles) {
        if (roles.length == 0) {
            throw new IllegalArgumentException("RoleCheck roles must not be empty");
        }
        for (String role : roles) {
            if (Objects.requireNonNull(role, "role").isBlank()) {
                throw new IllegalArgumentException("RoleCheck roles must not be blank, got '" + role + "'");
            }
        }
        return new RoleCheck(roles.clone());
    }

    /** The roles any of which admits a caller. */
    public List<String> roles() {
        return List.of(roles);
    }

    /**
     * Whether {@code req}'s caller may go on. Otherwise answers {@code res} as
     * {@code application/problem+json}: 401 when no hook authenticated the request, 403 when the caller
     * holds none of the roles. Call it on the request's thread, before the handler sends anything.
     */
    public boolean admit(Request req, Response res) {
        if (!(req.attribute(Authenticated.ATTRIBUTE) instanceof Authenticated caller)) {
            res.status(401).contentType("application/problem+json").send(UNAUTHENTICATED.clone());
            return false;
        }
        if (holds(caller)) {
            return true;
        }
        res.status(403).contentType("application/problem+json").send(FORBIDDEN.clone());
        return false;
    }

    /** Whether {@code caller} holds any of the roles. */
    public boolean holds(Authenticated caller) {
        for (String role : roles) {
            if (caller.hasRole(role)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] problem(int status, String title, String detail) {
        return ("{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + status + ",\"detail\":\""
                + detail + "\"}").getBytes(StandardCharsets.US_ASCII);
    }
}
