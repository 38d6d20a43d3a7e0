package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds the parameter to the request header of that name (matched case-insensitively), converted as described in the package docs; a value that does not
 * convert is a 400 naming the parameter.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Header {
    /**
     * The header name, such as {@code X-Request-Id}; defaults to the Java parameter name.
     *
     * @return the name, or empty for the Java parameter name
     */
    String value() default "";
}
