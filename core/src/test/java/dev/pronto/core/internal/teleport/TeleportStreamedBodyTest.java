package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_NONE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.frame;
import static dev.pronto.core.internal.teleport.TeleportFixtures.text;
import static dev.pronto.core.internal.teleport.TeleportFixtures.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Streamed responses on teleport: gathered on the writer's thread, bounded by maxBodySize, abortable. */
class TeleportStreamedBodyTest {
    private final List<CompletableFuture<Void>> stages = new ArrayList<>();
    private final EmbeddedChannel ch = TeleportFixtures.server(c -> c.maxBodySize(100), r -> r
            .get("/big", (req, res) -> {
                var w = res.stream();
                stages.add(w.write("a".repeat(60)).toCompletableFuture());
                stages.add(w.write("b".repeat(60)).toCompletableFuture());
            })
            .get("/aborted", (req, res) -> {
                var w = res.stream();
                stages.add(w.write("partial").toCompletableFuture());
                w.abort();
            })
            .get("/small", (req, res) -> {
                var w = res.stream();
                stages.add(w.write("one,").toCompletableFuture());
                stages.add(w.end().toCompletableFuture());
            }));

    TeleportStreamedBodyTest() {
        TeleportFixtures.connected(ch, HANDSHAKE_NONE);
    }

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private byte[] get(String path) {
        ch.writeInbound(Unpooled.wrappedBuffer(frame(3, "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n")));
        ch.runPendingTasks();
        return written(ch);
    }

    @Test
    void writesCompleteAtOnceAndTheBodyLeavesWhole() {
        byte[] out = get("/small");

        assertThat(stages).allSatisfy(s -> assertThat(s).isCompleted());
        assertThat(text(out)).startsWith("\3\0\0\0HTTP/1.1 200 ").contains("Content-Length: 4\r\n").endsWith("one,");
    }

    @Test
    void aBodyOverMaxBodySizeFailsItsWriteAndClosesTheConnection() {
        get("/big");

        assertThat(stages.get(0)).isCompleted();
        assertThat(stages.get(1)).isCompletedExceptionally();
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void anAbortedBodyClosesTheConnectionWithoutAResponse() {
        byte[] out = get("/aborted");

        assertThat(text(out)).doesNotContain("partial");
        assertThat(ch.isActive()).isFalse();
    }
}
