package dev.pronto.client.http.internal.websocket;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.WsAssembler;
import dev.pronto.wire.WsDecoder;
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
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The client's end of a WebSocket connection, on the wire module's frame code: frames in through
 * {@link WsDecoder} (or Netty's codec with permessage-deflate) and {@link WsAssembler}, sends out through
 * {@link WsClientSends}. State machine: OPEN → CLOSE_SENT (our close is out; the server's close or
 * {@code closeTimeout} closes the socket) → CLOSED; or OPEN → CLOSED when the server's close arrives,
 * on a protocol violation, or when the socket drops. Event loop only, except the {@link WebSocket}
 * methods, which move themselves onto it.
 */
final class WsClientConnection extends ChannelInboundHandlerAdapter implements WebSocket, WsDecoder.Sink {
    private static final int OPEN = 0;
    private static final int CLOSE_SENT = 1;
    private static final int CLOSED = 2;

    /** What the handshake gives the connection. */
    record Session(WebSocketHandler handler, WebSocketOptions options, String uri, SocketAddress remote) {
    }

    private final Session session;
    private final WebSocketExtension deflate;
    private final WsClientCallbacks callbacks;
    private final WsAssembler assembler;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>(4);
    private ChannelHandlerContext ctx;
    private WsDecoder decoder;
    private WsOutbound out;
    private WsClientSends sends;
    private volatile int state = OPEN;
    private boolean closeNotified;
    private boolean heard;
    private boolean pinged;
    private long lastActivity;
    private boolean outboundBlocked;
    private boolean handlerBlocked;
    private CompletableFuture<Void> closeSent;
    private ScheduledFuture<?> closeTimer;
    private ScheduledFuture<?> clock;

    WsClientConnection(Session session, WebSocketExtension deflate) {
        this.session = session;
        this.deflate = deflate;
        WebSocketOptions o = session.options();
        this.callbacks = new WsClientCallbacks(this, session.handler(), o);
        this.assembler = new WsAssembler(o.maxMessageSize(),
                o.messages() == WebSocketOptions.Messages.FRAGMENTS ? WsAssembler.Mode.FRAGMENTS : WsAssembler.Mode.WHOLE);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.decoder = WsClientFrames.install(ctx.pipeline(), ctx.name(), session.options(), deflate);
        this.out = new WsOutbound(ctx);
        this.sends = new WsClientSends(this, ctx, out, session.options().maxQueuedBytes());
        ctx.channel().config().setAutoRead(true);
        checkWritable();
        WebSocketOptions o = session.options();
        long ping = o.pingInterval().toNanos();
        long shortest = ping > 0 ? Math.min(ping, o.idleTimeout().toNanos()) : o.idleTimeout().toNanos();
        lastActivity = System.nanoTime();
        clock = ctx.executor().scheduleAtFixedRate(this::check, shortest, shortest, TimeUnit.NANOSECONDS);
        callbacks.open();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        out.readStarted();
        heard = true;
        pinged = false;
        if (decoder != null && msg instanceof ByteBuf bytes) {
            decoder.decode(bytes, ctx.alloc(), this);
        } else if (msg instanceof WebSocketFrame f) {
            try {
                int opcode = WsClientFrames.opcode(f);
                if (opcode >= WsDecoder.CLOSE) {
                    control(opcode, f.content());
                } else {
                    data(opcode, f.content(), f.isFinalFragment());
                }
            } finally {
                f.release();
            }
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        out.readComplete();
        checkWritable();
    }

    @Override
    public void data(int opcode, ByteBuf payload, boolean fin) {
        if (state != OPEN) {
            return; // data after our close frame is discarded (RFC 6455 §5.5.1)
        }
        int failed = assembler.frame(opcode, payload, fin, ctx.alloc(), callbacks);
        if (failed == WebSocketCloseStatus.INVALID_PAYLOAD_DATA.code()) {
            violation(WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "Invalid UTF-8 in a text message");
        } else if (failed != WsAssembler.OK) {
            sendClose(WebSocketCloseStatus.MESSAGE_TOO_BIG.code(), "Message exceeds maxMessageSize", new CompletableFuture<>());
        }
    }

    @Override
    public void control(int opcode, ByteBuf payload) {
        if (opcode == WsDecoder.PING) {
            if (state == OPEN) {
                out.writeQueued();
                ctx.write(new PongWebSocketFrame(payload.retainedDuplicate()), ctx.voidPromise());
                out.flushSoon();
            }
            callbacks.ping(payload);
        } else if (opcode == WsDecoder.PONG) {
            callbacks.pong(payload);
        } else if (payload.readableBytes() < 2) {
            peerClosed(WebSocketCloseStatus.EMPTY.code(), "");
        } else {
            int at = payload.readerIndex();
            String reason = payload.toString(at + 2, payload.readableBytes() - 2, StandardCharsets.UTF_8);
            peerClosed(payload.getUnsignedShort(at), reason);
        }
    }

    /**
     * The server's close: answered with its code (empty for an empty close, 1005) if we had not closed,
     * then the socket closes.
     */
    private void peerClosed(int code, String reason) {
        if (state == OPEN) {
            out.writeQueued();
            CloseWebSocketFrame reply = code == WebSocketCloseStatus.EMPTY.code() ? new CloseWebSocketFrame()
                    : new CloseWebSocketFrame(code, "");
            ctx.writeAndFlush(reply).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
        state = CLOSED;
        notifyClose(code, reason);
    }

    /** A protocol violation: what was sent before goes out, then our close with its code, then the socket closes. */
    @Override
    public void violation(WebSocketCloseStatus status, String why) {
        if (state == OPEN) {
            out.writeQueued();
            ctx.writeAndFlush(new CloseWebSocketFrame(status.code(), status.reasonText())).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
        state = CLOSED;
        assembler.release();
        notifyClose(status.code(), why);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        checkWritable();
        if (ctx.channel().isWritable()) {
            sends.writable(callbacks);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        state = CLOSED;
        clock.cancel(false);
        if (closeTimer != null) {
            closeTimer.cancel(false);
        }
        assembler.release();
        if (decoder != null) {
            decoder.release();
        }
        sends.cancelAll();
        notifyClose(WebSocketCloseStatus.ABNORMAL_CLOSURE.code(), "");
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof CorruptedWebSocketFrameException bad) {
            violation(bad.closeStatus(), bad.getMessage() == null ? bad.closeStatus().reasonText() : bad.getMessage());
        } else if (cause instanceof DecoderException bad) {
            sendClose(WebSocketCloseStatus.PROTOCOL_ERROR.code(), "Malformed frame", new CompletableFuture<>());
            notifyClose(WebSocketCloseStatus.PROTOCOL_ERROR.code(), String.valueOf(bad.getMessage()));
        } else {
            ctx.close();
        }
    }

    private void notifyClose(int code, String reason) {
        if (!closeNotified) {
            closeNotified = true;
            callbacks.close(code, reason);
        }
    }

    /** Idle timeout and keep-alive ping. */
    private void check() {
        if (state == CLOSED) {
            clock.cancel(false);
            return;
        }
        long now = System.nanoTime();
        if (heard) {
            heard = false;
            lastActivity = now;
        }
        long silent = now - lastActivity;
        WebSocketOptions o = session.options();
        if (silent >= o.idleTimeout().toNanos()) {
            sendClose(WebSocketCloseStatus.ENDPOINT_UNAVAILABLE.code(), "Idle timeout", new CompletableFuture<>());
            return;
        }
        long ping = o.pingInterval().toNanos();
        if (ping > 0 && silent >= ping && !pinged && state == OPEN) {
            pinged = true;
            out.writeQueued();
            ctx.writeAndFlush(new PingWebSocketFrame(), ctx.voidPromise());
        }
    }

    /** Our close (event loop): the close frame, then wait for the server's at most closeTimeout. */
    void sendClose(int code, String reason, CompletableFuture<Void> done) {
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
        assembler.release();
        out.writeQueued();
        ctx.writeAndFlush(new CloseWebSocketFrame(code, reason)).addListener(f -> done.complete(null));
        closeTimer = ctx.executor().schedule(() -> {
            ctx.close();
        }, session.options().closeTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Whether data frames still flow both ways. */
    boolean acceptsData() {
        return state == OPEN;
    }

    /** Stops reading while the outbound buffer is above its high-water mark. Event loop. */
    void checkWritable() {
        outboundBlocked = !ctx.channel().isWritable();
        ctx.channel().config().setAutoRead(!outboundBlocked && !handlerBlocked);
    }

    /** A blocking handler fell behind: stop reading until it catches up. Event loop. */
    void pauseForHandler() {
        handlerBlocked = true;
        checkWritable();
    }

    /** The blocking handler caught up. Event loop. */
    void resumeForHandler() {
        handlerBlocked = false;
        checkWritable();
    }

    /** A callback threw: close with 1011. Any thread. */
    void callbackFailed() {
        onLoop(() -> sendClose(WebSocketCloseStatus.INTERNAL_SERVER_ERROR.code(), "Internal error", new CompletableFuture<>()));
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
                // the client is stopping: the connection is going away anyway
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
        return null;
    }

    @Override
    public Object attribute(String name) {
        return attributes.get(name);
    }

    @Override
    public void attribute(String name, Object value) {
        if (value == null) {
            attributes.remove(name);
        } else {
            attributes.put(name, value);
        }
    }

    @Override
    public SocketAddress remoteAddress() {
        return session.remote();
    }
}
