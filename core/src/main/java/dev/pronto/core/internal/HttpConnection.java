package dev.pronto.core.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import java.net.SocketAddress;

/**
 * One HTTP/1.1 connection: decodes every request of a read batch in place, dispatches each, and
 * writes responses strictly in request order, flushing once per read batch (or once per event-loop
 * turn for async completions).
 *
 * <p>Ordering: an exchange dispatched while nothing is queued writes its response straight to the
 * channel (the fast path: no queue, no allocation). Otherwise exchanges wait in a FIFO and the head
 * of the FIFO is written as soon as it completes, followed by every completed exchange behind it.
 * All state is confined to the channel's event loop.
 */
public final class HttpConnection extends ChannelInboundHandlerAdapter {
    final ServerContext server;
    private final RequestDecoder decoder;
    private ChannelHandlerContext ctx;
    final ResponseQueue queue = new ResponseQueue(this);
    private boolean inRead;
    private boolean needsFlush;
    private boolean flushScheduled;
    private boolean paused;
    private boolean bodyPaused;
    private static final int BATCH_COPY_LIMIT = 1024;
    private static final int BATCH_INITIAL = 4096;
    private static final int BATCH_MAX = 32 * 1024;
    /** Whether {@link #batch} is a buffer of its own rather than the first response's. */
    private boolean batchShared;
    /** Small responses of the current batch, not yet handed to the channel; null when empty. */
    private ByteBuf batch;
    private boolean closing;
    private volatile boolean draining;
    private final Runnable flushTask = this::scheduledFlush;
    private final ConnectionTimer timer;

