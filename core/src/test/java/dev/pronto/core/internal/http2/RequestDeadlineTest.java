package dev.pronto.core.internal.http2;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Response;
import dev.pronto.core.Server;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The caller's deadline ({@code Request-Timeout}, milliseconds): answered 504 when it passes, the
 * handler told through its cancel action, the remaining time readable, nonsense values a 400.
 * Driven by the EmbeddedChannel's virtual clock; the response timeout (2 s) ticks every 500 ms,
 * so only the deadline's own task can answer within 100 ms.
 */
class RequestDeadlineTest {
    private final List<Response> parked = new ArrayList<>();
    private final AtomicInteger cancelled = new AtomicInteger();
    private final AtomicInteger handled = new AtomicInteger();
    private final Server server = Server.builder().config(c -> c.responseTimeout(Duration.ofSeconds(2))).routes(r -> r
            .get("/never", (req, res) -> {
                handled.incrementAndGet();
                parked.add(res.async().onCancel(cancelled::incrementAndGet));
            })
            .get("/left", (req, res) -> res.send(String.valueOf(req.remainingNanos())))).build();
    private final EmbeddedChannel ch = new EmbeddedChannel(server.channelInitializer());

    RequestDeadlineTest() {
        ch.freezeTime();
    }

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private static String get(String path, String deadline) {
        return "GET " + path + " HTTP/1.1\r\nHost: x\r\nRequest-Timeout: " + deadline + "\r\n\r\n";
    }

    @Test
    void requestPastItsDeadlineGets504() {
        exchange(ch, get("/never", "100"));

        TestChannels.advance(ch, 101);

        assertThat(readAll(ch)).startsWith("HTTP/1.1 504 Gateway Timeout\r\n").contains("Request-Timeout");
    }

    @Test
    void requestWithinItsDeadlineIsLeftAlone() {
        exchange(ch, get("/never", "100"));

        TestChannels.advance(ch, 90);

        assertThat(readAll(ch)).isEmpty();
    }

    @Test
    void handlerIsToldThroughItsCancelAction() {
        exchange(ch, get("/never", "100"));

        TestChannels.advance(ch, 101);

        assertThat(cancelled).hasValue(1);
    }

    @Test
    void lateAnswerIsNotWrittenAndTheConnectionGoesOn() {
        exchange(ch, get("/never", "100"));
        TestChannels.advance(ch, 101);
        readAll(ch);

        assertThat(parked.getFirst().sent()).isTrue();
        assertThat(exchange(ch, get("/left", "50"))).startsWith("HTTP/1.1 200 OK\r\n").doesNotContain("late");
    }

    @Test
    void handlerReadsTheTimeLeft() {
        assertThat(exchange(ch, get("/left", "250"))).endsWith("\r\n\r\n250000000");
    }

    @Test
    void withoutTheHeaderNoDeadlineIsLeft() {
        assertThat(exchange(ch, "GET /left HTTP/1.1\r\nHost: x\r\n\r\n")).endsWith("\r\n\r\n" + Long.MAX_VALUE);
    }

    @Test
    void anotherFieldOfTheSameLengthIsNoDeadline() {
        String head = "GET /left HTTP/1.1\r\nHost: x\r\nAccept-Encoding: 100\r\nX-Request-Timeo: 5\r\n\r\n";

        assertThat(exchange(ch, head)).endsWith("\r\n\r\n" + Long.MAX_VALUE);
    }

    @Test
    void firstOfTwoDeadlinesCounts() {
        String head = "GET /left HTTP/1.1\r\nHost: x\r\nrequest-timeout: 250\r\nRequest-Timeout: 50\r\n\r\n";

        assertThat(exchange(ch, head)).endsWith("\r\n\r\n250000000");
    }

    @Test
    void deadlineBeyondTheResponseTimeoutLeavesThatTimeoutInCharge() {
        exchange(ch, get("/never", "99999999999999999999999"));

        TestChannels.advance(ch, 1600);
        assertThat(readAll(ch)).isEmpty();
        TestChannels.advance(ch, 600);

        assertThat(readAll(ch)).startsWith("HTTP/1.1 503 Service Unavailable\r\n");
    }

    @Test
    void zeroDeadlineIsAnsweredWithoutRunningTheHandler() {
        assertThat(exchange(ch, get("/never", "0"))).startsWith("HTTP/1.1 504 Gateway Timeout\r\n");
        assertThat(handled).hasValue(0);
    }

    @Test
    void nonNumericDeadlineIs400() {
        assertThat(exchange(ch, get("/never", "soon"))).startsWith("HTTP/1.1 400 Bad Request\r\n");
        assertThat(handled).hasValue(0);
    }

    @Test
    void negativeDeadlineIs400() {
        assertThat(exchange(ch, get("/never", "-5"))).startsWith("HTTP/1.1 400 Bad Request\r\n");
    }

    @Test
    void deadlineTaskIsCancelledWithTheAnsweredExchange() {
        exchange(ch, get("/left", "100"));

        TestChannels.advance(ch, 200);

        assertThat(readAll(ch)).isEmpty();
        assertThat(exchange(ch, get("/left", "100"))).startsWith("HTTP/1.1 200 OK\r\n");
    }

    @Test
    void http2StreamPastItsDeadlineGets504() throws Exception {
        H2Wire wire = new H2Wire(ch);
        try {
            wire.start();
            wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS | H2Wire.END_STREAM, 1,
                    wire.block("GET", "/never", "request-timeout", "100"));
            TestChannels.advance(ch, 101);

            assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.HEADERS, 1, "504", 0));
        } finally {
            wire.release();
        }
    }
}
