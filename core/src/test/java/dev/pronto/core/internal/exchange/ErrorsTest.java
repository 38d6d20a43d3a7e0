package dev.pronto.core.internal.exchange;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.HttpException;
import dev.pronto.core.Routes;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How handler failures become responses: plain answers, custom error handlers and their failures. */
class ErrorsTest {
    private EmbeddedChannel ch;

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private String get(Consumer<Routes> routes, String path) {
        ch = TestChannels.server(routes);
        return exchange(ch, "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n");
    }

    @Test
    void badRequestExceptionSendsItsMessage() {
        String out = get(r -> r.get("/", (req, res) -> {
            throw new BadRequestException("x must be int");
        }), "/");

        assertThat(out).startsWith("HTTP/1.1 400 Bad Request\r\n")
                .contains("Content-Type: text/plain; charset=utf-8\r\n").endsWith("\r\n\r\nx must be int");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void unexpectedExceptionIsA500ThatHidesTheCause() {
        String out = get(r -> r.get("/", (req, res) -> {
            throw new RuntimeException("secret");
        }), "/");

        assertThat(out).startsWith("HTTP/1.1 500 Internal Server Error\r\n").endsWith("\r\n\r\nInternal Server Error")
                .doesNotContain("secret");
    }

    @Test
    void httpExceptionWithACustomStatusUsesIt() {
        String out = get(r -> r.get("/", (req, res) -> {
            throw new HttpException(418, "short and stout");
        }), "/");

        assertThat(out).startsWith("HTTP/1.1 418 ").endsWith("\r\n\r\nshort and stout");
    }

    @Test
    void headersOfTheFailedHandlerAreDropped() {
        String out = get(r -> r.get("/", (req, res) -> {
            res.header("X-Partial", "1");
            throw new BadRequestException("no");
        }), "/");

        assertThat(out).startsWith("HTTP/1.1 400 ").doesNotContain("X-Partial");
    }

    @Test
    void customStatusHandlerAnswersNotFound() {
        String out = get(r -> r.error(404, (req, res, err) -> res.send("no such page: " + req.path())), "/missing");

        assertThat(out).startsWith("HTTP/1.1 404 Not Found\r\n").endsWith("\r\n\r\nno such page: /missing");
    }

    @Test
    void customExceptionHandlerChoosesItsOwnStatus() {
        String out = get(r -> r
                .get("/", (req, res) -> {
                    throw new IllegalStateException("busy");
                })
                .exception(IllegalStateException.class, (req, res, err) -> res.status(409).send("conflict: " + err.getMessage())), "/");

        assertThat(out).startsWith("HTTP/1.1 409 Conflict\r\n").endsWith("\r\n\r\nconflict: busy");
    }

    @Test
    void nearestRegisteredSuperclassHandlerWins() {
        String out = get(r -> r
                .get("/", (req, res) -> {
                    throw new IllegalStateException("busy");
                })
                .exception(Exception.class, (req, res, err) -> res.send("exception"))
                .exception(RuntimeException.class, (req, res, err) -> res.send("runtime")), "/");

        assertThat(out).endsWith("\r\n\r\nruntime");
    }

    @Test
    void exceptionHandlerWinsOverStatusHandler() {
        String out = get(r -> r
                .get("/", (req, res) -> {
                    throw new IllegalStateException("busy");
                })
                .error(500, (req, res, err) -> res.send("by status"))
                .exception(IllegalStateException.class, (req, res, err) -> res.send("by type")), "/");

        assertThat(out).startsWith("HTTP/1.1 500 ").endsWith("\r\n\r\nby type");
    }

    @Test
    void errorHandlerThatThrowsFallsBackToThePlainAnswer() {
        String out = get(r -> r.error(404, (req, res, err) -> {
            res.header("X-Partial", "1");
            throw new IllegalStateException("handler bug");
        }), "/missing");

        assertThat(out).startsWith("HTTP/1.1 404 Not Found\r\n").endsWith("\r\n\r\nNot Found")
                .doesNotContain("X-Partial").doesNotContain("handler bug");
    }

    @Test
    void errorHandlerThatSendsNothingAnswersWithAnEmptyBody() {
        String out = get(r -> r.error(404, (req, res, err) -> res.header("X-Seen", "1")), "/missing");

        assertThat(out).startsWith("HTTP/1.1 404 Not Found\r\n").contains("X-Seen: 1\r\n", "Content-Length: 0\r\n");
    }

    @Test
    void methodNotAllowedHandlerKeepsTheAllowHeader() {
        String out = get(r -> r
                .post("/", (req, res) -> res.send())
                .error(405, (req, res, err) -> res.send("use POST")), "/");

        assertThat(out).startsWith("HTTP/1.1 405 ").contains("Allow: POST, OPTIONS\r\n").endsWith("\r\n\r\nuse POST");
    }

    @Test
    void failedCompletionStageIsMappedLikeAThrownException() {
        String out = get(r -> r.get("/", (req, res) -> res.send(CompletableFuture.failedFuture(new BadRequestException("late")))), "/");

        assertThat(out).startsWith("HTTP/1.1 400 Bad Request\r\n").endsWith("\r\n\r\nlate");
    }

    @Test
    void exceptionAfterTheResponseWasSentKeepsThatResponse() {
        String out = get(r -> r.get("/", (req, res) -> {
            res.send("done");
            throw new IllegalStateException("too late");
        }), "/");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\ndone");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void exceptionAfterTheResponseWasSentLeavesTheNextRequestItsOwnAnswer() {
        get(r -> r.get("/", (req, res) -> {
            res.send("done");
            throw new IllegalStateException("too late");
        }).get("/next", (req, res) -> res.send("next")), "/");

        assertThat(exchange(ch, "GET /next HTTP/1.1\r\nHost: x\r\n\r\n")).startsWith("HTTP/1.1 200 OK\r\n").endsWith("next");
    }

    @Test
    void connectionServesTheNextRequestAfterAnError() {
        get(r -> r.get("/", (req, res) -> {
            throw new RuntimeException("boom");
        }).get("/ok", (req, res) -> res.send("ok")), "/");

        assertThat(exchange(ch, "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")).startsWith("HTTP/1.1 200 OK\r\n").endsWith("ok");
    }
}