    /** Creates the handler of one connection; see {@link ServerContext}. */
    public HttpConnection(ServerContext server) {
        this.server = server;
        this.decoder = new RequestDecoder(this, server.config());
        this.timer = new ConnectionTimer(this, server.config());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        if (ctx.channel().isActive()) {
            timer.start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        server.opened(this);
        if (draining) {
            closeNow();
        }
        timer.start(ctx);
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        server.closed(this);
        timer.stop();
        closing = true;
        decoder.release();
        queue.releaseAll();
        if (batch != null) {
            batch.release();
            batch = null;
        }
        super.channelInactive(ctx);
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
        if (needsFlush) {
            needsFlush = false;
            writeBatch();
            ctx.flush();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (ctx.channel().isWritable() && !paused) {
            ctx.channel().config().setAutoRead(true);
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        server.log().debug("Connection {} failed; closing it", ctx.channel(), cause);
        ctx.close();
    }

    ByteBufAllocator alloc() {
        return ctx.alloc();
    }

    EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    SocketAddress remoteAddress() {
        return ctx.channel().remoteAddress();
    }

    boolean draining() {
        return draining || server.draining();
    }

    boolean closing() {
        return closing;
    }

    boolean paused() {
        return paused;
    }

    boolean bodyPaused() {
        return bodyPaused;
    }

    /** A streamed body's reader fell behind: stop reading the socket. */
    void pauseBody() {
        bodyPaused = true;
        ctx.channel().config().setAutoRead(false);
    }

    /** The reader caught up: read again, starting with what is already buffered. Event loop only. */
    void resumeBody() {
        if (!bodyPaused || closing) {
            return;
        }
        bodyPaused = false;
        ctx.channel().config().setAutoRead(!paused && ctx.channel().isWritable());
        boolean wasInRead = inRead;
        inRead = true;
        decoder.decode();
        inRead = wasInRead;
        if (!inRead) {
            scheduleFlush();
        }
    }

    /** The consumer of a streamed body failed: answer with its error, then close. */
    void bodyConsumerFailed(Exchange e, Throwable t) {
        e.closeAfter = true;
        Errors.handle(e, t);
    }

    /** A streamed body broke its framing: answer its exchange with the error, then close. */
    void failStream(Exchange e, int status, String message) {
        decoder.stop();
        e.closeAfter = true;
        if (e.response.sent()) {
            closeAfterWrite();
        } else {
            Errors.handle(e, new dev.pronto.core.HttpException(status, message));
        }
    }

    long nanoTime() {
        return timer.nanoTime();
    }

    long headStartNanos() {
        return decoder.headStartNanos;
    }

    boolean awaitingResponses() {
        return !queue.isEmpty();
    }

    boolean idle() {
        return queue.isEmpty() && !decoder.inRequest();
    }

    void touch() {
        timer.touch();
    }

    /** The queue is full: stop reading this connection until it drains. */
    void pauseForQueue() {
        if (!paused) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
        }
    }

    /** The queue drained to {@code pending}: resume reading when it was paused and is half empty. */
    void queueDrained(int pending) {
        if (paused && pending <= server.config().maxPendingResponses() / 2) {
            resume();
        }
        if (draining() && idle()) {
            closeAfterWrite();
        }
    }

    private void resume() {
        paused = false;
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        boolean wasInRead = inRead;
        inRead = true;
        decoder.decode();
        inRead = wasInRead;
        if (!inRead) {
            scheduleFlush();
        }
    }

    void write(Object part1, Object part2) {
        if (part1 instanceof ChunkedWriter.PromisedChunk chunk) {
            writeBatch();
            chunk.writeTo(this);
            return;
        }
        if (part2 == null && part1 instanceof ByteBuf small && small.readableBytes() <= BATCH_COPY_LIMIT) {
            // Pipelined responses of one read batch share one buffer and one outbound entry (a copy of
            // a small response is cheaper than an entry, an iovec and a pooled buffer per response);
            // a lone response is written as it is.
            if (batch == null) {
                batch = small;
                batchShared = false;
            } else {
                if (!batchShared) {
                    ByteBuf first = batch;
                    batch = ctx.alloc().ioBuffer(BATCH_INITIAL).writeBytes(first);
                    first.release();
                    batchShared = true;
                }
                batch.writeBytes(small);
                small.release();
            }
        } else {
            writeBatch();
            ctx.write(part1, ctx.voidPromise());
            if (part2 != null) {
                ctx.write(part2, ctx.voidPromise());
            }
        }
        if (inRead) {
            needsFlush = true;
        } else {
            scheduleFlush();
        }
        if (batch != null && batch.readableBytes() >= BATCH_MAX) {
            writeBatch();
        }
        if (!ctx.channel().isWritable()) {
            ctx.channel().config().setAutoRead(false);
        }
    }

    /** Hands the batched responses to the channel, in order before anything written after them. */
    private void writeBatch() {
        if (batch != null) {
            ByteBuf b = batch;
            batch = null;
            ctx.write(b, ctx.voidPromise());
        }
    }

    /** A write promise for a streamed chunk whose completion the writer reports. */
    io.netty.channel.ChannelPromise newPromise() {
        return ctx.newPromise();
    }

    void writeWithPromise(Object part, io.netty.channel.ChannelPromise promise) {
        writeBatch();
        ctx.write(part, promise);
        if (inRead) {
            needsFlush = true;
        } else {
            scheduleFlush();
        }
    }

    private void scheduleFlush() {
        if (!flushScheduled) {
            flushScheduled = true;
            eventLoop().execute(flushTask);
        }
    }

    private void scheduledFlush() {
        flushScheduled = false;
        writeBatch();
        ctx.flush();
    }

    /** Sends an error answer for a request that cannot be framed, then closes; reads stop now. */
    void failFraming(int status, String message) {
        decoder.stop();
        Exchange e = queue.obtain();
        e.life = server.routes().root();
        e.head.http11 = true;
        e.head.method = dev.pronto.router.Method.GET;
        e.closeAfter = true;
        queue.admit(e);
        e.response.status(status);
        e.response.send(message);
        queue.handlerReturned(e);
    }

    void closeAfterWrite() {
        if (closing) {
            return;
        }
        if (decoder.streamingBody()) {
            // Answered before the upload ended: keep reading and discarding it, then close, so the
            // client is not reset while still sending and does get the response.
            decoder.discardRestThenClose();
            scheduleFlush();
            return;
        }
        closing = true;
        decoder.stop();
        writeBatch();
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    /** Closes once the streamed body being discarded has ended. */
    void streamDrained() {
        closeAfterWrite();
    }

    /** Starts a graceful close: idle now closes, busy closes after its in-flight responses. */
    void drainAndClose() {
        draining = true;
        eventLoop().execute(() -> {
            if (idle()) {
                closeAfterWrite();
            }
        });
    }

    void closeNow() {
        closing = true;
        ctx.close();
    }

    ChannelHandlerContext ctx() {
        return ctx;
    }

    void writeContinue() {
        if (queue.isEmpty()) {
            writeBatch();
            ctx.writeAndFlush(Unpooled.wrappedBuffer(CONTINUE), ctx.voidPromise());
        }
    }

    private static final byte[] CONTINUE = Ascii.bytes("HTTP/1.1 100 Continue\r\n\r\n");
}
