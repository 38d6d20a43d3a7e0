package dev.pronto.client.http.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import java.util.concurrent.Flow;

/**
 * The subscription of a streamed response body. Demand is counted on the loop; without demand the
 * source stops taking bytes (an HTTP/1.1 connection stops reading, an HTTP/2 or HTTP/3 stream stops
 * returning flow-control window), so the server is held back. Event loop only, except
 * {@link #request} and {@link #cancel}, which hop onto it; once done (completed, failed or cancelled)
 * requests are ignored.
 */
public final class ResponseStream implements Flow.Subscription {
    /** Where the body comes from: a connection (HTTP/1.1) or a stream (HTTP/2, HTTP/3). Event loop only. */
    public interface Source {
        EventLoop eventLoop();

        /** Demand grew: deliver what is held and read on. */
        void resumeStream();

        /** The subscriber cancelled, or broke the protocol: stop the body. */
        void cancelStream();
    }

    private final Source conn;
    private final Flow.Subscriber<? super ByteBuf> subscriber;
    long demand;
    private boolean done;

    /** A subscription of {@code subscriber} to the body of {@code conn}; {@link #start} hands it over. */
    public ResponseStream(Source conn, Flow.Subscriber<? super ByteBuf> subscriber) {
        this.conn = conn;
        this.subscriber = subscriber;
    }

    /** Subscribes the subscriber. */
    public void start() {
        subscriber.onSubscribe(this);
    }

    @Override
    public void request(long n) {
        // Always a task: request() may be called from inside onNext, while the decoder is running.
        conn.eventLoop().execute(() -> {
            if (done) {
                return;
            }
            if (n <= 0) {
                fail(new IllegalArgumentException("request(n) needs n > 0, got " + n));
                conn.cancelStream();
                return;
            }
            demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
            conn.resumeStream();
        });
    }

    @Override
    public void cancel() {
        conn.eventLoop().execute(() -> {
            if (!done) {
                done = true;
                conn.cancelStream();
            }
        });
    }

    /** Parts the subscriber asked for and has not been given. */
    public long demand() {
        return demand;
    }

    /** Whether the body completed, failed or was cancelled: the subscriber gets nothing more. */
    public boolean done() {
        return done;
    }

    /** Hands {@code part} (owned by the subscriber from now on) over against one unit of demand. */
    public void next(ByteBuf part) {
        demand--;
        if (done) {
            part.release();
            return;
        }
        subscriber.onNext(part);
    }

    /** Completes the subscriber, unless done. */
    public void complete() {
        if (!done) {
            done = true;
            subscriber.onComplete();
        }
    }

    /** Fails the subscriber with {@code t}, unless done. */
    public void fail(Throwable t) {
        if (!done) {
            done = true;
            subscriber.onError(t);
        }
    }
}
