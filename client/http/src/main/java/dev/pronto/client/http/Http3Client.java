package dev.pronto.client.http;

import dev.pronto.client.http.internal.http3.H3Dispatch;
import dev.pronto.client.http.internal.http3.H3Support;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoopGroup;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A client of HTTP/3 servers (RFC 9114 over QUIC, RFC 9000), with the requests and responses of
 * {@link HttpClient}: every request goes over HTTP/3 to the {@code https} URI's host and UDP port.
 *
 * <pre>{@code
 * Http3Client h3 = Http3Client.create(ClientConfig.builder().tls(tls).build(), server.eventLoopGroup());
 * h3.send(ClientRequest.get("https://api.example:8443/users/42")).whenComplete((r, e) -> { ... r.close(); });
 * }</pre>
 *
 * <p>Needs the optional dependencies {@code io.netty:netty-codec-http3}, {@code netty-codec-classes-quic}
 * and {@code netty-codec-native-quic} (with the platform's classifier, e.g. {@code linux-x86_64}); without
 * them {@code create} throws {@link IllegalStateException} naming them. TLS is BoringSSL's, from the native
 * QUIC library.
 *
 * <p>Connections: one QUIC connection per origin per event loop, carrying as many concurrent requests as
 * the server's stream limit allows (one stream each); more wait, within {@link ClientConfig#maxPending()},
 * and fail with {@link PendingLimitException} past it. A connection is opened on first use and again
 * after it closed, timed out ({@link ClientConfig#idleTimeout()} is QUIC's idle timeout) or received a
 * GOAWAY (its streams finish on the old one). The QUIC handshake must end within
 * {@link ClientConfig#connectTimeout()}. Flow control: 16 MiB per connection and 1 MiB per stream of
 * response body; a buffered body is read as it arrives (within {@link ClientConfig#maxResponseSize()}),
 * a streamed one only as its subscriber asks.
 *
 * <p>Settings of {@link ClientConfig} that apply: {@code tls} (trust, client certificate, hostname
 * verification; its engine is always BoringSSL), {@code connectTimeout}, {@code requestTimeout} (send to
 * the whole response, or to a streamed response's head; it resets only the request's stream),
 * {@code idleTimeout}, {@code maxAttempts} (an idempotent request whose connection was lost before any
 * answer, or whose stream the server rejected with {@code H3_REQUEST_REJECTED}, is sent again),
 * {@code maxPending}, {@code maxResponseSize}, {@code ioThreads}, {@code transport}. Not used:
 * {@code sslContext} (a QUIC context is built from {@code tls}), {@code protocols}, {@code cleartext},
 * {@code pipelineDepth}, {@code maxConnectionsPerHost}, {@code followRedirects} (redirects are returned
 * as they are) and {@code decompression} (no {@code Accept-Encoding} is added; bodies arrive as sent).
 * Response trailers are read with {@link ClientResponse#trailer(CharSequence)}.
 *
 * <p>Threading: every method may be called from any thread; a call made on one of the client's loops
 * uses that loop's connection with no hop. Stages, listeners and body subscribers run on the loop and
 * must not block. Failures are the {@link ClientException}s of {@link HttpClient}:
 * {@link ConnectFailedException} (unreachable, handshake or certificate failure, connect timeout),
 * {@link RequestTimeoutException}, {@link ConnectionClosedException}, {@link StreamResetException} (with
 * the HTTP/3 error code), {@link MalformedResponseException}, {@link ResponseTooLargeException}.
 */
public final class Http3Client implements Client {
    private final H3Dispatch dispatch;

    private Http3Client(H3Dispatch dispatch) {
        this.dispatch = dispatch;
    }

    /**
     * A client with {@link ClientConfig#ioThreads()} event loops of its own, shut down by {@link #close()}.
     *
     * @throws IllegalStateException when the HTTP/3 dependencies or the QUIC native library are missing
     * @throws ClientException when the TLS settings cannot make a context
     */
    public static Http3Client create(ClientConfig config) {
        Objects.requireNonNull(config, "config");
        H3Support.require();
        return new Http3Client(H3Dispatch.owning(config));
    }

    /**
     * A client on {@code shared} event loops, typically {@link dev.pronto.core.Server#eventLoopGroup()};
     * {@link #close()} closes the client's connections but leaves the loops running.
     *
     * @throws IllegalStateException when the HTTP/3 dependencies or the QUIC native library are missing
     * @throws IllegalArgumentException if the group is not an io_uring, epoll or NIO {@code IoEventLoopGroup}
     */
    public static Http3Client create(ClientConfig config, EventLoopGroup shared) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(shared, "shared");
        H3Support.require();
        return new Http3Client(H3Dispatch.shared(config, shared));
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when the URI is not {@code https}
     */
    @Override
    public CompletionStage<ClientResponse> send(ClientRequest request) {
        return dispatch.send(Objects.requireNonNull(request, "request"));
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when the URI is not {@code https}
     */
    @Override
    public void send(ClientRequest request, ResponseListener listener) {
        dispatch.send(Objects.requireNonNull(request, "request"), Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Sends {@code request} and streams the response body to {@code body} with backpressure: the stage
     * completes with the head, then {@code body} gets each part as it is read, owned by the subscriber
     * (release it). Without demand the stream is not read, so the server can send at most one stream window
     * ahead. Trailers are readable on the response once {@code body} completed. Streamed responses are not
     * retried, and {@code maxResponseSize} does not apply.
     *
     * @throws IllegalArgumentException when the URI is not {@code https}
     */
    @Override
    public CompletionStage<ClientResponse> sendStreaming(ClientRequest request, Flow.Subscriber<? super ByteBuf> body) {
        return dispatch.stream(Objects.requireNonNull(request, "request"), Objects.requireNonNull(body, "body"));
    }

    @Override
    public boolean onEventLoop() {
        return dispatch.onLoop();
    }

    /**
     * Closes every connection, fails pending requests with a {@link ClientException} and, for a client that
     * owns its loops, shuts them down. Waits up to a few seconds; idempotent.
     */
    @Override
    public void close() {
        dispatch.close();
    }
}
