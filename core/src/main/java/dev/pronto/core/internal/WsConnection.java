package dev.pronto.core.internal;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The carrier of one upgraded WebSocket connection: Netty's RFC 6455 frame codec (plus
 * permessage-deflate and UTF-8 validation) in front, message assembly, the close handshake, idle
 * and keep-alive pings, and backpressure through the connection's {@link ReadGate}.
 *
 * <p>The connection's state machine, here only: OPEN (frames flow both ways) → CLOSE_SENT (our close
 * frame is out; data from the peer is discarded; the peer's close or {@code closeTimeout} closes the
 * socket) → CLOSED; or OPEN → CLOSED directly when the peer's close arrives (answered, then the
 * socket closes), on a protocol error (the codec answered with its close code) or when the socket
 * drops. Event loop only, except the {@link WebSocket} methods, which move themselves onto it.
 */
final class WsConnection extends ChannelInboundHandlerAdapter implements WebSocket, ServerConnection {
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
    private final AtomicLong queued = new AtomicLong();
    private final WsAssembler assembler;
    private final Inbound inbound = new Inbound();
    /** Pronto's own frame parser, or null where Netty's codec decodes (permessage-deflate). */
    private WsDecoder decoder;
    private ChannelHandlerContext ctx;
    private ReadGate gate;
    private PeriodicCheck clock;
    private volatile int state = OPEN;
    private boolean closeNotified;
    private boolean pinged;
    /** A frame arrived since the last check: the idle clock moves there, not per frame. */
    private boolean heard;
    private WsOutbound out;
    private CompletableFuture<Void> closeSent;
    private ScheduledFuture<?> closeTimer;
    private List<Runnable> writableWaiters;

    WsConnection(WsHost server, Route route, WsSession session) {
        this.server = server;
        this.route = route;
        this.session = session;
        this.callbacks = new WsCallbacks(this, route.handler(),
                route.options().isBlocking() ? server.blockingExecutor() : null);
        this.assembler = new WsAssembler(route.options().maxMessageSize(), route.options().messages());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.gate = new ReadGate(ctx.channel());
        this.out = new WsOutbound(ctx);
        install(ctx.pipeline(), ctx.name());
        // the HTTP/1.1 handler may have left reading off; from now on this connection's gate decides
        ctx.channel().config().setAutoRead(true);
        if (!ctx.channel().isWritable()) {
            gate.close(ReadGate.OUTBOUND);
        }
        server.opened(this);
        WebSocketOptions o = route.options();
        long ping = o.pingInterval().toNanos();
        long shortest = ping > 0 ? Math.min(ping, o.idleTimeout().toNanos()) : o.idleTimeout().toNanos();
        clock = new PeriodicCheck(shortest, this::check);
        clock.start(ctx);
        callbacks.open();
    }

