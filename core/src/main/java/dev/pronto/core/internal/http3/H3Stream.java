package dev.pronto.core.internal.http3;

import dev.pronto.core.PayloadTooLargeException;
import dev.pronto.core.internal.exchange.Dispatch;
import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.PseudoHeaderHead;
import dev.pronto.core.internal.exchange.StreamingBody;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Exception;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicException;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamPriority;

/**
 * One HTTP/3 request stream: its HEADERS become an exchange, its DATA the body, aggregated up to
 * {@code maxBodySize} or streamed to a streaming route (where the bytes count against the same limit,
 * except on a message-stream route), and the end of the stream's input dispatches an aggregated request.
 * Frame and QPACK errors are Netty's to detect and answer with HTTP/3 error codes; request errors (too
 * large, malformed target, unknown method) get the same answers as on every protocol. Event loop only.
 */
final class H3Stream extends Http3RequestStreamInboundHandler {
    /** RFC 9218's request field: where the response goes in the connection's send order ({@link H3Priority}). */
    private static final io.netty.util.AsciiString PRIORITY = io.netty.util.AsciiString.cached("priority");
    private final H3Connection conn;
    private final int maxHead;
    private final long maxBody;
    private QuicStreamChannel stream;
    private Exchange e;
    /** The priority of the client's latest PRIORITY_UPDATE for this stream, else null: it wins over the field. */
    private QuicStreamPriority updated;
    /** On the connection timer's clock: when the stream opened, its request head came, and its latest DATA. */
    long openedAt;
    long bodyStart;
    long lastData;

    H3Stream(H3Connection conn) {
        this.conn = conn;
        this.maxHead = conn.server.config().maxRequestLineLength() + conn.server.config().maxHeaderSize();
        this.maxBody = conn.server.config().maxBodySize();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        stream = (QuicStreamChannel) ctx.channel();
        openedAt = conn.nanoTime();
        conn.streamOpened(this, stream.streamId());
    }

    /** The exchange of this stream once its HEADERS came, else null. */
    Exchange exchange() {
        return e;
    }

    QuicStreamChannel channel() {
        return stream;
    }

    /** A PRIORITY_UPDATE for this stream (RFC 9218 §7.2): applied now, and kept over the request's field (§8). */
    void reprioritize(QuicStreamPriority priority) {
        updated = priority;
        conn.prioritize(stream, priority);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        conn.streamClosed(this);
        Exchange x = e;
        e = null;
        if (x != null) {
            conn.pool.ended(x);
        }
        super.channelInactive(ctx);
    }

    @Override
    protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
        if (e != null) {
            return; // trailers: nothing of them is exposed; the end of the stream ends the body
        }
        e = conn.pool.obtain();
        bodyStart = conn.nanoTime();
        lastData = bodyStart;
        H3Slot.of(e).stream = stream;
        e.open();
        boolean wellFormed = conn.fields.fill(frame.headers());
        boolean valid = wellFormed && PseudoHeaderHead.fill(e.head, conn.fields, maxHead);
        if (valid) {
            conn.prioritize(stream, updated != null ? updated : H3Priority.of(frame.headers().get(PRIORITY)));
        }
        conn.fields.clear();
        e.head.http3 = true;
        if (!wellFormed) {
            // RFC 9114 §4.1.2: a malformed request is a stream error H3_MESSAGE_ERROR
            H3Connection.reset(stream, Http3ErrorCode.H3_MESSAGE_ERROR);
        } else if (!valid) {
            reject(e.head.errorStatus, e.head.errorMessage);
        } else if (e.head.contentLength > maxBody) {
            reject(413, tooLarge());
        } else if (Dispatch.routeStreams(e)) {
            e.stream(new StreamingBody(e));
            conn.dispatch(e);
        }
    }

    private void reject(int status, String message) {
        e.atRootScope();
        e.closeAfterResponse();
        Errors.answerByServer(e, status, message);
    }

    private String tooLarge() {
        return "Request body exceeds the limit of " + maxBody + " bytes (maxBodySize)";
    }

    @Override
    protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
        try {
            data(frame.content());
        } finally {
            frame.release();
        }
    }

    private void data(ByteBuf data) {
        if (e == null || e.settled()) {
            return;
        }
        lastData = conn.nanoTime();
        if (e.stream() != null) {
            if (e.stream().received() + data.readableBytes() > maxBody && !e.match.value().messageStream()) {
                streamTooLarge();
            } else if (data.isReadable()) {
                e.stream().offer(data.retain());
                conn.pauseIfAsked(stream);
            }
            return;
        }
        if (e.state() == ExchangeState.RECEIVED) {
            aggregate(data);
        }
    }

    /** A streamed body went past {@code maxBodySize}: its reader fails; 413 if the response has not started, else a reset. */
    private void streamTooLarge() {
        e.stream().fail(new PayloadTooLargeException(tooLarge()));
        e.closeAfterResponse();
        if (!Errors.answerByServer(e, 413, tooLarge()) && e.response.streamStarted()) {
            conn.abort(e, Http3ErrorCode.H3_REQUEST_CANCELLED);
        }
    }

    /** Appends {@code data} to the body; answers 413 past the limit. */
    private void aggregate(ByteBuf data) {
        int n = data.readableBytes();
        long have = e.body() == null ? 0 : e.body().readableBytes();
        if (have + n > maxBody) {
            reject(413, tooLarge());
            return;
        }
        if (e.body() == null) {
            // grow with what arrives, never with what the client declares
            e.body(conn.alloc().ioBuffer(Math.max(n, 256)));
        }
        e.body().writeBytes(data);
    }

    @Override
    protected void channelInputClosed(ChannelHandlerContext ctx) {
        if (e == null) {
            // RFC 9114 §4.1.2: a stream that ends without a request
            H3Connection.reset(stream, Http3ErrorCode.H3_REQUEST_INCOMPLETE);
            return;
        }
        if (e.stream() != null) {
            e.stream().end();
        } else if (e.state() == ExchangeState.RECEIVED) {
            long have = e.body() == null ? 0 : e.body().readableBytes();
            if (e.head.contentLength >= 0 && e.head.contentLength != have) {
                reject(400, "Request body does not match its Content-Length");
                return;
            }
            conn.dispatch(e);
        }
    }

    @Override
    protected void handleQuicException(ChannelHandlerContext ctx, QuicException exception) {
        if (exception instanceof io.netty.handler.codec.quic.QuicStreamResetException) {
            // the client gave up on the request (RESET_STREAM): its exchange is cancelled as the stream closes
            conn.clientReset();
            ctx.close();
            return;
        }
        conn.server.log().debug("QUIC error on {}", ctx.channel(), exception);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (e == null && cause instanceof IllegalArgumentException) {
            // Netty's stream validation throws this for two content-length fields or one that is not a number,
            // and drops the HEADERS: RFC 9114 §4.1.2 makes that a malformed request, not an incomplete one
            conn.server.log().debug("Malformed HTTP/3 request on {}", ctx.channel(), cause);
            H3Connection.reset(stream, Http3ErrorCode.H3_MESSAGE_ERROR);
            return;
        }
        super.exceptionCaught(ctx, cause);
    }

    @Override
    protected void handleHttp3Exception(ChannelHandlerContext ctx, Http3Exception exception) {
        // the codec has answered it (stream or connection error); a client's mistake is not the server's error
        conn.server.log().debug("HTTP/3 error on {}", ctx.channel(), exception);
    }
}
