package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_NONE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.connected;
import static dev.pronto.core.internal.teleport.TeleportFixtures.frame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Response;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What becomes of a request still unanswered when its teleport connection closes. */
class TeleportClosedConnectionTest {
    private final List<Response> parked = new ArrayList<>();
    private final EmbeddedChannel ch = connected(TeleportFixtures.server(r -> r
            .get("/slow", (req, res) -> parked.add(res.async()))), HANDSHAKE_NONE);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @Test
    void aResponseKeptPastTheCloseRunsALateOnCancelAtOnce() {
        ch.writeInbound(Unpooled.wrappedBuffer(frame(1, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")));
        assertThat(parked).hasSize(1);
        ch.close();
        AtomicBoolean cancelled = new AtomicBoolean();

        parked.getFirst().onCancel(() -> cancelled.set(true));

        assertThat(cancelled).isTrue();
    }
}
