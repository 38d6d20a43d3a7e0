package dev.pronto.core.internal.websocket;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.core.internal.exchange.ReadGate;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ProtocolCounters;
import dev.pronto.core.internal.util.PeriodicCheck;
import dev.pronto.wire.WsHandshakes;
import dev.pronto.wire.WsOutbound;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The server's end of one upgraded WebSocket connection: its state machine, the close handshake, idle and
 * keep-alive pings, and backpressure through the connection's {@link ReadGate}; frames come in through
 * {@link WsInbound} and the handler's sends go out through {@link WsSends}.
 *
 * <p>The connection's state machine, here only: OPEN (frames flow both ways) → CLOSE_SENT (our close
 * frame is out; data from the peer is discarded; the peer's close or {@code closeTimeout} closes the
 * socket) → CLOSED; or OPEN → CLOSED directly when the peer's close arrives (answered, then the
 * socket closes), on a protocol error (our close frame with its code, then the socket closes) or when
 * the socket drops. Event loop only, except the {@link WebSocket} methods, which move themselves onto it.
 */
public final class WsConnection extends ChannelInboundHandlerAdapter implements WebSocket, ServerConnection {
    private static final int OPEN = 0;
    private static final int CLOSE_SENT = 1;
    private static final int CLOSED = 2;

    /** What the route gives each connection. */
    record Route(WebSocketHandler handler, WebSocketOptions options, WebSocketExtension deflate) {
    }

    private final WsHost server;
    private final Route route;
    private final WsSession session;
    private final WsCallbacks callbacks;
    private ChannelHandlerContext ctx;
    private WsInbound inbound;
    private WsSends sends;
    private WsOutbound out;
    private ReadGate gate;
    private PeriodicCheck clock;
    private volatile int state = OPEN;
    private boolean closeNotified;
    private boolean pinged;
    /** A frame arrived since the last check: the idle clock moves there, not per frame. */
    private boolean heard;
    private CompletableFuture<Void> closeSent;
    private ScheduledFuture<?> closeTimer;

    WsConnection(WsHost server, Route route, WsSession session) {
        this.server = server;
        this.route = route;
        this.session = session;
        this.callbacks = new WsCallbacks(this, route.handler(),
                route.options().isBlocking() ? server.blockingExecutor() : null, server.counters());
    }

