package dev.pronto.client.http;

import io.netty.buffer.ByteBuf;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;

/**
 * A client of upstream services, whatever the wire: {@link HttpClient} (HTTP/1.1 and HTTP/2, pooled and
 * pipelined), {@link Http3Client} (HTTP/3 over QUIC) and {@link TeleportClient} (httpteleport, multiplexed
 * and batched) all implement it, so code that only sends requests and reads responses (a proxy, a
 * generated contract client, a health probe) takes a {@code Client} and works over any of them.
 *
 * <p>Threading: every method may be called from any thread; stages and listeners complete on the
 * client's event loop and must not block. Failures are {@link ClientException} subclasses, as each
 * implementation documents (which of them retry, and which body shapes they accept).
 */
public interface Client extends AutoCloseable {
    /**
     * Sends {@code request}. The stage completes with a response the caller owns and must
     * {@link ClientResponse#close()}, or fails with a {@link ClientException}.
     */
    CompletionStage<ClientResponse> send(ClientRequest request);

    /**
     * Sends {@code request} on the zero-garbage path: the pooled response is valid only during
     * {@link ResponseListener#complete}.
     */
    void send(ClientRequest request, ResponseListener listener);

    /**
     * Sends {@code request} with the response body delivered to {@code body} after the head: the stage
     * completes with the head (an empty {@link ClientResponse#body()}), then {@code body} is subscribed
     * and receives the bytes, each buffer owned by the subscriber (release it). Whether the bytes arrive
     * as they are read, with backpressure, or in one buffer once whole depends on the wire; see the
     * implementation. When the stage fails, {@code body} is never subscribed.
     */
    CompletionStage<ClientResponse> sendStreaming(ClientRequest request, Flow.Subscriber<? super ByteBuf> body);

    /**
     * Sends {@code request} and waits for the response, for virtual threads or any thread that is not one
     * of the client's loops. The caller owns and must close the response. An interrupt while waiting fails
     * the call with a {@link ClientException} and keeps the thread's interrupt status.
     *
     * @throws ClientException (a subclass) when the request fails
     * @throws IllegalStateException when called on one of the client's event loops, which would deadlock
     */
    default ClientResponse sendBlocking(ClientRequest request) {
        if (onEventLoop()) {
            throw new IllegalStateException("sendBlocking called on an event loop of the client; use send()");
        }
        try {
            return send(Objects.requireNonNull(request, "request")).toCompletableFuture().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientException("interrupted while waiting for " + request, e);
        } catch (ExecutionException | CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new ClientException(e.getMessage(), e.getCause());
        }
    }

    /** Whether the calling thread is one of the client's event loops, where waiting for a response would deadlock. */
    boolean onEventLoop();

    /** Closes the connections and fails what is pending; a client owning its loops shuts them down. Idempotent. */
    @Override
    void close();
}
