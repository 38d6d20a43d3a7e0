package dev.pronto.client.http.internal.http2;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.MalformedResponseException;
import dev.pronto.client.http.internal.ClientConnection;
import dev.pronto.client.http.internal.ConnectAttempt;
import dev.pronto.client.http.internal.DecodedResponse;
import dev.pronto.client.http.internal.Exchange;
import dev.pronto.client.http.internal.LoopPool;
import dev.pronto.core.Protocol;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/2 connection of a {@link LoopPool} (h2 after ALPN, or h2c with prior knowledge): each
 * request is a stream, as many at once as the server's SETTINGS_MAX_CONCURRENT_STREAMS allows.
 * Netty's codec frames, validates and flow-controls; {@link H2Listener} routes frames to each
 * request's {@link H2Stream}. No child channel per stream; writes are flushed once per read batch
 * or loop turn. A GOAWAY stops new streams here (the pool opens another connection) and hands the
 * streams the server will not answer back to the pool to retry or fail. Event loop only.
 */
final class H2Connection extends Http2ConnectionHandler implements ClientConnection {
    /** Receive window per stream: the most a streamed body nobody reads yet can hold. */
    static final int STREAM_WINDOW = 1 << 20;
    private static final int CONNECTION_WINDOW = 16 << 20;

    final LoopPool pool;
    private final ConnectAttempt attempt;
    private final Http2Connection.PropertyKey key;
    private final ArrayDeque<Exchange> unanswered = new ArrayDeque<>();
    private final Runnable afterEventsTask = this::runAfterEvents;
    private final H2Writer writer = new H2Writer(this);
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> settingsTimeout;
    private boolean ready;
    private boolean closing;
    private boolean draining;
    private boolean inRead;
    private boolean dirty;
    private boolean scheduled;
    private long lastUsed = System.nanoTime();
    private Throwable cause;

