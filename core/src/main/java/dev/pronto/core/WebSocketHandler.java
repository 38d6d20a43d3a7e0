package dev.pronto.core;

import io.netty.buffer.ByteBuf;

/**
 * The callbacks of a WebSocket route ({@link Routes#ws(String, WebSocketHandler)}); implement the
 * ones you need. One handler instance serves every connection of its route: keep per-connection
 * state in {@link WebSocket#attribute(String, Object)}.
 *
 * <p>Threading: on the connection's event loop (do not block), or, for routes with
 * {@link WebSocketOptions.Builder#blocking()}, on virtual threads; either way the callbacks of one connection
 * run one at a time, in frame order. An exception thrown by a callback goes to {@link #onError} and
 * closes the connection with 1011.
 *
 * <p>Buffers passed to callbacks are borrowed: valid during the call only, released by the server
 * after it returns; {@code retain()} (or copy) one to keep it.
 */
public interface WebSocketHandler {
    /** The upgrade succeeded: the 101 answer is on its way and frames may be sent. */
    default void onOpen(WebSocket ws) {
    }

    /** A whole text message arrived (UTF-8 validated; assembled from its fragments). */
    default void onText(WebSocket ws, String text) {
    }

    /** A whole binary message arrived (assembled from its fragments); {@code data} is borrowed. */
    default void onBinary(WebSocket ws, ByteBuf data) {
    }

    /**
     * One fragment of a message, for routes with {@link WebSocketOptions.Messages#FRAGMENTS}: the
     * fragments of a message arrive in order, the last one with {@code fragment.last()}; borrowed.
     */
    default void onFragment(WebSocket ws, WebSocketFragment fragment) {
    }

    /** A ping arrived; the server has already answered it with a pong. {@code data} is borrowed. */
    default void onPing(WebSocket ws, ByteBuf data) {
    }

    /** A pong arrived (an answer to a ping, or unsolicited). {@code data} is borrowed. */
    default void onPong(WebSocket ws, ByteBuf data) {
    }

    /**
     * The connection closed: {@code code} is the peer's close code, 1005 when its close frame had
     * none, 1006 when the connection was lost without a close frame. Called exactly once.
     */
    default void onClose(WebSocket ws, int code, String reason) {
    }

    /** A callback threw, or the connection failed; {@link #onClose} follows. */
    default void onError(WebSocket ws, Throwable error) {
    }
}
