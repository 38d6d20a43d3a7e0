package dev.pronto.client.http;

import dev.pronto.client.http.internal.dispatch.Dispatcher;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoopGroup;
import java.net.URI;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A pooled HTTP client for calling other services at high rates: HTTP/1.1 with pipelining, and
 * HTTP/2 with many concurrent requests multiplexed on one connection, through one API.
 *
 * <pre>{@code
 * HttpClient client = HttpClient.create(ClientConfig.builder().pipelineDepth(16).build(), server.eventLoopGroup());
 * // inside a handler: runs on the handler's own loop, no thread hop
 * client.send(ClientRequest.get("http://users:8080/users/42")).whenComplete((r, e) -> { ... r.close(); });
 * // on a virtual thread
 * try (ClientResponse r = client.sendBlocking(ClientRequest.get("http://users:8080/users/42"))) {
 *     String body = r.string();
 * }
 * }</pre>
 *
 * <p>Threading: every method may be called from any thread. A call made on one of the client's
 * event loops (a server handler when the client shares the server's loops) uses that loop's
 * connections directly; a call from another thread is queued to a loop (the same one for a given
 * thread) with one wake-up per batch. Connections are kept per host per loop: HTTP/1.1 ones each
 * with up to {@link ClientConfig#pipelineDepth()} requests in flight answered in order, an HTTP/2
 * one with as many streams as the server allows. Writes are flushed once per loop turn. Listeners
 * and futures complete on the loop: dependent stages must not block.
 *
 * <p>Protocols: https origins are offered {@link ClientConfig#protocols()} through ALPN ({@code h2}
 * and {@code http/1.1} by default) and spoken to in what the server picks; http origins get
 * HTTP/1.1, or h2c with prior knowledge when {@link ClientConfig#cleartext()} is {@code HTTP_2}.
 */
public final class HttpClient implements Client {
    private final Dispatcher dispatcher;

    private HttpClient(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    /** A client with {@link ClientConfig#ioThreads()} event loops of its own, shut down by {@link #close()}. */
    public static HttpClient create(ClientConfig config) {
        return new HttpClient(Dispatcher.owning(Objects.requireNonNull(config, "config")));
    }

    /**
     * A client on {@code shared} event loops, typically {@link dev.pronto.core.Server#eventLoopGroup()};
     * {@link #close()} closes the client's connections but leaves the loops running.
     *
     * @throws IllegalArgumentException if the group is not an io_uring, epoll or NIO {@code IoEventLoopGroup}
     */
    public static HttpClient create(ClientConfig config, EventLoopGroup shared) {
        return new HttpClient(Dispatcher.shared(Objects.requireNonNull(config, "config"),
                Objects.requireNonNull(shared, "shared")));
    }

    /**
     * Sends {@code request}. The stage completes on an event loop with a response the caller owns
     * and must {@link ClientResponse#close()}, or fails with a {@link ClientException} subclass.
     */
    @Override
    public CompletionStage<ClientResponse> send(ClientRequest request) {
        return dispatcher.send(Objects.requireNonNull(request, "request"));
    }

    /**
     * Sends {@code request} on the zero-garbage path: no future, and a pooled response that is valid
     * only during {@link ResponseListener#complete}. Reuse one {@link ClientRequest} to avoid
     * encoding it again.
     */
    @Override
    public void send(ClientRequest request, ResponseListener listener) {
        dispatcher.send(Objects.requireNonNull(request, "request"), Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Sends {@code request} and streams the response body to {@code body} with backpressure: the
     * stage completes when the head arrives (with an empty {@link ClientResponse#body()}), then
     * {@code body} receives the bytes as they arrive, undecoded, each buffer owned by the
     * subscriber (release it). Without demand the connection stops reading. Streamed responses
     * are never pipelined nor retried, and {@code maxResponseSize} does not apply.
     */
    @Override
    public CompletionStage<ClientResponse> sendStreaming(ClientRequest request, Flow.Subscriber<? super ByteBuf> body) {
        return dispatcher.stream(Objects.requireNonNull(request, "request"), Objects.requireNonNull(body, "body"));
    }

    /**
     * Opens a WebSocket (RFC 6455) to a {@code ws://} or {@code wss://} {@code uri}; {@code handler}
     * gets the same callbacks as a server's, on the connection's event loop (or virtual threads with
     * {@link WebSocketOptions.Builder#blocking()}), and the stage completes with the session once the server
     * answered 101, or fails with a {@link ClientException} (refused upgrade, wrong accept key, an
     * extension answer that does not match the offer, TLS or connection failure). {@code wss://} uses
     * the client's TLS configuration ({@link ClientConfig#tls()}: trust, client certificate, hostname
     * verification) offering only http/1.1 through ALPN: WebSocket over HTTP/2 (RFC 8441) is not
     * supported. With {@link WebSocketOptions#compression()} set, permessage-deflate (RFC 7692) is
     * offered at its level with {@code client_no_context_takeover} (each message compressed on its
     * own); a client window below 15 bits is refused (the JDK's zlib has no window parameter), and
     * the server may decline.
     */
    public CompletionStage<WebSocket> webSocket(URI uri, WebSocketOptions options, WebSocketHandler handler) {
        return dispatcher.webSocket(Objects.requireNonNull(uri, "uri"), Objects.requireNonNull(options, "options"),
                Objects.requireNonNull(handler, "handler"));
    }

    /** Opens a WebSocket with {@link WebSocketOptions#defaults()}; see {@link #webSocket(URI, WebSocketOptions, WebSocketHandler)}. */
    public CompletionStage<WebSocket> webSocket(URI uri, WebSocketHandler handler) {
        return webSocket(uri, WebSocketOptions.defaults(), handler);
    }

    @Override
    public boolean onEventLoop() {
        return dispatcher.onLoop();
    }

    /**
     * Closes every connection, fails pending requests with a {@link ClientException} and, for a
     * client that owns its loops, shuts them down. Waits up to a few seconds; idempotent.
     */
    @Override
    public void close() {
        dispatcher.close();
    }
}
