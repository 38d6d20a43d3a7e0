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
    private Exchange spare;
    private int spareCount;
    private Exchange pendingHead;
    private Exchange pendingTail;
    private int pendingCount;
    private boolean inRead;
    private boolean needsFlush;
    private boolean flushScheduled;
    private boolean paused;
    private boolean bodyPaused;
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
        for (Exchange x = pendingHead; x != null; ) {
            Exchange next = x.next;
            x.recycle();
            x = next;
        }
        pendingHead = pendingTail = null;
        pendingCount = 0;
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
        return pendingHead != null;
    }

    boolean idle() {
        return pendingHead == null && !decoder.inRequest();
    }

    /** A reusable exchange: the recycled one of the previous request when there is one. */
    Exchange obtain() {
        Exchange e = spare;
        if (e == null) {
            return new Exchange(this);
        }
        spare = e.next;
        e.next = null;
        spareCount--;
        return e;
    }

    /** Queues {@code e} when responses are pending, before its handler runs. */
    void admit(Exchange e) {
        if (pendingHead == null) {
            e.direct = true;
        } else {
            enqueue(e);
        }
    }

    /** Called after the handler returned: an unfinished direct exchange becomes the queue head. */
    void handlerReturned(Exchange e) {
        if (e.direct && !e.completed) {
            e.direct = false;
            enqueue(e);
        } else if (e.direct) {
            finishWritten(e);
        }
    }

    private void enqueue(Exchange e) {
        if (pendingTail == null) {
            pendingHead = pendingTail = e;
        } else {
            pendingTail.next = e;
            pendingTail = e;
        }
        if (++pendingCount >= server.config().maxPendingResponses() && !paused) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
        }
    }

    /**
     * Completes {@code e} with its encoded response ({@code part2} may be null). Any thread:
     * a call off the event loop is moved onto it. Ownership of both parts moves here.
     */
    void complete(Exchange e, ByteBuf part1, Object part2) {
        EventLoop loop = eventLoop();
        if (!loop.inEventLoop()) {
            loop.execute(() -> complete(e, part1, part2));
            return;
        }
        if (closing) {
            part1.release();
            ReferenceCountUtil.release(part2);
            return;
        }
        e.completed = true;
        e.bytesOut = part1.readableBytes() + (part2 instanceof ByteBuf b ? b.readableBytes()
                : part2 instanceof io.netty.channel.FileRegion r ? r.count() : 0);
        if (e.direct) {
            write(part1, part2);
            if (e.closeAfter) {
                closeAfterWrite();
            }
            return;
        }
        e.out1 = part1;
        e.out2 = part2;
        if (e == pendingHead) {
            drain();
        }
    }

    /** Writes the head of a streamed response; chunks follow through {@link #writeChunk}. */
    void startStream(Exchange e, ByteBuf head) {
        e.bytesOut = -1;
        writeChunk(e, head);
    }

    /** Writes (or holds, when {@code e} is not at the head) one part of a streamed response. */
    void writeChunk(Exchange e, Object part) {
        EventLoop loop = eventLoop();
        if (!loop.inEventLoop()) {
            loop.execute(() -> writeChunk(e, part));
            return;
        }
        if (closing) {
            if (part instanceof ChunkedWriter.PromisedChunk chunk) {
                chunk.buf().release();
                chunk.done().completeExceptionally(new java.nio.channels.ClosedChannelException());
            } else {
                ReferenceCountUtil.release(part);
            }
            return;
        }
        if (e.direct || e == pendingHead) {
            write(part, null);
            return;
        }
        if (e.held == null) {
            e.held = new java.util.ArrayDeque<>();
        }
        e.held.add(part);
    }

    /** Ends a streamed response whose last chunk was written or held. */
    void endStream(Exchange e) {
        EventLoop loop = eventLoop();
        if (!loop.inEventLoop()) {
            loop.execute(() -> endStream(e));
            return;
        }
        e.completed = true;
        if (e.direct) {
            if (e.closeAfter) {
                closeAfterWrite();
            }
        } else if (e == pendingHead) {
            drain();
        }
    }

    private void drain() {
        Exchange x;
        while ((x = pendingHead) != null) {
            if (x.held != null) {
                while (!x.held.isEmpty()) {
                    write(x.held.poll(), null);
                }
            }
            if (!x.completed) {
                break;
            }
            if (x.out1 != null) {
                write(x.out1, x.out2);
                x.out1 = null;
                x.out2 = null;
            }
            pendingHead = x.next;
            if (pendingHead == null) {
                pendingTail = null;
                timer.touch();
            }
            pendingCount--;
            boolean close = x.closeAfter;
            finishWritten(x);
            if (close) {
                closeAfterWrite();
                return;
            }
        }
        if (paused && pendingCount <= server.config().maxPendingResponses() / 2) {
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

    private void responded(Exchange e) {
        long nanos = e.startNanos == 0 ? 0 : System.nanoTime() - e.startNanos;
        long bytes = e.bytesOut;
        for (dev.pronto.core.ResponseHook hook : e.life.onResponse()) {
            try {
                hook.handle(e.request, e.response.status(), bytes, nanos);
            } catch (RuntimeException failure) {
                server.log().warn("onResponse hook failed", failure);
            }
        }
    }

    /** Returns an exchange that was never dispatched (its head failed to parse). */
    void discard(Exchange e) {
        finishWritten(e);
    }

    private void finishWritten(Exchange e) {
        if (!e.life.onResponse().isEmpty()) {
            responded(e);
        }
        server.releaseInFlight(e);
        e.recycle();
        if (spareCount < 4) {
            e.next = spare;
            spare = e;
            spareCount++;
        }
    }

    private void write(Object part1, Object part2) {
        if (part1 instanceof ChunkedWriter.PromisedChunk chunk) {
            chunk.writeTo(this);
            return;
        }
        ctx.write(part1, ctx.voidPromise());
        if (part2 != null) {
            ctx.write(part2, ctx.voidPromise());
        }
        if (inRead) {
            needsFlush = true;
        } else {
            scheduleFlush();
        }
        if (!ctx.channel().isWritable()) {
            ctx.channel().config().setAutoRead(false);
        }
    }

    /** A write promise for a streamed chunk whose completion the writer reports. */
    io.netty.channel.ChannelPromise newPromise() {
        return ctx.newPromise();
    }

    void writeWithPromise(Object part, io.netty.channel.ChannelPromise promise) {
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
        ctx.flush();
    }

    /** Sends an error answer for a request that cannot be framed, then closes; reads stop now. */
    void failFraming(int status, String message) {
        decoder.stop();
        Exchange e = obtain();
        e.life = server.routes().root();
        e.head.http11 = true;
        e.head.method = dev.pronto.router.Method.GET;
        e.closeAfter = true;
        admit(e);
        e.response.status(status);
        e.response.send(message);
        handlerReturned(e);
    }

    private void closeAfterWrite() {
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
        if (pendingHead == null) {
            ctx.writeAndFlush(Unpooled.wrappedBuffer(CONTINUE), ctx.voidPromise());
        }
    }

    private static final byte[] CONTINUE = Ascii.bytes("HTTP/1.1 100 Continue\r\n\r\n");
}
