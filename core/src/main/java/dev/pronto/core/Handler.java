package dev.pronto.core;

import dev.pronto.core.internal.Dispatch;
import java.util.Objects;

/**
 * Handles one request.
 *
 * <p>Threading: runs on the connection's event loop and must not block it; wrap blocking code
 * with {@link #blocking(Handler)} so it runs on a virtual thread instead.
 *
 * <p>Lifetime: {@code req} and every {@code peek*} view it returns are valid until the response
 * is sent; copy what must outlive it. A handler that returns without sending and without calling
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
     * Marks {@code handler} as blocking: it runs on a fresh virtual thread, never on an event loop,
     * and may block (JDBC, files, {@code HttpClient.send}). The response completes when the handler
     * returns, unless it called {@link Response#async()}.
     *
     * @param handler the blocking code
     * @return a handler to register on a route
     */
    static Handler blocking(Handler handler) {
        Objects.requireNonNull(handler, "handler");
        return new Dispatch.Blocking(handler);
    }

    /**
     * Marks {@code handler} as consuming a streamed body: it runs as soon as the request head has
     * arrived, and reads the body with {@link Request#onBody(BodyListener)} (on the event loop) or
     * {@link Request#bodyStream()} (only from a blocking handler: wrap as
     * {@code streaming(blocking(h))}). Bytes are never aggregated: a 20 MiB upload costs buffers
     * of a few KiB, and the socket is not read faster than the handler consumes.
     * {@code maxBodySize} still applies. A response sent before the body was fully read closes the
     * connection after it.
     *
     * @param handler the handler
     * @return a handler to register on a route
     */
    static Handler streaming(Handler handler) {
        Objects.requireNonNull(handler, "handler");
        return new Dispatch.Streaming(handler);
    }

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
