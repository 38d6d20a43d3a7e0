package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.H3TestClient;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Headers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * RFC 9218 PRIORITY_UPDATE frames on HTTP/3: two large responses on one connection, where the second one would
 * be sent after the first, until the client's update for it on the control stream puts it first. A round trip
 * with a small request orders what the server has read: the requests' HEADERS, or the update, come before it.
 */
class Http3PriorityUpdateTest {
    private static final int SIZE = 4 << 20;
    private static final byte[] BODY = new byte[SIZE];
    private Server server;
    private H3TestClient client;

    @BeforeEach
    void start() throws Exception {
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .http3(Http3Config.defaults().withRetry(Http3Config.Retry.OFF))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/big", (req, res) -> res.send(BODY)).get("/ok", (req, res) -> res.send("ok")))
                .build().start();
        client = new H3TestClient(server.ports().getFirst());
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(Duration.ZERO);
    }

    @Test
    void anUpdateMovesAnOpenStreamsResponseAheadOfItsPriorityField() throws Exception {
        BodyBytes a = new BodyBytes();
        BodyBytes b = new BodyBytes();
        H3TestClient.Pending pa = client.open(get(null), a);
        H3TestClient.Pending pb = client.open(get("u=5"), b);
        assertThat(client.get("/ok").text()).isEqualTo("ok");

        client.priorityUpdate(pb.stream().streamId(), "u=0");
        pa.stream().shutdownOutput();
        pb.stream().shutdownOutput();

        assertThat(race(pa, a, pb, b).firstHadWhenSecondEnded()).isLessThan(SIZE / 2);
    }

    @Test
    void anUpdateForAStreamNotOpenYetIsAppliedWhenItOpens() throws Exception {
        client.priorityUpdate(8, "u=0");
        assertThat(client.get("/ok").text()).isEqualTo("ok");

        Race race = raceOnStreams4And8();

        assertThat(race.firstHadWhenSecondEnded()).isLessThan(SIZE / 2);
    }

    @Test
    void aLaterUpdateReplacesAnEarlierOne() throws Exception {
        client.priorityUpdate(8, "u=7");
        client.priorityUpdate(8, "u=0");
        assertThat(client.get("/ok").text()).isEqualTo("ok");

        Race race = raceOnStreams4And8();

        assertThat(race.firstHadWhenSecondEnded()).isLessThan(SIZE / 2);
    }

    /** How much of each response had arrived when the other one ended. */
    private record Race(long secondHadWhenFirstEnded, long firstHadWhenSecondEnded) {
    }

    /** Asks for /big twice, without a priority field, on the connection's streams 4 and 8 (0 took /ok). */
    private Race raceOnStreams4And8() throws Exception {
        BodyBytes a = new BodyBytes();
        BodyBytes b = new BodyBytes();
        H3TestClient.Pending pa = client.start(get(null), null, a);
        H3TestClient.Pending pb = client.start(get(null), null, b);
        assertThat(pb.stream().streamId()).isEqualTo(8);
        return race(pa, a, pb, b);
    }

    private static Race race(H3TestClient.Pending pa, BodyBytes a, H3TestClient.Pending pb, BodyBytes b)
            throws Exception {
        // both streams run on the connection's event loop: each count is read there, as the other response ends
        CompletableFuture<Long> bAtEndOfA = pa.response().thenApply(r -> b.bytes);
        CompletableFuture<Long> aAtEndOfB = pb.response().thenApply(r -> a.bytes);
        Race race = new Race(bAtEndOfA.get(H3TestClient.TIMEOUT_SECONDS, TimeUnit.SECONDS),
                aAtEndOfB.get(H3TestClient.TIMEOUT_SECONDS, TimeUnit.SECONDS));
        assertThat(pa.response().get().body()).hasSize(SIZE);
        assertThat(pb.response().get().body()).hasSize(SIZE);
        return race;
    }

    private static Http3Headers get(String priority) {
        Http3Headers h = new DefaultHttp3Headers().method("GET").path("/big").authority("localhost").scheme("https");
        if (priority != null) {
            h.add("priority", priority);
        }
        return h;
    }

    /** Counts a response's DATA bytes as they arrive, passing every frame on. */
    private static final class BodyBytes extends ChannelInboundHandlerAdapter {
        long bytes;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http3DataFrame data) {
                bytes += data.content().readableBytes();
            }
            ctx.fireChannelRead(msg);
        }
    }
}
