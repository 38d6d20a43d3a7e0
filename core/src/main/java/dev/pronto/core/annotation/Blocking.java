package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the route on a virtual thread instead of the event loop, as
 * a route registered with {@code RouteOptions.blocking()} does, so the method may block (JDBC, files).
 * On a class, applies to every route of the class.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Blocking {
}
