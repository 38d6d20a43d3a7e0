package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.ascii;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.BodyListener;
import dev.pronto.core.Response;
import dev.pronto.core.RouteOptions;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * HTTP/1.1 request bodies against the default least rate (240 B/s) after a short grace, and the
 * response timeout of a request whose body is still arriving. Virtual clock; the timer ticks every 50 ms.
 */
public class BodyRateTest {
    private final List<Response> parked = new ArrayList<>();
    private final EmbeddedChannel ch = TestChannels.server(
            c -> c.minBodyRateGrace(Duration.ofMillis(300)).bodyReadTimeout(Duration.ofSeconds(1))
                    .responseTimeout(Duration.ofMillis(200)).headerReadTimeout(Duration.ofSeconds(1)),
            r -> r
                    .get("/never", (req, res) -> parked.add(res.async()))
                    .post("/upload", (req, res) -> res.send("length=" + req.body().readableBytes()))
                    .post("/stream", RouteOptions.streaming(), (req, res) -> req.onBody(doneAtEnd(res)))
                    .post("/messages", RouteOptions.defaults().messageStream(), (req, res) -> req.onBody(doneAtEnd(res))));

    BodyRateTest() {
        ch.freezeTime();
    }

    /** A body listener that drops the chunks and answers "done" once the body has ended. */
    public static BodyListener doneAtEnd(Response res) {
        return new BodyListener() {
            @Override
            public void onChunk(ByteBuf chunk) {
            }

            @Override
            public void onEnd() {
                res.send("done");
            }
        };
    }

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private void advance(long millis) {
        for (long t = 0; t < millis; t += 50) {
            TestChannels.advance(ch, 50);
        }
    }

    @Test
    void bodyDrippedBelowTheDefaultRateGets408AfterTheGrace() {
        ch.writeInbound(ascii("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n"));
        for (int i = 0; i < 8 && ch.isOpen(); i++) {
            ch.writeInbound(ascii("x"));
            advance(50);
        }

        assertThat(readAll(ch)).startsWith("HTTP/1.1 408 Request Timeout\r\n").contains("Connection: close\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void bodyAboveTheRateIsServed() {
        ch.writeInbound(ascii("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n"));
        for (int i = 0; i < 20; i++) {
            ch.writeInbound(ascii("x".repeat(100)));
            advance(50);
        }

        assertThat(readAll(ch)).startsWith("HTTP/1.1 200 OK\r\n").endsWith("length=2000");
    }

    @Test
    void streamedBodyDrippedBelowTheRateGets408() {
        ch.writeInbound(ascii("POST /stream HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"));
        for (int i = 0; i < 10 && ch.isOpen(); i++) {
            ch.writeInbound(ascii("1\r\nx\r\n"));
            advance(50);
        }

        assertThat(readAll(ch)).startsWith("HTTP/1.1 408 Request Timeout\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void messageStreamArrivingSlowerThanTheRateAndLongerThanTheResponseTimeoutIsServed() {
        ch.writeInbound(ascii("POST /messages HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"));
        for (int i = 0; i < 10; i++) {
            ch.writeInbound(ascii("1\r\nx\r\n"));
            advance(50);
        }
        ch.writeInbound(ascii("0\r\n\r\n"));

        assertThat(readAll(ch)).startsWith("HTTP/1.1 200 OK\r\n").contains("done");
    }

    @Test
    void responseTimeoutCountsFromTheEndOfTheBody() {
        ch.writeInbound(ascii("POST /messages HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nx"));
        advance(300);
        ch.writeInbound(ascii("x"));

        advance(100);

        assertThat(readAll(ch)).startsWith("HTTP/1.1 200 OK\r\n");
    }

    @Test
    void timeTheServerStopsReadingDoesNotCountAgainstTheRate() {
        HeldFlushes held = HeldFlushes.install(ch);
        ch.writeInbound(ascii("GET /never HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + "x".repeat(10)));
        parked.getFirst().send("y".repeat(100)); // not flushed: above the high-water mark, reading stops
        advance(2000);

        held.release(ch);
        advance(100);
        ch.writeInbound(ascii("x".repeat(90)));

        assertThat(readAll(ch)).contains("HTTP/1.1 200 OK\r\n").endsWith("length=100");
    }
}
