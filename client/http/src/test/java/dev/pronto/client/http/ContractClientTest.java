package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.ErrorFormat;
import dev.pronto.core.Handler;
import dev.pronto.core.JsonCodec;
import dev.pronto.core.Server;
import dev.pronto.core.ValidationException;
import io.netty.buffer.ByteBuf;
import java.lang.reflect.Type;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What generated clients call, against Pronto's own server on port 0. */
class ContractClientTest {
    private static Server server;
    private static HttpClient http;
    private static ContractClient contract;
    private static final AtomicInteger FLAKY = new AtomicInteger();

    /** Integers as JSON numbers: enough to see the codec used both ways. */
    private static final class IntCodec implements JsonCodec {
        @Override
        public void write(Object value, ByteBuf out) {
            if (!(value instanceof Integer)) {
                throw new IllegalArgumentException("no encoder for " + value.getClass().getName());
            }
            out.writeCharSequence(String.valueOf(value), StandardCharsets.UTF_8);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T read(ByteBuf body, Class<T> type) {
            return (T) Integer.valueOf(body.toString(StandardCharsets.UTF_8).trim());
        }

        @Override
        public Object read(ByteBuf body, Type type) {
            return read(body, Integer.class);
        }

        @Override
        public void verify(Class<?> type) {
        }
    }

    @BeforeAll
    static void start() {
        server = Server.builder().port(0).errorFormat(ErrorFormat.PROBLEM_JSON).routes(r -> r
                .get("/echo/{*rest}", (req, res) -> res.send(req.param("rest") + "|" + req.query("q") + "|"
                        + req.queries("tag") + "|" + req.headers("X-Tag") + "|" + req.header("X-None")))
                .post("/form", (req, res) -> res.send(req.header("Content-Type").startsWith("multipart/form-data; boundary=")
                        + "|" + req.bodyString().contains("hello upload")))
                .post("/double", (req, res) -> res.status(201).send(String.valueOf(2 * Integer.parseInt(req.bodyString()))))
                .get("/invalid", (req, res) -> {
                    throw new ValidationException(List.of(new ValidationException.FieldError("query.limit", "must be at most 50")));
                })
                .get("/text", (req, res) -> res.send("not a number"))
                .get("/trace", (req, res) -> res.send(req.header("traceparent") + "|" + req.header("X-Tenant")))
                .get("/deadline", (req, res) -> res.send(String.valueOf(req.header(ContractConfig.DEADLINE_HEADER))))
                .get("/flaky", (req, res) -> res.status(FLAKY.getAndIncrement() % 3 == 2 ? 200 : 503).send("flaky"))
                .post("/flaky", (req, res) -> res.status(FLAKY.getAndIncrement() % 3 == 2 ? 200 : 503).send("flaky"))
                .get("/never", Handler.async((req, res) -> new CompletableFuture<String>()))).build().start();
        http = HttpClient.create(ClientConfig.builder().ioThreads(1).build());
        contract = ContractClient.of(http, "http://127.0.0.1:" + server.port() + "/", new IntCodec(), ContractConfig.defaults());
    }

    @AfterAll
    static void stop() {
        http.close();
        server.close();
    }

    @Test
    void pathQueryAndHeadersArriveAsSent() throws Exception {
        StringBuilder uri = contract.uri().append("/echo/");
        ContractClient.segment(uri, "a b?c");
        uri.append('/');
        ContractClient.rest(uri, "d/é");
        ContractClient.query(uri, "q", Optional.of("x&y=z"));
        ContractClient.query(uri, "tag", List.of("1", "2"));
        ContractClient.query(uri, "none", Optional.empty());
        ClientRequest.Builder request = contract.request("GET", uri);
        ContractClient.header(request, "X-Tag", List.of("p", "q"));
        ContractClient.header(request, "X-None", null);

        String echoed = contract.call(request, null, String.class).toCompletableFuture().get(5, TimeUnit.SECONDS);

        assertThat(echoed).isEqualTo("a b?c/d/é|x&y=z|[1, 2]|[p, q]|null");
    }

    @Test
    void jsonBodyIsEncodedAndTheAnswerDecodedWithTheCodec() {
        ClientRequest.Builder request = contract.request("POST", contract.uri().append("/double"));
        ByteBuf body = contract.body(request, 21);

        assertThat(contract.callBlocking(request, body, Integer.class)).isEqualTo(42);
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void formBodyIsSentAsItsMultipartForm(@TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("a.txt"), "hello upload");
        ClientRequest.Builder request = contract.request("POST", contract.uri().append("/form"));
        FormBody form = FormBody.multipart().file("file", file, "text/plain").build();

        assertThat(contract.body(request, form)).isNull();
        assertThat(contract.callBlocking(request, null, String.class)).isEqualTo("true|true");
    }

