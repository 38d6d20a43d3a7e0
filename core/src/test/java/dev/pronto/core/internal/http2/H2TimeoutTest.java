package dev.pronto.core.internal.http2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.BodyListener;
import dev.pronto.core.Response;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import dev.pronto.core.internal.http1.BodyRateTest;
import dev.pronto.core.internal.http1.HeldFlushes;
import dev.pronto.core.internal.http1.TestChannels;
import dev.pronto.core.internal.server.ServerInitializer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * HTTP/2 input that never finishes: a preface or header block left open is held to the header read
 * timeout, a request body to the body read timeout and the least body rate, each on its own
 * stream. Driven by the EmbeddedChannel's virtual clock (timer ticks every 50 ms).
 */
class H2TimeoutTest {
    private static final Consumer<dev.pronto.core.ServerConfig.Builder> CONFIG = c -> c
            .headerReadTimeout(Duration.ofMillis(200)).bodyReadTimeout(Duration.ofSeconds(1))
            .minBodyRateGrace(Duration.ofMillis(300)).responseTimeout(Duration.ofSeconds(1))
            .idleTimeout(Duration.ofSeconds(10));
    private final List<Response> parked = new ArrayList<>();
    private final Server server = Server.builder().config(CONFIG).routes(r -> r
            .get("/ok", (req, res) -> res.send("ok"))
            .get("/big", (req, res) -> res.send("y".repeat(100)))
            .post("/upload", (req, res) -> res.send("length=" + req.body().readableBytes()))
            .post("/stream", RouteOptions.streaming(), (req, res) -> req.onBody(BodyRateTest.doneAtEnd(res)))
            .post("/messages", RouteOptions.defaults().messageStream(), (req, res) -> req.onBody(BodyRateTest.doneAtEnd(res)))
            .post("/answer-later", RouteOptions.streaming(), (req, res) -> req.onBody(new BodyListener() {
                @Override
                public void onChunk(ByteBuf chunk) {
                }

                @Override
                public void onEnd() {
                    parked.add(res.async());
                }
            }))).build();
    private EmbeddedChannel ch = new EmbeddedChannel(server.channelInitializer());
    private H2Wire wire = new H2Wire(ch);

    H2TimeoutTest() {
        ch.freezeTime();
    }

    @AfterEach
    void close() {
        wire.release();
        ch.finishAndReleaseAll();
    }

    private void advance(long millis) {
        for (long t = 0; t < millis; t += 50) {
            TestChannels.advance(ch, 50);
        }
    }

