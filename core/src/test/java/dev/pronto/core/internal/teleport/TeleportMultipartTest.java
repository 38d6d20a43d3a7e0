package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_NONE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.frame;
import static dev.pronto.core.internal.teleport.TeleportFixtures.text;
import static dev.pronto.core.internal.teleport.TeleportFixtures.written;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Handler;
import dev.pronto.core.RouteOptions;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A multipart form on a teleport connection, streamed to the same parser as on HTTP. */
class TeleportMultipartTest {
    private static final String FORM = "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\n\r\nhello\r\n--b--\r\n";
    private final EmbeddedChannel ch = TeleportFixtures.connected(TeleportFixtures.server(c -> { },
            r -> r.post("/form", RouteOptions.streaming(), Handler.async((req, res) -> req.multipart()
                    .thenApply(f -> f.value("a") + " " + f.file("f").filename() + " " + f.file("f").size())))),
            HANDSHAKE_NONE);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @Test
    void aFormIsParsedAsOverHttp() {
        assertThat(send(FORM)).startsWith("\1\0\0\0HTTP/1.1 200 ").endsWith("\r\n\r\n1 x.txt 5");
    }

    @Test
    void aTruncatedFormIsA400() {
        assertThat(send(FORM.substring(0, FORM.length() - 8))).startsWith("\1\0\0\0HTTP/1.1 400 ");
    }

    private String send(String body) {
        byte[] head = frame(1, "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                + "Content-Length: " + body.length() + "\r\n\r\n");
        ch.writeInbound(Unpooled.wrappedBuffer(head, body.getBytes(StandardCharsets.ISO_8859_1)));
        ch.runPendingTasks();
        return text(written(ch));
    }
}
