package dev.pronto.core;

/**
 * Who made a request, as an authentication hook leaves it on the request under {@link #ATTRIBUTE}, for
 * role checks that do not know the authentication scheme ({@link RoleCheck}, and the code generated for
 * {@code @RolesAllowed}). {@code pronto-auth}'s {@code Principal} implements it.
 *
 * <p>Implementations are immutable and safe to read from any thread.
 */
public interface Authenticated {
    /** The request attribute an authentication hook stores the caller under. */
    String ATTRIBUTE = "dev.pronto.principal";

    /** The caller's name (a JWT's subject, a Basic user name). */
    String name();

    /** Whether the caller holds {@code role}. */
    boolean hasRole(String role);
}
