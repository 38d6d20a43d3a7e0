package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Response;
import dev.pronto.core.Routes;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pipelined requests: responses in request order whatever order handlers finish in, batched flushes, back-pressure. */
class PipeliningTest {
    private final List<Response> parked = new ArrayList<>();
    private final List<ByteBuf> received = new ArrayList<>();
    private final Consumer<Routes> routes = r -> r
            .get("/n/{i}", (req, res) -> res.send(req.param("i")))
            .get("/slow/{i}", (req, res) -> parked.add(res.async()))
            .post("/later", (req, res) -> {
                received.add(req.body());
                parked.add(res.async());
            });
    private final FlushCounter flushes = new FlushCounter();
    private EmbeddedChannel ch = withCounter(TestChannels.server(routes));

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private EmbeddedChannel withCounter(EmbeddedChannel channel) {
        channel.pipeline().addFirst(flushes);
        return channel;
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    /** The bodies of the responses in {@code out}, in order. */
    private static List<String> bodies(String out) {
        return Arrays.stream(out.split("HTTP/1\\.1 ")).skip(1).map(r -> r.substring(r.indexOf("\r\n\r\n") + 4)).toList();
    }

    private void complete(int i, String body) {
        parked.get(i).send(body);
        ch.runPendingTasks();
    }

    @Test
    void sixteenPipelinedRequestsAreAnsweredInOrderWithOneFlush() {
        String batch = IntStream.range(0, 16).mapToObj(i -> get("/n/" + i)).reduce("", String::concat);

        String out = exchange(ch, batch);

        assertThat(bodies(out)).containsExactlyElementsOf(IntStream.range(0, 16).mapToObj(String::valueOf).toList());
        assertThat(flushes.count).isEqualTo(1);
    }

    @Test
    void fastResponsesWaitForAnEarlierSlowOne() {
        assertThat(exchange(ch, get("/slow/0") + get("/n/1") + get("/n/2"))).isEmpty();

        complete(0, "slow");

        assertThat(bodies(readAll(ch))).containsExactly("slow", "1", "2");
    }

    @Test
    void laterAsyncResponseCompletingFirstWaitsForTheEarlierOne() {
        exchange(ch, get("/slow/0") + get("/slow/1"));

        complete(1, "second");
        assertThat(readAll(ch)).isEmpty();
        complete(0, "first");

        assertThat(bodies(readAll(ch))).containsExactly("first", "second");
    }

    @Test
    void connectionKeepsServingAfterTheQueueDrains() {
        exchange(ch, get("/slow/0") + get("/n/1"));
        complete(0, "slow");
        readAll(ch);

        assertThat(bodies(exchange(ch, get("/n/3")))).containsExactly("3");
    }

    @Test
    void asyncRequestBodyStaysIntactWhileLaterRequestsArrive() {
        exchange(ch, "POST /later HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nfirst" + get("/n/1").substring(0, 10));
        exchange(ch, get("/n/1").substring(10) + get("/n/2"));

        complete(0, received.getFirst().toString(StandardCharsets.ISO_8859_1));

        assertThat(bodies(readAll(ch))).containsExactly("first", "1", "2");
    }

    @Test
    void rejectionWaitsForAnEarlierAsyncResponseThenCloses() {
        assertThat(exchange(ch, get("/slow/0") + "FOO / HTTP/1.1\r\n\r\n" + get("/n/2"))).isEmpty();

        complete(0, "slow");

        String out = readAll(ch);
        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").contains("\r\n\r\nslowHTTP/1.1 501 ").doesNotContain("\r\n\r\n2");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void lateCompletionAfterTheConnectionClosedIsDropped() {
        exchange(ch, get("/slow/0") + get("/n/1"));
        ch.close();

        complete(0, "late");

        assertThat(readAll(ch)).isEmpty();
    }

    @Test
    void closingReleasesTheBodiesOfEveryPendingRequest() {
        String post = "POST /later HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc";
        exchange(ch, get("/slow/0") + post + post);

        ch.close();

        assertThat(received).hasSize(2).allSatisfy(body -> assertThat(body.refCnt()).isZero());
    }

    @Test
    void tooManyPendingResponsesStopReadingAndHandlers() {
        ch.finishAndReleaseAll();
        ch = withCounter(TestChannels.server(c -> c.maxPendingResponses(4), routes));

        exchange(ch, IntStream.range(0, 10).mapToObj(i -> get("/slow/" + i)).reduce("", String::concat));

        assertThat(parked).hasSize(4);
        assertThat(ch.config().isAutoRead()).isFalse();
    }

    @Test
    void completingPendingResponsesResumesTheRestInOrder() {
        ch.finishAndReleaseAll();
        ch = withCounter(TestChannels.server(c -> c.maxPendingResponses(4), routes));
        exchange(ch, IntStream.range(0, 10).mapToObj(i -> get("/slow/" + i)).reduce("", String::concat));

        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            complete(i, "r" + i);
            out.append(readAll(ch));
        }

        assertThat(bodies(out.toString())).containsExactlyElementsOf(IntStream.range(0, 10).mapToObj(i -> "r" + i).toList());
        assertThat(ch.config().isAutoRead()).isTrue();
    }

    @Test
    void completingHalfThePendingResponsesRunsMoreHandlers() {
        ch.finishAndReleaseAll();
        ch = withCounter(TestChannels.server(c -> c.maxPendingResponses(4), routes));
        exchange(ch, IntStream.range(0, 10).mapToObj(i -> get("/slow/" + i)).reduce("", String::concat));

        complete(0, "r0");
        complete(1, "r1");

        assertThat(parked).hasSize(6);
        assertThat(bodies(readAll(ch))).containsExactly("r0", "r1");
    }

    @ChannelHandler.Sharable
    private static final class FlushCounter extends ChannelOutboundHandlerAdapter {
        int count;

        @Override
        public void flush(ChannelHandlerContext ctx) throws Exception {
            count++;
            super.flush(ctx);
        }
    }
}
