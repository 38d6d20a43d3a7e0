package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.ascii;
import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Response;
import dev.pronto.core.Server;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What becomes of a request still unanswered when its HTTP/1.1 connection closes. */
class ClosedConnectionTest {
    private final List<Response> parked = new ArrayList<>();
    private final Server server = Server.builder().config(c -> c.maxInFlight(1)).routes(r -> r
            .get("/slow", (req, res) -> parked.add(res.async()))
            .get("/ok", (req, res) -> res.send("ok"))).build();
    private final EmbeddedChannel ch = new EmbeddedChannel(server.channelInitializer());

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private void parkThenClose() {
        ch.writeInbound(ascii("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertThat(parked).hasSize(1);
        ch.close();
    }

    @Test
    void aResponseKeptPastTheCloseRunsALateOnCancelAtOnce() {
        parkThenClose();
        AtomicBoolean cancelled = new AtomicBoolean();

        parked.getFirst().onCancel(() -> cancelled.set(true));

        assertThat(cancelled).isTrue();
    }

    @Test
    void aRequestUnansweredWhenItsConnectionClosesNoLongerCountsAsInFlight() {
        parkThenClose();
        EmbeddedChannel next = new EmbeddedChannel(server.channelInitializer());
        try {
            assertThat(exchange(next, "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")).startsWith("HTTP/1.1 200 OK\r\n");
        } finally {
            next.finishAndReleaseAll();
        }
    }
}
