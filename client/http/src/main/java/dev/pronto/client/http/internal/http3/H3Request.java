package dev.pronto.client.http.internal.http3;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.internal.BodyUpload;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.quic.QuicStreamChannel;

/**
 * The request side of an {@link H3Exchange}: the head, then a fixed body or a streamed one written as the
 * stream can take it (backpressure through the stream's writability), then the stream's FIN. Event loop only.
 */
final class H3Request implements BodyUpload.Sink {
    private final QuicStreamChannel stream;
    private final H3Exchange exchange;
    private final ClientRequest request;
    private BodyUpload upload;
    /** The last write of a streamed body: the FIN goes after it, as shutting down earlier would drop queued bytes. */
    private ChannelFuture lastWrite;

    private H3Request(QuicStreamChannel stream, H3Exchange exchange, ClientRequest request) {
        this.stream = stream;
        this.exchange = exchange;
        this.request = request;
    }

    /** Writes {@code r} on {@code ch}; the FIN follows the last frame (shutting down earlier would drop unsent bytes). */
    static H3Request write(QuicStreamChannel ch, ClientRequest r, H3Exchange exchange) {
        H3Request w = new H3Request(ch, exchange, r);
        ByteBuf fixed = r.body();
        Http3HeadersFrame head = new DefaultHttp3HeadersFrame(H3Fields.request(r));
        if (r.bodyStream() != null) {
            ch.writeAndFlush(head);
            w.upload = new BodyUpload(w);
            r.bodyStream().subscribe(w.upload);
        } else if (fixed != null && fixed.isReadable()) {
            ch.write(head);
            ch.writeAndFlush(new DefaultHttp3DataFrame(fixed.retainedDuplicate())).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        } else {
            ch.writeAndFlush(head).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
        return w;
    }

    /** The stream can take more: the next part of a streamed body may come. */
    void writable() {
        if (upload != null) {
            upload.resume();
        }
    }

    /** The exchange is over: a streamed body stops. */
    void stop() {
        if (upload != null) {
            upload.cancel();
            upload = null;
        }
    }

    @Override
    public EventLoop eventLoop() {
        return stream.eventLoop();
    }

    @Override
    public boolean writePart(ByteBuf part) {
        if (exchange.settled() || !stream.isActive()) {
            part.release();
            return false;
        }
        lastWrite = stream.writeAndFlush(new DefaultHttp3DataFrame(part));
        return stream.isWritable();
    }

    @Override
    public void endBody() {
        upload = null;
        if (!exchange.settled() && stream.isActive()) {
            // Netty's shutdownOutput() sends the FIN at once, ahead of writes still queued for flow control
            if (lastWrite == null) {
                stream.shutdownOutput();
            } else {
                lastWrite.addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
            }
        }
    }

    @Override
    public void bodyFailed(Throwable t) {
        upload = null;
        exchange.failed(new ClientException("request body stream of " + request + " failed", t));
    }
}
