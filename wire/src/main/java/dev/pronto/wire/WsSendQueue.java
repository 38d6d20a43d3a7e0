package dev.pronto.wire;

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
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A WebSocket connection's way out for the handler's sends, for either end: frames encoded once into a
 * buffer where no extension or mask applies (a server without permessage-deflate), else frame objects for
 * Netty's encoder; the count of bytes queued against {@code maxQueuedBytes} (any thread), the hop onto
 * the event loop, {@link WsOutbound}'s batching, and the {@code onWritable} waiters.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsSendQueue {
    private final WsEngine engine;
    private final ChannelHandlerContext ctx;
    private final WsOutbound out;
    private final long maxQueuedBytes;
    private final boolean encodesItself;
    private final AtomicLong queued = new AtomicLong();
    private List<Runnable> writableWaiters;

    WsSendQueue(WsEngine engine, ChannelHandlerContext ctx, boolean encodesItself) {
        this.engine = engine;
        this.ctx = ctx;
        this.out = engine.out();
        this.maxQueuedBytes = engine.settings().maxQueuedBytes();
        this.encodesItself = encodesItself;
    }

    /** Sends a text message. Any thread. */
    public CompletionStage<Void> text(CharSequence text) {
        if (encodesItself) {
            ByteBuf frame = WsFrames.text(ctx.alloc(), text);
            return send(frame, frame.readableBytes());
        }
        return send(new TextWebSocketFrame(ByteBufUtil.writeUtf8(ctx.alloc(), text)));
    }

    /** Sends a binary message, copying {@code data}. Any thread. */
    public CompletionStage<Void> binary(byte[] data) {
        if (encodesItself) {
            ByteBuf frame = WsFrames.binary(ctx.alloc(), data);
            return send(frame, frame.readableBytes());
        }
        return send(new BinaryWebSocketFrame(ctx.alloc().buffer(data.length).writeBytes(data)));
    }

    /** Sends a binary message, taking ownership of {@code data}. Any thread. */
    public CompletionStage<Void> binary(ByteBuf data) {
        return send(new BinaryWebSocketFrame(data));
    }

    /** Sends a ping; IllegalArgumentException above 125 bytes. Any thread. */
    public CompletionStage<Void> ping(byte[] data) {
        if (data.length > 125) {
            throw new IllegalArgumentException("ping payload must be at most 125 bytes, got " + data.length);
        }
        return send(new PingWebSocketFrame(ctx.alloc().buffer(data.length).writeBytes(data)));
    }

    private CompletionStage<Void> send(WebSocketFrame frame) {
        return send(frame, frame.content().readableBytes());
    }

    private CompletionStage<Void> send(Object frame, int size) {
        WsWrite write = new WsWrite(queued, size, frame);
        if (queued.addAndGet(size) > maxQueuedBytes) {
            write.cancelled(new IllegalStateException("WebSocket outbound queue exceeds maxQueuedBytes="
                    + maxQueuedBytes + "; wait for send stages or isWritable()"));
            engine.onLoop(() -> engine.close(WebSocketCloseStatus.POLICY_VIOLATION.code(), "Outbound queue full"));
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
        boolean open = engine.acceptsData();
        if (!open || !ctx.channel().isActive()) {
            write.cancelled(open ? new ClosedChannelException()
                    : new IllegalStateException("WebSocket close already sent or received"));
            return;
        }
        out.add(write);
        if (!(write.frame() instanceof PingWebSocketFrame)) {
            engine.events().messageSent();
        }
        engine.events().backpressure();
    }

    /** Runs {@code callback} once the channel is writable: soon if it is; never once closed. Any thread. */
    public void onWritable(Runnable callback) {
        engine.onLoop(() -> whenWritable(callback));
    }

    private void whenWritable(Runnable callback) {
        if (engine.isClosed()) {
            return;
        }
        if (ctx.channel().isWritable()) {
            engine.events().writable(callback);
            return;
        }
        if (writableWaiters == null) {
            writableWaiters = new ArrayList<>(2);
        }
        writableWaiters.add(callback);
    }

    /** The channel became writable: runs the waiters. Event loop. */
    public void writable() {
        List<Runnable> waiting = writableWaiters;
        writableWaiters = null;
        if (waiting != null) {
            waiting.forEach(engine.events()::writable);
        }
    }

    /** The connection is gone: fails what is queued, forgets the waiters. Event loop. */
    void cancelAll() {
        out.cancelAll(new ClosedChannelException());
        writableWaiters = null;
    }
}
