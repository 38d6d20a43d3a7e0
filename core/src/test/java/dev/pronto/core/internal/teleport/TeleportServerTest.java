package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.GET_ROOT;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_NONE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HEX;
import static dev.pronto.core.internal.teleport.TeleportFixtures.concat;
import static dev.pronto.core.internal.teleport.TeleportFixtures.frame;
import static dev.pronto.core.internal.teleport.TeleportFixtures.text;
import static dev.pronto.core.internal.teleport.TeleportFixtures.written;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.HttpException;
import dev.pronto.core.Response;
import dev.pronto.core.Routes;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Request and response messages on a teleport connection (compression none): framing, order, limits. */
class TeleportServerTest {
    private final List<Response> parked = new ArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();
    private final List<String> seen = new ArrayList<>();
    private final Consumer<Routes> routes = r -> r
            .get("/", (req, res) -> res.send("Hello, World!"))
            .get("/slow/{i}", (req, res) -> parked.add(res.async()))
            .get("/count", (req, res) -> res.send(Integer.toString(calls.incrementAndGet())))
            .get("/teapot", (req, res) -> {
                throw new HttpException(418, "short and stout");
            })
            .post("/echo", (req, res) -> res.send(req.bodyBytes()))
            .get("/stream", (req, res) -> {
                var w = res.stream();
                w.write("one,");
                w.write("two");
                w.end();
            })
            .onRequest((req, res) -> seen.add(req.method() + " " + req.path()));
    private EmbeddedChannel ch = TeleportFixtures.connected(TeleportFixtures.server(routes), HANDSHAKE_NONE);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private byte[] send(byte[] bytes) {
        ch.writeInbound(Unpooled.wrappedBuffer(bytes));
        return written(ch);
    }

    @Test
    void answersTheObservedFirstRequestBehindItsId() {
        byte[] request = frame(1, GET_ROOT);
        assertThat(HEX.formatHex(request, 0, 8)).isEqualTo("01 00 00 00 47 45 54 20");
        assertThat(request).hasSize(39);

        byte[] out = send(request);

        assertThat(HEX.formatHex(out, 0, 4)).isEqualTo("01 00 00 00");
        assertThat(text(out).substring(4)).isEqualTo("HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 13\r\n"
                + "Date: *\r\n\r\nHello, World!");
    }

    @Test
    void writesResponsesInCompletionOrder() {
        send(concat(frame(1, "GET /slow/1 HTTP/1.1\r\nHost: x\r\n\r\n"), frame(2, "GET /slow/2 HTTP/1.1\r\nHost: x\r\n\r\n")));

        parked.get(1).send("second");
        byte[] first = written(ch);
        parked.get(0).send("first");
        byte[] second = written(ch);

        assertThat(HEX.formatHex(first, 0, 4)).isEqualTo("02 00 00 00");
        assertThat(text(first)).endsWith("second");
        assertThat(HEX.formatHex(second, 0, 4)).isEqualTo("01 00 00 00");
        assertThat(text(second)).endsWith("first");
    }

    @Test
    void batchesTheResponsesOfOneReadIntoOneFlush() {
        FlushCounter flushes = new FlushCounter();
        ch.pipeline().addFirst(flushes);

        byte[] out = send(concat(frame(1, GET_ROOT), frame(2, GET_ROOT), frame(3, GET_ROOT)));

        assertThat(text(out).split("HTTP/1.1 200 OK")).hasSize(4);
        assertThat(flushes.count).isEqualTo(1);
    }

    @Test
    void runsFireAndForgetRequestsWithoutAnswering() {
        byte[] out = send(concat(frame(0, "GET /count HTTP/1.1\r\nHost: x\r\n\r\n"), frame(7, "GET /count HTTP/1.1\r\nHost: x\r\n\r\n")));

        assertThat(calls).hasValue(2);
        assertThat(HEX.formatHex(out, 0, 4)).isEqualTo("07 00 00 00");
        assertThat(text(out)).endsWith("\r\n\r\n2").containsOnlyOnce("HTTP/1.1");
    }

    @Test
    void answers429PastMaxPendingResponses() {
        ch.finishAndReleaseAll();
        ch = TeleportFixtures.connected(TeleportFixtures.server(c -> c.maxPendingResponses(2), routes), HANDSHAKE_NONE);

        byte[] out = send(concat(frame(1, "GET /slow/1 HTTP/1.1\r\nHost: x\r\n\r\n"),
                frame(2, "GET /slow/2 HTTP/1.1\r\nHost: x\r\n\r\n"), frame(3, "GET /slow/3 HTTP/1.1\r\nHost: x\r\n\r\n")));

        assertThat(HEX.formatHex(out, 0, 4)).isEqualTo("03 00 00 00");
        assertThat(text(out)).startsWith("\3\0\0\0HTTP/1.1 429 Too Many Requests\r\n").contains("maxPendingResponses");
        assertThat(parked).hasSize(2);
        assertThat(ch.isActive()).isTrue();
    }

    @Test
    void runsHooksAndErrorMappingAsOverHttp() {
        byte[] out = send(frame(5, "GET /teapot HTTP/1.1\r\nHost: x\r\n\r\n"));

        assertThat(text(out)).startsWith("\5\0\0\0HTTP/1.1 418 ").endsWith("short and stout");
        assertThat(seen).containsExactly("GET /teapot");
    }

    @Test
    void readsARequestBodyByContentLength() {
        byte[] out = send(frame(9, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"));

        assertThat(text(out)).startsWith("\t\0\0\0HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nhello");
    }

    @Test
    void readsAChunkedRequestBody() {
        byte[] out = send(frame(9, "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhe\r\n3\r\nllo\r\n0\r\n\r\n"));

        assertThat(text(out)).endsWith("Content-Length: 5\r\nDate: *\r\n\r\nhello");
    }

    @Test
    void readsAMessageSplitAcrossReads() {
        byte[] request = frame(3, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello");
        for (int i = 0; i < request.length - 1; i++) {
            assertThat(send(new byte[] {request[i]})).isEmpty();
        }

        assertThat(text(send(new byte[] {request[request.length - 1]}))).endsWith("hello");
    }

    @Test
    void sendsAStreamedResponseWholeWithContentLength() {
        byte[] out = send(frame(4, "GET /stream HTTP/1.1\r\nHost: x\r\n\r\n"));

        assertThat(text(out)).contains("Content-Length: 7\r\n").doesNotContain("chunked").endsWith("\r\n\r\none,two");
    }

    @Test
    void keepsTheConnectionAfterAnUnknownRoute() {
        byte[] out = send(concat(frame(1, "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n"), frame(2, GET_ROOT)));

        assertThat(text(out)).startsWith("\1\0\0\0HTTP/1.1 404 ").endsWith("Hello, World!");
        assertThat(ch.isActive()).isTrue();
    }

    /** Counts flushes passing towards the socket. */
    static final class FlushCounter extends io.netty.channel.ChannelOutboundHandlerAdapter {
        int count;

        @Override
        public void flush(io.netty.channel.ChannelHandlerContext ctx) {
            count++;
            ctx.flush();
        }
    }
}
