package dev.pronto.client.http.internal.websocket;

import dev.pronto.wire.WsOutbound;
import dev.pronto.wire.WsWrite;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client WebSocket's way out for the handler's sends: frame objects for Netty's encoder (which masks
 * them), the count of bytes queued against {@code maxQueuedBytes} (any thread), the hop onto the event
 * loop, the wire module's {@link WsOutbound} batching, and the {@code onWritable} waiters.
 */
final class WsClientSends {
    private final WsClientConnection conn;
    private final ChannelHandlerContext ctx;
    private final WsOutbound out;
    private final long maxQueuedBytes;
    private final AtomicLong queued = new AtomicLong();
    private List<Runnable> writableWaiters;

    WsClientSends(WsClientConnection conn, ChannelHandlerContext ctx, WsOutbound out, long maxQueuedBytes) {
        this.conn = conn;
        this.ctx = ctx;
        this.out = out;
        this.maxQueuedBytes = maxQueuedBytes;
    }

    CompletionStage<Void> text(CharSequence text) {
        return send(new TextWebSocketFrame(ByteBufUtil.writeUtf8(ctx.alloc(), text)));
    }

    CompletionStage<Void> binary(byte[] data) {
        return send(new BinaryWebSocketFrame(ctx.alloc().buffer(data.length).writeBytes(data)));
    }

    CompletionStage<Void> binary(ByteBuf data) {
        return send(new BinaryWebSocketFrame(data));
    }

    CompletionStage<Void> ping(byte[] data) {
        if (data.length > 125) {
            throw new IllegalArgumentException("ping payload must be at most 125 bytes, got " + data.length);
        }
        return send(new PingWebSocketFrame(ctx.alloc().buffer(data.length).writeBytes(data)));
    }

    private CompletionStage<Void> send(WebSocketFrame frame) {
        int size = frame.content().readableBytes();
        WsWrite write = new WsWrite(queued, size, frame);
        if (queued.addAndGet(size) > maxQueuedBytes) {
            write.cancelled(new IllegalStateException("WebSocket outbound queue exceeds maxQueuedBytes="
                    + maxQueuedBytes + "; wait for send stages or isWritable()"));
            conn.onLoop(() -> conn.sendClose(WebSocketCloseStatus.POLICY_VIOLATION.code(), "Outbound queue full",
                    new CompletableFuture<>()));
            return write;
        }
        EventLoop loop = ctx.channel().eventLoop();
        if (loop.inEventLoop()) {
            write(write);
        } else {
            try {
                loop.execute(() -> write(write));
            } catch (RejectedExecutionException loopGone) {
                write.cancelled(new ClosedChannelException());
            }
        }
        return write;
    }

    private void write(WsWrite write) {
        boolean open = conn.acceptsData();
        if (!open || !ctx.channel().isActive()) {
            write.cancelled(open ? new ClosedChannelException()
                    : new IllegalStateException("WebSocket close already sent or received"));
            return;
        }
        out.add(write);
        conn.checkWritable();
    }

    /** Runs {@code callback} once the channel is writable: now if it is. Event loop. */
    void onWritable(Runnable callback, WsClientCallbacks callbacks) {
        if (ctx.channel().isWritable()) {
            callbacks.writable(callback);
            return;
        }
        if (writableWaiters == null) {
            writableWaiters = new ArrayList<>(2);
        }
        writableWaiters.add(callback);
    }

    /** The channel became writable: runs the waiters. Event loop. */
    void writable(WsClientCallbacks callbacks) {
        List<Runnable> waiting = writableWaiters;
        writableWaiters = null;
        if (waiting != null) {
            waiting.forEach(callbacks::writable);
        }
    }

    /** The connection is gone: fails what is queued, forgets the waiters. Event loop. */
    void cancelAll() {
        out.cancelAll(new ClosedChannelException());
        writableWaiters = null;
    }
}
