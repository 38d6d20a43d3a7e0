package dev.pronto.core;

import java.util.Objects;

/**
 * Handles one request.
 *
 * <p>Threading: runs on the connection's event loop and must not block it; wrap blocking code
 * on a route registered with {@link RouteOptions#blocking()} so it runs on a virtual thread instead.
 * Where a handler runs and how its body arrives are properties of the route ({@link RouteOptions}),
 * so wrapping a handler in a decorator of your own never changes them.
 *
 * <p>Lifetime: {@code req}, {@code res} and every {@code peek*} view belong to one exchange. The
 * views are valid until the response is sent; copy what must outlive it. Once the exchange has
 * completed, both objects refuse further use with {@code IllegalStateException}: a kept response can
 * never answer a later request on the same connection. A handler that returns without sending and without calling
 * {@link Response#async()} sends an empty response with the current status.
 *
 * <p>Errors: an {@link HttpException} becomes its status and message; any other exception becomes
 * a 500 whose body does not mention it, logged once on the server.
 */
@FunctionalInterface
public interface Handler {
    /**
     * Handles {@code req} by sending a response through {@code res}, now or later.
     *
     * @param req the request; valid until the response is sent
     * @param res the response to send exactly once
     * @throws Exception mapped to a status as described in the interface javadoc
     */
    void handle(Request req, Response res) throws Exception;

    /**
     * Adapts a handler that returns a {@link java.util.concurrent.CompletionStage}: the response is
     * sent when the stage completes, as by {@link Response#send(java.util.concurrent.CompletionStage)}.
     *
     * @param handler code returning the eventual result
     * @return a handler to register on a route
     */
    static Handler async(AsyncHandler handler) {
        Objects.requireNonNull(handler, "handler");
        return (req, res) -> res.send(handler.handle(req, res));
    }
}
