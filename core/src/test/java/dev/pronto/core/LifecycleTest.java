package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import dev.pronto.testsupport.Await;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class LifecycleTest {
    /** The carrier every request of this instance uses: the class runs once per carrier. */
    private final TestClient.Protocol protocol;

    TestClient.Protocol protocol() {
        return protocol;
    }

    LifecycleTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
    }

    private final List<String> calls = new CopyOnWriteArrayList<>();

    private TestClient client(Consumer<Routes> routes) {
        return TestCarriers.start(Server.builder().routes(routes), protocol());
    }

    private Consumer<Routes> recording() {
        return r -> r
                .onRequest((req, res) -> calls.add("root.onRequest"))
                .preHandler((req, res) -> calls.add("root.preHandler"))
                .onSend((req, res) -> calls.add("root.onSend"))
                .onResponse((req, status, bytes, nanos) -> calls.add("root.onResponse " + status))
                .group("/api", g -> g
                        .onRequest((req, res) -> calls.add("api.onRequest"))
                        .preHandler((req, res) -> calls.add("api.preHandler"))
                        .onSend((req, res) -> calls.add("api.onSend"))
                        .get("/x", (req, res) -> {
                            calls.add("handler");
                            res.send("x");
                        }))
                .group("/other", g -> g
                        .preHandler((req, res) -> calls.add("other.preHandler"))
                        .get("/y", (req, res) -> res.send("y")));
    }

    @Test
    void hooksRunInDocumentedOrder() {
        try (TestClient c = client(recording())) {
            c.get("/api/x");
        }

        assertThat(calls).containsExactly("root.onRequest", "api.onRequest", "root.preHandler", "api.preHandler",
                "handler", "root.onSend", "api.onSend", "root.onResponse 200");
    }

    @Test
    void siblingGroupsDoNotSeeEachOthersHooks() {
        try (TestClient c = client(recording())) {
            c.get("/other/y");
        }

        assertThat(calls).contains("other.preHandler").noneMatch(s -> s.startsWith("api."));
    }

    @Test
    void preHandlerCanAnswerEarly() {
        try (TestClient c = client(r -> r
                .preHandler((req, res) -> {
                    if (req.header("Authorization") == null) {
                        res.status(401).send("log in first");
                    }
                })
                .get("/secret", (req, res) -> res.send("secret")))) {
            assertThat(c.get("/secret").status()).isEqualTo(401);
            assertThat(c.request("GET", "/secret", Map.of("Authorization", "Bearer x"), null).text()).isEqualTo("secret");
        }
    }

    @Test
    void asyncHookDelaysTheHandlerUntilItCompletes() {
        try (TestClient c = client(r -> r
                .preHandlerAsync((req, res) -> CompletableFuture.runAsync(() -> req.attribute("user", "ada")))
                .get("/me", (req, res) -> res.send("hello " + req.attribute("user"))))) {
            assertThat(c.get("/me").text()).isEqualTo("hello ada");
        }
    }

    @Test
    void asyncHookThatAnswersEndsTheChain() {
        java.util.concurrent.atomic.AtomicInteger handled = new java.util.concurrent.atomic.AtomicInteger();
        try (TestClient c = client(r -> r
                .preHandlerAsync((req, res) -> CompletableFuture.runAsync(() -> res.status(401).send("who are you")))
                .get("/me", (req, res) -> {
                    handled.incrementAndGet();
                    res.send("never");
                }))) {
            TestResponse resp = c.get("/me");

            assertThat(resp.status()).isEqualTo(401);
            assertThat(c.get("/me").text()).isEqualTo("who are you");
            assertThat(handled).hasValue(0);
        }
    }

    @Test
    void failedAsyncHookMapsLikeAThrownException() {
        try (TestClient c = client(r -> r
                .preHandlerAsync((req, res) -> CompletableFuture.failedFuture(new HttpException(403, "forbidden")))
                .get("/me", (req, res) -> res.send("never")))) {
            TestResponse resp = c.get("/me");

            assertThat(resp.status()).isEqualTo(403);
            assertThat(resp.text()).isEqualTo("forbidden");
        }
    }

    @Test
    void groupErrorHandlerAndNotFoundStayInTheGroup() {
        try (TestClient c = client(r -> r
                .get("/boom", (req, res) -> {
                    throw new IllegalStateException("x");
                })
                .group("/api", g -> g
                        .exception(IllegalStateException.class, (req, res, e) -> res.status(409).send("api conflict"))
                        .notFound((req, res) -> res.status(404).send("no such api"))
                        .get("/boom", (req, res) -> {
                            throw new IllegalStateException("x");
                        })))) {
            assertThat(c.get("/api/boom").status()).isEqualTo(409);
            assertThat(c.get("/boom").status()).isEqualTo(500);
            assertThat(c.get("/api/missing").text()).isEqualTo("no such api");
            assertThat(c.get("/missing").text()).isEqualTo("Not Found");
        }
    }

    @Test
    void onErrorObservesErrorResponses() {
        try (TestClient c = client(r -> r
                .onError((req, error, status) -> calls.add(status + " " + error.getMessage()))
                .get("/bad", (req, res) -> {
                    throw new BadRequestException("limit must be positive");
                }))) {
            c.get("/bad");
        }

        assertThat(calls).containsExactly("400 limit must be positive");
    }

    @Test
    void pluginHooksStayInsideThePlugin() {
        Consumer<Routes> plugin = p -> p.preHandler((req, res) -> calls.add("plugin")).get("/p", (req, res) -> res.send("p"));
        try (TestClient c = client(r -> r.register(plugin).get("/q", (req, res) -> res.send("q")))) {
            c.get("/q");
            c.get("/p");
        }

        assertThat(calls).containsExactly("plugin");
    }

    @Test
    void accessLogEchoesOrGeneratesTheRequestId() {
        try (TestClient c = client(r -> r.register(AccessLog.create()).get("/", (req, res) -> res.send("ok")))) {
            assertThat(c.request("GET", "/", Map.of("X-Request-Id", "abc-123"), null).header("X-Request-Id")).isEqualTo("abc-123");
            assertThat(c.get("/").header("X-Request-Id")).matches("[0-9a-f]{16}");
        }
    }

    @Test
    void metricsExposePerRouteCountsInPrometheusFormat() {
        Metrics metrics = Metrics.create();
        try (TestClient c = client(r -> r.register(metrics).get("/users/{id}", (req, res) -> res.send("u")))) {
            c.get("/users/1");
            c.get("/users/2");
            c.get("/nope");
            String text = c.get("/metrics").text();

            assertThat(text).containsPattern("http_server_requests_seconds_count\\{method=\"GET\",outcome=\"SUCCESS\","
                            + "protocol=\"HTTP/[123].[01]\",status=\"200\",uri=\"/users/\\{id}\"} 2")
                    .containsPattern("http_server_requests_seconds_count\\{method=\"GET\",outcome=\"CLIENT_ERROR\","
                            + "protocol=\"HTTP/[123].[01]\",status=\"404\",uri=\"NOT_FOUND\"} 1");
        }
    }

    @Test
    void requestsBeyondMaxInFlightGetAFast503() {
        CompletableFuture<String> gate = new CompletableFuture<>();
        try (TestClient c = TestCarriers.start(Server.builder().config(cfg -> cfg.maxInFlight(1))
                .routes(r -> r.get("/slow", Handler.async((req, res) -> gate)).get("/fast", (req, res) -> res.send("f"))), protocol())) {
            CompletableFuture<TestResponse> slow = CompletableFuture.supplyAsync(() -> c.get("/slow"));
            TestResponse shed = awaitShed(c);
            gate.complete("done");

            assertThat(shed.status()).isEqualTo(503);
            assertThat(shed.header("Retry-After")).isEqualTo("1");
            assertThat(slow.join().text()).isEqualTo("done");
            assertThat(c.get("/fast").text()).isEqualTo("f");
        }
    }

    /** Polls until the slow request occupies the only slot (bounded; no fixed sleep). */
    private static TestResponse awaitShed(TestClient c) {
        TestResponse[] last = new TestResponse[1];
        // a timeout leaves the caller's status assertion to tell what came back instead
        Await.within(Await.DEFAULT, () -> (last[0] = c.get("/fast")).status() == 503);
        return last[0];
    }

    @Test
    void problemJsonListsEveryFieldError() {
        try (TestClient c = TestCarriers.start(Server.builder().errorFormat(ErrorFormat.PROBLEM_JSON).routes(r -> r
                .get("/v", (req, res) -> {
                    throw new ValidationException(List.of(new ValidationException.FieldError("body.name", "must not be blank"),
                            new ValidationException.FieldError("query.limit", "must be at most 50")));
                })), protocol())) {
            TestResponse r = c.get("/v");

            assertThat(r.status()).isEqualTo(400);
            assertThat(r.header("Content-Type")).isEqualTo("application/problem+json");
            assertThat(r.text()).isEqualTo("{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,"
                    + "\"detail\":\"Invalid request: body.name must not be blank; query.limit must be at most 50\","
                    + "\"errors\":[{\"field\":\"body.name\",\"message\":\"must not be blank\"},"
                    + "{\"field\":\"query.limit\",\"message\":\"must be at most 50\"}]}");
        }
    }

    @Test
    void serverHooksRunAfterStartAndAfterStop() {
        Server server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .onStart(s -> calls.add("started on " + (s.port() > 0)))
                .onStop(s -> calls.add("stopped, open connections " + s.openConnections()))
                .build().start();
        server.stop(java.time.Duration.ofSeconds(1));

        assertThat(calls).containsExactly("started on true", "stopped, open connections 0");
    }
}
