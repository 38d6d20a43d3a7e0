package dev.pronto.core;

import dev.pronto.core.internal.RouteTable;
import dev.pronto.router.Method;
import dev.pronto.router.Router;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Registers routes and error handlers; passed to {@code Server.builder().routes(r -> ...)}.
 *
 * <p>Paths follow the router's syntax: static segments, {@code {name}} parameters matching one
 * segment and a trailing {@code {*name}} catch-all; static beats parameter beats catch-all.
 * GET routes answer HEAD automatically, OPTIONS is answered with {@code Allow}, and a path that
 * exists only under other methods gets 405 with {@code Allow}. Registration errors (duplicates,
 * ambiguous parameters, bad syntax) throw {@code IllegalArgumentException} naming both routes.
 * Not thread-safe: configure it on one thread before the server starts.
 */
public final class Routes {
    private final Router.Builder<Handler> router = Router.builder();
    private final Map<Integer, ErrorHandler<Throwable>> byStatus = new LinkedHashMap<>();
    private final Map<Class<?>, ErrorHandler<Throwable>> byType = new LinkedHashMap<>();

    Routes() {
    }

    /** Registers {@code handler} for GET (and automatically HEAD) on {@code path}. */
    public Routes get(String path, Handler handler) {
        return route(Method.GET, path, handler);
    }

    /** Registers {@code handler} for POST on {@code path}. */
    public Routes post(String path, Handler handler) {
        return route(Method.POST, path, handler);
    }

    /** Registers {@code handler} for PUT on {@code path}. */
    public Routes put(String path, Handler handler) {
        return route(Method.PUT, path, handler);
    }

    /** Registers {@code handler} for PATCH on {@code path}. */
    public Routes patch(String path, Handler handler) {
        return route(Method.PATCH, path, handler);
    }

    /** Registers {@code handler} for DELETE on {@code path}. */
    public Routes delete(String path, Handler handler) {
        return route(Method.DELETE, path, handler);
    }

    /** Registers {@code handler} for HEAD on {@code path}, overriding the automatic HEAD of GET. */
    public Routes head(String path, Handler handler) {
        return route(Method.HEAD, path, handler);
    }

    /** Registers {@code handler} for OPTIONS on {@code path}, overriding the automatic answer. */
    public Routes options(String path, Handler handler) {
        return route(Method.OPTIONS, path, handler);
    }

    /**
     * Registers {@code handler} for {@code method} on {@code path}.
     *
     * @throws IllegalArgumentException on bad syntax or a conflict, naming both routes
     */
    public Routes route(Method method, String path, Handler handler) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(handler, "handler");
        router.add(method, path, handler);
        return this;
    }

    /**
     * Registers an error handler for responses with {@code status} (404 for unknown paths, 405,
     * 500 for unexpected exceptions, or any status of a thrown {@link HttpException}).
     */
    public Routes error(int status, ErrorHandler<Throwable> handler) {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("error status must be in 400..599, got " + status);
        }
        byStatus.put(status, Objects.requireNonNull(handler, "handler"));
        return this;
    }

    /**
     * Registers an error handler for exceptions of {@code type} and its subclasses; the nearest
     * registered superclass wins, and type handlers win over status handlers.
     */
    @SuppressWarnings("unchecked")
    public <T extends Throwable> Routes exception(Class<T> type, ErrorHandler<? super T> handler) {
        Objects.requireNonNull(type, "type");
        byType.put(type, (ErrorHandler<Throwable>) Objects.requireNonNull(handler, "handler"));
        return this;
    }

    RouteTable compile() {
        return new RouteTable(router.build(), byStatus, byType);
    }
}
