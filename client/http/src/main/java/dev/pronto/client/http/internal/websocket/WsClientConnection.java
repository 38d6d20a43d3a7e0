package dev.pronto.client.http.internal.websocket;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.WsAssembler;
import dev.pronto.wire.WsEngine;
import dev.pronto.wire.WsRole;
import dev.pronto.wire.WsSettings;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The client's end of a WebSocket connection, on the wire module's {@link WsEngine} (frames, the close
 * handshake and its state machine, idle timeout and keep-alive pings, sends): here the handler's
 * callbacks ({@link WsClientCallbacks}), the idle clock's schedule and backpressure through autoRead.
 * Event loop only, except the {@link WebSocket} methods, which move themselves onto it.
 */
final class WsClientConnection extends ChannelInboundHandlerAdapter implements WebSocket {
    /** What the handshake gives the connection. */
    record Session(WebSocketHandler handler, WebSocketOptions options, String uri, SocketAddress remote) {
    }

    private final Session session;
    private final WebSocketExtension deflate;
    private final WsClientCallbacks callbacks;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>(4);
    private ChannelHandlerContext ctx;
    private WsEngine engine;
    private boolean outboundBlocked;
    private boolean handlerBlocked;
    private ScheduledFuture<?> clock;

    WsClientConnection(Session session, WebSocketExtension deflate) {
        this.session = session;
        this.deflate = deflate;
        this.callbacks = new WsClientCallbacks(this, session.handler(), session.options());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        WebSocketOptions o = session.options();
        WsSettings settings = new WsSettings(WsRole.CLIENT, o.maxMessageSize(),
                o.messages() == WebSocketOptions.Messages.FRAGMENTS ? WsAssembler.Mode.FRAGMENTS : WsAssembler.Mode.WHOLE,
                o.maxQueuedBytes(), o.idleTimeout(), o.pingInterval(), o.closeTimeout());
        this.engine = new WsEngine(ctx, settings, deflate, callbacks);
        ctx.channel().config().setAutoRead(true);
        checkWritable();
        long shortest = settings.shortestNanos();
        engine.start(System.nanoTime());
        clock = ctx.executor().scheduleAtFixedRate(this::check, shortest, shortest, TimeUnit.NANOSECONDS);
        callbacks.open();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        engine.read(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        engine.readComplete();
        checkWritable();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        checkWritable();
        if (ctx.channel().isWritable()) {
            engine.sends().writable();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        clock.cancel(false);
        engine.inactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!engine.frameError(cause)) {
            ctx.close();
        }
    }

    /** Idle timeout and keep-alive ping. */
    private void check() {
        if (!engine.check(System.nanoTime())) {
            clock.cancel(false);
        }
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

    /** The engine, once the handler is added. */
    WsEngine engine() {
        return engine;
    }

    // ---- WebSocket ----

    @Override
    public CompletionStage<Void> sendText(CharSequence text) {
        return engine.sends().text(text);
    }

    @Override
    public CompletionStage<Void> sendBinary(byte[] data) {
        return engine.sends().binary(data);
    }

    @Override
    public CompletionStage<Void> sendBinary(ByteBuf data) {
        return engine.sends().binary(data);
    }

    @Override
    public CompletionStage<Void> ping(byte[] data) {
        return engine.sends().ping(data);
    }

    @Override
    public CompletionStage<Void> close(int code, String reason) {
        return engine.closeAsync(code, reason);
    }

    @Override
    public CompletionStage<Void> close() {
        return close(WebSocketCloseStatus.NORMAL_CLOSURE.code(), "");
    }

    @Override
    public boolean isOpen() {
        return engine.isOpen();
    }

    @Override
    public boolean isWritable() {
        return ctx.channel().isWritable();
    }

    @Override
    public void onWritable(Runnable callback) {
        engine.sends().onWritable(callback);
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
