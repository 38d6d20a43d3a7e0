package dev.pronto.core.internal.exchange;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.BodyListener;
import dev.pronto.core.Response;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every failure ends in a response or a close: throwing hooks, handlers that never answer, and
 * bodies that stall or drip. Driven by the EmbeddedChannel's virtual clock.
 */
class NoSilentHangTest {
    private final List<Response> parked = new ArrayList<>();
    private final List<Throwable> bodyErrors = new ArrayList<>();
    private final EmbeddedChannel ch = TestChannels.server(
            c -> c.responseTimeout(Duration.ofMillis(500)).bodyReadTimeout(Duration.ofMillis(200)).minBodyRate(100)
                    .minBodyRateGrace(Duration.ofMillis(200)),
            r -> r
                    .get("/ok", (req, res) -> res.send("ok"))
                    .get("/never", (req, res) -> parked.add(res.async()))
                    .post("/upload", (req, res) -> res.send(req.bodyString()))
                    .post("/stream", RouteOptions.streaming(), (req, res) -> req.onBody(new BodyListener() {
                        @Override
                        public void onChunk(ByteBuf chunk) {
                        }

                        @Override
                        public void onEnd() {
                            res.send("done");
                        }

                        @Override
                        public void onError(Throwable cause) {
                            bodyErrors.add(cause);
                        }
                    }))
                    .group("/hooked", g -> g
                            .onSend((req, res) -> {
                                throw new IllegalStateException("hook bug");
                            })
                            .get("/sync", (req, res) -> res.send("never seen"))
                            .get("/async", (req, res) -> parked.add(res.async()))));

    NoSilentHangTest() {
        ch.freezeTime();
    }

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private void advance(long millis) {
        TestChannels.advance(ch, millis);
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    @Test
    void throwingOnSendHookGivesA500ForASyncAnswer() {
        String out = exchange(ch, get("/hooked/sync"));

        assertThat(out).startsWith("HTTP/1.1 500 Internal Server Error\r\n").doesNotContain("never seen");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void throwingOnSendHookGivesA500ForAnAsyncAnswer() {
        exchange(ch, get("/hooked/async"));

        parked.getFirst().send("never seen");
        ch.runPendingTasks();

        assertThat(readAll(ch)).startsWith("HTTP/1.1 500 Internal Server Error\r\n").doesNotContain("never seen");
    }

    @Test
    void requestNobodyAnswersGets503AfterTheResponseTimeout() {
        exchange(ch, get("/never"));

        advance(600);

        assertThat(readAll(ch)).startsWith("HTTP/1.1 503 Service Unavailable\r\n").contains("response timeout");
        assertThat(exchange(ch, get("/ok"))).endsWith("\r\n\r\nok");
    }

    @Test
    void requestIsLeftAloneWithinTheResponseTimeout() {
        exchange(ch, get("/never"));

        advance(300);

        assertThat(readAll(ch)).isEmpty();
    }

    @Test
    void answerAfterTheResponseTimeoutFailsAtTheCall() {
        exchange(ch, get("/never"));
        advance(600);
        readAll(ch);

        assertThatThrownBy(() -> parked.getFirst().send("late")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void stalledBodyGets408AndAClose() {
        exchange(ch, "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc");

        advance(300);

        assertThat(readAll(ch)).startsWith("HTTP/1.1 408 Request Timeout\r\n").contains("Connection: close\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void stalledStreamedBodyGets408AndTellsItsListener() {
        exchange(ch, "POST /stream HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n");

        advance(300);

        assertThat(readAll(ch)).startsWith("HTTP/1.1 408 Request Timeout\r\n");
        assertThat(ch.isOpen()).isFalse();
        assertThat(bodyErrors).hasSize(1);
    }

    @Test
    void bodyDrippedBelowTheMinimumRateGets408() {
        ch.writeInbound(TestChannels.ascii("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n"));
        for (int i = 0; i < 6 && ch.isOpen(); i++) {
            ch.writeInbound(TestChannels.ascii("x"));
            advance(50);
        }

        assertThat(ch.isOpen()).isFalse();
        assertThat(readAll(ch)).startsWith("HTTP/1.1 408 Request Timeout\r\n");
    }

    @Test
    void bodyArrivingSteadilyIsServed() {
        ch.writeInbound(TestChannels.ascii("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n"));
        for (int i = 0; i < 4; i++) {
            ch.writeInbound(TestChannels.ascii("0123456789"));
            advance(50);
        }

        assertThat(readAll(ch)).startsWith("HTTP/1.1 200 OK\r\n").endsWith("0123456789");
    }
}
