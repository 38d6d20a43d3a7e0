package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

/**
 * One end's side of a WebSocket connection run by {@link WsEngine}: where messages, control frames
 * and the close go, and how the end runs callbacks and stops reading. Event loop only.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public interface WsEvents extends WsAssembler.Messages {
    /** A ping arrived (already answered); the payload is borrowed for the call. */
    void ping(ByteBuf data);

    /** A pong arrived; the payload is borrowed for the call. */
    void pong(ByteBuf data);

    /** The connection closed, with the peer's or our code: called once. */
    void closed(int code, String reason);

    /** A data frame the handler sent went to the outbound batch. */
    void messageSent();

    /** A send went to the outbound batch: the end may stop reading if the channel is no longer writable. */
    void backpressure();

    /** Runs an {@code onWritable} callback the way the end runs handler callbacks. */
    void writable(Runnable callback);
}
