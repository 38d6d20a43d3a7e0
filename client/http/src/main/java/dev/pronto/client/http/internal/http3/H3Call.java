package dev.pronto.client.http.internal.http3;

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
    /** The deadlines this call is tracked by until its response (a streamed one's head) arrived, or null. */
    H3Deadlines deadlines;
    H3Call prev;
    H3Call next;

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

    /** The response (a streamed one's head) arrived, or the call failed: its deadline no longer applies. */
    void cancelTimer() {
        if (deadlines != null) {
            deadlines.untrack(this);
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
