package dev.pronto.client.http.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import java.util.concurrent.Flow;

/**
 * Writes a streamed request body with chunked encoding, one buffer at a time: the next buffer is
 * requested only while the channel is writable, which gives the publisher backpressure.
 */
final class BodyUpload implements Flow.Subscriber<ByteBuf> {
    private final PooledConnection conn;
    private final Exchange exchange;
    private final Channel channel;
    private Flow.Subscription subscription;
    private boolean waiting;
    private boolean done;

    BodyUpload(PooledConnection conn, Exchange exchange) {
        this.conn = conn;
        this.exchange = exchange;
        this.channel = conn.channel();
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(1);
    }

    @Override
    public void onNext(ByteBuf item) {
        onLoop(() -> write(item));
    }

    @Override
    public void onError(Throwable t) {
        onLoop(() -> {
            if (!done) {
                done = true;
                conn.uploadFailed(exchange, t);
            }
        });
    }

    @Override
    public void onComplete() {
        onLoop(() -> {
            if (!done) {
                done = true;
                channel.writeAndFlush(ByteBufUtil.writeAscii(channel.alloc(), "0\r\n\r\n"), channel.voidPromise());
            }
        });
    }

    /** The channel became writable again. */
    void resume() {
        if (waiting && !done) {
            waiting = false;
            subscription.request(1);
        }
    }

    /** The response arrived or the connection closed: stop the publisher. */
    void cancel() {
        if (!done) {
            done = true;
            subscription.cancel();
        }
    }

    private void write(ByteBuf item) {
        if (done || !item.isReadable()) {
            item.release();
            if (!done) {
                subscription.request(1);
            }
            return;
        }
        String size = Integer.toHexString(item.readableBytes()) + "\r\n";
        channel.write(ByteBufUtil.writeAscii(channel.alloc(), size), channel.voidPromise());
        channel.write(item, channel.voidPromise());
        channel.writeAndFlush(ByteBufUtil.writeAscii(channel.alloc(), "\r\n"), channel.voidPromise());
        if (channel.isWritable()) {
            subscription.request(1);
        } else {
            waiting = true;
        }
    }

    private void onLoop(Runnable task) {
        if (channel.eventLoop().inEventLoop()) {
            task.run();
        } else {
            channel.eventLoop().execute(task);
        }
    }
}
