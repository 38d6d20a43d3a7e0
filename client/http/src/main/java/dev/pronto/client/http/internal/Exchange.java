package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ResponseListener;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.Flow;

/**
 * One request from send to completion, across retries and redirects. Recycled through its
 * loop's free list on the pooled path, so fields are reset by {@link #init}. Its fields belong to the
 * pool (this package); a protocol's connection reads and moves it through the methods below. Event loop
 * only once submitted.
 */
public final class Exchange {
    final DecodedResponse pooledResponse = DecodedResponse.pooled();
    ClientRequest request;
    ResponseListener listener;
    Flow.Subscriber<? super ByteBuf> bodySubscriber;
    /** The listener owns the response (async path): the decoder hands it a fresh one. */
    boolean detached;
    int attempts;
    int redirects;
    long deadline;

    void init(ClientRequest req, ResponseListener l, long timeoutNanos) {
        request = req;
        listener = l;
        bodySubscriber = null;
        detached = false;
        attempts = 0;
        redirects = 0;
        deadline = System.nanoTime() + (req.timeout() != null ? req.timeout().toNanos() : timeoutNanos);
    }

    /** The request being sent. */
    public ClientRequest request() {
        return request;
    }

    /** Where a streamed response body goes, or null for a whole one. */
    public Flow.Subscriber<? super ByteBuf> bodySubscriber() {
        return bodySubscriber;
    }

    /** Streams the response body to {@code body} (when not null) and hands the listener a detached response. */
    public void detach(Flow.Subscriber<? super ByteBuf> body) {
        detached = true;
        bodySubscriber = body;
    }

    /** A connection wrote the request: one more attempt. */
    public void written() {
        attempts++;
    }

    /** Whether the deadline passed at {@code now} ({@link System#nanoTime()}). */
    public boolean overdue(long now) {
        return deadline - now <= 0;
    }

    /** Whether the listener still waits for the response head (not yet handed a streamed one). */
    public boolean awaitsHead() {
        return listener != null;
    }

    /**
     * The head of a streamed response arrived: the request has no deadline any more (the subscriber's
     * demand paces the body) and the returned listener, taken from the exchange, is called once with it.
     */
    public ResponseListener streamStarted() {
        deadline = System.nanoTime() + Long.MAX_VALUE / 2;
        ResponseListener l = listener;
        listener = null;
        return l;
    }

    /** May share a connection with other in-flight requests and be retried. */
    public boolean pipelinable() {
        return request.idempotent() && request.bodyStream() == null && bodySubscriber == null;
    }

    /** The response to fill: the exchange's pooled one, or a fresh one the listener keeps (detached). */
    public DecodedResponse newResponse() {
        return detached ? DecodedResponse.detached() : pooledResponse;
    }

    void clear() {
        request = null;
        listener = null;
        bodySubscriber = null;
    }
}
