package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ResponseListener;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.Flow;

/**
 * One request from send to completion, across retries and redirects. Recycled through its
 * loop's free list on the pooled path, so fields are reset by {@link #init}.
 */
final class Exchange {
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

    /** May share a connection with other in-flight requests and be retried. */
    boolean pipelinable() {
        return request.idempotent() && request.bodyStream() == null && bodySubscriber == null;
    }

    DecodedResponse newResponse() {
        return detached ? DecodedResponse.detached() : pooledResponse;
    }

    void clear() {
        request = null;
        listener = null;
        bodySubscriber = null;
    }
}
