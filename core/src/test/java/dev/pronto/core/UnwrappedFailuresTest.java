package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A blocking handler that waits on a failed stage throws what {@code get()} or {@code join()} wrap: the
 * answer is the status of the cause, and a 503 says when to retry. Path parameters read as numbers are a
 * 400 when they are not.
 */
class UnwrappedFailuresTest {
    private static TestClient client;

    private static CompletableFuture<String> unavailable() {
        return CompletableFuture.failedFuture(new ServiceUnavailableException("database unavailable"));
    }

    @BeforeAll
    static void start() {
        client = TestClient.start(Server.builder().routes(r -> r
                .get("/get", RouteOptions.blocking(), (req, res) -> res.send(unavailable().get()))
                .get("/join", RouteOptions.blocking(), (req, res) -> res.send(unavailable().join()))
                .get("/todos/{id}", (req, res) -> res.send("todo " + req.paramLong("id")))
                .get("/pages/{n}", (req, res) -> res.send("page " + req.paramInt("n")))));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void executionExceptionAnswersWithItsCause() {
        TestResponse res = client.get("/get");

        assertThat(res.status()).isEqualTo(503);
        assertThat(res.text()).isEqualTo("database unavailable");
    }

    @Test
    void completionExceptionAnswersWithItsCause() {
        assertThat(client.get("/join").status()).isEqualTo(503);
    }

    @Test
    void a503SaysWhenToRetry() {
        assertThat(client.get("/get").header("Retry-After")).isEqualTo("1");
    }

    @Test
    void numericPathParameters() {
        assertThat(client.get("/todos/7").text()).isEqualTo("todo 7");
        assertThat(client.get("/pages/2").text()).isEqualTo("page 2");
    }

    @Test
    void pathParameterThatIsNotANumberIs400NamingIt() {
        TestResponse res = client.get("/todos/abc");

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).isEqualTo("path parameter 'id' must be an integer, got 'abc'");
    }
}
