package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Routes DELETE requests for {@link #value()}, joined to the class's {@link Path} prefix, to the
 * annotated method. Read at compile time by {@code pronto-processor}; see the package docs for the
 * parameters and return types it accepts.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Delete {
    /**
     * The path under the class prefix, in the router's syntax ({@code /{id}}, {@code /{*rest}});
     * empty or {@code "/"} means the prefix itself.
     *
     * @return the method path
     */
    String value() default "";
}
