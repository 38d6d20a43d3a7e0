package dev.pronto.client.http.internal;

import io.netty.buffer.ByteBuf;
import java.util.concurrent.Flow;

/**
 * The subscription of a streamed response body. Demand is counted on the loop; without demand the
 * connection stops reading, so the server is held back by TCP flow control.
 */
final class ResponseStream implements Flow.Subscription {
    private final PooledConnection conn;
    private final Flow.Subscriber<? super ByteBuf> subscriber;
    long demand;
    private boolean done;

    ResponseStream(PooledConnection conn, Flow.Subscriber<? super ByteBuf> subscriber) {
        this.conn = conn;
        this.subscriber = subscriber;
    }

    void start() {
        subscriber.onSubscribe(this);
    }

    @Override
    public void request(long n) {
        // Always a task: request() may be called from inside onNext, while the decoder is running.
        conn.channel().eventLoop().execute(() -> {
            if (n <= 0) {
                fail(new IllegalArgumentException("request(n) needs n > 0, got " + n));
                conn.closeNow();
                return;
            }
            demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
            conn.resumeStream();
        });
    }

    @Override
    public void cancel() {
        conn.channel().eventLoop().execute(() -> {
            if (!done) {
                done = true;
                conn.closeNow();
            }
        });
    }

    void next(ByteBuf part) {
        demand--;
        if (done) {
            part.release();
            return;
        }
        subscriber.onNext(part);
    }

    void complete() {
        if (!done) {
            done = true;
            subscriber.onComplete();
        }
    }

    void fail(Throwable t) {
        if (!done) {
            done = true;
            subscriber.onError(t);
        }
    }
}
