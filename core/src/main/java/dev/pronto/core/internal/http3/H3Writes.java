package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ResponseBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.quic.QuicStreamChannel;

/**
 * Writes a complete response on a request stream: HEADERS, the body as DATA, trailers, then FIN. A body up
 * to one chunk goes as one DATA frame; a larger one of any type (file, buffer, array, text) goes through
 * {@link H3BodySend}, each chunk made once QUIC took the previous one within the client's windows, so a
 * client that keeps its window shut costs its window plus one chunk of memory, not the body.
 */
final class H3Writes {
    private H3Writes() {
    }

    /**
     * Event loop: writes {@code e}'s response with {@code body}, taking the bytes it sends; the caller
     * releases {@code body} afterwards.
     */
    static void response(H3Connection conn, Exchange e, ResponseBody body) {
        QuicStreamChannel s = H3Slot.of(e).stream;
        Http3Headers trailers = H3Responses.trailers(e);
        // a client may stop reading at Content-Length and miss the trailers
        long length = trailers != null ? -1 : body.length();
        ChannelFuture last = s.write(new DefaultHttp3HeadersFrame(H3Responses.headers(e, length, body.defaultType())));
        if (ResponseBody.hasBody(e) && (body.isFile() || body.length() > H3Chunks.SIZE)) {
            s.flush();
            H3Chunks chunks = body.isFile() ? H3Chunks.of(body.takeFile()) : H3Chunks.of(body.takeSource());
            new H3BodySend(chunks, new StreamTarget(conn, s, trailers, e.closeAfter())).next();
            return;
        }
        ByteBuf out = ResponseBody.hasBody(e) ? body.takeBuffer(conn.alloc()) : null;
        if (out != null && out.isReadable()) {
            ByteBuf data = H3Chunks.direct(conn.alloc(), out, out.readerIndex(), out.readableBytes());
            out.release();
            last = s.write(new DefaultHttp3DataFrame(data));
        } else if (out != null) {
            out.release();
        }
        end(s, trailers, e.closeAfter(), last);
    }

    /**
     * Writes the trailers, if any, and ends the stream once {@code last} (the latest write) and they are
     * written; asks the client to stop sending a body that was not read.
     */
    static void end(QuicStreamChannel s, Http3Headers trailers, boolean stopReading, ChannelFuture last) {
        ChannelFuture done = trailers != null ? s.write(new DefaultHttp3HeadersFrame(trailers)) : last;
        s.flush();
        // Netty's shutdownOutput() sends the FIN at once, past the frames still waiting for the client's
        // windows: it must wait for the last of them
        done.addListener(f -> {
            s.shutdownOutput();
            if (stopReading && !s.isInputShutdown()) {
                // RFC 9114 §4.1: a response sent before the whole request may ask for the rest to stop (H3_NO_ERROR)
                s.shutdownInput(Http3ErrorCode.H3_NO_ERROR.code());
            }
        });
    }

    /** A request stream as the target of a chunked body. */
    private record StreamTarget(H3Connection conn, QuicStreamChannel stream, Http3Headers trailers,
                                boolean stopReading) implements H3BodySend.Target {
        @Override
        public ByteBufAllocator alloc() {
            return conn.alloc();
        }

        @Override
        public ChannelFuture write(ByteBuf chunk) {
            return stream.writeAndFlush(new DefaultHttp3DataFrame(chunk));
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
        public long capacity() {
            long capacity = stream.bytesBeforeUnwritable();
            // a stream Netty still calls writable gets no writability event to wait for: send one chunk, which
            // it queues if QUIC cannot take it yet
            return capacity > 0 || !stream.isWritable() ? capacity : H3Chunks.SIZE;
        }

        @Override
        public void whenWritable(Runnable task) {
            stream.pipeline().addFirst(new WritableOnce(task));
        }
    }

    /** Runs its task once, when its stream becomes writable or inactive, and leaves the pipeline. */
    private static final class WritableOnce extends io.netty.channel.ChannelInboundHandlerAdapter {
        private Runnable task;

        WritableOnce(Runnable task) {
            this.task = task;
        }

        @Override
        public void channelWritabilityChanged(io.netty.channel.ChannelHandlerContext ctx) {
            if (ctx.channel().isWritable()) {
                run(ctx);
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void channelInactive(io.netty.channel.ChannelHandlerContext ctx) {
            run(ctx);
            ctx.fireChannelInactive();
        }

        private void run(io.netty.channel.ChannelHandlerContext ctx) {
            Runnable t = task;
            task = null;
            if (t != null) {
                ctx.pipeline().remove(this);
                t.run();
            }
        }
    }
}
