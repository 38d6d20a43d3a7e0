package dev.pronto.core.internal.teleport;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Carrier;
import dev.pronto.core.internal.exchange.Dispatch;
import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.FilePart;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.exchange.ReadGate;
import dev.pronto.core.internal.exchange.ResponseBody;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.exchange.StreamingBody;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.util.ConnectionClock;
import dev.pronto.core.internal.util.DateHeader;
import dev.pronto.wire.Http1Head;
import dev.pronto.wire.TeleportOutput;
import dev.pronto.wire.TeleportWire;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import java.net.SocketAddress;

/**
 * One teleport connection after its handshake, the carrier of one exchange per request message:
 * {@link TeleportDecoder} frames the requests, each runs through the same dispatcher, hooks and
 * error mapping as HTTP/1.1, and responses leave in completion order, each behind its request's
 * id, gathered and compressed per flush by {@link TeleportOutput} (once per read batch, or once per
 * event-loop turn for async completions). Past {@code maxPendingResponses} requests in flight a
 * request is answered 429 at once; id 0 requests run but get no response. Buffered request bodies
 * share the event loop's {@link TeleportBudget}: reading pauses while a body does not fit, and
 * resumes as bodies are answered. Event loop only, except
 * the {@link Carrier} methods documented as any-thread.
 */
public final class TeleportConnection extends ChannelInboundHandlerAdapter implements Carrier, ServerConnection {
    final ServerContext server;
    private final int compression;
    private final int maxPending;
    private final ExchangePool pool;
    private final Runnable flushTask = this::scheduledFlush;
    private TeleportPauses pauses;
    private TeleportBudget budget;
    /** The connection's one timer; {@link TeleportTimer} is what it checks. */
    private final ConnectionClock timer;
    private TeleportDecoder decoder;
    /** Exchanges dispatched and not yet answered. */
    private final TeleportPending pending = new TeleportPending();
    private TeleportOutput out;
    private ChannelHandlerContext ctx;
    private ReadGate gate;
    private boolean inRead;
    private boolean flushScheduled;
    private boolean closing;
    private volatile boolean draining;

    TeleportConnection(ServerContext server, int compression) {
        this.server = server;
        this.compression = compression;
        this.maxPending = server.config().maxPendingResponses();
        this.pool = new ExchangePool(this, server, Math.min(maxPending, 128), TeleportSlot::new);
        this.timer = new ConnectionClock(server.config(), new TeleportTimer(this, server.config()));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        pool.attachClosing(ctx.channel().eventLoop(), this);
        this.gate = new ReadGate(ctx.channel(), this::resumeReading);
        this.out = new TeleportOutput(ctx, compression);
        this.pauses = new TeleportPauses(gate, ctx.channel().eventLoop());
        this.budget = pauses.budget();
        this.decoder = new TeleportDecoder(this, server.config(), compression == TeleportWire.FLATE);
        server.opened(this);
        timer.start(ctx);
    }

    @Override
    public javax.net.ssl.SSLSession tlsSession() {
        io.netty.handler.ssl.SslHandler tls = ctx.pipeline().get(io.netty.handler.ssl.SslHandler.class);
        return tls == null ? null : tls.engine().getSession();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        teardown();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        teardown();
    }

