package dev.pronto.core.internal.http2;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Carrier;
import dev.pronto.core.internal.exchange.Dispatch;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.exchange.ReadGate;
import dev.pronto.core.internal.exchange.ResponseBody;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.util.ConnectionClock;
import dev.pronto.wire.H2cPreface;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import java.net.SocketAddress;
import java.util.function.Consumer;

/**
 * One HTTP/2 connection (h2 over TLS or h2c), the carrier of one exchange per stream: Netty's
 * frame layer decodes and enforces the protocol, {@link H2Inbound} turns each request stream into
 * an exchange for the same dispatcher, hooks and error mapping as HTTP/1.1, and this class writes
 * the responses as HEADERS and DATA frames, flushing once per read batch (or once per event-loop
 * turn for async completions). No child channel per stream and no thread hop. Event loop only,
 * except the {@link Carrier} methods documented as any-thread.
 */
public final class H2Connection extends Http2ConnectionHandler implements Carrier, ServerConnection {
    final ServerContext server;
    /** Obtains and finishes the exchanges of this connection's streams. */
    final ExchangePool pool;
    private final Runnable flushTask = this::scheduledFlush;
    final io.netty.handler.codec.http2.Http2Connection.PropertyKey key;
    final H2Timer timer;
    private final ConnectionClock clock;
    private final H2FrameGuard guard = new H2FrameGuard();
    final H2Backlog backlog = new H2Backlog();
    private final int maxFrameSize;
    private ChannelHandlerContext ctx;
    private ReadGate gate;
    private boolean inRead;
    private boolean flushScheduled;
    private boolean closing;
    /** channelInactive ran (from the event, or from the close itself): event loop only. */
    private boolean inactive;
    /** The peer shrank its HPACK table: only Netty's encoder may write header blocks now. */
    private boolean peerTableShrunk;
    private int clientReset;
    /** The listener's {@code Alt-Svc} value, or null; set by {@link H2ConnectionBuilder} before the channel sees it. */
    String altSvc;

