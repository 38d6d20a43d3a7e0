package dev.pronto.client.http.internal.http2;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.client.http.MalformedResponseException;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.ResponseTooLargeException;
import dev.pronto.client.http.StreamResetException;
import dev.pronto.client.http.internal.BodyUpload;
import dev.pronto.client.http.internal.DecodedResponse;
import dev.pronto.client.http.internal.Exchange;
import dev.pronto.client.http.internal.ResponseStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.ArrayDeque;

/**
 * One request on an {@link H2Connection}: its response head and buffered body (every byte
 * acknowledged to the flow controller as it arrives, within {@code maxResponseSize}), or its
 * streamed body (DATA held until the subscriber asks for it, and only then acknowledged, so the
 * server can send at most one stream window ahead of the reader), and its streamed request body.
 * Settles exactly once: completed, failed, reset, or handed back to the pool.
 */
final class H2Stream implements ResponseStream.Source, BodyUpload.Sink {
    private final H2Connection conn;
    private final Exchange x;
    private final int id;
    private DecodedResponse resp;
    private ByteBuf body;
    private ResponseStream stream;
    private ArrayDeque<ByteBuf> held;
    private boolean ended;
    private boolean settled;
    private BodyUpload upload;

    H2Stream(H2Connection conn, Exchange x, int id) {
        this.conn = conn;
        this.x = x;
        this.id = id;
    }

    Exchange exchange() {
        return x;
    }

    /** Writes the request head and body; false when the codec refused to open the stream. */
    boolean send(H2Fields.AcceptEncoding acceptEncoding) {
        ByteBuf fixed = x.request().body();
        boolean hasFixed = fixed != null && fixed.isReadable();
        boolean streamed = x.request().bodyStream() != null;
        ChannelHandlerContext ctx = conn.ctx();
        conn.encoder().writeHeaders(ctx, id, H2Fields.request(x.request(), acceptEncoding), 0, !hasFixed && !streamed,
                ctx.newPromise());
        if (!conn.track(id, this)) {
            return false;
        }
        if (hasFixed) {
            conn.encoder().writeData(ctx, id, fixed.retainedDuplicate(), 0, true, ctx.newPromise());
        } else if (streamed) {
            conn.flush();
            upload = new BodyUpload(this);
            x.request().bodyStream().subscribe(upload);
        }
        return true;
    }

    void headers(Http2Headers h, boolean end) {
        if (resp != null) {
            // trailers: nothing of them is exposed; they end the body
            if (end) {
                finish();
            }
            return;
        }
        int status = H2Fields.status(h);
        if (status >= 100 && status < 200 && status != 101 && !end) {
            return;
        }
        if (status < 200) {
            failed(malformed("invalid :status \"" + h.status() + "\" in a final response head"));
            return;
        }
        resp = x.newResponse();
        resp.reset();
        resp.status(status);
        H2Fields.fill(resp, h);
        if (x.bodySubscriber() != null) {
            startStreaming();
        } else if (expectsBody(status) && contentLength(h) > conn.pool.config().maxResponseSize()) {
            failed(new ResponseTooLargeException("response body of " + contentLength(h) + " bytes exceeds "
                    + "maxResponseSize=" + conn.pool.config().maxResponseSize() + " from " + conn.pool.origin()));
            return;
        }
        if (end) {
            finish();
        }
    }

    private boolean expectsBody(int status) {
        return status != 204 && status != 304 && !x.request().method().equals("HEAD");
    }

    private static long contentLength(Http2Headers h) {
        Long n = h.getLong("content-length");
        return n == null ? -1 : n;
    }

    private void startStreaming() {
        ResponseListener listener = x.streamStarted();
        stream = new ResponseStream(this, x.bodySubscriber());
        listener.complete(resp, null);
        stream.start();
    }

    /** A DATA frame; returns the bytes to acknowledge now (the rest when the subscriber takes them). */
    int data(ByteBuf data, boolean end) {
        int n = data.readableBytes();
        if (resp == null) {
            failed(malformed("DATA before the response head"));
            return n;
        }
        if (stream != null) {
            if (n > 0) {
                if (held == null) {
                    held = new ArrayDeque<>(4);
                }
                held.add(data.retainedSlice());
            }
            if (end) {
                finish();
            } else {
                deliver();
            }
            return 0;
        }
        if (n > 0 && !append(data)) {
            return n;
        }
        if (end) {
            finish();
        }
        return n;
    }

