package dev.pronto.client.http.internal.http1;

import dev.pronto.client.http.internal.BodyUpload;
import dev.pronto.client.http.internal.Exchange;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;

/** The HTTP/1.1 side of a {@link BodyUpload}: each part as one chunk of chunked encoding. */
final class ChunkedSink implements BodyUpload.Sink {
    private final PooledConnection conn;
    private final Exchange exchange;
    private final Channel channel;

    ChunkedSink(PooledConnection conn, Exchange exchange) {
        this.conn = conn;
        this.exchange = exchange;
        this.channel = conn.channel();
    }

    @Override
    public EventLoop eventLoop() {
        return channel.eventLoop();
    }

    @Override
    public boolean writePart(ByteBuf part) {
        String size = Integer.toHexString(part.readableBytes()) + "\r\n";
        channel.write(ByteBufUtil.writeAscii(channel.alloc(), size), channel.voidPromise());
        channel.write(part, channel.voidPromise());
        channel.writeAndFlush(ByteBufUtil.writeAscii(channel.alloc(), "\r\n"), channel.voidPromise());
        return channel.isWritable();
    }

    @Override
    public void endBody() {
        channel.writeAndFlush(ByteBufUtil.writeAscii(channel.alloc(), "0\r\n\r\n"), channel.voidPromise());
    }

    @Override
    public void bodyFailed(Throwable t) {
        conn.uploadFailed(exchange, t);
    }
}
