package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_NONE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.frame;
import static dev.pronto.core.internal.teleport.TeleportFixtures.text;
import static dev.pronto.core.internal.teleport.TeleportFixtures.written;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Routes;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Teleport frames the whole response it is handed, and a HEAD answer keeps its length but not its body. */
class TeleportResponseBodyTest {
    private static final int LARGE = 5000;
    private final Consumer<Routes> routes = r -> r
            .get("/large", (req, res) -> res.send(ByteBufAllocator.DEFAULT.buffer(LARGE).writeZero(LARGE)))
            .get("/stream", (req, res) -> {
                var w = res.stream();
                w.write("one,");
                w.write("two");
                w.end();
            });
    private final EmbeddedChannel ch = TeleportFixtures.connected(TeleportFixtures.server(routes), HANDSHAKE_NONE);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private String send(String request) {
        ch.writeInbound(Unpooled.wrappedBuffer(frame(1, request)));
        return text(written(ch)).substring(4);
    }

    @Test
    void headOfALargeBufferAnswersItsLengthWithoutTheBody() {
        String out = send("HEAD /large HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(out).contains("Content-Length: 5000\r\n").endsWith("\r\n\r\n");
    }

    @Test
    void aLargeBufferFollowsItsHead() {
        String out = send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(out).contains("Content-Length: 5000\r\n");
        assertThat(out.length() - out.indexOf("\r\n\r\n") - 4).isEqualTo(LARGE);
    }

    @Test
    void headOfAStreamedBodyAnswersTheGatheredLengthWithoutTheBody() {
        String out = send("HEAD /stream HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(out).contains("Content-Length: 7\r\n").endsWith("\r\n\r\n");
    }
}
