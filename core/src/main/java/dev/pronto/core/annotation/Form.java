package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds the parameter to the form field of that name, converted like a {@link Query} value ({@code String}, a
 * primitive or its box, {@code UUID}, an enum, or {@code Optional}/{@code List} of those); a value that does
 * not convert, or a missing required one, is a 400 naming the field. The body may be
 * {@code application/x-www-form-urlencoded} or {@code multipart/form-data}; the route then runs on a virtual
 * thread, and the form is read under the route's {@link dev.pronto.core.FormLimits}. With a {@link FilePart}
 * parameter in the same method, only multipart bodies are accepted (and streamed).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Form {
    /**
     * The field name; defaults to the Java parameter name.
     *
     * @return the name, or empty for the Java parameter name
     */
    String value() default "";
}