    /** Frees what the connection holds; exchanges still running are aborted and freed when let go. Idempotent. */
    private void teardown() {
        if (closing && out == null) {
            return;
        }
        closing = true;
        server.closed(this);
        timer.stop();
        decoder.release();
        if (out != null) {
            out.release();
            out = null;
        }
        pool.close();
        pauses.closed(pending.abortAll(pool));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (closing || !(msg instanceof ByteBuf buf)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        inRead = true;
        timer.touch();
        decoder.offer(buf);
        decoder.decode();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        inRead = false;
        decoder.compact();
        if (out != null) {
            out.flush();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        gate.followWritability();
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // includes a corrupt snappy stream reported by the decoder in front of this handler
        if (cause.getCause() instanceof javax.net.ssl.SSLException tls) {
            // a failed TLS handshake (or record) on a teleport-over-TLS connection: routine, as on HTTPS ports
            server.tlsHandshakeFailed(ctx.channel(), tls);
        } else {
            server.connectionFailed(ctx.channel(), cause);
        }
        closeNow();
    }

    private void decodeBuffered() {
        timer.touch();
        boolean wasInRead = inRead;
        inRead = true;
        decoder.decode();
        inRead = wasInRead;
        if (!inRead) {
            requestFlush();
        }
    }

    // ---- exchanges ----

    Exchange obtain() {
        return pool.obtain();
    }

    boolean readPaused() {
        return gate.closed() || closing;
    }

    long lastActivity() {
        return timer.lastActivity();
    }

    /** The reading clock at {@code now}: time minus the time this connection stopped reading. */
    long readingTime(long now) {
        return gate.readingTime(now);
    }

    TeleportPauses pauses() {
        return pauses;
    }

    TeleportPending pending() {
        return pending;
    }

    TeleportDecoder decoder() {
        return decoder;
    }

    boolean closing() {
        return closing;
    }

    ConnectionClock clock() {
        return timer;
    }

    private void resumeReading() {
        if (!closing) {
            decodeBuffered();
        }
    }

    /**
     * A request to run, or to answer 429 past the concurrency limit: its buffered body whole, holding
     * {@code held} budget bytes, or (a streaming route) its body still to follow into {@code body}.
     */
    void accept(Exchange e, long held, StreamingBody body) {
        e.received(timer.nanoTime());
        if (pending.size() >= maxPending) {
            budget.release(held);
            if (body != null) {
                // it is still read, and dropped
                body.abandon();
            }
            e.atRootScope();
            Errors.answerByServer(e, 429, "Too Many Requests: more than " + maxPending
                    + " requests in flight on this teleport connection (maxPendingResponses)");
            return;
        }
        pending.add(e, held);
        e.stream(body);
        Dispatch.run(e);
    }

    /** A message that cannot be framed: answer it when the client expects an answer, then close once answered. */
    void failFraming(Exchange e, int status, String message) {
        e.atRootScope();
        e.head.http11 = true;
        e.head.method = dev.pronto.router.Method.GET;
        e.closeAfterResponse();
        Errors.answerByServer(e, status, message);
        closeWhenAnswered();
    }

    /** Stops reading for good, and closes once the calls already running are answered (or time out). */
    void closeWhenAnswered() {
        decoder.stop();
        if (pending.size() == 0) {
            closeAfterWrite();
        } else {
            // the calls before the bad message were within limits: they still get their answers
            draining = true;
        }
    }

    /** Input that is not a teleport stream at all (corrupt compression): close at once. */
    void hostile(String why) {
        server.log().debug("Closing teleport connection {}: {}", ctx.channel().remoteAddress(), why);
        closeNow();
    }

    private void finish(Exchange e) {
        budget.release(pending.remove(e));
        if (e.stream() != null && decoder.pausedOnlyBy(e.stream()) && gate.open(ReadGate.BODY)) {
            // answered with its body unread: what is left of it is read and dropped, and the next messages framed
            eventLoop().execute(this::decodeBuffered);
        }
        pool.finish(e);
        if (draining && pending.size() == 0) {
            closeAfterWrite();
        }
    }

    // ---- Carrier ----

    @Override
    public ByteBufAllocator alloc() {
        return ctx.alloc();
    }

    @Override
    public EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    @Override
    public SocketAddress remoteAddress() {
        return ctx.channel().remoteAddress();
    }

    /** Whether responses should ask the client to go away (the server or this connection is closing). */
    public boolean draining() {
        return draining || server.draining();
    }

    Channel channel() {
        return ctx.channel();
    }

    @Override
    public void respond(Exchange e, ResponseBody body) {
        if (closing || e.state() != ExchangeState.RESPONDING) {
            ExchangePool.refuse(e, body);
            return;
        }
        // the message id, then the response in HTTP/1.1 format: small bodies copied behind the head
        boolean withBody = ResponseBody.hasBody(e);
        int extra = withBody ? body.copyLength() : 0;
        ByteBuf head = alloc().ioBuffer(164 + e.response.headers().estimate() + extra);
        head.writeIntLE(TeleportSlot.of(e).id);
        if (draining()) {
            e.closeAfterResponse();
        }
        Http1Head.encode(head, e, body.length(), body.defaultType(), DateHeader.line());
        Object part2 = null;
        if (withBody) {
            body.writeToOrRelease(head);
            part2 = body.takePart();
        }
        body.release();
        complete(e, head, part2);
    }

    /** Queues the message: {@code head} (id, head, a small body) and a large buffer or file; owns both. */
    private void complete(Exchange e, ByteBuf head, Object part2) {
        ByteBuf body;
        try {
            body = part2 instanceof FilePart f ? TeleportFiles.read(alloc(), f) : (ByteBuf) part2;
        } catch (java.io.UncheckedIOException unreadable) {
            head.release();
            server.log().warn("Cannot read a file response for a teleport connection; closing it", unreadable);
            pool.abortAnyThread(e);
            return;
        }
        ExchangePool.hold(e);
        try {
            e.completed();
            e.bytesOut(head.readableBytes() - TeleportWire.ID_LENGTH + (body == null ? 0 : body.readableBytes()));
            if (TeleportSlot.of(e).id == 0) {
                head.release();
                if (body != null) {
                    body.release();
                }
            } else {
                out.add(head);
                if (body != null) {
                    out.add(body);
                }
            }
            pool.observe(e);
            finish(e);
        } finally {
            pool.releaseAnyThread(e);
        }
        requestFlush();
    }

    @Override
    public BodyWriter stream(Exchange e, String defaultType, StreamCompressor compressor) {
        TeleportBodySink sink = new TeleportBodySink(this, e, compressor);
        return FramedBody.open(sink, e, compressor, defaultType);
    }

    @Override
    public void pauseBody() {
        // the streamed body's consumer is behind: no message after it can be framed before it anyway
        gate.close(ReadGate.BODY);
    }

    @Override
    public void resumeBody() {
        if (!closing) {
            gate.reopen(ReadGate.BODY);
        }
    }

    // ---- output ----

    /** Flushes at the end of the read batch, or once this event-loop turn when not reading. */
    private void requestFlush() {
        gate.closeIfUnwritable();
        if (!inRead && !flushScheduled) {
            flushScheduled = true;
            eventLoop().execute(flushTask);
        }
    }

    private void scheduledFlush() {
        flushScheduled = false;
        if (out != null) {
            out.flush();
        }
    }

    private void closeAfterWrite() {
        if (closing) {
            return;
        }
        closing = true;
        decoder.stop();
        if (out != null) {
            out.flush();
        }
        ctx.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(io.netty.channel.ChannelFutureListener.CLOSE);
    }

    // ---- ServerConnection ----

    @Override
    public void drainAndClose() {
        draining = true;
        eventLoop().execute(() -> {
            if (pending.size() == 0) {
                closeAfterWrite();
            }
        });
    }

    @Override
    public void closeNow() {
        closing = true;
        ctx.close();
    }
}
