package dev.pronto.core.internal.wsendpoint;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.core.internal.exchange.ReadGate;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.util.PeriodicCheck;
import dev.pronto.wire.WsAssembler;
import dev.pronto.wire.WsEngine;
import dev.pronto.wire.WsRole;
import dev.pronto.wire.WsSettings;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import java.net.SocketAddress;
import java.util.concurrent.CompletionStage;

/**
 * One end of an upgraded WebSocket connection, the server's or the client's, on the wire module's
 * {@link WsEngine} (frames, the close handshake and its state machine, idle timeout and keep-alive pings,
 * sends): here the handler's callbacks ({@link WsEndpointCallbacks}), the idle clock's schedule, and
 * backpressure through the connection's {@link ReadGate}; what differs between the ends is its
 * {@link WsHost}. Added to the pipeline once the 101 is exchanged. Event loop only, except the
 * {@link WebSocket} methods, which move themselves onto it. A {@link ServerConnection} so the server can
 * track and drain it; the client never calls those methods.
 */
public final class WsEndpoint extends ChannelInboundHandlerAdapter implements WebSocket, ServerConnection {
    /**
     * What the handshake settled for one connection.
     *
     * @param role which end this is (it masks its frames as a client, expects them masked as a server)
     * @param handler the application's callbacks
     * @param options limits, timeouts and how messages are delivered
     * @param deflate the agreed permessage-deflate extension, or null
     */
    public record Route(WsRole role, WebSocketHandler handler, WebSocketOptions options, WebSocketExtension deflate) {
    }

    private final WsHost host;
    private final Route route;
    private final WsSession session;
    private final WsEndpointCallbacks callbacks;
    private ChannelHandlerContext ctx;
    private WsEngine engine;
    private ReadGate gate;
    private PeriodicCheck clock;

    /** An endpoint for {@code route}, on {@code host}, remembering {@code session}; started when added to a pipeline. */
    public WsEndpoint(WsHost host, Route route, WsSession session) {
        this.host = host;
        this.route = route;
        this.session = session;
        this.callbacks = new WsEndpointCallbacks(this, route.handler(),
                route.options().isBlocking() ? host.blockingExecutor() : null, host);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.gate = new ReadGate(ctx.channel());
        WsSettings settings = settings(route.role(), route.options());
        this.engine = new WsEngine(ctx, settings, route.deflate(), callbacks);
        // the handler before (the server's HTTP/1.1, the client's handshake) may have left reading off; from now on
        // this connection's gate decides
        ctx.channel().config().setAutoRead(true);
        checkWritable();
        host.opened(this);
        clock = new PeriodicCheck(settings.shortestNanos(), engine::check);
        clock.start(ctx);
        engine.start(clock.nanoTime());
        callbacks.open();
    }

    private static WsSettings settings(WsRole role, WebSocketOptions o) {
        return new WsSettings(role, o.maxMessageSize(),
                o.messages() == WebSocketOptions.Messages.FRAGMENTS ? WsAssembler.Mode.FRAGMENTS : WsAssembler.Mode.WHOLE,
                o.maxQueuedBytes(), o.idleTimeout(), o.pingInterval(), o.closeTimeout());
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

    /** Stops reading while the outbound buffer is above its high-water mark. */
    void checkWritable() {
        gate.closeIfUnwritable();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (gate.followWritability()) {
            engine.sends().writable();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        clock.stop();
        host.closed(this);
        engine.inactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (engine.frameError(cause)) {
            return;
        }
        if (engine.isClosed() || cause instanceof java.io.IOException) {
            // a send with a void promise failing on a closing or reset connection: nothing to report
            ctx.close();
        } else {
            host.failed(ctx.channel(), cause);
            ctx.close();
        }
    }

    /** A blocking handler fell behind: stop reading until it catches up. Event loop. */
    void pauseForHandler() {
        gate.close(ReadGate.BODY);
    }

    /** The blocking handler caught up. Event loop. */
    void resumeForHandler() {
        gate.open(ReadGate.BODY);
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
        engine.onLoop(() -> engine.close(WebSocketCloseStatus.ENDPOINT_UNAVAILABLE.code(), "Server shutting down"));
    }

    @Override
    public void closeNow() {
        ctx.close();
    }
}
