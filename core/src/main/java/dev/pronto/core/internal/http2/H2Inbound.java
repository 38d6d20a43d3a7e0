package dev.pronto.core.internal.http2;

import dev.pronto.core.PayloadTooLargeException;
import dev.pronto.core.internal.exchange.Dispatch;
import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.HeaderList;
import dev.pronto.core.internal.exchange.PseudoHeaderHead;
import dev.pronto.core.internal.exchange.StreamingBody;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;

/**
 * The frame listener of an {@link H2Connection}: turns the HEADERS and DATA of each request stream
 * into an exchange, aggregating the body up to {@code maxBodySize} or streaming it to a streaming
 * route, where the DATA bytes count against the same limit (with or without a content-length),
 * except on a message-stream route (gRPC), which bounds each message itself. Protocol errors are
 * Netty's to detect and answer (RST_STREAM or GOAWAY); request errors (too large, malformed target,
 * unknown method) are answered like HTTP/1.1 ones.
 */
final class H2Inbound extends Http2EventAdapter {
    private final H2Connection conn;
    private final int maxHead;
    private final long maxBody;
    private final String tooLarge;
    private final H2FloodLimits limits;

    H2Inbound(H2Connection conn) {
        this.conn = conn;
        this.limits = new H2FloodLimits(conn.server.http2());
        this.maxHead = conn.server.config().maxRequestLineLength() + conn.server.config().maxHeaderSize();
        this.maxBody = conn.server.config().maxBodySize();
        this.tooLarge = "Request body exceeds the limit of " + maxBody + " bytes (maxBodySize)";
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                              short weight, boolean exclusive, int padding, boolean endOfStream) {
        onHeadersRead(ctx, streamId, headers, padding, endOfStream);
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                              boolean endOfStream) {
        limits.headers();
        Http2Stream stream = conn.connection().stream(streamId);
        Exchange e = stream.getProperty(conn.key);
        if (e != null) {
            // trailers: nothing of them is exposed; they end the body
            if (endOfStream) {
                conn.timer.dataArrived(e, endOfStream);
                bodyEnded(e);
            }
            return;
        }
        e = conn.obtain();
        H2Slot.of(e).streamId = streamId;
        e.open();
        stream.setProperty(conn.key, e);
        conn.timer.headersArrived(e);
        HeaderList fields = headers instanceof H2RequestHeaders flat ? flat : H2RequestHeaders.copyOf(headers);
        if (!PseudoHeaderHead.fill(e.head, fields, maxHead)) {
            reject(e, e.head.errorStatus, e.head.errorMessage);
            return;
        }
        if (e.head.contentLength > maxBody) {
            reject(e, 413, tooLarge);
            return;
        }
        if (Dispatch.routeStreams(e)) {
            e.stream(new StreamingBody(e));
            conn.dispatch(e);
            if (endOfStream) {
                e.stream().end();
            }
        } else if (endOfStream) {
            conn.dispatch(e);
        }
    }

    private void reject(Exchange e, int status, String message) {
        e.atRootScope();
        e.closeAfterResponse();
        Errors.answerByServer(e, status, message);
    }

    @Override
    public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream)
            throws Http2Exception {
        limits.data(data.readableBytes(), endOfStream);
        int processed = data.readableBytes() + padding;
        Http2Stream stream = conn.connection().stream(streamId);
        Exchange e = stream == null ? null : stream.getProperty(conn.key);
        if (e == null || e.settled()) {
            return processed;
        }
        conn.timer.dataArrived(e, endOfStream);
        if (e.stream() != null) {
            if (e.stream().received() + data.readableBytes() > maxBody && !e.match.value().messageStream()) {
                streamTooLarge(e);
                return processed;
            }
            if (data.isReadable()) {
                e.stream().offer(data.retain());
            }
            if (endOfStream) {
                e.stream().end();
            }
            return processed;
        }
        if (e.state() != ExchangeState.RECEIVED) {
            return processed;
        }
        if (!aggregate(e, data)) {
            return processed;
        }
        if (endOfStream) {
            bodyEnded(e);
        }
        return processed;
    }

    /**
     * A streamed body went past {@code maxBodySize}, declared length or not: its reader fails, the
     * client gets a 413 when the response has not started (then RST_STREAM NO_ERROR once written, as
     * for any early answer), else the stream is reset (CANCEL). Nothing more of it is read.
     */
    private void streamTooLarge(Exchange e) {
        e.stream().fail(new PayloadTooLargeException(tooLarge));
        e.closeAfterResponse();
        // a blocking reader woken by the failure may already be answering 413 itself: only a
        // response already under way is cut
        if (!Errors.answerByServer(e, 413, tooLarge) && e.response.streamStarted()) {
            conn.resetStream(e, Http2Error.CANCEL);
        }
    }

    /** Appends {@code data} to the body; false (answered 413) past the limit. */
    private boolean aggregate(Exchange e, ByteBuf data) {
        int n = data.readableBytes();
        long have = e.body() == null ? 0 : e.body().readableBytes();
        if (have + n > maxBody) {
            reject(e, 413, tooLarge);
            return false;
        }
        if (e.body() == null) {
            // grow with what arrives, never with what the client declares
            e.body(conn.alloc().ioBuffer(Math.max(n, 256)));
        }
        e.body().writeBytes(data);
        return true;
    }

    private void bodyEnded(Exchange e) {
        if (e.stream() != null) {
            e.stream().end();
        } else if (e.state() == ExchangeState.RECEIVED) {
            if (e.head.contentLength >= 0 && e.head.contentLength != (e.body() == null ? 0 : e.body().readableBytes())) {
                reject(e, 400, "Request body does not match its Content-Length");
                return;
            }
            conn.dispatch(e);
        }
    }

    @Override
    public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
        Long tableSize = settings.headerTableSize();
        if (tableSize != null) {
            conn.peerHeaderTableSize(tableSize);
        }
    }

    @Override
    public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) throws Http2Exception {
        // the stream closes right after this; H2Connection settles its exchange then
        conn.clientReset(streamId);
        limits.reset(conn.nanoTime());
    }

    @Override
    public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
        if (errorCode != Http2Error.NO_ERROR.code()) {
            conn.server.log().debug("Client sent GOAWAY {} on {}", errorCode, ctx.channel());
        }
    }
}
