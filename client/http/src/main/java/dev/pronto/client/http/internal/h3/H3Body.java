package dev.pronto.client.http.internal.h3;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.concurrent.Flow;

/**
 * The subscription of a streamed HTTP/3 response body. Parts read off the stream wait here until the
 * subscriber asks for them; while nothing is asked for, the stream is not read, so its QUIC flow-control
 * window is not returned and the server is held back. Event loop only, except {@link #request} and
 * {@link #cancel}, which hop onto it.
 */
final class H3Body implements Flow.Subscription {
    /** Where the parts come from: the request's stream. */
    interface Source {
        EventLoop eventLoop();

        /** Demand is left and nothing is held: read on. */
        void readMore();

        /** The subscriber cancelled, or broke the protocol: stop the stream. */
        void cancelBody();
    }

    private final Source source;
    private final Flow.Subscriber<? super ByteBuf> subscriber;
    private final ArrayDeque<ByteBuf> held = new ArrayDeque<>(4);
    private long demand;
    private boolean ended;
    private boolean done;

    H3Body(Source source, Flow.Subscriber<? super ByteBuf> subscriber) {
        this.source = source;
        this.subscriber = subscriber;
    }

    void start() {
        subscriber.onSubscribe(this);
    }

    @Override
    public void request(long n) {
        // always a task: request() may be called from inside onNext, while the stream is being read
        source.eventLoop().execute(() -> {
            if (done) {
                return;
            }
            if (n <= 0) {
                fail(new IllegalArgumentException("request(n) needs n > 0, got " + n));
                source.cancelBody();
                return;
            }
            demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
            deliver();
        });
    }

    @Override
    public void cancel() {
        source.eventLoop().execute(() -> {
            if (!done) {
                done = true;
                releaseHeld();
                source.cancelBody();
            }
        });
    }

    /** A part of the body, owned here now. */
    void offer(ByteBuf part) {
        if (done) {
            part.release();
            return;
        }
        held.add(part);
        deliver();
    }

    /** The body ended; completes once what is held has been taken. */
    void end() {
        ended = true;
        deliver();
    }

    /** Whether the subscriber wants more than is held: the stream may be read. */
    boolean wantsMore() {
        return !done && !ended && demand > 0 && held.isEmpty();
    }

    private void deliver() {
        while (!done && demand > 0 && !held.isEmpty()) {
            demand--;
            subscriber.onNext(held.poll());
        }
        if (!done && ended && held.isEmpty()) {
            done = true;
            subscriber.onComplete();
        } else if (wantsMore()) {
            source.readMore();
        }
    }

    void fail(Throwable t) {
        releaseHeld();
        if (!done) {
            done = true;
            subscriber.onError(t);
        }
    }

    private void releaseHeld() {
        ByteBuf b;
        while ((b = held.poll()) != null) {
            b.release();
        }
    }
}
