package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class AsyncHandlerTest {
    /** The carrier every request of this instance uses: the class runs once per carrier. */
    private final TestClient.Protocol protocol;

    TestClient.Protocol protocol() {
        return protocol;
    }

    AsyncHandlerTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
        this.client = TestCarriers.start(Server.builder().routes(r -> r
                .get("/later", (req, res) -> {
                    res.async();
                    pool.execute(() -> {
                        await(release);
                        res.send("later");
                    });
                })
                .get("/now", (req, res) -> {
                    release.countDown();
                    res.send("now");
                })
                .get("/stage", Handler.async((req, res) -> CompletableFuture.supplyAsync(() -> "from stage", pool)))
                .get("/failed", Handler.async((req, res) ->
                        CompletableFuture.failedFuture(new BadRequestException("bad input"))))
                .get("/thread", RouteOptions.blocking(), (req, res) ->
                        res.send(Thread.currentThread().isVirtual() ? "virtual" : "platform"))
                .get("/stream", (req, res) -> {
                    BodyWriter w = res.stream();
                    w.write("a");
                    w.write("bc".getBytes());
                    w.end();
                })), protocol());
    }

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final CountDownLatch release = new CountDownLatch(1);
    private final TestClient client;

    @AfterEach
    void close() {
        client.close();
        pool.shutdownNow();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void responsesLeaveInRequestOrderWhenAnEarlierOneCompletesLater() {
        List<TestResponse> out = client.sendAll(
                "GET /later HTTP/1.1\r\nHost: x\r\n\r\nGET /now HTTP/1.1\r\nHost: x\r\n\r\n", 2);

        assertThat(out).extracting(TestResponse::text).containsExactly("later", "now");
    }

    @Test
    void completionStageValueIsSent() {
        assertThat(client.get("/stage").text()).isEqualTo("from stage");
    }

    @Test
    void failedStageMapsLikeAThrownException() {
        TestResponse r = client.get("/failed");

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.text()).isEqualTo("bad input");
    }

    @Test
    void blockingHandlerRunsOnAVirtualThread() {
        assertThat(client.get("/thread").text()).isEqualTo("virtual");
    }

    @Test
    void streamedBodyIsChunked() {
        TestResponse r = client.get("/stream");

        assertThat(r.header("Content-Length")).isEqualTo(TestCarriers.gathersStreams(protocol()) ? "3" : null);
        if (protocol() == TestClient.Protocol.HTTP_1_1) {
            assertThat(r.header("Transfer-Encoding")).isEqualTo("chunked");
        }
        assertThat(r.text()).isEqualTo("abc");
    }
}
