package dev.pronto.core;

import io.netty.buffer.ByteBuf;
import java.net.SocketAddress;
import java.util.concurrent.CompletionStage;

/**
 * One open WebSocket connection (RFC 6455), handed to every {@link WebSocketHandler} callback.
 *
 * <pre>{@code
 * r.ws("/echo", new WebSocketHandler() {
 *     public void onText(WebSocket ws, String text) { ws.sendText(text); }
 * });
 * }</pre>
 *
 * <p>Threading: every method may be called from any thread; frames are written on the connection's
 * event loop in call order. Callbacks of one connection never run concurrently.
 *
 * <p>Backpressure: each {@code send*} returns a stage completed once the frame has been handed to
 * the socket (failed with {@code ClosedChannelException} when the connection is gone, or
 * {@code IllegalStateException} after a close was sent). While {@link #isWritable()} is false the
 * server stops reading this connection, so a peer that does not read cannot make the server buffer
 * more than {@link WebSocketOptions#maxQueuedBytes()}: beyond that, sends fail and the connection is
 * closed with 1008.
 */
public interface WebSocket {
    /** Sends {@code text} as one text message. */
    CompletionStage<Void> sendText(CharSequence text);

    /** Sends a copy of {@code data} as one binary message. */
    CompletionStage<Void> sendBinary(byte[] data);

    /** Sends {@code data} as one binary message; ownership moves to the server, which releases it. */
    CompletionStage<Void> sendBinary(ByteBuf data);

    /** Sends a ping carrying a copy of {@code data} (at most 125 bytes). */
    CompletionStage<Void> ping(byte[] data);

    /**
     * Starts the close handshake with {@code code} and {@code reason} (UTF-8, at most 123 bytes); the
     * connection closes when the peer answers or after {@link WebSocketOptions#closeTimeout()}.
     * Closing twice is harmless: the second stage completes with the first.
     */
    CompletionStage<Void> close(int code, String reason);

    /** Closes with 1000 (normal closure) and no reason. */
    CompletionStage<Void> close();

    /** Whether no close frame was sent or received yet and the connection is up. */
    boolean isOpen();

    /** Whether the outbound buffer is below its high-water mark. */
    boolean isWritable();

    /**
     * Runs {@code callback} once on the event loop when the connection is writable: at once if it is
     * now, else when the peer has read enough. Dropped if the connection closes first.
     */
    void onWritable(Runnable callback);

    /** The request target of the upgrade request, path and query ({@code /chat?room=1}). */
    String uri();

    /** A path parameter of the route, or null. */
    String param(String name);

    /** An attribute: those set on the upgrade request by hooks are copied here at the upgrade. */
    Object attribute(String name);

    /** Sets (or with null, removes) an attribute. */
    void attribute(String name, Object value);

    /** The peer's address. */
    SocketAddress remoteAddress();
}
