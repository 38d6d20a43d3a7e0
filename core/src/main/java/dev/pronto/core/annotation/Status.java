package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Sets the status of a successful response, for example {@code @Status(201)}. It is set before the
 * method runs, so a method that takes the {@code Response} may still change it; an exception,
 * including a 400 from an argument that does not convert, replaces it with the error's status.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Status {
    /**
     * The status code, 100..599.
     *
     * @return the status code
     */
    int value();
}
