package dev.pronto.client.http.internal.http3;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.client.http.MalformedResponseException;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.ResponseTooLargeException;
import dev.pronto.client.http.StreamResetException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Exception;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicException;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamResetException;

/**
 * One attempt of a call on its own request stream: writes the request (a streamed body as the stream
 * can take it), reads the response head, body (buffered within {@code maxResponseSize}, or streamed
 * with backpressure) and trailers. Settles exactly once: completed, failed, reset, or handed back to
 * the link for another attempt. Event loop only.
 */
final class H3Exchange extends Http3RequestStreamInboundHandler implements H3Body.Source {
    private final H3Link link;
    private final H3Call call;
    private QuicStreamChannel stream;
    private H3Response resp;
    private ByteBuf body;
    private H3Body streamed;
    private H3Request request;
    private boolean settled;
    /** The response's content-length, or -1; checked against {@link #received} when the stream ends. */
    private long declared = -1;
    private long received;

    H3Exchange(H3Link link, H3Call call) {
        this.link = link;
        this.call = call;
    }

    /** The stream is open: writes the request. */
    void start(QuicStreamChannel ch) {
        stream = ch;
        request = H3Request.write(ch, call.request, this);
    }

    boolean settled() {
        return settled;
    }

    @Override
    protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
        if (settled) {
            return;
        }
        if (resp != null) {
            resp.trailers(frame.headers());
            return;
        }
        Http3Headers h = frame.headers();
        int status = H3Fields.status(h);
        if (status >= 100 && status < 200) {
            return; // interim response
        }
        if (status < 0) {
            failed(malformed("invalid :status \"" + h.status() + "\" in the response head"));
            return;
        }
        resp = new H3Response(status, h);
        declared = expectsBody(status) ? contentLength(h) : -1;
        if (call.bodySubscriber != null) {
            startStreaming();
        } else if (expectsBody(status) && contentLength(h) > link.config().maxResponseSize()) {
            failed(new ResponseTooLargeException("response body of " + contentLength(h) + " bytes exceeds maxResponseSize="
                    + link.config().maxResponseSize() + " from " + link.origin()));
        }
    }

    private boolean expectsBody(int status) {
        return status != 204 && status != 304 && !call.request.method().equals("HEAD");
    }

    private static long contentLength(Http3Headers h) {
        Long n = h.getLong("content-length");
        return n == null ? -1 : n;
    }

    private void startStreaming() {
        call.cancelTimer();
        streamed = new H3Body(this, call.bodySubscriber);
        // from here the stream is read only as the subscriber asks: no demand, no window returned to the server
        stream.config().setAutoRead(false);
        ResponseListener l = call.listener;
        call.listener = null;
        l.complete(resp, null);
        streamed.start();
    }

    @Override
    protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
        ByteBuf content = frame.content();
        try {
            if (settled) {
                return;
            }
            received += content.readableBytes();
            if (resp == null) {
                failed(malformed("DATA before the response head"));
            } else if (streamed != null) {
                if (content.isReadable()) {
                    streamed.offer(content.retain());
                }
            } else {
                append(content);
            }
        } finally {
            frame.release();
        }
    }

    private void append(ByteBuf data) {
        int max = link.config().maxResponseSize();
        long total = (long) (body == null ? 0 : body.readableBytes()) + data.readableBytes();
        if (total > max) {
            failed(new ResponseTooLargeException("response body exceeds maxResponseSize=" + max + " from " + link.origin()));
            return;
        }
        if (body == null) {
            body = stream.alloc().buffer(Math.min(max, Math.max(data.readableBytes(), 1024)));
        }
        body.writeBytes(data);
    }

    @Override
    protected void channelInputClosed(ChannelHandlerContext ctx) {
        if (settled) {
            return;
        }
        if (resp == null) {
            failed(malformed("the stream ended before a response head"));
            return;
        }
        if (declared >= 0 && received != declared) {
            // RFC 9114 §4.1.2: a body that does not match its content-length is malformed (a truncated answer)
            failed(malformed("body of " + received + " bytes, content-length " + declared));
            return;
        }
        settled = true;
        stopUpload();
        if (streamed != null) {
            streamed.end();
        } else {
            call.cancelTimer();
            if (body != null) {
                resp.body(body);
                body = null;
            }
            deliver(resp);
        }
        done();
    }

    private void deliver(H3Response r) {
        ResponseListener l = call.listener;
        call.listener = null;
        if (call.detached) {
            l.complete(r, null);
            return;
        }
        r.pooled = true;
        try {
            l.complete(r, null);
        } finally {
            r.pooled = false;
            r.release();
        }
    }

    /** The call's deadline passed before the response (a streamed one's head) arrived. */
    void timedOut() {
        failed(new dev.pronto.client.http.RequestTimeoutException("no response to " + call.request + " from "
                + link.origin() + " within its timeout"));
    }

    /** Fails the call and resets only its stream. */
    void failed(ClientException e) {
        if (settled) {
            return;
        }
        settled = true;
        reset(Http3ErrorCode.H3_REQUEST_CANCELLED);
        release();
        if (streamed != null) {
            streamed.fail(e);
        } else {
            call.fail(e);
        }
        done();
    }

    private void reset(Http3ErrorCode code) {
        stopUpload();
        if (stream != null && stream.isActive()) {
            stream.shutdown(code.code());
            stream.close();
        }
    }

    private void stopUpload() {
        if (request != null) {
            request.stop();
        }
    }

    private void done() {
        call.exchange = null;
        link.exchangeDone();
    }

    private void release() {
        if (body != null) {
            body.release();
            body = null;
        }
        if (resp != null && streamed == null) {
            resp.release();
        }
    }

    @Override
    protected void handleQuicException(ChannelHandlerContext ctx, QuicException e) {
        if (e instanceof QuicStreamResetException r) {
            resetByServer(r.applicationProtocolCode());
        } else {
            failed(new ClientException("HTTP/3 stream of " + call.request + " to " + link.origin() + " failed: " + e, e));
        }
    }

    private void resetByServer(long code) {
        if (settled) {
            return;
        }
        if (code == Http3ErrorCode.H3_REQUEST_REJECTED.code() && resp == null && call.retryable(link.config().maxAttempts())) {
            // RFC 9114 §4.1.1: a rejected request was not processed, so it may be sent again
            anotherAttempt();
            return;
        }
        failed(new StreamResetException("the server reset the HTTP/3 stream of " + call.request + " (error 0x"
                + Long.toHexString(code) + ")", code));
    }

    private void anotherAttempt() {
        settled = true;
        release();
        reset(Http3ErrorCode.H3_REQUEST_CANCELLED);
        call.exchange = null;
        link.retry(call);
        link.exchangeDone();
    }

    @Override
    protected void handleHttp3Exception(ChannelHandlerContext ctx, Http3Exception e) {
        failed(malformed(e.getMessage()));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) {
        if (t instanceof QuicException q) {
            handleQuicException(ctx, q);
        } else if (t instanceof Http3Exception h) {
            handleHttp3Exception(ctx, h);
        } else {
            failed(new ClientException("HTTP/3 stream of " + call.request + " to " + link.origin() + " failed: " + t, t));
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!settled) {
            if (resp == null && !link.closing() && call.retryable(link.config().maxAttempts())) {
                anotherAttempt();
            } else {
                failed(link.closing() ? new ClientException("client is closed") : new ConnectionClosedException(
                        "HTTP/3 connection to " + link.origin() + " closed before the response to " + call.request));
            }
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (request != null && ctx.channel().isWritable()) {
            request.writable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    private MalformedResponseException malformed(String message) {
        return new MalformedResponseException("malformed HTTP/3 response from " + link.origin() + ": " + message);
    }

    // ---- H3Body.Source ----

    @Override
    public EventLoop eventLoop() {
        return link.loop();
    }

    @Override
    public void readMore() {
        stream.read();
    }

    @Override
    public void cancelBody() {
        if (!settled) {
            settled = true;
            reset(Http3ErrorCode.H3_REQUEST_CANCELLED);
            done();
        }
    }
}
