package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.H3TestClient;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Headers;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Two large responses on one HTTP/3 connection, for the priority tests: how much of each had arrived when the
 * other one ended shows which was sent first, or whether they shared the connection.
 *
 * @param secondHadWhenFirstEnded DATA bytes of the second response when the first one ended
 * @param firstHadWhenSecondEnded DATA bytes of the first response when the second one ended
 */
record H3ResponseRace(long secondHadWhenFirstEnded, long firstHadWhenSecondEnded) {
    /** The size of {@code /big}: large enough that two of them cannot be sent in one congestion window. */
    static final int SIZE = 4 << 20;
    private static final byte[] BODY = new byte[SIZE];

    /** A started HTTP/3 server on one event loop answering {@code /big} ({@link #SIZE} bytes) and {@code /ok}. */
    static Server server() {
        return Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .http3(Http3Config.defaults().withRetry(Http3Config.Retry.OFF))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/big", (req, res) -> res.send(BODY)).get("/ok", (req, res) -> res.send("ok")))
                .build().start();
    }

    /** A {@code GET /big} with this {@code priority} field (null: none). */
    static Http3Headers getBig(String priority) {
        Http3Headers h = new DefaultHttp3Headers().method("GET").path("/big").authority("localhost").scheme("https");
        if (priority != null) {
            h.add("priority", priority);
        }
        return h;
    }

    /** Waits for both responses (each {@code size} bytes, checked) and tells how they raced. */
    static H3ResponseRace of(H3TestClient.Pending pa, BodyBytes a, H3TestClient.Pending pb, BodyBytes b, int size)
            throws Exception {
        // both streams run on the connection's event loop: each count is read there, as the other response ends
        CompletableFuture<Long> bAtEndOfA = pa.response().thenApply(r -> b.bytes);
        CompletableFuture<Long> aAtEndOfB = pb.response().thenApply(r -> a.bytes);
        H3ResponseRace race = new H3ResponseRace(bAtEndOfA.get(H3TestClient.TIMEOUT_SECONDS, TimeUnit.SECONDS),
                aAtEndOfB.get(H3TestClient.TIMEOUT_SECONDS, TimeUnit.SECONDS));
        assertThat(pa.response().get().body()).hasSize(size);
        assertThat(pb.response().get().body()).hasSize(size);
        return race;
    }

    /** Counts a response's DATA bytes as they arrive, passing every frame on. */
    static final class BodyBytes extends ChannelInboundHandlerAdapter {
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
