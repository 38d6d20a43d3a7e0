package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link Client#sendStreaming} on the teleport client: the head first, then the whole body as one buffer. */
class TeleportStreamingTest {
    /** Holds {@code /big}'s answer until the test has attached its head callback (else it may see the body first). */
    private static volatile CompletableFuture<Void> bigAnswer = CompletableFuture.completedFuture(null);
    private static Server server;
    private static TeleportClient client;

    @BeforeAll
    static void start() {
        server = Server.builder().listener(Listener.teleport(0)).routes(r -> r
                .get("/big", (req, res) -> res.header("X-Kind", "big").send(bigAnswer.thenApply(go -> "b".repeat(100_000))))
                .get("/empty", (req, res) -> res.status(204).send())).build().start();
        client = TeleportClient.create(TeleportConfig.builder("127.0.0.1", server.port()).build());
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    /** Records what arrives, asking for {@code demand} buffers on subscription (0: cancels instead). */
    private static final class Recorder implements Flow.Subscriber<ByteBuf> {
        final List<String> events = new CopyOnWriteArrayList<>();
        final CompletableFuture<Void> done = new CompletableFuture<>();
        private final long demand;

        Recorder(long demand) {
            this.demand = demand;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            events.add("subscribe");
            if (demand == 0) {
                s.cancel();
                done.complete(null);
            } else {
                s.request(demand);
            }
        }

        @Override
        public void onNext(ByteBuf item) {
            events.add("next " + item.toString(StandardCharsets.US_ASCII).length());
            item.release();
        }

        @Override
        public void onError(Throwable t) {
            events.add("error " + t.getClass().getSimpleName());
            done.complete(null);
        }

        @Override
        public void onComplete() {
            events.add("complete");
            done.complete(null);
        }
    }

    @Test
    void headCompletesFirstThenTheBodyArrivesAsOneBuffer() throws Exception {
        Recorder body = new Recorder(2);
        List<String> order = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> answer = new CompletableFuture<>();
        bigAnswer = answer;
        CompletableFuture<ClientResponse> headSeen = client.sendStreaming(ClientRequest.get("http://backend/big"), body)
                .thenApply(r -> {
                    order.add("head " + r.status() + " " + r.header("x-kind") + " " + r.body().readableBytes());
                    order.addAll(body.events);
                    return r;
                }).toCompletableFuture();
        answer.complete(null);
        ClientResponse head = headSeen.get(5, TimeUnit.SECONDS);
        body.done.get(5, TimeUnit.SECONDS);
        head.close();

        assertThat(order).containsExactly("head 200 big 0");
        assertThat(body.events).containsExactly("subscribe", "next 100000", "complete");
    }

    @Test
    void emptyBodyOnlyCompletes() throws Exception {
        Recorder body = new Recorder(1);
        try (ClientResponse r = client.sendStreaming(ClientRequest.get("http://backend/empty"), body)
                .toCompletableFuture().get(5, TimeUnit.SECONDS)) {
            body.done.get(5, TimeUnit.SECONDS);

            assertThat(r.status()).isEqualTo(204);
            assertThat(body.events).containsExactly("subscribe", "complete");
        }
    }

    @Test
    void cancelBeforeDemandReleasesTheBody() throws Exception {
        Recorder body = new Recorder(0);
        try (ClientResponse r = client.sendStreaming(ClientRequest.get("http://backend/big"), body)
                .toCompletableFuture().get(5, TimeUnit.SECONDS)) {
            body.done.get(5, TimeUnit.SECONDS);

            assertThat(r.status()).isEqualTo(200);
            assertThat(body.events).containsExactly("subscribe");
        }
    }

    @Test
    void aContractClientCallsThroughTheTeleportClient() {
        ContractClient contract = ContractClient.of(client, "http://backend", new TextCodec(), ContractConfig.defaults());
        ClientRequest.Builder request = contract.request("GET", contract.uri().append("/big"));

        assertThat(contract.callBlocking(request, null, String.class)).hasSize(100_000);
    }

    /** Bodies as plain text: enough to see a contract call travel over teleport. */
    private static final class TextCodec implements dev.pronto.core.JsonCodec {
        @Override
        public void write(Object value, ByteBuf out) {
            out.writeCharSequence(value.toString(), StandardCharsets.UTF_8);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T read(ByteBuf body, Class<T> type) {
            return (T) body.toString(StandardCharsets.UTF_8);
        }

        @Override
        public Object read(ByteBuf body, java.lang.reflect.Type type) {
            return read(body, String.class);
        }

        @Override
        public void verify(Class<?> type) {
        }
    }
}
