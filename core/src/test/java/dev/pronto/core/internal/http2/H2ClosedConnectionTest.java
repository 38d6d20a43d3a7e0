package dev.pronto.core.internal.http2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Response;
import dev.pronto.core.Server;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What becomes of a stream still unanswered when its HTTP/2 connection closes. */
class H2ClosedConnectionTest {
    private final List<Response> parked = new ArrayList<>();
    private final Server server = Server.builder().routes(r -> r
            .get("/slow", (req, res) -> parked.add(res.async()))).build();
    private final EmbeddedChannel ch = new EmbeddedChannel(server.channelInitializer());
    private final H2Wire wire = new H2Wire(ch);

    @AfterEach
    void close() {
        wire.release();
        ch.finishAndReleaseAll();
    }

    @Test
    void aResponseKeptPastTheCloseRunsALateOnCancelAtOnce() throws Exception {
        wire.start();
        wire.frame(H2Wire.HEADERS, H2Wire.END_HEADERS | H2Wire.END_STREAM, 1, wire.block("GET", "/slow"));
        assertThat(parked).hasSize(1);
        // the peer went away: past the pipeline, whose close would wait for the stream (graceful GOAWAY)
        ch.unsafe().close(ch.voidPromise());
        ch.runPendingTasks();
        AtomicBoolean cancelled = new AtomicBoolean();

        parked.getFirst().onCancel(() -> cancelled.set(true));

        assertThat(cancelled).isTrue();
    }
}
