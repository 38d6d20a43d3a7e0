package dev.pronto.proxy;

import static dev.pronto.proxy.TestUpstreams.upstream;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.core.Listener;
import dev.pronto.core.Response;
import dev.pronto.core.Server;
import dev.pronto.testsupport.Await;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The proxy under load, on real sockets: a slow upstream is not ejected, requests past an upstream's
 * {@code maxPending} wait for a slot, and 503 comes only past {@code maxWaiting}.
 */
class ProxyBackpressureTest {
    private final List<AutoCloseable> open = new ArrayList<>();
    private final ConcurrentLinkedQueue<Response> parked = new ConcurrentLinkedQueue<>();
    private final HttpClient client = HttpClient.create(ClientConfig.builder().build());

    @AfterEach
    void close() throws Exception {
        releaseParked();
        client.close();
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private Server backend() {
        Server s = Server.builder().listener(Listener.http(0)).listener(Listener.teleport(0)).routes(r -> r
                .get("/who", (req, res) -> res.send("one"))
                .get("/park", (req, res) -> parked.add(res.async()))).build().start();
        open.add(s::close);
        return s;
    }

    private UpstreamGroup group;

    private Server edge(Function<Server, UpstreamGroup> build) {
        Server edge = Server.builder().listener(Listener.http(0)).routes(r -> r
                .get("/who", (req, res) -> Proxy.to(group).handle(req, res))
                .get("/park", (req, res) -> Proxy.to(group).handle(req, res))).build();
        edge.start();
        group = build.apply(edge);
        open.add(edge::close);
        open.add(group);
        return edge;
    }

    private CompletableFuture<String> send(Server edge, String path) {
        return client.send(ClientRequest.get("http://127.0.0.1:" + edge.port() + path)).thenApply(r -> {
            try (r) {
                return r.status() + " " + r.string();
            }
        }).toCompletableFuture();
    }

    private static void await(BooleanSupplier condition) {
        Await.until("the backpressure condition", Duration.ofSeconds(10), condition);
    }

    private void releaseParked() {
        for (Response r = parked.poll(); r != null; r = parked.poll()) {
            try {
                r.send("late");
            } catch (IllegalStateException connectionGone) {
                // the proxy timed the request out and closed its HTTP/1.1 connection: nobody to answer
            }
        }
    }

    @ParameterizedTest
    @EnumSource(UpstreamTransport.class)
    void aSlowUpstreamIsAnswered504ButNeverEjected(UpstreamTransport transport) {
        Server b = backend();
        // long enough that /who, answered at once, never times out on a loaded machine; /park never answers
        Upstream slow = upstream(b, transport).withTimeout(Duration.ofSeconds(2));
        Server edge = edge(e -> UpstreamGroup.builder().upstream(slow).ejectAfter(1, Duration.ofMinutes(5))
                .build(e.eventLoopGroup()));

        assertThat(send(edge, "/park").join()).startsWith("504 Gateway Timeout");

        assertThat(group.serving(slow)).isTrue();
        assertThat(send(edge, "/who").join()).isEqualTo("200 one");
    }

    @ParameterizedTest
    @EnumSource(UpstreamTransport.class)
    void requestsPastMaxPendingWaitForAFreeSlotInsteadOf503(UpstreamTransport transport) {
        Server b = backend();
        Server edge = edge(e -> UpstreamGroup.builder().upstream(upstream(b, transport).withMaxPending(1))
                .build(e.eventLoopGroup()));
        CompletableFuture<String> first = send(edge, "/park");
        await(() -> parked.size() == 1);

        List<CompletableFuture<String>> waiting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            waiting.add(send(edge, "/who"));
        }
        await(() -> group.waiting() == 3);
        assertThat(waiting).noneMatch(CompletableFuture::isDone);
        releaseParked();

        assertThat(first.join()).isEqualTo("200 late");
        assertThat(waiting).allSatisfy(w -> assertThat(w.join()).isEqualTo("200 one"));
        assertThat(group.waiting()).isZero();
    }

    @ParameterizedTest
    @EnumSource(UpstreamTransport.class)
    void answers503OnlyPastMaxWaiting(UpstreamTransport transport) {
        Server b = backend();
        Server edge = edge(e -> UpstreamGroup.builder().upstream(upstream(b, transport).withMaxPending(1)).maxWaiting(1)
                .build(e.eventLoopGroup()));
        CompletableFuture<String> first = send(edge, "/park");
        await(() -> parked.size() == 1);
        CompletableFuture<String> second = send(edge, "/who");
        await(() -> group.waiting() == 1);

        assertThat(send(edge, "/who").join())
                .isEqualTo("503 Service Unavailable: every upstream is at maxPending and 1 requests already wait");
        releaseParked();
        assertThat(first.join()).isEqualTo("200 late");
        assertThat(second.join()).isEqualTo("200 one");
    }

    @ParameterizedTest
    @EnumSource(UpstreamTransport.class)
    void anUpstreamAnswerAfterTheClientLeftIsDroppedWithoutAnError(UpstreamTransport transport) throws Exception {
        Server b = backend();
        Server edge = edge(e -> UpstreamGroup.builder().upstream(upstream(b, transport).withMaxPending(1))
                .build(e.eventLoopGroup()));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        CompletableFuture<String> next;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            try (Socket gone = new Socket("127.0.0.1", edge.port())) {
                gone.getOutputStream().write("GET /park HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                await(() -> parked.size() == 1);
            }
            next = send(edge, "/who");
            releaseParked();
            // the slot frees when the late answer (or the cancellation) completes, on the loop that then logs
            assertThat(next.join()).isEqualTo("200 one");
        } finally {
            System.setErr(stderr);
        }

        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("threw").doesNotContain("already sent");
    }
}