    H2Connection(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings,
                 ServerContext server) {
        super(decoder, encoder, settings);
        this.server = server;
        this.key = connection().newKey();
        this.timer = new H2Timer(this, server.config());
        this.clock = timer.clock;
        this.maxFrameSize = server.http2().maxFrameSize();
        // spares: enough for the streams a client keeps in flight, bounded
        this.pool = new ExchangePool(this, server, Math.min(server.http2().maxConcurrentStreams(), 128), H2Slot::new);
        // every flush below calls pool.flushed(): one clock read times the responses of a read batch
        pool.timeAtFlush();
        decoder.frameListener(new H2Inbound(this));
        connection().addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamClosed(Http2Stream stream) {
                countEnded(stream);
                Exchange e = stream.removeProperty(key);
                if (e != null) {
                    streamClosed(e);
                }
            }
        });
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        this.ctx = ctx;
        pool.attach(ctx.channel().eventLoop(), x -> abort(x, Http2Error.INTERNAL_ERROR));
        this.gate = new ReadGate(ctx.channel());
        super.handlerAdded(ctx);
        ctx.channel().closeFuture().addListener(f -> closed());
        if (ctx.channel().isActive()) {
            opened();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        opened();
        super.channelActive(ctx);
    }

    private void opened() {
        server.opened(this);
        timer.start(ctx, gate);
    }

    /**
     * The socket closed: closes the streams (and frees their exchanges and upload files) at once.
     * channelInactive may come much later, or not at all: on io_uring (Netty 4.2.18) connections reset
     * mid-upload were seen closed, their channelInactive still not delivered 10 s later.
     */
    private void closed() throws Exception {
        if (!ctx.isRemoved()) {
            channelInactive(ctx);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (inactive) {
            return;
        }
        inactive = true;
        closing = true;
        pool.close();
        server.closed(this);
        timer.stop();
        super.channelInactive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        inRead = true;
        clock.touch();
        super.channelRead(ctx, msg);
        timer.afterRead(decoder().prefaceReceived(), internalBuffer());
    }

    /**
     * After the preface, hands Netty one complete frame at a time (by bounding the readable bytes,
     * no copy), so {@link H2FrameGuard} checks each frame against the stream states left by the
     * frames before it.
     */
    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, java.util.List<Object> out) throws Exception {
        if (!decoder().prefaceReceived()) {
            decodePreface(ctx, in, out);
            return;
        }
        int frame = H2FrameGuard.completeFrame(in, maxFrameSize);
        if (frame < 0) {
            return;
        }
        if (frame == 0) {
            super.decode(ctx, in, out);
            return;
        }
        try {
            guard.check(connection(), in);
        } catch (io.netty.handler.codec.http2.Http2Exception error) {
            in.skipBytes(frame);
            onError(ctx, false, error);
            return;
        }
        timer.frames(in, in.readerIndex(), in.readerIndex() + frame);
        int end = in.writerIndex();
        in.writerIndex(in.readerIndex() + frame);
        try {
            super.decode(ctx, in, out);
        } finally {
            in.writerIndex(end);
        }
    }

    /**
     * Hands Netty the preface whole and only the complete frames after it: Netty's frame reader
     * keeps a frame it has begun, and the frame-at-a-time bounding above must never start in the
     * middle of one. A start that cannot be the preface goes to Netty at once, to be refused.
     */
    private void decodePreface(ChannelHandlerContext ctx, ByteBuf in, java.util.List<Object> out) throws Exception {
        H2cPreface.Match match = H2cPreface.match(in);
        if (match == H2cPreface.Match.NEED_MORE) {
            return;
        }
        int frames = match == H2cPreface.Match.PREFACE
                ? H2FrameGuard.completeFrames(in, in.readerIndex() + H2cPreface.LENGTH, maxFrameSize) : -1;
        if (frames < 0) {
            super.decode(ctx, in, out);
            return;
        }
        timer.frames(in, in.readerIndex() + H2cPreface.LENGTH, in.readerIndex() + H2cPreface.LENGTH + frames);
        int end = in.writerIndex();
        in.writerIndex(in.readerIndex() + H2cPreface.LENGTH + frames);
        try {
            super.decode(ctx, in, out);
        } finally {
            in.writerIndex(end);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        inRead = false;
        super.channelReadComplete(ctx);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        super.flush(ctx);
        pool.flushed();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        gate.followWritability();
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
        if (io.netty.handler.codec.http2.Http2CodecUtil.getEmbeddedHttp2Exception(cause) != null) {
            super.exceptionCaught(ctx, cause);
            return;
        }
        server.connectionFailed(ctx.channel(), cause);
        closeNow();
    }

    // ---- exchanges of streams ----

    Exchange obtain() {
        return pool.obtain();
    }

    /** Runs the chain of a request whose head (and, unless streamed, body) has arrived. */
    void dispatch(Exchange e) {
        e.received(clock.nanoTime());
        Dispatch.run(e);
    }

    /** The stream of {@code e} closed (both sides ended, or reset): settle and let go of it. */
    private void streamClosed(Exchange e) {
        pool.ended(e);
    }


    /**
     * Tells the client to stop sending the body of a stream that was answered early (RFC 9113
     * §8.1: RST_STREAM with NO_ERROR) once the response's last frame is written: a reset cancels
     * the frames the flow controller still holds, so an earlier one would cut the answer short.
     */
    private void stopRequestBody(int streamId, io.netty.channel.ChannelFuture last) {
        if (last == null || last.isDone()) {
            resetStream(streamId, Http2Error.NO_ERROR);
        } else {
            last.addListener(f -> {
                if (!closing && connection().stream(streamId) != null) {
                    resetStream(streamId, Http2Error.NO_ERROR);
                    requestFlush();
                }
            });
        }
    }

    /** The stream whose RST_STREAM is being read: it closes right after, and counts as reset by the client. */
    void clientReset(int streamId) {
        clientReset = streamId;
    }

    private void countEnded(Http2Stream stream) {
        if (stream.isResetSent()) {
            return; // counted when the reset was sent
        }
        server.counters().streamEnded(stream.id() == clientReset
                ? dev.pronto.core.Http2StreamOutcome.RESET_BY_CLIENT : dev.pronto.core.Http2StreamOutcome.COMPLETED);
    }

    /** Every RST_STREAM this side sends, Netty's for stream errors included, passes here: counted once per stream. */
    @Override
    public io.netty.channel.ChannelFuture resetStream(ChannelHandlerContext ctx, int streamId, long errorCode,
                                                      io.netty.channel.ChannelPromise promise) {
        Http2Stream stream = connection().stream(streamId);
        if (stream != null && !stream.isResetSent()) {
            server.counters().streamEnded(errorCode == Http2Error.NO_ERROR.code()
                    ? dev.pronto.core.Http2StreamOutcome.COMPLETED : dev.pronto.core.Http2StreamOutcome.RESET_BY_SERVER);
        }
        return super.resetStream(ctx, streamId, errorCode, promise);
    }

    /** Streams open now; read by a metrics scrape off the loop, so possibly a moment stale. */
    @Override
    public int activeStreams() {
        return connection().numActiveStreams();
    }

    void resetStream(Exchange e, Http2Error error) {
        resetStream(H2Slot.of(e).streamId, error);
    }

    void resetStream(int streamId, Http2Error error) {
        resetStream(ctx, streamId, error.code(), ctx.newPromise());
        requestFlush();
    }

    long nanoTime() {
        return clock.nanoTime();
    }

    void forEachExchange(Consumer<Exchange> action) {
        try {
            connection().forEachActiveStream(stream -> {
                Exchange e = stream.getProperty(key);
                if (e != null) {
                    action.accept(e);
                }
                return true;
            });
        } catch (io.netty.handler.codec.http2.Http2Exception impossible) {
            throw new IllegalStateException(impossible);
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

    @Override
    public String altSvc() {
        return altSvc;
    }

    /** Whether responses should ask the client to go away (the server or this connection is closing). */
    public boolean draining() {
        return server.draining();
    }

    @Override
    public javax.net.ssl.SSLSession tlsSession() {
        io.netty.handler.ssl.SslHandler tls = ctx.pipeline().get(io.netty.handler.ssl.SslHandler.class);
        return tls == null ? null : tls.engine().getSession();
    }

    @Override
    public void respond(Exchange e, ResponseBody body) {
        int streamId = H2Slot.of(e).streamId;
        Http2Stream stream = connection().stream(streamId);
        if (closing || stream == null || e.state() != ExchangeState.RESPONDING) {
            ExchangePool.refuse(e, body);
            return;
        }
        ExchangePool.startWrite(e, body);
        try {
            io.netty.channel.ChannelFuture last = H2Writes.response(this, e, body);
            pool.observe(e);
            if (e.closeAfter() && stream.state().remoteSideOpen()) {
                stopRequestBody(streamId, last);
            }
        } finally {
            pool.endWrite(e, body);
        }
        requestFlush();
    }

    @Override
    public BodyWriter stream(Exchange e, String defaultType, StreamCompressor compressor) {
        return FramedBody.open(new H2BodySink(this, e, compressor), e, compressor, defaultType);
    }

    /** Gives up on {@code e}'s response, resetting its stream with {@code error}. Event loop. */
    void abort(Exchange e, Http2Error error) {
        // no more chunks will come: the body's listener frees what it holds (the stream's close no longer tells it)
        pool.abortStream(e, eventLoop());
        if (connection().stream(H2Slot.of(e).streamId) != null) {
            resetStream(e, error);
        }
    }

    @Override
    public void pauseBody() {
        gate.close(ReadGate.BODY);
    }

    @Override
    public void resumeBody() {
        gate.open(ReadGate.BODY);
    }

    // ---- output ----

    ChannelHandlerContext ctx() {
        return ctx;
    }

    /** Whether {@link H2HeaderBlock}s (static table and literals only) may be written directly. */
    boolean ownsHeaderBlocks() {
        return !peerTableShrunk;
    }

    /** The peer's SETTINGS_HEADER_TABLE_SIZE, from its SETTINGS frames. */
    void peerHeaderTableSize(long size) {
        if (size < io.netty.handler.codec.http2.Http2CodecUtil.DEFAULT_HEADER_TABLE_SIZE) {
            // it expects a dynamic table size update first, which only Netty's encoder knows to send
            peerTableShrunk = true;
        }
    }

    boolean closing() {
        return closing;
    }

    /** Flushes at the end of the read batch, or once this event-loop turn when not reading. */
    void requestFlush() {
        gate.closeIfUnwritable();
        if (!inRead && !flushScheduled) {
            flushScheduled = true;
            eventLoop().execute(flushTask);
        }
    }

    private void scheduledFlush() {
        flushScheduled = false;
        flush(ctx);
    }

    // ---- ServerConnection ----

    @Override
    public void drainAndClose() {
        // a close through the pipeline reaches this handler, which sends GOAWAY and closes once the
        // open streams have finished (or the graceful shutdown timeout passed)
        eventLoop().execute(() -> ctx.channel().close());
    }

    @Override
    public void closeNow() {
        closing = true;
        // from this handler's context: straight to the transport, past the graceful close above
        ctx.close();
    }

    /** The GOAWAY of an idle connection: no stream is open and none arrived for the idle timeout. */
    void closeIdle() {
        closeWith(Http2Error.NO_ERROR, Unpooled.EMPTY_BUFFER);
    }

    /** A header block not finished within the header read timeout: GOAWAY PROTOCOL_ERROR and a close. */
    void headerBlockTimedOut() {
        closeWith(Http2Error.PROTOCOL_ERROR, Unpooled.copiedBuffer(
                "Header block not completed within the header read timeout", java.nio.charset.StandardCharsets.US_ASCII));
    }

    private void closeWith(Http2Error error, ByteBuf debugData) {
        closing = true;
        goAway(ctx, connection().remote().lastStreamCreated(), error.code(), debugData, ctx.newPromise())
                .addListener(f -> ctx.close());
        flush(ctx);
    }
}
