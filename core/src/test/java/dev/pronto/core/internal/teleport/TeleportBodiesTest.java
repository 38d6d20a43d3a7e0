package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_NONE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.ascii;
import static dev.pronto.core.internal.teleport.TeleportFixtures.concat;
import static dev.pronto.core.internal.teleport.TeleportFixtures.frame;
import static dev.pronto.core.internal.teleport.TeleportFixtures.text;
import static dev.pronto.core.internal.teleport.TeleportFixtures.written;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.BodyListener;
import dev.pronto.core.Response;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Request bodies on a teleport connection: streamed to streaming routes, budgeted when buffered. */
class TeleportBodiesTest {
    private static final int MIB = 1024 * 1024;
    private final List<Response> parked = new ArrayList<>();
    private final AtomicInteger chunks = new AtomicInteger();
    private final EmbeddedChannel ch = TeleportFixtures.connected(TeleportFixtures.server(c -> c.maxBodySize(48 * MIB),
            r -> r.get("/", (req, res) -> res.send("ok"))
                    .get("/slow", (req, res) -> parked.add(res.async()))
                    .post("/hold", (req, res) -> parked.add(res.async()))
                    .post("/early", RouteOptions.streaming(), (req, res) -> parked.add(res.async()))
                    .post("/upload", RouteOptions.streaming(), (req, res) -> req.onBody(new BodyListener() {
                        private long bytes;

                        @Override
                        public void onChunk(ByteBuf chunk) {
                            chunks.incrementAndGet();
                            bytes += chunk.readableBytes();
                        }

                        @Override
                        public void onEnd() {
                            res.send(Long.toString(bytes));
                        }
                    }))), HANDSHAKE_NONE);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
        assertThat(TeleportBudget.ofThisLoop().held()).isZero();
    }

    private String send(byte[]... parts) {
        ch.writeInbound(Unpooled.wrappedBuffer(concat(parts)));
        return text(written(ch));
    }

    private static byte[] post(int id, String path, int length) {
        return frame(id, "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + "\r\n\r\n");
    }

    @Test
    void handsAStreamingRouteItsBodyAsItArrives() {
        assertThat(send(post(1, "/upload", 10), ascii("01234"))).isEmpty();
        assertThat(chunks).hasValue(1);

        assertThat(send(ascii("56789"))).startsWith("\1\0\0\0HTTP/1.1 200 ").endsWith("\r\n\r\n10");
    }

    @Test
    void streamsAChunkedBodyToAStreamingRoute() {
        String out = send(frame(2, "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"),
                ascii("4\r\ndefg\r\n0\r\n\r\n"));

        assertThat(out).startsWith("\2\0\0\0HTTP/1.1 200 ").endsWith("\r\n\r\n7");
    }

    @Test
    void readsOnPastTheBodyOfAStreamingRouteAnsweredWithoutReadingIt() {
        // more than the streamed body's high mark with nobody reading it: reading pauses until the answer
        send(post(3, "/early", MIB), new byte[MIB], frame(4, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"));

        parked.removeFirst().send("early");

        assertThat(text(written(ch))).startsWith("\3\0\0\0HTTP/1.1 200 ").contains("early\4\0\0\0HTTP/1.1 200 ");
    }

    @Test
    void waitsForTheLoopBudgetBeforeReceivingAnotherBufferedBody() {
        send(post(5, "/hold", 20 * MIB), new byte[20 * MIB], post(6, "/hold", 20 * MIB), new byte[20 * MIB]);
        assertThat(parked).hasSize(1);
        assertThat(ch.config().isAutoRead()).isFalse();

        parked.removeFirst().send("first");
        ch.runPendingTasks();

        assertThat(parked).hasSize(1);
        assertThat(ch.config().isAutoRead()).isTrue();
        parked.removeFirst().send("second");
        assertThat(text(written(ch))).contains("first").contains("second");
    }

    @Test
    void keepsAConnectionWaitingForTheBudgetOpenPastTheHeaderReadTimeout() {
        EmbeddedChannel other = TeleportFixtures.connected(TeleportFixtures.server(
                c -> c.maxBodySize(48 * MIB).headerReadTimeout(Duration.ofMillis(50)),
                r -> r.post("/hold", (req, res) -> parked.add(res.async()))), HANDSHAKE_NONE);
        other.freezeTime();
        try {
            send(post(5, "/hold", 20 * MIB), new byte[20 * MIB]);
            other.writeInbound(Unpooled.wrappedBuffer(concat(post(6, "/hold", 20 * MIB), new byte[20 * MIB])));

            TestChannels.advance(other, 200);

            assertThat(other.isActive()).isTrue();
            parked.removeFirst().send("first");
            other.runPendingTasks();
            parked.removeFirst().send("second");
            assertThat(text(written(other))).startsWith("\6\0\0\0HTTP/1.1 200 ").endsWith("second");
        } finally {
            other.finishAndReleaseAll();
        }
    }

    @Test
    void answersTheCallsInFlightBeforeClosingOnABodyOverMaxBodySize() {
        send(frame(7, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"));

        assertThat(send(post(8, "/hold", 48 * MIB + 1))).startsWith("\10\0\0\0HTTP/1.1 413 ");
        assertThat(ch.isActive()).isTrue();
        parked.removeFirst().send("slow");

        assertThat(text(written(ch))).startsWith("\7\0\0\0HTTP/1.1 200 ").endsWith("slow");
        assertThat(ch.isActive()).isFalse();
    }
}
