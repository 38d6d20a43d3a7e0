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
 * RFC 9218 priorities on HTTP/3: two large responses asked for at once on one connection. Without a
 * {@code priority} field (urgency 3, not incremental) they are sent one after the other, in stream order;
 * {@code priority: i} (incremental) shares the connection between them; a lower urgency goes first.
 */
class Http3PriorityTest {
    private static final int SIZE = 4 << 20;
    private static final byte[] BODY = new byte[SIZE];
    private Server server;
    private H3TestClient client;

    @BeforeEach
    void start() throws Exception {
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .http3(Http3Config.defaults().withRetry(Http3Config.Retry.OFF))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/big", (req, res) -> res.send(BODY))).build().start();
        client = new H3TestClient(server.ports().getFirst());
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(Duration.ZERO);
    }

    @Test
    void withoutAPriorityFieldTheFirstResponseIsSentWholeBeforeTheSecond() throws Exception {
        Race race = race(null, null);

        assertThat(race.secondHadWhenFirstEnded()).isLessThan(SIZE / 2);
    }

    @Test
    void incrementalResponsesShareTheConnection() throws Exception {
        Race race = race("u=3, i", "u=3, i");

        assertThat(race.secondHadWhenFirstEnded()).isGreaterThan(SIZE / 2);
    }

    @Test
    void aMoreUrgentResponseOvertakesOneAskedForEarlier() throws Exception {
        Race race = race("u=5", "u=1");

        assertThat(race.firstHadWhenSecondEnded()).isLessThan(SIZE / 2);
    }

    /** How much of each response had arrived when the other one ended. */
    private record Race(long secondHadWhenFirstEnded, long firstHadWhenSecondEnded) {
    }

    /** Asks for /big twice on one connection with these priority fields (null: none), the second just after the first. */
    private Race race(String first, String second) throws Exception {
        BodyBytes a = new BodyBytes();
        BodyBytes b = new BodyBytes();
        H3TestClient.Pending pa = client.start(get(first), null, a);
        H3TestClient.Pending pb = client.start(get(second), null, b);
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
