package dev.pronto.client.http;

import dev.pronto.client.http.internal.teleport.TeleportLinks;
import dev.pronto.client.http.internal.WholeBody;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoopGroup;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A client of one httpteleport server (Pronto's {@code Listener.teleport}, or Go's httpteleport):
 * many concurrent requests multiplexed on one (or a few) long-lived connections, written in
 * batches, compressed per batch, answered out of order. Same requests and responses as
 * {@link HttpClient}; the request's URI supplies path, query and Host, the connection goes to
 * {@link TeleportConfig#host()}:{@link TeleportConfig#port()} whatever the URI's authority.
 *
 * <pre>{@code
 * TeleportClient tp = TeleportClient.create(TeleportConfig.builder("backend", 8090).build(), server.eventLoopGroup());
 * tp.send(ClientRequest.get("http://backend/users/42")).whenComplete((r, e) -> { ... r.close(); });
 * tp.sendNowait(ClientRequest.builder().method("POST").uri("http://backend/log").body("...").build());
 * }</pre>
 *
 * <p>Threading: every method may be called from any thread; a call on one of the client's loops
 * uses that loop's connection with no hop. Ids, the id map and the per-request deadlines live on
 * the connection's loop. Listeners and futures complete on the loop: they must not block.
 *
 * <p>Failures, each a {@link ClientException}: {@link PendingLimitException} at once, on the calling thread, past
 * {@link TeleportConfig#maxPendingRequests()}; {@link RequestTimeoutException} past the request's
 * timeout (the connection stays); {@link ConnectionClosedException} for every request awaiting a
 * response when the connection drops (the next request reconnects, after a backoff);
 * {@link ConnectFailedException} when connecting or the handshake fails. Requests are never
 * retried: the protocol cannot tell whether the server ran them. Bodies are sent whole (no request
 * body streams; {@link #sendStreaming} delivers a response body in one buffer). TLS when
 * {@link TeleportConfig#tls()} is set, as the handshake's TLS flag asks.
 */
public final class TeleportClient implements Client {
    private final TeleportLinks links;

    private TeleportClient(TeleportLinks links) {
        this.links = links;
    }

    /** A client with {@link TeleportConfig#ioThreads()} event loops of its own, shut down by {@link #close()}. */
    public static TeleportClient create(TeleportConfig config) {
        return new TeleportClient(TeleportLinks.owning(Objects.requireNonNull(config, "config")));
    }

    /**
     * A client on {@code shared} event loops, typically {@link dev.pronto.core.Server#eventLoopGroup()};
     * {@link #close()} closes the connections but leaves the loops running.
     *
     * @throws IllegalArgumentException if the group is not an io_uring, epoll or NIO {@code IoEventLoopGroup}
     */
    public static TeleportClient create(TeleportConfig config, EventLoopGroup shared) {
        return new TeleportClient(TeleportLinks.shared(Objects.requireNonNull(config, "config"),
                Objects.requireNonNull(shared, "shared")));
    }

    /**
     * Sends {@code request}. The stage completes on an event loop with a response the caller owns
     * and must {@link ClientResponse#close()}, or fails with a {@link ClientException} subclass.
     *
     * @throws IllegalArgumentException when the request has a body stream
     */
    @Override
    public CompletionStage<ClientResponse> send(ClientRequest request) {
        return links.send(Objects.requireNonNull(request, "request"));
    }

    /**
     * Sends {@code request} on the zero-garbage path: the pooled response is valid only during
     * {@link ResponseListener#complete}.
     *
     * @throws IllegalArgumentException when the request has a body stream
     */
    @Override
    public void send(ClientRequest request, ResponseListener listener) {
        links.send(Objects.requireNonNull(request, "request"), Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Sends {@code request}; the stage completes with the head once the whole response has arrived
     * (teleport frames each response whole), then {@code body} is subscribed and gets the body as one
     * buffer on its first demand (nothing for an empty body) and completes. Cancelling before the
     * demand releases the buffer.
     *
     * @throws IllegalArgumentException when the request has a body stream
     */
    @Override
    public CompletionStage<ClientResponse> sendStreaming(ClientRequest request, Flow.Subscriber<? super ByteBuf> body) {
        Objects.requireNonNull(body, "body");
        CompletableFuture<ClientResponse> head = new CompletableFuture<>();
        links.send(Objects.requireNonNull(request, "request")).whenComplete((r, e) -> {
            if (e != null) {
                head.completeExceptionally(e);
                return;
            }
            ByteBuf whole = WholeBody.take(r);
            head.complete(r);
            WholeBody.deliver(whole, body);
        });
        return head;
    }

    /**
     * Sends {@code request} fire-and-forget (id 0): the server runs it and answers nothing. Counts
     * against {@code maxPendingRequests} until written; silently dropped past it or when the
     * connection cannot be opened.
     *
     * @throws IllegalArgumentException when the request has a body stream
     */
    public void sendNowait(ClientRequest request) {
        links.send(Objects.requireNonNull(request, "request"), null);
    }

    @Override
    public boolean onEventLoop() {
        return links.onLoop();
    }

    /** Closes the connections, fails pending requests and, for a client that owns its loops, shuts them down. Idempotent. */
    @Override
    public void close() {
        links.close();
    }
}
