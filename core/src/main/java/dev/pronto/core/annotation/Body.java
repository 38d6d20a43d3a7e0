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
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Body {
}
