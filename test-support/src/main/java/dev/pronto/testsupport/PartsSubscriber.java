package dev.pronto.testsupport;

import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;

/**
 * A subscriber of a body's parts for tests: it keeps the subscription it is given (the test requests and
 * cancels through it), keeps every part it receives until {@link #close()} releases them, and records how
 * the stream ended. Any thread; read its lists at any time.
 */
public final class PartsSubscriber implements Flow.Subscriber<ByteBuf>, AutoCloseable {
    private final List<ByteBuf> parts = new CopyOnWriteArrayList<>();
    private final List<String> ends = new CopyOnWriteArrayList<>();
    private volatile Flow.Subscription subscription;

    /** The subscription of {@link #onSubscribe}, or null before it. */
    public Flow.Subscription subscription() {
        return subscription;
    }

    /** The parts received so far, in order; still owned by this subscriber (released by {@link #close()}). */
    public List<ByteBuf> parts() {
        return parts;
    }

    /** How the stream ended so far: {@code "complete"}, or {@code "error: "} and the throwable; empty while open. */
    public List<String> ends() {
        return ends;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
    }

    @Override
    public void onNext(ByteBuf item) {
        parts.add(item);
    }

    @Override
    public void onError(Throwable t) {
        ends.add("error: " + t);
    }

    @Override
    public void onComplete() {
        ends.add("complete");
    }

    /** Releases every part received. */
    @Override
    public void close() {
        parts.forEach(ByteBuf::release);
    }
}
