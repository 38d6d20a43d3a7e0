package dev.pronto.core;

import io.netty.buffer.ByteBuf;

/**
 * Receives a streamed request body chunk by chunk, on the connection's event loop, as the bytes
 * arrive; registered with {@link Request#onBody(BodyListener)} on a route marked
 * a streaming route ({@link RouteOptions#streaming()}). Callbacks run one at a time and in order; while one runs the
 * connection reads nothing more, so a slow listener slows the client instead of buffering.
 */
public interface BodyListener {
    /**
     * One chunk of the body.
     *
     * @param chunk the bytes; the server releases it after this method returns, so
     *        {@code retain()} it (and release it later) to keep it
     * @throws Exception to fail the request: the error is mapped like a handler's exception and the
     *         connection is closed after the response
     */
    void onChunk(ByteBuf chunk) throws Exception;

    /**
     * The body is complete; send the response here (or later).
     *
     * @throws Exception mapped like a handler's exception
     */
    void onEnd() throws Exception;

    /**
     * The body cannot be completed: the client went away, broke the framing, or stalled past the
     * body read timeout. The server answers (or closes) on its own; this is for releasing what the
     * listener holds. Runs on the event loop; the default does nothing.
     *
     * @param cause what ended the body
     */
    default void onError(Throwable cause) {
    }
}
