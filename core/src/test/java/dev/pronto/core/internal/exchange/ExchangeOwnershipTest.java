package dev.pronto.core.internal.exchange;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.Routes;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request or response kept past its exchange never acts on the request that reuses the pooled
 * exchange; every request gets its own answer.
 */
class ExchangeOwnershipTest {
    private final List<Response> kept = new ArrayList<>();
    private final List<Request> keptRequests = new ArrayList<>();
    private final List<Response> parked = new ArrayList<>();
    private final Consumer<Routes> routes = r -> r
            .get("/a", (req, res) -> {
                kept.add(res);
                keptRequests.add(req);
                res.send("a");
            })
            .get("/b", (req, res) -> res.send("b"))
            .get("/slow", (req, res) -> parked.add(res.async()))
            .get("/twice", (req, res) -> {
                res.send("first");
                res.send(CompletableFuture.completedFuture("second"));
            })
            .get("/stage", (req, res) -> {
                CompletableFuture<String> later = new CompletableFuture<>();
                res.send(later);
                res.send("now");
                later.complete("too late");
            });
    private final EmbeddedChannel ch = TestChannels.server(routes);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    @Test
    void keptResponseCannotAnswerTheNextRequest() {
        exchange(ch, get("/a"));
        exchange(ch, get("/slow"));

        assertThatThrownBy(() -> kept.getFirst().status(504).send("late"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("route /a");
        parked.getFirst().send("slow");

        assertThat(readAll(ch)).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nslow");
    }

    @Test
    void keptResponseCannotAnswerAPipelinedRequest() {
        assertThat(exchange(ch, get("/a") + get("/slow") + get("/b"))).endsWith("\r\n\r\na");

        assertThatThrownBy(() -> kept.getFirst().send("late")).isInstanceOf(IllegalStateException.class);
        parked.getFirst().send("slow");

        String out = readAll(ch);
        assertThat(out).contains("\r\n\r\nslowHTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nb").doesNotContain("late");
    }

    @Test
    void keptResponseReleasesTheBufferItCannotSend() {
        exchange(ch, get("/a"));
        io.netty.buffer.ByteBuf late = io.netty.buffer.Unpooled.copiedBuffer("late", java.nio.charset.StandardCharsets.US_ASCII);

        assertThatThrownBy(() -> kept.getFirst().send(late)).isInstanceOf(IllegalStateException.class);
        assertThat(late.refCnt()).isZero();
    }

    @Test
    void keptRequestCannotReadTheNextRequest() {
        exchange(ch, get("/a"));
        exchange(ch, get("/slow"));

        assertThatThrownBy(() -> keptRequests.getFirst().header("host")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> keptRequests.getFirst().uri()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void keptResponseReportsItselfSent() {
        exchange(ch, get("/a"));
        exchange(ch, get("/slow"));

        assertThat(kept.getFirst().sent()).isTrue();
        assertThat(parked.getFirst().sent()).isFalse();
    }

    @Test
    void secondSendOnTheSameResponseFailsAtTheCall() {
        String out = exchange(ch, get("/twice"));

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nfirst");
        assertThat(exchange(ch, get("/b"))).endsWith("\r\n\r\nb");
    }

    @Test
    void stageCompletingAfterTheHandlerAnsweredIsDropped() {
        assertThat(exchange(ch, get("/stage"))).endsWith("\r\n\r\nnow");

        assertThat(exchange(ch, get("/b"))).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nb");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void asyncResponseAnsweredLaterStillReachesItsOwnRequest() {
        exchange(ch, get("/slow") + get("/b"));

        parked.getFirst().send("slow");

        assertThat(readAll(ch)).contains("\r\n\r\nslowHTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nb");
    }
}
