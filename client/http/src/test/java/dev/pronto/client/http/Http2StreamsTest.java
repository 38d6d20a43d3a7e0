package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Protocol;
import io.netty.handler.codec.http2.Http2Error;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** GOAWAY, RST_STREAM and timeouts against a scripted HTTP/2 server: what is retried, failed or kept. */
class Http2StreamsTest {
    private ScriptedH2Server server;
    private HttpClient client;

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private HttpClient h2c() {
        client = HttpClient.create(ClientConfig.builder().cleartext(Protocol.HTTP_2).ioThreads(1).build());
        return client;
    }

    private static CompletableFuture<String> body(CompletionStage<ClientResponse> call) {
        return call.thenApply(r -> {
            try (r) {
                return r.string();
            }
        }).toCompletableFuture();
    }

    /** Connection 0 holds its first stream; the second gets a GOAWAY naming the first as the last stream. */
    private static ScriptedH2Server goAwayOnSecondStream() {
        int[] first = {0};
        return new ScriptedH2Server((peer, connection, streamId, headers) -> {
            if (connection > 0) {
                peer.respond(streamId, "connection " + connection);
            } else if (first[0] == 0) {
                first[0] = streamId;
            } else {
                peer.goAway(first[0]);
                peer.respond(first[0], "connection 0");
            }
        });
    }

    @Test
    void idempotentStreamAboveTheGoAwayIsRetriedOnANewConnection() {
        server = goAwayOnSecondStream();
        CompletableFuture<String> kept = body(h2c().send(ClientRequest.get(server.url("/a"))));
        CompletableFuture<String> refused = body(client.send(ClientRequest.get(server.url("/b"))));

        assertThat(kept.join()).isEqualTo("connection 0");
        assertThat(refused.join()).isEqualTo("connection 1");
    }

    @Test
    void nonIdempotentStreamAboveTheGoAwayFails() {
        server = goAwayOnSecondStream();
        CompletableFuture<String> kept = body(h2c().send(ClientRequest.get(server.url("/a"))));
        ClientRequest post = ClientRequest.builder().method("POST").uri(server.url("/b")).body("x").build();
        CompletableFuture<String> refused = body(client.send(post));

        assertThat(kept.join()).isEqualTo("connection 0");
        assertThatThrownBy(refused::join).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(ConnectionClosedException.class).hasMessageContaining("GOAWAY");
    }

    @Test
    void timeoutCancelsOnlyItsStream() {
        server = new ScriptedH2Server((peer, connection, streamId, headers) -> {
            if (!headers.path().toString().equals("/never")) {
                peer.respond(streamId, "ok");
            }
        });
        ClientRequest never = ClientRequest.builder().uri(server.url("/never")).timeout(Duration.ofMillis(100)).build();

        assertThatThrownBy(() -> h2c().sendBlocking(never)).isInstanceOf(RequestTimeoutException.class);
        assertThat(server.firstReset.join()).isEqualTo(Http2Error.CANCEL.code());
        assertThat(body(client.send(ClientRequest.get(server.url("/after")))).join()).isEqualTo("ok");
        assertThat(server.connections.get()).isEqualTo(1);
    }

    @Test
    void trailersEndTheBody() {
        server = new ScriptedH2Server((peer, connection, streamId, headers) -> peer.respondWithTrailers(streamId, "body"));

        assertThat(body(h2c().send(ClientRequest.get(server.url("/")))).join()).isEqualTo("body");
    }

    @Test
    void refusedStreamIsRetried() {
        server = new ScriptedH2Server((peer, connection, streamId, headers) -> {
            if (streamId == 3) {
                peer.reset(streamId, Http2Error.REFUSED_STREAM);
            } else {
                peer.respond(streamId, "stream " + streamId);
            }
        });

        assertThat(body(h2c().send(ClientRequest.get(server.url("/")))).join()).isEqualTo("stream 5");
    }

    @Test
    void streamResetByTheServerFailsTheRequest() {
        server = new ScriptedH2Server((peer, connection, streamId, headers) -> peer.reset(streamId, Http2Error.INTERNAL_ERROR));

        assertThatThrownBy(() -> h2c().sendBlocking(ClientRequest.get(server.url("/"))))
                .isInstanceOf(StreamResetException.class)
                .hasMessageContaining("INTERNAL_ERROR")
                .extracting(e -> ((StreamResetException) e).errorCode()).isEqualTo(Http2Error.INTERNAL_ERROR.code());
    }
}
