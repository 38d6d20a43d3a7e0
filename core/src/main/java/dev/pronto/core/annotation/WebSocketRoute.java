package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a WebSocket endpoint on a controller method that takes no parameters and returns the
 * {@link dev.pronto.core.WebSocketHandler} serving it; the generated routes register it with
 * {@link dev.pronto.core.Routes#ws(String, dev.pronto.core.WebSocketHandler)} once, at
 * registration, under the class's {@link Path} prefix.
 *
 * <pre>{@code
 * @WebSocketRoute("/chat/{room}")
 * WebSocketHandler chat() { return new ChatHandler(rooms); }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface WebSocketRoute {
    /**
     * The path under the class prefix, in the router's syntax; empty or {@code "/"} means the prefix itself.
     *
     * @return the method path
     */
    String value() default "";
}