    /** Where this connection's messages and closes are counted. */
    ProtocolCounters counters() {
        return server.counters();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.gate = new ReadGate(ctx.channel());
        this.out = new WsOutbound(ctx);
        this.inbound = new WsInbound(this, callbacks, ctx, route);
        this.sends = new WsSends(this, ctx, out, route);
        // the HTTP/1.1 handler may have left reading off; from now on this connection's gate decides
        ctx.channel().config().setAutoRead(true);
        checkWritable();
        server.opened(this);
        WebSocketOptions o = route.options();
        long ping = o.pingInterval().toNanos();
        long shortest = ping > 0 ? Math.min(ping, o.idleTimeout().toNanos()) : o.idleTimeout().toNanos();
        clock = new PeriodicCheck(shortest, this::check);
        clock.start(ctx);
        callbacks.open();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        out.readStarted();
        // no clock read per frame: check() moves the idle clock when it sees the flag
        heard = true;
        pinged = false;
        inbound.read(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        out.readComplete();
        checkWritable();
    }

    /** Stops reading while the outbound buffer is above its high-water mark. */
    void checkWritable() {
        if (!ctx.channel().isWritable()) {
            gate.close(ReadGate.OUTBOUND);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (!ctx.channel().isWritable()) {
            gate.close(ReadGate.OUTBOUND);
            return;
        }
        gate.open(ReadGate.OUTBOUND);
        sends.writable(callbacks);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        state = CLOSED;
        clock.stop();
        if (closeTimer != null) {
            closeTimer.cancel(false);
        }
        inbound.release();
        sends.cancelAll();
        server.closed(this);
        notifyClose(WebSocketCloseStatus.ABNORMAL_CLOSURE.code(), "");
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof CorruptedWebSocketFrameException bad) {
            // Netty's decoder, on permessage-deflate connections
            failConnection(bad.closeStatus(), bad.getMessage() == null ? bad.closeStatus().reasonText() : bad.getMessage());
        } else if (cause instanceof DecoderException bad) {
            closeWith(WebSocketCloseStatus.PROTOCOL_ERROR.code(), "Malformed frame");
            notifyClose(WebSocketCloseStatus.PROTOCOL_ERROR.code(), String.valueOf(bad.getMessage()));
        } else if (state == CLOSED || cause instanceof java.io.IOException) {
            // a send with a void promise failing on a closing or reset connection: nothing to report
            ctx.close();
        } else {
            server.failed(ctx.channel(), cause);
            ctx.close();
        }
    }

    /** Whether data frames still flow: OPEN. */
    boolean acceptsData() {
        return state == OPEN;
    }

    /** Writes a control frame of the connection's own (a pong) after the sends queued before it. */
    void writeControl(WebSocketFrame frame) {
        out.writeQueued();
        ctx.write(frame, ctx.voidPromise());
        out.flushSoon();
    }

    /** The peer's close frame: answered with its code (or empty) if we had not closed, then the socket closes. */
    void peerClosed(int code, String reason, boolean empty) {
        if (state == OPEN) {
            state = CLOSED;
            out.writeQueued();
            CloseWebSocketFrame reply = empty ? new CloseWebSocketFrame() : new CloseWebSocketFrame(code, "");
            ctx.writeAndFlush(reply).addListener(ChannelFutureListener.CLOSE);
        } else {
            state = CLOSED;
            ctx.close();
        }
        notifyClose(code, reason);
    }

    /**
     * A protocol violation (1002, 1007, 1009): what was sent before goes out, then the close frame with
     * its code, then the socket closes without waiting (RFC 6455 §7.1.7).
     */
    void failConnection(WebSocketCloseStatus status, String why) {
        if (state == OPEN) {
            out.writeQueued();
            ctx.writeAndFlush(new CloseWebSocketFrame(status.code(), status.reasonText()))
                    .addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
        state = CLOSED;
        inbound.stop();
        notifyClose(status.code(), why);
    }

    private void notifyClose(int code, String reason) {
        if (!closeNotified) {
            closeNotified = true;
            server.counters().closed(code);
            callbacks.close(code, reason);
        }
    }

    /** Idle timeout and keep-alive ping; false once closed. */
    private boolean check(long now) {
        if (state == CLOSED) {
            return false;
        }
        if (heard) {
            heard = false;
            clock.touch();
        }
        long silent = now - clock.lastActivity();
        WebSocketOptions o = route.options();
        if (silent >= o.idleTimeout().toNanos()) {
            closeWith(WebSocketCloseStatus.ENDPOINT_UNAVAILABLE.code(), "Idle timeout");
            return false;
        }
        long ping = o.pingInterval().toNanos();
        if (ping > 0 && silent >= ping && !pinged && state == OPEN) {
            pinged = true;
            out.writeQueued();
            ctx.writeAndFlush(new PingWebSocketFrame(), ctx.voidPromise());
        }
        return true;
    }

    /** Server-initiated close (event loop): our close frame, then wait for the peer's at most closeTimeout. */
    void closeWith(int code, String reason) {
        sendClose(code, reason, new CompletableFuture<>());
    }

    private void sendClose(int code, String reason, CompletableFuture<Void> done) {
        if (state != OPEN) {
            if (closeSent != null) {
                closeSent.whenComplete((v, error) -> done.complete(null));
            } else {
                done.complete(null);
            }
            return;
        }
        state = CLOSE_SENT;
        closeSent = done;
        inbound.stop();
        out.writeQueued();
        ctx.writeAndFlush(new CloseWebSocketFrame(code, reason)).addListener(f -> done.complete(null));
        closeTimer = ctx.executor().schedule(() -> {
            ctx.close();
        }, route.options().closeTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** A blocking handler fell behind: stop reading until it catches up. Event loop. */
    void pauseForHandler() {
        gate.close(ReadGate.BODY);
    }

    /** The blocking handler caught up. Event loop. */
    void resumeForHandler() {
        gate.open(ReadGate.BODY);
    }

    /** A callback threw: report it, then close with 1011. Any thread. */
    void callbackFailed(Throwable error) {
        onLoop(() -> closeWith(WebSocketCloseStatus.INTERNAL_SERVER_ERROR.code(), "Internal error"));
    }

    /** Runs {@code task} on the connection's event loop: now when called there. Any thread. */
    void onLoop(Runnable task) {
        EventLoop loop = ctx.channel().eventLoop();
        if (loop.inEventLoop()) {
            task.run();
        } else {
            try {
                loop.execute(task);
            } catch (RejectedExecutionException loopGone) {
                // the server is stopping: the connection is going away anyway
            }
        }
    }

    // ---- WebSocket ----

    @Override
    public CompletionStage<Void> sendText(CharSequence text) {
        return sends.text(text);
    }

    @Override
    public CompletionStage<Void> sendBinary(byte[] data) {
        return sends.binary(data);
    }

    @Override
    public CompletionStage<Void> sendBinary(ByteBuf data) {
        return sends.binary(data);
    }

    @Override
    public CompletionStage<Void> ping(byte[] data) {
        return sends.ping(data);
    }

    @Override
    public CompletionStage<Void> close(int code, String reason) {
        String why = WsHandshakes.checkClose(code, reason);
        CompletableFuture<Void> done = new CompletableFuture<>();
        onLoop(() -> sendClose(code, why, done));
        return done;
    }

    @Override
    public CompletionStage<Void> close() {
        return close(WebSocketCloseStatus.NORMAL_CLOSURE.code(), "");
    }

    @Override
    public boolean isOpen() {
        return state == OPEN && ctx.channel().isActive();
    }

    @Override
    public boolean isWritable() {
        return ctx.channel().isWritable();
    }

    @Override
    public void onWritable(Runnable callback) {
        onLoop(() -> {
            if (state != CLOSED) {
                sends.onWritable(callback, callbacks);
            }
        });
    }

    @Override
    public String uri() {
        return session.uri();
    }

    @Override
    public String param(String name) {
        return session.params().get(name);
    }

    @Override
    public Object attribute(String name) {
        return session.attributes().get(name);
    }

    @Override
    public void attribute(String name, Object value) {
        if (value == null) {
            session.attributes().remove(name);
        } else {
            session.attributes().put(name, value);
        }
    }

    @Override
    public SocketAddress remoteAddress() {
        return session.remote();
    }

    // ---- ServerConnection ----

    @Override
    public EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    @Override
    public void drainAndClose() {
        onLoop(() -> closeWith(WebSocketCloseStatus.ENDPOINT_UNAVAILABLE.code(), "Server shutting down"));
    }

    @Override
    public void closeNow() {
        ctx.close();
    }
}
