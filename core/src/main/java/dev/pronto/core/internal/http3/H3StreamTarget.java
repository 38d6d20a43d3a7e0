package dev.pronto.core.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.quic.QuicStreamChannel;

/**
 * A request stream as the target of a chunked body ({@link H3BodySend}): DATA frames, then the end that
 * {@link H3Writes#end} writes. Its wake-up handler joins the stream's pipeline at the first wait and stays
 * there, so waiting for writability again costs no pipeline change. Event loop only.
 */
final class H3StreamTarget implements H3BodySend.Target {
    private final H3Connection conn;
    private final QuicStreamChannel stream;
    private final Http3Headers trailers;
    private final boolean stopReading;
    private Wake wake;

    /** {@code trailers} may be null; {@code stopReading}: ask the client to stop sending once the response ends. */
    H3StreamTarget(H3Connection conn, QuicStreamChannel stream, Http3Headers trailers, boolean stopReading) {
        this.conn = conn;
        this.stream = stream;
        this.trailers = trailers;
        this.stopReading = stopReading;
    }

    @Override
    public ByteBufAllocator alloc() {
        return conn.alloc();
    }

    @Override
    public ChannelFuture write(ByteBuf chunk) {
        return stream.write(new DefaultHttp3DataFrame(chunk));
    }

    @Override
    public void flush() {
        stream.flush();
    }

    @Override
    public void end(ChannelFuture last) {
        H3Writes.end(stream, trailers, stopReading, last);
    }

    @Override
    public void fail() {
        H3Connection.reset(stream, Http3ErrorCode.H3_INTERNAL_ERROR);
    }

    @Override
    public boolean stopped() {
        return conn.closing() || !stream.isActive();
    }

    @Override
    public boolean writable() {
        // Netty may call a stream writable while QUIC's capacity is 0 (a new stream; a queued write just
        // drained): it then gets one chunk, queues what QUIC cannot take and turns unwritable
        return stream.isWritable();
    }

    @Override
    public long capacity() {
        return stream.bytesBeforeUnwritable();
    }

    @Override
    public void whenWritable(Runnable task) {
        if (wake == null) {
            wake = new Wake();
            stream.pipeline().addFirst(wake);
        }
        wake.task = task;
    }

    /** Runs the task it holds once, when its stream becomes writable or inactive. */
    private static final class Wake extends ChannelInboundHandlerAdapter {
        private Runnable task;

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            if (ctx.channel().isWritable()) {
                run();
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            run();
            ctx.fireChannelInactive();
        }

        private void run() {
            Runnable t = task;
            task = null;
            if (t != null) {
                t.run();
            }
        }
    }
}
