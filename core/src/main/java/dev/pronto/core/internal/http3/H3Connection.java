package dev.pronto.core.internal.http3;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Carrier;
import dev.pronto.core.internal.exchange.Dispatch;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.exchange.ResponseBody;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http3.DefaultHttp3GoAwayFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamPriority;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * One QUIC connection speaking HTTP/3, the carrier of one exchange per request stream: Netty's QUIC and
 * HTTP/3 codecs frame, decode QPACK and enforce the protocol, {@link H3Stream} turns each request stream
 * into an exchange for the same dispatcher, hooks and error mapping as every protocol, and this class
 * writes responses ({@link H3Writes}, {@link H3BodySink}) and settles exchanges through its
 * {@link ExchangePool} when their stream closes. QUIC streams run on the connection's event loop, so
 * there is no thread hop. Event loop only, except the {@link Carrier} methods documented as any-thread.
 */
final class H3Connection extends ChannelInboundHandlerAdapter implements Carrier, ServerConnection, H3Carrier {
    final ServerContext server;
    /** Obtains and finishes the exchanges of this connection's streams. */
    final ExchangePool pool;
    /** The field section being read, reused for each request. */
    final H3Fields fields = new H3Fields();
    /** SETTINGS_MAX_FIELD_SECTION_SIZE as announced: the largest HEADERS payload {@link H3FrameGuard} checks. */
    final long maxFieldSection;
    private final QuicChannel channel;
    /** Whether the control stream was put ahead of every response ({@link #prioritize}). */
    private boolean controlFirst;
    /** Streams whose reading stopped because a streamed body's consumer fell behind. */
    private final List<QuicStreamChannel> paused = new ArrayList<>();
    /** The open request streams, for the timer. */
    private final List<H3Stream> streams = new ArrayList<>();
    private final H3Timer timer;
    /** The client's PRIORITY_UPDATE frames, which {@link H3FrameGuard} reads. */
    final H3PriorityUpdates priorityUpdates;
    private long lastStreamId = -1;
    private boolean bodyPaused;
    /** Client stream resets in the current window (rapid reset). */
    private int resets;
    private long resetWindowStart;
    private boolean opened;
    private boolean closing;
    private boolean draining;

    H3Connection(ServerContext server, QuicChannel channel, long maxFieldSection) {
        this.server = server;
        this.channel = channel;
        this.maxFieldSection = maxFieldSection;
        // spares: enough for the streams a client keeps in flight, bounded
        this.pool = new ExchangePool(this, server, Math.min(server.http3().maxBidiStreams(), 128), H3Slot::new);
        pool.attach(channel.eventLoop(), x -> abort(x, Http3ErrorCode.H3_INTERNAL_ERROR));
        this.timer = new H3Timer(streams, server.config());
        this.priorityUpdates = new H3PriorityUpdates(streams, server.http3().maxBidiStreams());
    }

