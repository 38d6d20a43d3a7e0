package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_FLATE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_NONE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HEX;
import static dev.pronto.core.internal.teleport.TeleportFixtures.ascii;
import static dev.pronto.core.internal.teleport.TeleportFixtures.concat;
import static dev.pronto.core.internal.teleport.TeleportFixtures.frame;
import static dev.pronto.core.internal.teleport.TeleportFixtures.inflate;
import static dev.pronto.core.internal.teleport.TeleportFixtures.text;
import static dev.pronto.core.internal.teleport.TeleportFixtures.written;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Response;
import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Limits and hostile input: each gets an answer where the id is known, then a close; never a hang. */
class TeleportLimitsTest {
    private final List<Response> parked = new ArrayList<>();
    private EmbeddedChannel ch;

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private void connect(Consumer<ServerConfig.Builder> config, String handshake) {
        ch = TeleportFixtures.server(config, r -> r.get("/", (req, res) -> res.send("ok"))
                .get("/slow", (req, res) -> parked.add(res.async()))
                .post("/", (req, res) -> res.send("posted")));
        ch.freezeTime();
        TeleportFixtures.connected(ch, handshake);
    }

    private byte[] send(byte[] bytes) {
        ch.writeInbound(Unpooled.wrappedBuffer(bytes));
        return written(ch);
    }

    @Test
    void answersAMalformedRequestLineWith400AndCloses() {
        connect(c -> { }, HANDSHAKE_NONE);

        byte[] out = send(frame(6, "GET / HTTP/1.1 x\r\nHost: x\r\n\r\n"));

        assertThat(text(out)).startsWith("\6\0\0\0HTTP/1.1 400 Bad Request\r\n");
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void answersOversizedHeaderFieldsWith431AndCloses() {
        connect(c -> c.maxHeaderSize(1024), HANDSHAKE_NONE);

        byte[] out = send(frame(2, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(2000)));

        assertThat(text(out)).startsWith("\2\0\0\0HTTP/1.1 431 ");
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void answersABodyOverMaxBodySizeWith413AndCloses() {
        connect(c -> c.maxBodySize(100), HANDSHAKE_NONE);

        byte[] out = send(frame(3, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n"));

        assertThat(text(out)).startsWith("\3\0\0\0HTTP/1.1 413 ").contains("maxBodySize");
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void stopsInflatingADeflateBombAtTheHeadLimit() throws Exception {
        connect(c -> c.maxRequestLineLength(1024), HANDSHAKE_FLATE);
        // 64 MiB of request line with no line end deflates to about 64 KiB
        byte[] bomb = deflate(concat(frame(1, "GET /"), filled(64 << 20)));
        assertThat(bomb.length).isLessThan(128 * 1024);

        byte[] out = send(bomb);

        Inflater inflater = new Inflater(true);
        assertThat(text(inflate(inflater, out))).startsWith("\1\0\0\0HTTP/1.1 414 ");
        inflater.end();
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void inflatesALargeBodyOverSeveralEventLoopTurns() throws Exception {
        connect(c -> c.maxBodySize(16 << 20), HANDSHAKE_FLATE);
        int length = 8 << 20;
        byte[] bomb = deflate(concat(frame(9, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + "\r\n\r\n"),
                new byte[length]));

        // one read and nothing else (writeInbound would run the loop's next turns at once)
        ch.pipeline().fireChannelRead(Unpooled.wrappedBuffer(bomb)).fireChannelReadComplete();

        // the first turn inflated its share and let the loop go, reading paused; the next turns finish the body
        assertThat(ch.outboundMessages()).isEmpty();
        assertThat(ch.config().isAutoRead()).isFalse();
        ch.runPendingTasks();
        Inflater inflater = new Inflater(true);
        assertThat(text(inflate(inflater, written(ch)))).startsWith("\t\0\0\0HTTP/1.1 200 ").endsWith("posted");
        inflater.end();
        assertThat(ch.config().isAutoRead()).isTrue();
    }

    @Test
    void closesAnIdleConnection() {
        connect(c -> c.idleTimeout(Duration.ofMillis(200)), HANDSHAKE_NONE);

        TestChannels.advance(ch, 150);
        assertThat(ch.isActive()).isTrue();
        TestChannels.advance(ch, 200);

        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void closesAConnectionStuckInAPartialMessage() {
        connect(c -> c.headerReadTimeout(Duration.ofMillis(50)).idleTimeout(Duration.ofSeconds(60)), HANDSHAKE_NONE);
        send(Arrays.copyOf(frame(1, "GET / HTTP/1.1\r\n"), 10));

        TestChannels.advance(ch, 100);

        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void closesAMessageHeadDrippedPastTheHeaderReadTimeout() {
        connect(c -> c.headerReadTimeout(Duration.ofMillis(200)), HANDSHAKE_NONE);
        byte[] message = frame(1, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");

        for (int i = 0; i < 8 && ch.isActive(); i++) {
            send(Arrays.copyOfRange(message, i, i + 1));
            TestChannels.advance(ch, 50);
        }

        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void closesAPartialMessageWhileAnotherRequestIsInFlight() {
        connect(c -> c.headerReadTimeout(Duration.ofMillis(50)), HANDSHAKE_NONE);
        send(frame(1, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"));
        send(Arrays.copyOf(frame(2, "GET / HTTP/1.1\r\n"), 10));

        TestChannels.advance(ch, 100);

        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void closesAMessageBodyDrippedBelowTheLeastRate() {
        connect(c -> c.minBodyRateGrace(Duration.ofMillis(300)).headerReadTimeout(Duration.ofMillis(200)), HANDSHAKE_NONE);
        send(frame(1, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n"));

        for (int i = 0; i < 8 && ch.isActive(); i++) {
            send(ascii("x"));
            TestChannels.advance(ch, 50);
        }

        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void servesAMessageBodyAboveTheLeastRate() {
        connect(c -> c.minBodyRateGrace(Duration.ofMillis(300)).headerReadTimeout(Duration.ofMillis(200)), HANDSHAKE_NONE);
        send(frame(1, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n"));
        for (int i = 0; i < 9; i++) {
            send(ascii("x".repeat(100)));
            TestChannels.advance(ch, 50);
        }

        assertThat(text(send(ascii("x".repeat(100))))).startsWith("\1\0\0\0HTTP/1.1 200 ").endsWith("posted");
    }

    @Test
    void answersARequestWithoutResponseInTimeWith503AndKeepsTheConnection() {
        connect(c -> c.responseTimeout(Duration.ofMillis(100)), HANDSHAKE_NONE);
        send(frame(4, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"));

        TestChannels.advance(ch, 200);

        assertThat(text(written(ch))).startsWith("\4\0\0\0HTTP/1.1 503 ");
        assertThat(ch.isActive()).isTrue();
        assertThat(HEX.formatHex(send(frame(5, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")), 0, 4)).isEqualTo("05 00 00 00");
    }

    private static byte[] filled(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 'a');
        return b;
    }

    private static byte[] deflate(byte[] data) {
        Deflater d = new Deflater(9, true);
        d.setInput(data);
        byte[] out = new byte[data.length / 100 + 1024];
        int n = d.deflate(out, 0, out.length, Deflater.SYNC_FLUSH);
        d.end();
        return Arrays.copyOf(out, n);
    }

    static byte[] bytes(String s) {
        return ascii(s);
    }
}
