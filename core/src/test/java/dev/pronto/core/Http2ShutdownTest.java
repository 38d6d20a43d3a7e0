package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.RawH2;
import io.netty.handler.codec.http2.Http2Error;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A graceful stop tells HTTP/2 clients with GOAWAY, lets the open streams finish, then closes. */
class Http2ShutdownTest {
    @Test
    void stopSendsGoAwayAndTheOpenStreamStillGetsItsAnswer() throws Exception {
        CompletableFuture<String> answer = new CompletableFuture<>();
        CountDownLatch started = new CountDownLatch(1);
        Server server = Server.builder()
                .config(c -> c.port(0).host("127.0.0.1").ioThreads(1).shutdownTimeout(Duration.ofSeconds(10)))
                .routes(r -> r.get("/slow", (req, res) -> {
                    res.send(answer);
                    started.countDown();
                }))
                .build().start();
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/slow", RawH2.END_STREAM);
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> server.stop(Duration.ofSeconds(10)));

            RawH2.Frame goAway = h2.awaitFrame(RawH2.GOAWAY);
            assertThat(goAway.errorCode()).isEqualTo(Http2Error.NO_ERROR.code());
            answer.complete("finished");

            RawH2.Frame data = h2.awaitFrame(RawH2.DATA);
            assertThat(data.stream()).isEqualTo(1);
            assertThat(data.text()).isEqualTo("finished");
            assertThat(h2.closedByServer()).isTrue();
            stopped.get(10, TimeUnit.SECONDS);
        } finally {
            server.close();
        }
    }
}
