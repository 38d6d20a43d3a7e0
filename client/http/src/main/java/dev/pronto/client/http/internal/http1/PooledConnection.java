package dev.pronto.client.http.internal.http1;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.internal.BodyUpload;
import dev.pronto.client.http.internal.ClientConnection;
import dev.pronto.client.http.internal.ConnectAttempt;
import dev.pronto.client.http.internal.DecodedResponse;
import dev.pronto.client.http.internal.Exchange;
import dev.pronto.client.http.internal.LoopPool;
import dev.pronto.client.http.internal.Origin;
import dev.pronto.client.http.internal.ResponseStream;
import dev.pronto.core.Protocol;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * One HTTP/1.1 keep-alive connection of a {@link LoopPool}, confined to its event loop. Requests are
 * encoded into one buffer per loop turn and answered in FIFO order from {@link #inflight}.
 */
public final class PooledConnection extends ChannelInboundHandlerAdapter implements ClientConnection, ResponseStream.Source {
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] ACCEPT_ENCODING = "Accept-Encoding: gzip, deflate\r\n"
            .getBytes(StandardCharsets.ISO_8859_1);
    /** Bodies up to this size are copied into the batch buffer; larger ones are written as they are. */
    private static final int COPY_BODY_LIMIT = 8192;

    final ArrayDeque<Exchange> inflight = new ArrayDeque<>();
    private final ConnectAttempt attempt;
    private final LoopPool pool;
    private final ResponseDecoder decoder;
    private Channel channel;
    private ByteBuf cumulation;
    private ByteBuf out;
    private boolean usable;
    /** Reported to the attempt as opened: from then on a close is the pool's to handle. */
    private boolean opened;
    private boolean closing;
    /** A non-pipelinable request is in flight: nothing may be queued behind it. */
    private boolean exclusive;
    private boolean dirty;
    private long lastUsed = System.nanoTime();
    private Throwable cause;
    private ResponseStream stream;
    private BodyUpload upload;

    /** A connection for {@code attempt}; it reports itself opened once the channel is active. */
    public PooledConnection(ConnectAttempt attempt) {
        this.attempt = attempt;
        this.pool = attempt.pool();
        this.decoder = new ResponseDecoder(this, pool.config().maxHeaderSize(), pool.config().maxResponseSize());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        if (channel.isActive()) {
            // added after a TLS handshake: ready at once (before the bytes held during the handshake are replayed)
            ready();
        }
    }

    /** A cleartext connection is ready once its TCP connect completed. */
    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ready();
        ctx.fireChannelActive();
    }

    private void ready() {
        usable = true;
        opened = true;
        lastUsed = System.nanoTime();
        attempt.opened(this);
    }

    @Override
    public Protocol protocol() {
        return Protocol.HTTP_1_1;
    }

    @Override
    public boolean canTake(Exchange x) {
        if (!usable || closing || exclusive || !channel.isWritable()) {
            return false;
        }
        return x.pipelinable() ? inflight.size() < pool.depth() : inflight.isEmpty();
    }

    @Override
    public void write(Exchange x) {
        if (out == null) {
            out = channel.alloc().ioBuffer(512);
        }
        x.request().writeHead(out);
        if (pool.addAcceptEncoding(x.request())) {
            out.writeBytes(ACCEPT_ENCODING);
        }
        out.writeBytes(CRLF);
        ByteBuf body = x.request().body();
        if (body != null && body.readableBytes() <= COPY_BODY_LIMIT) {
            out.writeBytes(body, body.readerIndex(), body.readableBytes());
        } else if (body != null) {
            channel.write(out, channel.voidPromise());
            out = null;
            channel.write(body.retainedDuplicate(), channel.voidPromise());
        }
        x.written();
        inflight.add(x);
        exclusive = !x.pipelinable();
        lastUsed = System.nanoTime();
        markDirty();
        if (x.request().bodyStream() != null) {
            flush();
            upload = new BodyUpload(new ChunkedSink(this, x));
            x.request().bodyStream().subscribe(upload);
        }
    }

    @Override
    public void flush() {
        dirty = false;
        if (out != null) {
            channel.write(out, channel.voidPromise());
            out = null;
        }
        channel.flush();
    }

    private void markDirty() {
        if (!dirty) {
            dirty = true;
            pool.loop().markDirty(this);
        }
    }

    Exchange head() {
        return inflight.peek();
    }

    boolean closing() {
        return closing;
    }

    @Override
    public boolean draining() {
        return closing;
    }

    @Override
    public int load() {
        return inflight.size();
    }

    Channel channel() {
        return channel;
    }

    @Override
    public EventLoop eventLoop() {
        return channel.eventLoop();
    }

    ByteBufAllocator alloc() {
        return channel.alloc();
    }

    Origin origin() {
        return pool.origin();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        if (closing) {
            in.release();
            return;
        }
        cumulation = cumulation == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(ctx.alloc(), cumulation, in);
        decodeCumulation();
    }

    private void decodeCumulation() {
        decoder.decode(cumulation);
        if (cumulation != null && !cumulation.isReadable()) {
            cumulation.release();
            cumulation = null;
        } else if (cumulation != null && cumulation.refCnt() == 1) {
            cumulation.discardSomeReadBytes();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        pool.dispatch();
        pool.loop().flushDirty();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (channel.isWritable()) {
            if (upload != null) {
                upload.resume();
            }
            pool.dispatch();
            pool.loop().flushDirty();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) {
        if (cause == null) {
            cause = t;
        }
        closeNow();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closing = true;
        usable = false;
        if (out != null) {
            out.release();
            out = null;
        }
        decoder.closed();
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        if (stream != null) {
            stream.fail(closedWhileStreaming());
            stream = null;
        }
        if (upload != null) {
            upload.cancel();
            upload = null;
        }
        if (opened) {
            pool.onClosed(this, inflight, cause);
        } else {
            attempt.failed(new ConnectFailedException("connection to " + origin() + " closed before it was ready"
                    + (cause == null ? "" : " (" + cause + ")"), cause));
        }
    }

    @Override
    public io.netty.channel.ChannelFuture closeNow() {
        usable = false;
        closing = true;
        return channel.close();
    }

    /** Called by the decoder when a response is complete; {@link ResponseDecoder#keepAlive()} tells if the connection stays. */
    void onResponse(DecodedResponse r) {
        Exchange x = inflight.poll();
        exclusive = false;
        if (upload != null) {
            upload.cancel();
            upload = null;
        }
        lastUsed = System.nanoTime();
        if (!decoder.keepAlive()) {
            closeNow();
        }
        pool.loop().complete(x, r);
    }

    /** Called by the decoder on a framing error: fails the request it was answering and closes. */
    void onDecodeError(ClientException e) {
        Exchange x = inflight.poll();
        if (stream != null) {
            stream.fail(e);
            stream = null;
        }
        closeNow();
        if (x != null) {
            pool.loop().fail(x, e);
        }
    }

    void onStreamHead(DecodedResponse r) {
        Exchange x = inflight.peek();
        ResponseListener listener = x.streamStarted();
        stream = new ResponseStream(this, x.bodySubscriber());
        listener.complete(r, null);
        stream.start();
    }

    boolean streamDemand() {
        boolean has = stream != null && stream.demand() > 0;
        if (!has) {
            channel.config().setAutoRead(false);
        }
        return has;
    }

    void onStreamPart(ByteBuf part) {
        stream.next(part);
    }

    void onStreamEnd() {
        Exchange x = inflight.poll();
        exclusive = false;
        ResponseStream s = stream;
        stream = null;
        channel.config().setAutoRead(true);
        if (!decoder.keepAlive()) {
            closeNow();
        }
        s.complete();
        pool.loop().recycle(x);
    }

    @Override
    public void cancelStream() {
        closeNow();
    }

    /** More demand arrived for the streamed body (on the loop). */
    @Override
    public void resumeStream() {
        if (closing) {
            return;
        }
        if (cumulation != null) {
            decodeCumulation();
        }
        if (stream != null && stream.demand() > 0) {
            channel.config().setAutoRead(true);
            channel.read();
        }
    }

    /** The streamed request body failed: fails its request and closes, as the framing is broken. */
    void uploadFailed(Exchange x, Throwable t) {
        upload = null;
        if (inflight.remove(x)) {
            closeNow();
            pool.loop().fail(x, new ClientException("request body stream of " + x.request() + " failed", t));
        }
    }

    /** Fails the oldest in-flight request if its deadline passed (closing the connection), or evicts if idle. */
    @Override
    public void tick(long now, long idleNanos) {
        for (Exchange x : inflight) {
            if (x.overdue(now)) {
                inflight.remove(x);
                closeNow();
                pool.loop().fail(x, pool.timeoutInFlight(x));
                return;
            }
        }
        if (inflight.isEmpty() && usable && now - lastUsed > idleNanos) {
            closeNow();
        }
    }

    private ConnectionClosedException closedWhileStreaming() {
        return new ConnectionClosedException("connection to " + origin() + " closed during a streamed response body",
                cause);
    }
}
