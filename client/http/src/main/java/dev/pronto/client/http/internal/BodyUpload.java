package dev.pronto.client.http.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import java.util.concurrent.Flow;

/**
 * Writes a streamed request body one buffer at a time: the next buffer is requested only while the
 * sink can take more (a writable channel for HTTP/1.1, stream window for HTTP/2), which gives the
 * publisher backpressure. Public for the h3 package (internal).
 */
public final class BodyUpload implements Flow.Subscriber<ByteBuf> {
    /** Where the body goes: chunks on an HTTP/1.1 connection, DATA frames on an HTTP/2 or HTTP/3 stream. */
    public interface Sink {
        EventLoop eventLoop();

        /** Writes and flushes one non-empty part, whose ownership moves here; whether another fits now. */
        boolean writePart(ByteBuf part);

        /** Ends the body. */
        void endBody();

        /** The publisher failed. */
        void bodyFailed(Throwable t);
    }

    private final Sink sink;
    private Flow.Subscription subscription;
    private boolean waiting;
    private boolean done;

    /** An upload writing through {@code sink}. */
    public BodyUpload(Sink sink) {
        this.sink = sink;
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
                sink.bodyFailed(t);
            }
        });
    }

    @Override
    public void onComplete() {
        onLoop(() -> {
            if (!done) {
                done = true;
                sink.endBody();
            }
        });
    }

    /** The sink can take more again. */
    public void resume() {
        if (waiting && !done) {
            waiting = false;
            subscription.request(1);
        }
    }

    /** The response arrived or the connection closed: stop the publisher. */
    public void cancel() {
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
        if (sink.writePart(item)) {
            subscription.request(1);
        } else {
            waiting = true;
        }
    }

    private void onLoop(Runnable task) {
        EventLoop loop = sink.eventLoop();
        if (loop.inEventLoop()) {
            task.run();
        } else {
            loop.execute(task);
        }
    }
}
