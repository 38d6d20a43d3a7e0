package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds the parameter to the cookie of that name, converted as described in the package docs; a value that does not
 * convert is a 400 naming the parameter.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Cookie {
    /**
     * The cookie name; defaults to the Java parameter name.
     *
     * @return the name, or empty for the Java parameter name
     */
    String value() default "";
}
