package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
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
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The protocol of one WebSocket connection, the same for server and client: frames in (through
 * {@link WsDecoder}, or Netty's codec where permessage-deflate needs it) assembled into messages, pongs,
 * the close handshake, idle timeout and keep-alive pings. Each end keeps its own handshake, handler
 * callbacks and backpressure, and hears of messages and the close through {@link WsEvents}.
 *
 * <p>State machine: OPEN (frames flow both ways) → CLOSE_SENT (our close frame is out; data from the
 * peer is discarded; the peer's close or {@code closeTimeout} closes the socket) → CLOSED; or OPEN →
 * CLOSED directly when the peer's close arrives (answered, then the socket closes), on a protocol error
 * (our close frame with its code, then the socket closes) or when the socket drops. Event loop only,
 * except {@link #acceptsData()}.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsEngine implements WsDecoder.Sink {
    private static final int OPEN = 0;
    private static final int CLOSE_SENT = 1;
    private static final int CLOSED = 2;

    private final ChannelHandlerContext ctx;
    private final WsSettings settings;
    private final WsEvents events;
    private final WsAssembler assembler;
    private final WsOutbound out;
    private final WsSendQueue sends;
    /** Pronto's own frame parser, or null where Netty's codec decodes (permessage-deflate). */
    private final WsDecoder decoder;
    private volatile int state = OPEN;
    private final WsKeepAlive keepAlive;
    private boolean closeNotified;
    private CompletableFuture<Void> closeSent;
    private ScheduledFuture<?> closeTimer;

    /** Installs the codec before the handler of {@code ctx} and sets up the connection. Event loop. */
    public WsEngine(ChannelHandlerContext ctx, WsSettings settings, WebSocketExtension deflate, WsEvents events) {
        this.ctx = ctx;
        this.settings = settings;
        this.events = events;
        this.assembler = new WsAssembler(settings.maxMessageSize(), settings.mode());
        this.out = new WsOutbound(ctx);
        this.sends = new WsSendQueue(this, ctx, settings.role() == WsRole.SERVER && deflate == null);
        this.decoder = WsCodecs.install(ctx.pipeline(), ctx.name(), settings, deflate);
        this.keepAlive = new WsKeepAlive(this, settings);
    }

    /** The handler's sends. */
    public WsSendQueue sends() {
        return sends;
    }

    /** The end's events. */
    WsEvents events() {
        return events;
    }

    /** The batching of this connection's writes. */
    WsOutbound out() {
        return out;
    }

    /** The settings it runs with. */
    WsSettings settings() {
        return settings;
    }

    /** The idle clock starts at {@code now}. */
    public void start(long now) {
        keepAlive.heard(now);
    }

    /** What the channel read: bytes for the decoder or a frame from Netty's codec. Takes ownership. */
    public void read(Object msg) {
        out.readStarted();
        keepAlive.heard();
        if (decoder != null && msg instanceof ByteBuf bytes) {
            decoder.decode(bytes, ctx.alloc(), this);
        } else if (msg instanceof WebSocketFrame f) {
            try {
                int opcode = WsCodecs.opcode(f);
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

    /** The read batch ended: one flush for what it sent. */
    public void readComplete() {
        out.readComplete();
    }

    /** Whether data frames still flow both ways: OPEN. Any thread. */
    public boolean acceptsData() {
        return state == OPEN;
    }

    /** Whether data flows both ways and the socket is up: the WebSocket's {@code isOpen}. Any thread. */
    public boolean isOpen() {
        return state == OPEN && ctx.channel().isActive();
    }

    /**
     * The WebSocket's {@code close(code, reason)}: checks them (IllegalArgumentException), then closes on
     * the event loop; the stage completes once our close frame is written (or was). Any thread.
     */
    public CompletionStage<Void> closeAsync(int code, String reason) {
        String why = WsHandshakes.checkClose(code, reason);
        CompletableFuture<Void> done = new CompletableFuture<>();
        onLoop(() -> close(code, why, done));
        return done;
    }

    /** A handler callback threw (and was reported): close with 1011. Any thread. */
    public void callbackFailed() {
        onLoop(() -> close(WebSocketCloseStatus.INTERNAL_SERVER_ERROR.code(), "Internal error"));
    }

    /** Whether the connection is closed (not merely closing). */
    public boolean isClosed() {
        return state == CLOSED;
    }

    @Override
    public void data(int opcode, ByteBuf payload, boolean fin) {
        if (state != OPEN) {
            return; // data after our close frame is discarded (RFC 6455 §5.5.1)
        }
        int failed = assembler.frame(opcode, payload, fin, ctx.alloc(), events);
        if (failed == WebSocketCloseStatus.INVALID_PAYLOAD_DATA.code()) {
            violation(WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "Invalid UTF-8 in a text message");
        } else if (failed != WsAssembler.OK) {
            close(WebSocketCloseStatus.MESSAGE_TOO_BIG.code(), "Message exceeds maxMessageSize");
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
            events.ping(payload);
        } else if (opcode == WsDecoder.PONG) {
            events.pong(payload);
        } else if (payload.readableBytes() < 2) {
            peerClosed(WebSocketCloseStatus.EMPTY.code(), "");
        } else {
            int at = payload.readerIndex();
            String reason = payload.toString(at + 2, payload.readableBytes() - 2, StandardCharsets.UTF_8);
            peerClosed(payload.getUnsignedShort(at), reason);
        }
    }

    /** The peer's close: answered with its code (empty for an empty close) if we had not closed, then the socket closes. */
    private void peerClosed(int code, String reason) {
        if (state == OPEN) {
            state = CLOSED;
            out.writeQueued();
            CloseWebSocketFrame reply = code == WebSocketCloseStatus.EMPTY.code() ? new CloseWebSocketFrame()
                    : new CloseWebSocketFrame(code, "");
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
    @Override
    public void violation(WebSocketCloseStatus status, String why) {
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

    /** Handles a decoder's failure reaching exceptionCaught; false when {@code cause} is not one. */
    public boolean frameError(Throwable cause) {
        if (cause instanceof CorruptedWebSocketFrameException bad) {
            // Netty's decoder, on permessage-deflate connections
            violation(bad.closeStatus(), bad.getMessage() == null ? bad.closeStatus().reasonText() : bad.getMessage());
            return true;
        }
        if (cause instanceof DecoderException bad) {
            close(WebSocketCloseStatus.PROTOCOL_ERROR.code(), "Malformed frame");
            notifyClose(WebSocketCloseStatus.PROTOCOL_ERROR.code(), String.valueOf(bad.getMessage()));
            return true;
        }
        return false;
    }

    /** Idle timeout and keep-alive ping at {@code now}; false once closed (stop checking). */
    public boolean check(long now) {
        return state != CLOSED && keepAlive.check(now);
    }

    /** A keep-alive ping, after the sends queued before it. */
    void ping() {
        if (state == OPEN) {
            out.writeQueued();
            ctx.writeAndFlush(new PingWebSocketFrame(), ctx.voidPromise());
        }
    }

    /** Our close (event loop): the close frame, then wait for the peer's at most closeTimeout. */
    public void close(int code, String reason) {
        close(code, reason, new CompletableFuture<>());
    }

    /** As {@link #close(int, String)}; {@code done} completes once our close frame is written (or was). */
    public void close(int code, String reason, CompletableFuture<Void> done) {
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
        }, settings.closeTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The socket is gone: drops partial messages and queued sends, reports 1006 unless a close was reported. */
    public void inactive() {
        state = CLOSED;
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

    /** Runs {@code task} on the connection's event loop: now when called there, never once the loop is gone. Any thread. */
    public void onLoop(Runnable task) {
        EventLoop loop = ctx.channel().eventLoop();
        if (loop.inEventLoop()) {
            task.run();
        } else {
            try {
                loop.execute(task);
            } catch (RejectedExecutionException loopGone) {
                // the server or client is stopping: the connection is going away anyway
            }
        }
    }

    private void notifyClose(int code, String reason) {
        if (!closeNotified) {
            closeNotified = true;
            events.closed(code, reason);
        }
    }
}