    /**
     * The frame encoder (for the frame objects of control frames, deflate and the client's masking) and
     * the decoder: Pronto's own without extensions, else Netty's with its permessage-deflate handlers.
     * UTF-8 is checked in {@link WsAssembler}; Netty's decoder reports violations to exceptionCaught
     * rather than writing its own close frame, which would overtake the sends held until the end of the
     * read batch.
     */
    private void install(ChannelPipeline p, String self) {
        WebSocketOptions o = route.options();
        p.addBefore(self, "ws-encoder", new WebSocket13FrameEncoder(server.client()));
        if (route.deflate() == null) {
            decoder = new WsDecoder(!server.client(), o.maxMessageSize());
            return;
        }
        WebSocketDecoderConfig config = WebSocketDecoderConfig.newBuilder()
                .maxFramePayloadLength(o.maxMessageSize()).expectMaskedFrames(!server.client()).allowMaskMismatch(false)
                .allowExtensions(true).closeOnProtocolViolation(false).withUTF8Validator(false)
                .build();
        p.addBefore(self, "ws-decoder", new WebSocket13FrameDecoder(config));
        p.addBefore(self, "ws-deflate-decoder", route.deflate().newExtensionDecoder());
        p.addBefore(self, "ws-deflate-encoder", route.deflate().newExtensionEncoder());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        out.readStarted();
        // no clock read per frame: check() moves the idle clock when it sees the flag
        heard = true;
        pinged = false;
        if (decoder != null && msg instanceof ByteBuf bytes) {
            decoder.decode(bytes, ctx.alloc(), inbound);
        } else if (msg instanceof WebSocketFrame frame) {
            try {
                codecFrame(frame);
            } finally {
                frame.release();
            }
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    /** A frame from Netty's codec (permessage-deflate connections), put on the path of {@link WsDecoder}'s. */
    private void codecFrame(WebSocketFrame f) {
        int opcode = f instanceof TextWebSocketFrame ? WsDecoder.TEXT : f instanceof BinaryWebSocketFrame ? WsDecoder.BINARY
                : f instanceof PingWebSocketFrame ? WsDecoder.PING : f instanceof PongWebSocketFrame ? WsDecoder.PONG
                : f instanceof CloseWebSocketFrame ? WsDecoder.CLOSE : WsDecoder.CONTINUATION;
        if (opcode >= WsDecoder.CLOSE) {
            inbound.control(opcode, f.content());
        } else {
            inbound.data(opcode, f.content(), f.isFinalFragment());
        }
    }

    /** Where decoded frames go. */
    private final class Inbound implements WsDecoder.Sink {
        @Override
        public void data(int opcode, ByteBuf payload, boolean fin) {
            if (state != OPEN) {
                return; // data after our close frame is discarded (RFC 6455 §5.5.1)
            }
            int failed = assembler.frame(opcode, payload, fin, ctx.alloc(), callbacks);
            if (failed == WebSocketCloseStatus.INVALID_PAYLOAD_DATA.code()) {
                failConnection(WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "Invalid UTF-8 in a text message");
            } else if (failed != WsAssembler.OK) {
                closeWith(WebSocketCloseStatus.MESSAGE_TOO_BIG.code(), "Message exceeds maxMessageSize");
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
            } else {
                closeReceived(payload);
            }
        }

        @Override
        public void violation(WebSocketCloseStatus status, String why) {
            failConnection(status, why);
        }
    }

    private void closeReceived(ByteBuf body) {
        boolean empty = body.readableBytes() < 2;
        int code = empty ? WebSocketCloseStatus.EMPTY.code() : body.getUnsignedShort(body.readerIndex());
        String reason = empty ? "" : body.toString(body.readerIndex() + 2, body.readableBytes() - 2, StandardCharsets.UTF_8);
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

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        out.readComplete();
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
        List<Runnable> waiting = writableWaiters;
        writableWaiters = null;
        if (waiting != null) {
            waiting.forEach(callbacks::writable);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        state = CLOSED;
        clock.stop();
        if (closeTimer != null) {
            closeTimer.cancel(false);
        }
        assembler.release();
        if (decoder != null) {
            decoder.release();
        }
        out.cancelAll(new ClosedChannelException());
        writableWaiters = null;
        server.closed(this);
        notifyClose(WebSocketCloseStatus.ABNORMAL_CLOSURE.code(), "");
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof CorruptedWebSocketFrameException bad) {
            failConnection(bad);
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

    /**
     * The codec found a protocol violation (1002, 1007, 1009): what was sent before goes out, then
     * the close frame with its code, then the socket closes without waiting (RFC 6455 §7.1.7).
     */
    private void failConnection(CorruptedWebSocketFrameException bad) {
        failConnection(bad.closeStatus(), bad.getMessage() == null ? bad.closeStatus().reasonText() : bad.getMessage());
    }

    private void failConnection(WebSocketCloseStatus status, String why) {
        if (state == OPEN) {
            out.writeQueued();
            ctx.writeAndFlush(new CloseWebSocketFrame(status.code(), status.reasonText()))
                    .addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
        state = CLOSED;
        assembler.release();
        notifyClose(status.code(), why);
    }

    private void notifyClose(int code, String reason) {
        if (!closeNotified) {
            closeNotified = true;
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
        assembler.release();
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

    private void onLoop(Runnable task) {
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
        if (encodesItself()) {
            ByteBuf frame = WsFrames.text(ctx.alloc(), text);
            return send(frame, frame.readableBytes());
        }
        return send(new TextWebSocketFrame(ByteBufUtil.writeUtf8(ctx.alloc(), text)));
    }

    @Override
    public CompletionStage<Void> sendBinary(byte[] data) {
        if (encodesItself()) {
            ByteBuf frame = WsFrames.binary(ctx.alloc(), data);
            return send(frame, frame.readableBytes());
        }
        return send(new BinaryWebSocketFrame(ctx.alloc().buffer(data.length).writeBytes(data)));
    }

    /** A server without permessage-deflate writes its frames whole (the codec passes a ByteBuf through). */
    private boolean encodesItself() {
        return route.deflate() == null && !server.client();
    }

    @Override
    public CompletionStage<Void> sendBinary(ByteBuf data) {
        return send(new BinaryWebSocketFrame(data));
    }

    @Override
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
        if (queued.addAndGet(size) > route.options().maxQueuedBytes()) {
            write.cancelled(new IllegalStateException("WebSocket outbound queue exceeds maxQueuedBytes="
                    + route.options().maxQueuedBytes() + "; wait for send stages or isWritable()"));
            onLoop(() -> closeWith(WebSocketCloseStatus.POLICY_VIOLATION.code(), "Outbound queue full"));
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
        if (state != OPEN || !ctx.channel().isActive()) {
            write.cancelled(state == OPEN ? new ClosedChannelException()
                    : new IllegalStateException("WebSocket close already sent or received"));
            return;
        }
        out.add(write);
        if (!ctx.channel().isWritable()) {
            gate.close(ReadGate.OUTBOUND);
        }
    }

    @Override
    public CompletionStage<Void> close(int code, String reason) {
        String why = WsHandshake.checkClose(code, reason);
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
            if (state == CLOSED) {
                return;
            }
            if (ctx.channel().isWritable()) {
                callbacks.writable(callback);
            } else {
                if (writableWaiters == null) {
                    writableWaiters = new ArrayList<>(2);
                }
                writableWaiters.add(callback);
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
