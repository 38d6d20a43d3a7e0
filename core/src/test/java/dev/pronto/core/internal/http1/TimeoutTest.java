package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Response;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Header-read and idle timeouts, driven by the EmbeddedChannel's virtual clock. */
class TimeoutTest {
    private static final String GET = "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n";

    private final List<Response> parked = new ArrayList<>();
    private final EmbeddedChannel ch = TestChannels.server(
            c -> c.headerReadTimeout(Duration.ofMillis(50)).idleTimeout(Duration.ofMillis(200)),
            r -> r.get("/ok", (req, res) -> res.send("ok")).get("/slow", (req, res) -> parked.add(res.async())));

    TimeoutTest() {
        ch.freezeTime();
    }

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private void advance(long millis) {
        TestChannels.advance(ch, millis);
    }

    @Test
    void partialHeadPastTheHeaderTimeoutIsRequestTimeout() {
        exchange(ch, "GET /ok HTTP/1.1\r\nHo");

        advance(60);

        assertThat(readAll(ch)).startsWith("HTTP/1.1 408 Request Timeout\r\n").contains("Connection: close\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void halfAnH2cPrefaceGets408AfterTheHeaderTimeout() {
        // held back while it could still be the HTTP/2 preface, so the HTTP/1.1 head parser never saw it
        exchange(ch, "PRI * HTTP/2");

        advance(60);

        assertThat(readAll(ch)).startsWith("HTTP/1.1 408 Request Timeout\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void partialHeadWithinTheHeaderTimeoutIsLeftAlone() {
        exchange(ch, "GET /ok HTTP/1.1\r\nHo");

        advance(30);

        assertThat(readAll(ch)).isEmpty();
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void headCompletedInTimeIsServed() {
        exchange(ch, "GET /ok HTTP/1.1\r\nHo");
        advance(30);

        assertThat(exchange(ch, "st: x\r\n\r\n")).startsWith("HTTP/1.1 200 OK\r\n");
        advance(30);
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void headerTimeoutCountsFromTheFirstByteOfTheHead() {
        exchange(ch, GET);
        advance(40);
        exchange(ch, "GET /ok HTTP/1.1\r\n");

        advance(40);

        assertThat(readAll(ch)).isEmpty();
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() {
        assertThat(exchange(ch, GET)).startsWith("HTTP/1.1 200 OK\r\n");

        advance(250);

        assertThat(readAll(ch)).isEmpty();
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void activityPostponesTheIdleTimeout() {
        advance(150);
        exchange(ch, GET);

        advance(150);

        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void connectionWithAnAsyncRequestInFlightIsNotClosedWhenIdle() {
        exchange(ch, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");

        advance(500);

        assertThat(ch.isOpen()).isTrue();
        parked.getFirst().send("late");
        assertThat(readAll(ch)).startsWith("HTTP/1.1 200 OK\r\n").endsWith("late");
    }

    @Test
    void idleTimeoutRestartsOnceTheLastResponseIsWritten() {
        exchange(ch, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
        advance(500);
        parked.getFirst().send("late");
        readAll(ch);

        advance(250);

        assertThat(ch.isOpen()).isFalse();
    }
}