    @Test
    void problemJsonBecomesAProblemExceptionWithTheFields() {
        ClientRequest.Builder request = contract.request("GET", contract.uri().append("/invalid"));

        assertThatThrownBy(() -> contract.callBlocking(request, null, String.class))
                .isInstanceOfSatisfying(ProblemException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.title()).isEqualTo("Bad Request");
                    assertThat(e.type()).isEqualTo("about:blank");
                    assertThat(e.errors()).containsExactly(new ProblemException.FieldError("query.limit", "must be at most 50"));
                });
    }

    @Test
    void undecodableBodyIsAMalformedResponse() {
        ClientRequest.Builder request = contract.request("GET", contract.uri().append("/text"));

        assertThatThrownBy(() -> contract.callBlocking(request, null, Integer.class))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("java.lang.Integer");
    }

    @Test
    void blockingCallOnTheClientsEventLoopIsRefusedAndReleasesTheBody() throws Exception {
        ClientRequest.Builder request = contract.request("POST", contract.uri().append("/double"));
        ByteBuf body = contract.body(request, 1);
        CompletableFuture<Throwable> refused = new CompletableFuture<>();
        // a listener always runs on the client's event loop (a stage's callback may run on the caller's thread)
        http.send(ClientRequest.get("http://127.0.0.1:" + server.port() + "/text"), (response, failure) -> {
            try {
                contract.callBlocking(request, body, Integer.class);
                refused.complete(null);
            } catch (RuntimeException expected) {
                refused.complete(expected);
            }
        });

        assertThat(refused.get(5, TimeUnit.SECONDS)).isInstanceOf(IllegalStateException.class);
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void baseUriWithAQueryIsRejected() {
        assertThatThrownBy(() -> ContractClient.of(http, "http://h/x?y=1", new IntCodec(), ContractConfig.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseUri");
    }

    @Test
    void withoutATimeoutNoDeadlineIsSent() {
        ClientRequest.Builder request = contract.request("GET", contract.uri().append("/deadline"));

        assertThat(contract.callBlocking(request, null, String.class)).isEqualTo("null");
    }

    @Test
    void timeoutIsSentAsTheDeadlineInMilliseconds() {
        ContractClient timed = contract.with(ContractConfig.builder().timeout(Duration.ofSeconds(5)).build());
        ClientRequest.Builder request = timed.request("GET", timed.uri().append("/deadline"));

        assertThat(Long.parseLong(timed.callBlocking(request, null, String.class))).isBetween(1L, 5000L);
    }

    @Test
    void callWithoutAnAnswerFailsAtItsDeadline() {
        ContractClient timed = contract.with(ContractConfig.builder().timeout(Duration.ofMillis(200)).build());
        ClientRequest.Builder request = timed.request("GET", timed.uri().append("/never"));

        assertThatThrownBy(() -> timed.callBlocking(request, null, String.class)).isInstanceOf(RequestTimeoutException.class);
    }

    @Test
    void idempotentCallIsRetriedOnA503WhenConfigured() {
        FLAKY.set(0);
        ContractClient retrying = contract.with(ContractConfig.builder().retries(2).retryBackoff(Duration.ZERO).build());
        ClientRequest.Builder request = retrying.request("GET", retrying.uri().append("/flaky"));

        assertThat(retrying.callBlocking(request, null, String.class)).isEqualTo("flaky");
        assertThat(FLAKY.get()).isEqualTo(3);
    }

    @Test
    void idempotentCallIsNotRetriedByDefault() {
        FLAKY.set(0);
        ClientRequest.Builder request = contract.request("GET", contract.uri().append("/flaky"));

        assertThatThrownBy(() -> contract.callBlocking(request, null, String.class))
                .isInstanceOfSatisfying(ProblemException.class, e -> assertThat(e.status()).isEqualTo(503));
        assertThat(FLAKY.get()).isEqualTo(1);
    }

    @Test
    void postIsNeverRetried() {
        FLAKY.set(0);
        ContractClient retrying = contract.with(ContractConfig.builder().retries(2).retryBackoff(Duration.ZERO).build());
        ClientRequest.Builder request = retrying.request("POST", retrying.uri().append("/flaky"));
        ByteBuf body = retrying.body(request, "x");

        assertThatThrownBy(() -> retrying.callBlocking(request, body, String.class)).isInstanceOf(ProblemException.class);
        assertThat(FLAKY.get()).isEqualTo(1);
    }

    @Test
    void invalidConfigNamesTheField() {
        assertThatThrownBy(() -> ContractConfig.builder().retries(11).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("retries must be in 0..10, got 11");
        assertThatThrownBy(() -> ContractConfig.builder().timeout(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("timeout must be positive, got PT0S");
    }

    @Test
    void headersOfTheCallingContextAreAddedToEveryCall() {
        ContractClient traced = contract.headers(h -> h.accept("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"))
                .headers(h -> h.accept("X-Tenant", "t1"));
        ClientRequest.Builder request = traced.request("GET", traced.uri().append("/trace"));

        assertThat(traced.callBlocking(request, null, String.class))
                .isEqualTo("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01|t1");
    }

    @Test
    void integralValuesAreAppendedAsDigits() {
        StringBuilder uri = contract.uri().append("/echo/");
        ContractClient.segment(uri, -42L);
        ContractClient.query(uri, "q", 7);
        ClientRequest.Builder request = contract.request("GET", uri);

        assertThat(contract.callBlocking(request, null, String.class)).isEqualTo("-42|7|[]|[]|null");
    }

    @Test
    void bodyWithoutAnEncoderFailsBeforeAnythingIsSent() {
        ClientRequest.Builder request = contract.request("POST", contract.uri().append("/double"));

        assertThatThrownBy(() -> contract.body(request, new Object()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("no encoder for java.lang.Object");
    }
}
