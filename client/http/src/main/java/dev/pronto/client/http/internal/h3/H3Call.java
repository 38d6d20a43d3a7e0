package dev.pronto.client.http.internal.h3;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ResponseListener;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.Flow;

/** One request and whoever waits for its answer, across its attempts. Event loop only, once submitted. */
final class H3Call {
    final ClientRequest request;
    /** Null once told: the head of a streamed response was delivered, or the call settled. */
    ResponseListener listener;
    /** Whether the response outlives the listener (a future's), rather than being released after it (pooled). */
    final boolean detached;
    /** Where a streamed response body goes, or null for a buffered one. */
    final Flow.Subscriber<? super ByteBuf> bodySubscriber;
    /** {@link System#nanoTime()} by which the response (a streamed one's head) must have arrived; set on submit. */
    long deadline;
    int attempts;
    /** The attempt in progress, or null while the call waits for a stream. */
    H3Exchange exchange;
    /** Fails the call at {@link #deadline}; cancelled once a response (a streamed one's head) arrived. */
    io.netty.util.concurrent.ScheduledFuture<?> timer;

    H3Call(ClientRequest request, ResponseListener listener, Delivery delivery,
           Flow.Subscriber<? super ByteBuf> bodySubscriber) {
        this.request = request;
        this.listener = listener;
        this.detached = delivery == Delivery.DETACHED;
        this.bodySubscriber = bodySubscriber;
    }

    /** Whether another attempt may follow a lost connection or a refused stream. */
    boolean retryable(int maxAttempts) {
        return request.idempotent() && request.bodyStream() == null && bodySubscriber == null && attempts < maxAttempts;
    }

    void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    /** Tells the listener of a failure, once. */
    void fail(Throwable t) {
        cancelTimer();
        ResponseListener l = listener;
        listener = null;
        if (l != null) {
            l.complete(null, t);
        }
    }

    /** How the response reaches the listener. */
    enum Delivery {
        /** Valid only during the callback, released after it (the zero-garbage path). */
        POOLED,
        /** Owned by the listener (a future's), which closes it. */
        DETACHED
    }
}
