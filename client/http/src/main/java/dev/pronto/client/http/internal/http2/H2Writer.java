package dev.pronto.client.http.internal.http2;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Stream;

/**
 * The frames an {@link H2Stream} sends on its connection after the request head: DATA of a streamed
 * body, RST_STREAM, and window returned for body bytes its subscriber took. Each write is flushed
 * at the end of the read batch or loop turn. A stream already closed (or a connection closing)
 * makes each of these a no-op.
 */
final class H2Writer {
    private final H2Connection conn;

    H2Writer(H2Connection conn) {
        this.conn = conn;
    }

    /** Whether a DATA frame ends its stream. */
    enum EndStream { YES, NO }

    /** Resets stream {@code id} unless it is closed already; other streams carry on. */
    void reset(int id, Http2Error error) {
        Http2Stream stream = conn.connection().stream(id);
        if (stream != null && stream.state() != Http2Stream.State.CLOSED && !conn.closing()) {
            ChannelHandlerContext ctx = conn.ctx();
            conn.resetStream(ctx, id, error.code(), ctx.newPromise());
            conn.requestFlush();
        }
    }

    /** Whether the request side of stream {@code id} may still send. */
    boolean localSideOpen(int id) {
        Http2Stream stream = conn.connection().stream(id);
        return stream != null && stream.state().localSideOpen() && !conn.closing();
    }

    /** Whether stream {@code id} has window (and the channel room) for more DATA than is queued. */
    boolean writable(int id) {
        Http2Stream stream = conn.connection().stream(id);
        return stream != null && conn.encoder().flowController().isWritable(stream);
    }

    /** Writes one DATA frame; ownership of {@code part} moves to the codec, which sends it as the window allows. */
    void writeData(int id, ByteBuf part, EndStream end) {
        ChannelHandlerContext ctx = conn.ctx();
        conn.encoder().writeData(ctx, id, part, 0, end == EndStream.YES, ctx.newPromise());
        conn.requestFlush();
    }

    /** Returns {@code n} bytes of stream {@code id}'s body, taken by its subscriber, to the server's window. */
    void consume(int id, int n) {
        Http2Stream stream = conn.connection().stream(id);
        try {
            if (stream != null && !conn.closing() && conn.decoder().flowController().consumeBytes(stream, n)) {
                conn.requestFlush();
            }
        } catch (Http2Exception e) {
            conn.onError(conn.ctx(), false, e);
        }
    }
}