    /** The QUIC connection, for tests that read its transport state (path statistics). */
    QuicChannel quic() {
        return channel;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            opened(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        opened(ctx);
        super.channelActive(ctx);
    }

    /**
     * Puts {@code stream}'s response at {@code priority} in the connection's send order ({@link H3Priority}); the
     * first time, the control stream goes ahead of all.
     */
    void prioritize(QuicStreamChannel stream, QuicStreamPriority priority) {
        if (!controlFirst) {
            QuicStreamChannel control = io.netty.handler.codec.http3.Http3.getLocalControlStream(channel);
            if (control != null) {
                control.updatePriority(H3Priority.CONTROL, control.voidPromise());
                controlFirst = true;
            }
        }
        stream.updatePriority(priority, stream.voidPromise());
    }

    private void opened(ChannelHandlerContext ctx) {
        if (!opened) {
            opened = true;
            server.opened(this);
            timer.start(ctx);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        closing = true;
        timer.stop();
        pool.close();
        paused.clear();
        if (opened) {
            server.closed(this);
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        server.connectionFailed(ctx.channel(), cause);
        closeNow();
    }

    // ---- streams ----

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof QuicStreamChannel stream) {
            // ahead of Netty's codec, which the connection handler behind this one puts on the stream
            stream.pipeline().addFirst(new H3FrameGuard(this, stream.type()));
        }
        ctx.fireChannelRead(msg);
    }

    /** The client broke the protocol ({@link H3FrameGuard}): the connection is closed with {@code error}. */
    void protocolError(Http3ErrorCode error) {
        if (closing) {
            return;
        }
        server.log().debug("Closing HTTP/3 connection from {}: {}", remoteAddress(), error);
        closing = true;
        channel.close(true, error.code(), Unpooled.EMPTY_BUFFER);
    }

    void streamOpened(H3Stream stream, long id) {
        streams.add(stream);
        lastStreamId = Math.max(lastStreamId, id);
        QuicStreamPriority kept = priorityUpdates.opened(id);
        if (kept != null) {
            stream.reprioritize(kept);
        }
    }

    void streamClosed(H3Stream stream) {
        streams.remove(stream);
        if (draining && streams.isEmpty()) {
            closeNow();
        }
    }

    /**
     * The client reset a request stream: past {@code maxResetsPerWindow} in one window the connection is
     * closed with H3_EXCESSIVE_LOAD, so opening and cancelling requests cannot keep the server busy for free.
     */
    void clientReset() {
        long now = timer.nanoTime();
        dev.pronto.core.Http3Config cfg = server.http3();
        if (resets == 0 || now - resetWindowStart >= cfg.resetWindow().toNanos()) {
            resetWindowStart = now;
            resets = 1;
        } else if (++resets > cfg.maxResetsPerWindow() && !closing) {
            server.log().debug("Closing HTTP/3 connection from {}: {} stream resets within {}", remoteAddress(),
                    resets, cfg.resetWindow());
            closing = true;
            channel.close(true, Http3ErrorCode.H3_EXCESSIVE_LOAD.code(), Unpooled.EMPTY_BUFFER);
        }
    }

    /** The clock of the connection's timer. */
    long nanoTime() {
        return timer.nanoTime();
    }

    /** Runs the chain of a request whose head (and, unless streamed, body) has arrived. */
    void dispatch(Exchange e) {
        e.received(timer.nanoTime());
        Dispatch.run(e);
    }

    /** A streamed body's data arrived while bodies are paused: this stream stops reading until they resume. */
    boolean pauseIfAsked(QuicStreamChannel stream) {
        if (bodyPaused && stream.config().isAutoRead()) {
            stream.config().setAutoRead(false);
            paused.add(stream);
            return true;
        }
        return false;
    }

    boolean closing() {
        return closing;
    }

    // ---- Carrier ----

    @Override
    public ByteBufAllocator alloc() {
        return channel.alloc();
    }

    @Override
    public EventLoop eventLoop() {
        return channel.eventLoop();
    }

    @Override
    public SocketAddress remoteAddress() {
        return channel.remoteSocketAddress();
    }

    @Override
    public javax.net.ssl.SSLSession tlsSession() {
        javax.net.ssl.SSLEngine engine = channel.sslEngine();
        return engine == null ? null : engine.getSession();
    }

    /** Whether responses should ask the client to go away (the server or this connection is closing). */
    public boolean draining() {
        return draining || server.draining();
    }

    @Override
    public void respond(Exchange e, ResponseBody body) {
        QuicStreamChannel stream = H3Slot.of(e).stream;
        if (closing || stream == null || !stream.isActive() || e.state() != ExchangeState.RESPONDING) {
            ExchangePool.refuse(e, body);
            return;
        }
        ExchangePool.startWrite(e, body);
        try {
            H3Writes.response(this, e, body);
            // the response is QUIC's now: its maxInFlight slot is free, as HTTP/1.1 and HTTP/2 free it once
            // written, not when the client's acknowledgements let the stream close
            pool.handedOver(e);
        } finally {
            pool.endWrite(e, body);
        }
    }

    @Override
    public BodyWriter stream(Exchange e, String defaultType, StreamCompressor compressor) {
        return FramedBody.open(new H3BodySink(this, e, compressor), e, compressor, defaultType);
    }

    /** Gives up on {@code e}'s response, resetting its stream with {@code error}. Event loop. */
    void abort(Exchange e, Http3ErrorCode error) {
        pool.abortStream(e, eventLoop());
        reset(H3Slot.of(e).stream, error);
    }

    /** Resets both directions of {@code stream} with {@code error} and closes it. */
    static void reset(QuicStreamChannel stream, Http3ErrorCode error) {
        if (stream != null && stream.isActive()) {
            stream.shutdown(error.code()).addListener(f -> stream.close());
        }
    }

    @Override
    public void pauseBody() {
        bodyPaused = true;
    }

    @Override
    public void resumeBody() {
        bodyPaused = false;
        for (QuicStreamChannel s : paused) {
            s.config().setAutoRead(true);
        }
        paused.clear();
    }

    // ---- ServerConnection ----

    @Override
    public int activeStreams() {
        return streams.size();
    }

    @Override
    public void drainAndClose() {
        eventLoop().execute(() -> {
            if (closing || draining) {
                return;
            }
            draining = true;
            QuicStreamChannel control = Http3.getLocalControlStream(channel);
            if (control != null && control.isActive()) {
                // RFC 9114 §5.2: requests on streams at or above this id were not and will not be processed
                control.writeAndFlush(new DefaultHttp3GoAwayFrame(lastStreamId < 0 ? 0 : lastStreamId + 4));
            }
            if (streams.isEmpty()) {
                closeNow();
            }
        });
    }

    @Override
    public void closeNow() {
        closing = true;
        channel.close(true, Http3ErrorCode.H3_NO_ERROR.code(), Unpooled.EMPTY_BUFFER);
    }
}