    @Test
    void halfAPrefaceIsClosedAfterTheHeaderReadTimeout() {
        // an h2 (ALPN) connection: the HTTP/2 handler from the first byte
        ch.finishAndReleaseAll();
        ch = new EmbeddedChannel(H2ConnectionBuilder.create(((ServerInitializer) server.channelInitializer()).context()));
        ch.freezeTime();
        wire = new H2Wire(ch);
        ch.writeInbound(Unpooled.copiedBuffer("PRI * HTTP/2.0\r\n", StandardCharsets.US_ASCII));

        advance(250);

        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void prefaceWithoutItsSettingsIsClosedAfterTheHeaderReadTimeout() {
        ch.writeInbound(Unpooled.copiedBuffer(H2Wire.PREFACE, StandardCharsets.US_ASCII));

        advance(250);

        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void headerBlockLeftOpenGetsGoAwayProtocolError() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_STREAM, 1, wire.block("GET", "/ok"));

        advance(250);

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.GOAWAY, 0, null, 1));
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void headersFramePartlySentGetsGoAwayProtocolError() throws Exception {
        wire.start();
        ByteBuf block = wire.block("GET", "/ok");
        ch.writeInbound(Unpooled.buffer().writeMedium(block.readableBytes()).writeByte(H2Wire.HEADERS)
                .writeByte(H2Wire.END_HEADERS | H2Wire.END_STREAM).writeInt(1).writeBytes(block, 2));
        block.release();

        advance(250);

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.GOAWAY, 0, null, 1));
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void headerBlockFinishedInTimeIsServed() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_STREAM, 1, wire.block("GET", "/ok"));
        advance(150);

        wire.frame(H2Wire.CONTINUATION, H2Wire.END_HEADERS, 1, Unpooled.EMPTY_BUFFER);
        advance(150);

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.HEADERS, 1, "200", 0));
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void readsThatEachEndInsideAnotherRequestsHeadersAreNotTimedOut() throws Exception {
        wire.start();
        ByteBuf frames = Unpooled.buffer();
        for (int stream = 1; stream <= 21; stream += 2) {
            ByteBuf block = wire.block("GET", "/ok");
            frames.writeMedium(block.readableBytes()).writeByte(H2Wire.HEADERS)
                    .writeByte(H2Wire.END_HEADERS | H2Wire.END_STREAM).writeInt(stream).writeBytes(block);
            block.release();
        }
        int step = frames.readableBytes() / 11;
        ch.writeInbound(frames.readRetainedSlice(step / 2));
        for (int i = 0; i < 10; i++) {
            // each read completes one request's HEADERS and ends inside the next one's
            ch.writeInbound(frames.readRetainedSlice(step));
            advance(50);
        }
        ch.writeInbound(frames);

        assertThat(wire.read()).filteredOn(f -> f.type() == H2Wire.HEADERS).hasSize(11);
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void bodyDrippedBelowTheLeastRateGets408AndAResetWhileOtherStreamsGoOn() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS, 1, wire.block("POST", "/upload", "content-length", "100"));
        for (int i = 0; i < 8; i++) {
            wire.data(1, "x", 0);
            advance(50);
        }

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.HEADERS, 1, "408", 0),
                new H2Wire.Frame(H2Wire.RST_STREAM, 1, null, 0));
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS | H2Wire.END_STREAM, 3, wire.block("GET", "/ok"));
        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.HEADERS, 3, "200", 0));
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void bodyAboveTheLeastRateIsServed() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS, 1, wire.block("POST", "/upload", "content-length", "2000"));
        for (int i = 0; i < 20; i++) {
            wire.data(1, "x".repeat(100), i == 19 ? H2Wire.END_STREAM : 0);
            advance(50);
        }

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.HEADERS, 1, "200", 0),
                new H2Wire.Frame(H2Wire.DATA, 1, "length=2000", 0));
    }

    @Test
    void stalledStreamedBodyGets408NotA503() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS, 1, wire.block("POST", "/stream"));
        wire.data(1, "abc", 0);

        advance(1300);

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.HEADERS, 1, "408", 0))
                .doesNotContain(new H2Wire.Frame(H2Wire.HEADERS, 1, "503", 0));
    }

    @Test
    void streamedBodyDrippedBelowTheLeastRateGets408() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS, 1, wire.block("POST", "/stream"));
        for (int i = 0; i < 10; i++) {
            wire.data(1, "x", 0);
            advance(100);
        }

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.HEADERS, 1, "408", 0));
    }

    @Test
    void messageStreamIsHeldToSilenceOnlyNotTheRate() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS, 1, wire.block("POST", "/messages"));
        for (int i = 0; i < 10; i++) {
            wire.data(1, "x", 0);
            advance(100);
        }
        wire.data(1, "x", H2Wire.END_STREAM);

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.DATA, 1, "done", 0));
    }

    @Test
    void timeTheServerStopsReadingDoesNotCountAgainstTheRate() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS, 1, wire.block("POST", "/upload", "content-length", "100"));
        wire.data(1, "x".repeat(10), 0);
        HeldFlushes held = HeldFlushes.install(ch);
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS | H2Wire.END_STREAM, 3, wire.block("GET", "/big"));
        advance(2000);

        held.release(ch);
        advance(100);
        wire.data(1, "x".repeat(90), H2Wire.END_STREAM);

        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.DATA, 1, "length=100", 0));
    }

    @Test
    void responseTimeoutCountsFromTrailersThatEndTheBody() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS, 1, wire.block("POST", "/answer-later"));
        for (int i = 0; i < 12; i++) {
            wire.data(1, "x".repeat(1000), 0);
            advance(100);
        }
        ByteBuf trailers = Unpooled.buffer();
        new DefaultHttp2HeadersEncoder().encodeHeaders(1, new DefaultHttp2Headers().add("x-checksum", "1"), trailers);
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS | H2Wire.END_STREAM, 1, trailers);

        advance(300);

        assertThat(wire.read()).noneMatch(f -> f.type() == H2Wire.HEADERS);
        parked.getFirst().send("late");
        assertThat(wire.read()).contains(new H2Wire.Frame(H2Wire.HEADERS, 1, "200", 0));
    }
}