    private boolean append(ByteBuf data) {
        int max = conn.pool.config().maxResponseSize();
        long total = (long) (body == null ? 0 : body.readableBytes()) + data.readableBytes();
        if (total > max) {
            failed(new ResponseTooLargeException("response body exceeds maxResponseSize=" + max + " from "
                    + conn.pool.origin()));
            return false;
        }
        if (body == null) {
            body = conn.alloc().buffer(Math.min(max, Math.max(data.readableBytes(), 1024)));
        }
        body.writeBytes(data);
        return true;
    }

    private void finish() {
        conn.detach(id);
        stopUpload();
        if (stream != null) {
            ended = true;
            deliver();
            return;
        }
        settled = true;
        DecodedResponse r = resp;
        resp = null;
        if (body != null) {
            r.body(body);
            body = null;
        }
        conn.completed(x, r);
    }

    /** The response is complete: the rest of a request body would not be read. */
    private void stopUpload() {
        if (upload != null) {
            upload.cancel();
            upload = null;
        }
        if (conn.writer().localSideOpen(id)) {
            conn.writer().reset(id, Http2Error.CANCEL);
        }
    }

    private void deliver() {
        while (!settled && held != null && !held.isEmpty() && stream.demand() > 0) {
            ByteBuf part = held.poll();
            int n = part.readableBytes();
            stream.next(part);
            conn.writer().consume(id, n);
        }
        if (!settled && ended && (held == null || held.isEmpty())) {
            settled = true;
            stream.complete();
            conn.pool.loop().recycle(x);
        }
    }

    /** Fails the request and resets only its stream (timeout, malformed or oversized response, body failure). */
    void failed(ClientException e) {
        if (settled) {
            return;
        }
        conn.detach(id);
        conn.writer().reset(id, Http2Error.CANCEL);
        settle(e);
    }

    /** The server reset the stream (already detached): REFUSED_STREAM was not processed, so it may be retried. */
    void reset(long errorCode) {
        if (settled) {
            return;
        }
        StreamResetException e = new StreamResetException("the server reset the stream of " + x.request() + " ("
                + H2Connection.errorName(errorCode) + ")", errorCode);
        if (stream == null && errorCode == Http2Error.REFUSED_STREAM.code() && x.awaitsHead() && conn.pool.retry(x)) {
            settled = true;
            release();
            conn.requestAfterEvents();
            return;
        }
        settle(e);
    }

    /** The stream closed while tracked (GOAWAY or connection closed): the request, if the pool must settle it. */
    Exchange interrupted() {
        if (settled) {
            return null;
        }
        if (stream != null) {
            settle(new ConnectionClosedException("connection to " + conn.pool.origin()
                    + " closed during a streamed response body"));
            return null;
        }
        settled = true;
        release();
        return x;
    }

    private void settle(ClientException e) {
        settled = true;
        release();
        if (stream != null) {
            stream.fail(e);
            conn.pool.loop().recycle(x);
        } else {
            conn.pool.loop().fail(x, e);
        }
    }

    private void release() {
        if (upload != null) {
            upload.cancel();
            upload = null;
        }
        if (body != null) {
            body.release();
            body = null;
        }
        if (resp != null && stream == null) {
            resp.release();
        }
        resp = null;
        if (held != null) {
            held.forEach(ByteBuf::release);
            held.clear();
        }
    }

    private MalformedResponseException malformed(String message) {
        return new MalformedResponseException("malformed HTTP/2 response from " + conn.pool.origin() + ": " + message);
    }

    // ---- ResponseStream.Source ----

    @Override
    public EventLoop eventLoop() {
        return conn.eventLoop();
    }

    @Override
    public void resumeStream() {
        deliver();
    }

    @Override
    public void cancelStream() {
        if (settled) {
            return;
        }
        settled = true;
        conn.detach(id);
        conn.writer().reset(id, Http2Error.CANCEL);
        release();
        conn.pool.loop().recycle(x);
    }

    // ---- BodyUpload.Sink ----

    @Override
    public boolean writePart(ByteBuf part) {
        if (settled || !conn.writer().localSideOpen(id)) {
            part.release();
            return false;
        }
        conn.writer().writeData(id, part, H2Writer.EndStream.NO);
        return conn.writer().writable(id);
    }

    @Override
    public void endBody() {
        upload = null;
        if (!settled && conn.writer().localSideOpen(id)) {
            conn.writer().writeData(id, Unpooled.EMPTY_BUFFER, H2Writer.EndStream.YES);
        }
    }

    @Override
    public void bodyFailed(Throwable t) {
        upload = null;
        failed(new ClientException("request body stream of " + x.request() + " failed", t));
    }

    void writabilityChanged() {
        if (upload != null && conn.writer().writable(id)) {
            upload.resume();
        }
    }
}