    H2Connection(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings,
                 ConnectAttempt attempt) {
        super(decoder, encoder, settings);
        this.attempt = attempt;
        this.pool = attempt.pool();
        this.key = connection().newKey();
        decoder.frameListener(new H2Listener(this));
        connection().addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamClosed(Http2Stream stream) {
                streamClosed(stream);
            }
        });
        encoder.flowController().listener(stream -> {
            H2Stream s = stream.getProperty(key);
            if (s != null) {
                s.writabilityChanged();
            }
        });
    }

    // ---- lifecycle ----

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        this.ctx = ctx;
        super.handlerAdded(ctx);
        if (ctx.channel().isActive()) {
            started();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        super.channelActive(ctx);
        started();
    }

    /** The preface is out: widen the connection window and wait for the server's SETTINGS. */
    private void started() throws Http2Exception {
        decoder().flowController().incrementWindowSize(connection().connectionStream(),
                CONNECTION_WINDOW - Http2CodecUtil.DEFAULT_WINDOW_SIZE);
        flush(ctx);
        settingsTimeout = ctx.executor().schedule(this::settingsTimedOut,
                pool.config().connectTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    private void settingsTimedOut() {
        if (!ready && !closing) {
            attempt.failed(new ConnectFailedException("no HTTP/2 SETTINGS from " + pool.origin()
                    + " within connectTimeout=" + pool.config().connectTimeout()));
            closeNow();
        }
    }

    /** SETTINGS arrived (and are applied): the first make the connection usable, later ones may allow more streams. */
    void settingsReceived() {
        if (ready) {
            requestAfterEvents();
            return;
        }
        ready = true;
        lastUsed = System.nanoTime();
        settingsTimeout.cancel(false);
        attempt.opened(this);
    }

    void goAwayReceived(int lastStreamId, long errorCode) {
        draining = true;
        if (cause == null) {
            cause = new ClientException("the server sent GOAWAY (" + errorName(errorCode) + ", last stream "
                    + lastStreamId + ")");
        }
        requestAfterEvents();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        inRead = true;
        super.channelRead(ctx, msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        inRead = false;
        afterEvents();
        super.channelReadComplete(ctx);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        super.channelWritabilityChanged(ctx);
        if (ctx.channel().isWritable()) {
            requestAfterEvents();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        closing = true;
        if (settingsTimeout != null) {
            settingsTimeout.cancel(false);
        }
        super.channelInactive(ctx);
        if (ready) {
            pool.onClosed(this, unanswered, cause);
        } else {
            attempt.failed(notHttp2());
        }
    }

    private ConnectFailedException notHttp2() {
        String hint = pool.origin().https() ? "" : "; an http origin must accept h2c with prior knowledge, "
                + "see ClientConfig.cleartext";
        return new ConnectFailedException("connection to " + pool.origin() + " closed before the server's HTTP/2 "
                + "SETTINGS arrived" + (cause == null ? "" : " (" + cause + ")") + hint, cause);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) throws Exception {
        if (cause == null) {
            cause = t;
        }
        if (Http2CodecUtil.getEmbeddedHttp2Exception(t) != null) {
            super.exceptionCaught(ctx, t);
        } else {
            closeNow();
        }
    }

    @Override
    protected void onConnectionError(ChannelHandlerContext ctx, boolean outbound, Throwable t, Http2Exception e) {
        if (cause == null) {
            cause = t;
        }
        draining = true;
        super.onConnectionError(ctx, outbound, t, e);
    }

    @Override
    protected void onStreamError(ChannelHandlerContext ctx, boolean outbound, Throwable t,
                                 Http2Exception.StreamException e) {
        H2Stream s = detach(e.streamId());
        super.onStreamError(ctx, outbound, t, e);
        if (s != null) {
            s.failed(outbound ? new ClientException("cannot send " + s.exchange().request() + " over HTTP/2: "
                    + e.getMessage(), e) : new MalformedResponseException("malformed HTTP/2 response from "
                    + pool.origin() + ": " + e.getMessage(), e));
        }
    }

    /**
     * A stream closed: its slot is free for a waiting request. One still tracked was not answered:
     * the server will not (GOAWAY), or the connection closed.
     */
    private void streamClosed(Http2Stream stream) {
        H2Stream s = stream.removeProperty(key);
        Exchange x = s == null ? null : s.interrupted();
        if (x != null && closing) {
            unanswered.add(x);
        } else if (x != null) {
            pool.retryOrFail(x, cause);
        }
        if (!closing) {
            requestAfterEvents();
        }
    }

    // ---- ClientConnection ----

    @Override
    public Protocol protocol() {
        return Protocol.HTTP_2;
    }

    @Override
    public boolean canTake(Exchange x) {
        Http2Connection.Endpoint<?> local = connection().local();
        return ready && !closing && !draining && ctx.channel().isWritable() && local.canOpenStream()
                && local.lastStreamCreated() <= Integer.MAX_VALUE - 2;
    }

    @Override
    public int load() {
        return connection().local().numActiveStreams();
    }

    @Override
    public boolean draining() {
        return draining || closing;
    }

    @Override
    public void write(Exchange x) {
        x.written();
        lastUsed = System.nanoTime();
        H2Stream s = new H2Stream(this, x, connection().local().incrementAndGetNextStreamId());
        markDirty();
        if (!s.send(pool.addAcceptEncoding(x.request()) ? H2Fields.AcceptEncoding.ADD : H2Fields.AcceptEncoding.AS_SET)) {
            // the codec refused the stream (and said why through onError)
            pool.retryOrFail(x, cause);
            requestAfterEvents();
        }
    }

    @Override
    public void flush() {
        dirty = false;
        flush(ctx);
    }

    @Override
    public void tick(long now, long idleNanos) {
        if (!ready || closing) {
            return;
        }
        if (connection().numActiveStreams() == 0) {
            if (now - lastUsed > idleNanos) {
                closeNow();
            }
            return;
        }
        List<H2Stream> late = new ArrayList<>(0);
        try {
            connection().forEachActiveStream(stream -> {
                H2Stream s = stream.getProperty(key);
                if (s != null && s.exchange().overdue(now)) {
                    late.add(s);
                }
                return true;
            });
        } catch (Http2Exception impossible) {
            throw new IllegalStateException(impossible);
        }
        for (H2Stream s : late) {
            s.failed(pool.timeoutInFlight(s.exchange()));
        }
    }

    @Override
    public ChannelFuture closeNow() {
        boolean polite = !closing && ready && ctx.channel().isActive();
        closing = true;
        if (polite) {
            goAway(ctx, connection().remote().lastStreamCreated(), Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER,
                    ctx.newPromise());
            flush(ctx);
        }
        return ctx.channel().close();
    }

    // ---- for H2Stream ----

    H2Stream stream(int id) {
        Http2Stream stream = connection().stream(id);
        return stream == null ? null : stream.getProperty(key);
    }

    /** Tracks stream {@code id} as {@code s}; false when the codec did not open it. */
    boolean track(int id, H2Stream s) {
        Http2Stream stream = connection().stream(id);
        if (stream != null) {
            stream.setProperty(key, s);
        }
        return stream != null;
    }

    /** Stops tracking stream {@code id}: later frames and its close are ignored. */
    H2Stream detach(int id) {
        Http2Stream stream = connection().stream(id);
        return stream == null ? null : stream.removeProperty(key);
    }

    H2Writer writer() {
        return writer;
    }

    ChannelHandlerContext ctx() {
        return ctx;
    }

    boolean closing() {
        return closing;
    }

    void completed(Exchange x, DecodedResponse r) {
        lastUsed = System.nanoTime();
        pool.loop().complete(x, r);
    }

    ByteBufAllocator alloc() {
        return ctx.alloc();
    }

    EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    static String errorName(long code) {
        Http2Error e = Http2Error.valueOf(code);
        return e == null ? "error 0x" + Long.toHexString(code) : e.name();
    }

    // ---- flushing and follow-up ----

    private void markDirty() {
        if (!dirty) {
            dirty = true;
            pool.loop().markDirty(this);
        }
    }

    /** Writes made outside a read batch are flushed at the end of this loop turn. */
    void requestFlush() {
        markDirty();
        requestAfterEvents();
    }

    /** Runs {@link #afterEvents()} at the end of the read batch, or in a task when not reading. */
    void requestAfterEvents() {
        if (!inRead && !scheduled) {
            scheduled = true;
            ctx.executor().execute(afterEventsTask);
        }
    }

    private void runAfterEvents() {
        scheduled = false;
        afterEvents();
    }

    /** Closes a drained connection and lets the pool use freed streams, then flushes what that wrote. */
    private void afterEvents() {
        if (draining && !closing && connection().numActiveStreams() == 0) {
            closeNow();
        }
        pool.dispatch();
        pool.loop().flushDirty();
    }
}
