package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares the path prefix of every route in the annotated controller class, for example
 * {@code @Path("/users")}. Without it the method paths are used as they are.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Path {
    /**
     * The prefix; starts with {@code /}, may hold {@code {name}} parameters, and a trailing slash
     * is ignored.
     *
     * @return the prefix
     */
    String value();
}
