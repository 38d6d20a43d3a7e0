package dev.pronto.auth;

import dev.pronto.core.Authenticated;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The authenticated caller of a request: a name, roles, OAuth scopes and the token's claims (empty for
 * Basic auth). Read it in a handler with {@link Auth#principal(dev.pronto.core.Request)}.
 *
 * <p>Immutable and thread-safe.
 */
public final class Principal implements Authenticated {
    private final String name;
    private final Set<String> roles;
    private final Set<String> scopes;
    private final Map<String, Object> claims;

    /**
     * Creates a principal.
     *
     * @param name the caller's name; not null
     * @param roles its roles; copied
     * @param scopes its OAuth scopes; copied
     * @param claims the token's claims; copied, empty when there is no token
     */
    public Principal(String name, Set<String> roles, Set<String> scopes, Map<String, Object> claims) {
        this.name = Objects.requireNonNull(name, "name");
        this.roles = Set.copyOf(roles);
        this.scopes = Set.copyOf(scopes);
        this.claims = Map.copyOf(claims);
    }

    /** A principal with {@code name} and {@code roles}, no scopes and no claims (for Basic verifiers). */
    public static Principal of(String name, String... roles) {
        return new Principal(name, Set.of(roles), Set.of(), Map.of());
    }

    @Override
    public String name() {
        return name;
    }

    /** The caller's roles (a JWT's roles claim). */
    public Set<String> roles() {
        return roles;
    }

    /** The caller's OAuth scopes (a JWT's {@code scope} or {@code scp} claim). */
    public Set<String> scopes() {
        return scopes;
    }

    /** The token's claims as nimbus-jose-jwt parsed them; empty for Basic auth. */
    public Map<String, Object> claims() {
        return claims;
    }

    @Override
    public boolean hasRole(String role) {
        return roles.contains(role);
    }

    /** Whether the caller holds OAuth scope {@code scope}. */
    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }

    @Override
    public String toString() {
        return "Principal[" + name + ", roles=" + roles + ", scopes=" + scopes + "]";
    }
}
