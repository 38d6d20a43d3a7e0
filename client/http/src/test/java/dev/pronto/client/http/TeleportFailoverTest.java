package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Listener;
import dev.pronto.core.Response;
import dev.pronto.core.Server;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The server dies mid-batch: every call in flight fails cleanly, none gets another's response, the next call reconnects. */
class TeleportFailoverTest {
    private final ConcurrentLinkedQueue<Response> parked = new ConcurrentLinkedQueue<>();

    private Server start(int port) {
        return Server.builder().listener(Listener.teleport(port)).config(c -> c.reusePort(false)).routes(r -> r
                .get("/id/{n}", (req, res) -> res.send(req.param("n")))
                .get("/park/{n}", (req, res) -> parked.add(res.async()))).build().start();
    }

    @ParameterizedTest
    @EnumSource(TeleportCompression.class)
    void failsEveryCallInFlightWhenTheServerIsKilled(TeleportCompression compression) {
        Server server = start(0);
        int port = server.port();
        try (TeleportClient client = TeleportClient.create(TeleportConfig.builder("127.0.0.1", port)
                .compression(compression).reconnectDelay(Duration.ofMillis(1)).build())) {
            List<CompletableFuture<String>> calls = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String path = i % 2 == 0 ? "/id/" + i : "/park/" + i;
                calls.add(client.send(ClientRequest.get("http://b" + path)).thenApply(r -> {
                    try (r) {
                        return r.string();
                    }
                }).toCompletableFuture());
            }
            calls.get(198).join();

            server.close();

            for (int i = 0; i < calls.size(); i++) {
                if (i % 2 == 0) {
                    assertThat(calls.get(i).join()).isEqualTo(String.valueOf(i));
                } else {
                    CompletableFuture<String> call = calls.get(i);
                    org.assertj.core.api.Assertions.assertThatThrownBy(call::join).isInstanceOf(CompletionException.class)
                            .hasCauseInstanceOf(ConnectionClosedException.class);
                }
            }
            Server again = start(port);
            try (ClientResponse r = client.sendBlocking(ClientRequest.get("http://b/id/7"))) {
                assertThat(r.string()).isEqualTo("7");
            } finally {
                again.close();
            }
        }
    }

    @Test
    void failsQueuedCallsWhenTheServerIsDown() {
        Server server = start(0);
        int port = server.port();
        server.close();
        try (TeleportClient client = TeleportClient.create(TeleportConfig.builder("127.0.0.1", port).build())) {
            CompletableFuture<ClientResponse> call = client.send(ClientRequest.get("http://b/id/1")).toCompletableFuture();
            org.assertj.core.api.Assertions.assertThatThrownBy(call::join).hasCauseInstanceOf(ConnectFailedException.class);
        }
    }
}
