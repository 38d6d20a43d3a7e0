package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Admits only callers holding at least one of the roles to a route method, or to every route of a
 * controller class (a method's own annotation wins). The processor generates a
 * {@link dev.pronto.core.RoleCheck} per route, run before the method: 401 when the request was not
 * authenticated by a hook (register one on the scope, such as {@code pronto-auth}'s {@code Auth.jwt}),
 * 403 when the caller holds none of the roles, both as {@code application/problem+json}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface RolesAllowed {
    /**
     * The roles, any of which admits the caller; not empty.
     *
     * @return the roles
     */
    String[] value();
}
