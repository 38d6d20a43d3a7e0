package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds the parameter to the request body: {@code String} (UTF-8), {@code byte[]} (a copy),
 * {@code ByteBuf} (owned by the server, valid until the response is sent) or any other class,
 * decoded as JSON with the server's codec (a malformed document is a 400). At most one per method.
 *
 * <p>A JSON body sent with an explicit non-JSON {@code Content-Type} ({@code text/plain}, a form) is
 * answered 415 Unsupported Media Type; a body without {@code Content-Type} is accepted, as are
 * {@code application/json} and {@code application/*+json}. Set {@link #anyContentType()} for clients
 * that label JSON wrongly.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Body {
    /**
     * Whether a class-typed body is decoded as JSON whatever its {@code Content-Type} says; false (the
     * default) answers 415 to an explicit non-JSON one. Ignored for {@code String}, {@code byte[]},
     * {@code ByteBuf} and {@code InputStream} bodies, which take any content type.
     *
     * @return true to skip the content-type check
     */
    boolean anyContentType() default false;
}
