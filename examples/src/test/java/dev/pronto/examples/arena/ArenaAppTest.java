package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import dev.pronto.json.ProntoJson;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HttpArena validation recipe against the whole app: embedded Postgres, real sockets, every listener
 * (cleartext HTTP/1.1 + h2c, h2c only, HTTPS HTTP/1.1 only, TLS h2) on a free port.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArenaAppTest {
    private static final Path SHARED = Path.of("").toAbsolutePath().getParent().getParent().resolve("shared/arena-data");
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private HttpClient tls;
    private final ProntoJson json = ProntoJson.create(new ArenaJson());
    private ArenaApp app;
    private Path dataDir;

    @BeforeAll
    void start() throws Exception {
        dataDir = Files.isDirectory(SHARED) ? SHARED : Files.createTempDirectory("arena-none");
        app = ArenaDev.start(Map.of("PORT", "0", "TLS_PORT", "0", "H2_PORT", "0", "H2C_PORT", "0", "TELEPORT_PORT", "0",
                "TLS_CERT", ArenaCerts.certificate().toString(), "TLS_KEY", ArenaCerts.key().toString(),
                "DATA_DIR", dataDir.toString()));
        ArenaReady.await(app.port());
        tls = HttpClient.newBuilder().sslContext(ArenaCerts.clientContext()).build();
    }

    @AfterAll
    void stop() {
        tls.close();
        app.close();
    }

    private HttpResponse<byte[]> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpRequest.Builder req(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path));
    }

    private String body(String path) throws Exception {
        return new String(send(req(path)).body());
    }

    /** A request to the TLS listener on {@code port}; the client offers h2 and http/1.1 through ALPN. */
    private HttpResponse<byte[]> sendTls(int port, String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("https://localhost:" + port + path));
        return tls.send((headers.length == 0 ? b : b.headers(headers)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String mediaType(String type) {
        return java.util.regex.Pattern.quote(type) + "(;.*)?";
    }

    @Test
    void baselineGetAddsTheQueryParameters() throws Exception {
        int a = ThreadLocalRandom.current().nextInt(100, 1000);
        int b = ThreadLocalRandom.current().nextInt(100, 1000);
        HttpResponse<byte[]> r = send(req("/baseline11?a=" + a + "&b=" + b));

        assertThat(new String(r.body())).isEqualTo(Integer.toString(a + b));
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Content-Length", "chunked"})
    void baselinePostAddsTheBody(String framing) throws Exception {
        int x = ThreadLocalRandom.current().nextInt(100, 1000);
        String raw = framing.equals("chunked")
                ? "POST /baseline11?a=13&b=42 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\n" + x + "\r\n0\r\n\r\n"
                : "POST /baseline11?a=13&b=42 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\n" + x;

        assertThat(RawSocket.exchange(app.port(), raw)).endsWith("\r\n\r\n" + (55 + x));
    }

    @Test
    void anEmptyQueryNumberIsA400AsTheDocumentSaysAnInteger() throws Exception {
        HttpResponse<byte[]> r = send(req("/baseline11?a=&b=2"));

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"20.0", "2e1", "2.0E1"})
    void anIntegralJsonNumberBodyIsThatInteger(String body) throws Exception {
        HttpResponse<byte[]> r = send(req("/baseline11?a=13&b=42").POST(HttpRequest.BodyPublishers.ofString(body)));

        assertThat(new String(r.body(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("75");
    }

    @ParameterizedTest
    @ValueSource(strings = {"20.5", "\u0000", "\u001c20", "20\u0000"})
    void aBodyThatIsNoJsonIntegerIsA400(String body) throws Exception {
        HttpResponse<byte[]> r = send(req("/baseline11?a=13&b=42").POST(HttpRequest.BodyPublishers.ofString(body)));

        assertThat(r.statusCode()).isEqualTo(400);
    }

    @Test
    void nonNumericPostBodyIsA400QuotingOnlyAnExcerpt() throws Exception {
        HttpResponse<byte[]> r = send(req("/baseline11?a=1&b=2").POST(HttpRequest.BodyPublishers.ofString("x".repeat(1 << 20))));

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(new String(r.body(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("\"detail\":\"body must be an integer, got '" + "x".repeat(64) + "\u2026'\"");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "GET /baseli|ne11?a=13&b=42 HTTP/1.1\\r\\n|Host: localhost\\r\\nConnection: close\\r\\n\\r\\n;55",
        "GET /baseline11?a=13&b=42 HTTP/1.1\\r\\n|Host: localhost\\r\\n|User-Agent: arena-frag/1.0\\r\\n|Connection: close\\r\\n\\r\\n;55",
        "POST /baseline11?a=13&b=42 HTTP/1.1\\r\\nHost: localhost\\r\\nContent-Length: 2\\r\\nConnection: close\\r\\n\\r\\n|20;75",
        "POST /baseline11?a=13&b=42 HTTP/1.1\\r\\nHost: localhost\\r\\nContent-Length: 2\\r\\nConnection: close\\r\\n\\r\\n|2|0;75",
    })
    void tcpFragmentsAreReassembled(String fragments, String expected) throws Exception {
        String[] parts = fragments.replace("\\r\\n", "\r\n").split("\\|");

        assertThat(RawSocket.fragmented(app.port(), parts)).endsWith("\r\n\r\n" + expected);
    }

    @Test
    void sixteenPipelinedRequestsGetSixteenAnswers() throws Exception {
        String req = "GET /pipeline HTTP/1.1\r\nHost: x\r\n\r\n";
        String out = RawSocket.exchange(app.port(), req.repeat(15) + req.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"));

        assertThat(out.split("HTTP/1.1 200 OK", -1)).hasSize(17);
        assertThat(out).endsWith("ok");
    }

    @ParameterizedTest
    @CsvSource({"12,3", "22,7", "31,2", "50,5", "1,1"})
    void jsonTotalsArePriceTimesQuantityTimesM(int count, int m) throws Exception {
        HttpResponse<byte[]> r = send(req("/json/" + count + (m == 1 ? "" : "?m=" + m)));
        Model.PricedItems items = json.read(Unpooled.wrappedBuffer(r.body()), Model.PricedItems.class);

        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(items.count()).isEqualTo(count);
        assertThat(items.items()).hasSize(count).allSatisfy(i -> assertThat(i.total()).isEqualTo((long) i.price() * i.quantity() * m));
    }

    @ParameterizedTest
    @CsvSource({"25,3", "40,7", "50,2"})
    void compressedJsonDecodesToTheSameDocument(int count, int m) throws Exception {
        HttpResponse<byte[]> r = send(req("/json/" + count + "?m=" + m).header("Accept-Encoding", "gzip, br"));
        String encoding = r.headers().firstValue("Content-Encoding").orElseThrow();

        assertThat(decode(encoding, r.body())).isEqualTo(body("/json/" + count + "?m=" + m));
    }

    @Test
    void jsonWithoutAcceptEncodingHasNoContentEncoding() throws Exception {
        assertThat(send(req("/json/50?m=1")).headers().firstValue("Content-Encoding")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {17, 48, 512_000, 2_097_152, 10_485_760, 20_971_520})
    void uploadAnswersTheByteCount(int size) throws Exception {
        byte[] payload = new byte[size];
        ThreadLocalRandom.current().nextBytes(payload);
        HttpResponse<byte[]> r = send(req("/upload").header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(payload)));

        assertThat(new String(r.body())).isEqualTo(Integer.toString(size));
    }

    @ParameterizedTest
    @CsvSource({"reset.css,text/css", "app.js,application/javascript", "manifest.json,application/json"})
    void staticFilesHaveTheirContentType(String file, String type) throws Exception {
        assertThat(send(req("/static/" + file)).headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).satisfiesAnyOf(v -> assertThat(v).isEqualTo(type),
                        v -> assertThat(v).startsWith(type + ";")));
    }

    @Test
    void everyStaticFileIsServedExactlyWithAndWithoutCompression() throws Exception {
        Path dir = Files.isDirectory(dataDir.resolve("static")) ? dataDir.resolve("static") : null;
        org.junit.jupiter.api.Assumptions.assumeTrue(dir != null, "HttpArena static files not present");
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(p -> !p.toString().endsWith(".br") && !p.toString().endsWith(".gz")).toList()) {
                byte[] expected = Files.readAllBytes(f);
                assertThat(send(req("/static/" + f.getFileName())).body()).as(f.toString()).isEqualTo(expected);
                HttpResponse<byte[]> z = send(req("/static/" + f.getFileName()).header("Accept-Encoding", "br;q=1, gzip;q=0.8"));
                String enc = z.headers().firstValue("Content-Encoding").orElse("identity");
                assertThat(decode(enc, z.body())).as(f + " " + enc).isEqualTo(new String(expected, java.nio.charset.StandardCharsets.ISO_8859_1));
            }
        }
    }

    @Test
    void unknownStaticFileIs404() throws Exception {
        assertThat(send(req("/static/nonexistent.txt")).statusCode()).isEqualTo(404);
    }

    @ParameterizedTest
    @CsvSource({"5,80,7", "20,150,18", "100,400,33", "10,50,50"})
    void asyncDbReturnsLimitItemsInRange(int min, int max, int limit) throws Exception {
        HttpResponse<byte[]> r = send(req("/async-db?min=" + min + "&max=" + max + "&limit=" + limit));
        Model.DbItems items = json.read(Unpooled.wrappedBuffer(r.body()), Model.DbItems.class);

        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(items.count()).isEqualTo(limit);
        assertThat(items.items()).allSatisfy(i -> {
            assertThat(i.price()).isBetween(min, max);
            assertThat(i.tags()).isNotEmpty();
            assertThat(i.rating()).isNotNull();
        });
    }

    @Test
    void asyncDbOutOfRangeIsEmpty() throws Exception {
        assertThat(body("/async-db?min=9999&max=9999&limit=50")).isEqualTo("{\"items\":[],\"count\":0}");
    }

    @Test
    void crudListPagesByCategory() throws Exception {
        Model.Page page = json.read(Unpooled.wrappedBuffer(send(req("/crud/items?category=electronics&page=1&limit=5")).body()),
                Model.Page.class);

        assertThat(page.items()).hasSize(5).allSatisfy(i -> assertThat(i.category()).isEqualTo("electronics"));
        assertThat(page.total()).isPositive();
        assertThat(page.page()).isEqualTo(1);
    }

    @Test
    void crudReadIsCachedForTwoHundredMilliseconds() throws Exception {
        HttpResponse<byte[]> first = send(req("/crud/items/42"));
        HttpResponse<byte[]> second = send(req("/crud/items/42"));

        assertThat(first.headers().firstValue("X-Cache")).hasValue("MISS");
        assertThat(second.headers().firstValue("X-Cache")).hasValue("HIT");
        assertThat(json.read(Unpooled.wrappedBuffer(second.body()), Model.Item.class).id()).isEqualTo(42);
    }

    @Test
    void metricsServeRequestTimersPerRoutePatternFromMicrometer() throws Exception {
        body("/crud/items/42");

        assertThat(body("/metrics")).contains("http_server_requests_seconds_count{method=\"GET\",outcome=\"SUCCESS\","
                + "protocol=\"HTTP/1.1\",status=\"200\",uri=\"/crud/items/{id}\"}")
                .contains("pronto_pg_connections_live{pool=\"arena\"}").contains("jvm_memory_used_bytes");
    }

    @Test
    void readinessIsUpOncePostgresHasLiveConnections() throws Exception {
        HttpResponse<byte[]> ready = send(req("/health/ready"));

        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(new String(ready.body(), java.nio.charset.StandardCharsets.UTF_8)).contains("\"postgres\":\"UP\"");
    }

    @Test
    void crudMissingItemIs404() throws Exception {
        assertThat(send(req("/crud/items/999999")).statusCode()).isEqualTo(404);
    }

    @Test
    void crudCreateReadUpdateInvalidatesTheCache() throws Exception {
        HttpResponse<byte[]> created = send(req("/crud/items").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":200001,\"name\":\"ValidateItem\",\"category\":\"test\",\"price\":42,\"quantity\":7}")));
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(json.read(Unpooled.wrappedBuffer(send(req("/crud/items/200001")).body()), Model.Item.class).id()).isEqualTo(200001);

        HttpResponse<byte[]> updated = send(req("/crud/items/200001").header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"name\":\"UpdatedItem\",\"category\":\"test\",\"price\":99,\"quantity\":1}")));
        HttpResponse<byte[]> after = send(req("/crud/items/200001"));

        assertThat(updated.statusCode()).isEqualTo(200);
        assertThat(after.headers().firstValue("X-Cache")).hasValue("MISS");
        assertThat(json.read(Unpooled.wrappedBuffer(after.body()), Model.Item.class).name()).isEqualTo("UpdatedItem");
    }

    @Test
    void crudCreateBreakingAConstraintIs400() throws Exception {
        HttpResponse<byte[]> r = send(req("/crud/items").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":200002,\"name\":\" \",\"category\":\"test\",\"price\":-1,\"quantity\":7}")));
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(new String(r.body())).contains("body.name", "body.price");
    }

    @Test
    void crudCreateWithoutCategoryIsA400ProblemNamingTheMissingFields() throws Exception {
        HttpResponse<byte[]> r = send(req("/crud/items").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":200003,\"price\":42,\"quantity\":7}")));

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(new String(r.body(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("{\"field\":\"body.name\",\"message\":\"must not be blank\"}",
                        "{\"field\":\"body.category\",\"message\":\"must not be blank\"}");
    }

    @Test
    void missingItemIsA404ProblemAsTheOpenApiDocumentSays() throws Exception {
        HttpResponse<byte[]> r = send(req("/crud/items/999999"));

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(ArenaOpenApiTest.generated()).contains("\"application/problem+json\"");
    }

    @Test
    void rootListsTheRoutes() throws Exception {
        HttpResponse<byte[]> r = send(req("/"));

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(new String(r.body(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("/openapi", "  GET /baseline11\n", "  POST /crud/items\n", "  GET /crud/items/{id}\n");
    }

    @Test
    void servesItsOpenApiDocumentAndPage() throws Exception {
        HttpResponse<byte[]> doc = send(req("/openapi.json"));
        assertThat(doc.statusCode()).isEqualTo(200);
        assertThat(doc.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(new String(doc.body(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("\"/crud/items/{id}\"", "\"/json/{count}\"", "\"/baseline11\"", "\"/health/ready\"");
        assertThat(body("/openapi")).contains("fetch(\"/openapi.json\")");
    }

    @Test
    void curlNegotiatesH2OnTheH2Port() throws Exception {
        Curl.Reply r = Curl.fetch("https://localhost:" + app.h2Port() + "/baseline2?a=13&b=42", "-k", "--http2");

        assertThat(r.version()).isEqualTo("2");
        assertThat(r.body()).isEqualTo("55");
        assertThat(r.contentType()).matches(mediaType("text/plain"));
    }

    @Test
    void baseline2OverTlsH2AddsRandomQueryParameters() throws Exception {
        int a = ThreadLocalRandom.current().nextInt(100, 1000);
        int b = ThreadLocalRandom.current().nextInt(100, 1000);
        HttpResponse<byte[]> r = sendTls(app.h2Port(), "/baseline2?a=" + a + "&b=" + b);

        assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(new String(r.body())).isEqualTo(Integer.toString(a + b));
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).matches(mediaType("text/plain")));
    }

    @Test
    void baseline2RejectsABadNumberQuotingOnlyAnExcerpt() throws Exception {
        HttpResponse<byte[]> r = sendTls(app.h2Port(), "/baseline2?a=" + "x".repeat(1000) + "&b=1");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(new String(r.body(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("\"detail\":\"query parameter 'a' must be an integer, got '" + "x".repeat(64) + "\u2026'\"");
    }

    @Test
    void baseline2OverHttp11AddsTheQueryParameters() throws Exception {
        assertThat(body("/baseline2?a=13&b=42")).isEqualTo("55");
    }

    @ParameterizedTest
    @ValueSource(strings = {"H2C_PORT", "PORT"})
    void h2cWithPriorKnowledgeAddsTheQueryParameters(String listener) throws Exception {
        int port = listener.equals("PORT") ? app.port() : app.h2cPort();
        Curl.Reply r = Curl.fetch("http://localhost:" + port + "/baseline2?a=13&b=42", "--http2-prior-knowledge");

        assertThat(r.version()).isEqualTo("2");
        assertThat(r.body()).isEqualTo("55");
        assertThat(r.contentType()).matches(mediaType("text/plain"));
    }

    @Test
    void curlHttp11ToTheH2cPortIsNot200() throws Exception {
        assertThat(Curl.fetch("http://localhost:" + app.h2cPort() + "/baseline2?a=1&b=1", "--http1.1").status()).isNotEqualTo(200);
    }

    @Test
    void rawHttp11ToTheH2cPortIsNot200() throws Exception {
        String out = RawSocket.exchange(app.h2cPort(), "GET /baseline2?a=1&b=1 HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(out).doesNotStartWith("HTTP/1.1 200");
    }

    @ParameterizedTest
    @CsvSource({"1,1", "12,3", "22,7", "31,2", "50,5"})
    void jsonOverH2cHasCountItems(int count, int m) throws Exception {
        Curl.Reply r = Curl.fetch("http://localhost:" + app.h2cPort() + "/json/" + count + "?m=" + m, "--http2-prior-knowledge");
        Model.PricedItems items = json.read(Unpooled.wrappedBuffer(r.body().getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                Model.PricedItems.class);

        assertThat(r.version()).isEqualTo("2");
        assertThat(r.contentType()).isEqualTo("application/json");
        assertThat(items.count()).isEqualTo(count);
        assertThat(items.items()).hasSize(count);
    }

    @Test
    void curlGetsHttp11OnTheJsonTlsPort() throws Exception {
        Curl.Reply r = Curl.fetch("https://localhost:" + app.tlsPort() + "/json/1?m=1", "-k", "--http1.1");

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.version()).isEqualTo("1.1");
    }

    @ParameterizedTest
    @CsvSource({"7,2", "23,11", "50,1"})
    void jsonTlsAnswersAClientOfferingH2WithHttp11(int count, int m) throws Exception {
        HttpResponse<byte[]> r = sendTls(app.tlsPort(), "/json/" + count + "?m=" + m);
        Model.PricedItems items = json.read(Unpooled.wrappedBuffer(r.body()), Model.PricedItems.class);

        assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).contains("application/json"));
        assertThat(items.count()).isEqualTo(count);
        assertThat(items.items()).hasSize(count).allSatisfy(i -> assertThat(i.total()).isEqualTo((long) i.price() * i.quantity() * m));
    }

    @ParameterizedTest
    @CsvSource({"reset.css,text/css", "app.js,application/javascript", "manifest.json,application/json"})
    void staticFilesOverH2HaveTheirContentType(String file, String type) throws Exception {
        HttpResponse<byte[]> r = sendTls(app.h2Port(), "/static/" + file, "Accept-Encoding", "br;q=1, gzip;q=0.8");

        assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).matches(mediaType(type)));
        assertThat(r.body()).isNotEmpty();
    }

    @Test
    void unknownStaticFileOverH2Is404() throws Exception {
        HttpResponse<byte[]> r = sendTls(app.h2Port(), "/static/nonexistent.txt");

        assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(r.statusCode()).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"NONE", "FLATE", "SNAPPY"})
    void servesTheArenaRoutesOverTeleport(String compression) {
        var config = dev.pronto.client.http.TeleportConfig.builder("127.0.0.1", app.teleportPort())
                .compression(dev.pronto.client.http.TeleportCompression.valueOf(compression)).build();
        try (var client = dev.pronto.client.http.TeleportClient.create(config);
             var sum = client.sendBlocking(dev.pronto.client.http.ClientRequest.get("http://arena/baseline11?a=13&b=42"));
             var items = client.sendBlocking(dev.pronto.client.http.ClientRequest.get("http://arena/json/5?m=2"))) {
            assertThat(sum.string()).isEqualTo("55");
            assertThat(items.header("content-type")).startsWith("application/json");
            assertThat(items.string()).contains("\"count\":5");
        }
    }

    @Test
    void teleportProxyEdgeForwardsToTheArenaApp() throws Exception {
        try (var edge = dev.pronto.examples.teleport.TeleportProxy.start(0, "127.0.0.1", app.teleportPort(),
                dev.pronto.client.http.TeleportCompression.FLATE)) {
            HttpResponse<byte[]> r = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port()
                    + "/baseline11?a=1&b=2")));

            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(new String(r.body(), java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("3");
            assertThat(r.headers().firstValue("via")).hasValue("1.1 pronto");
        }
    }

    @Test
    void gateway64ServesStaticFilesAndForwardsTheRestOverTeleport() throws Exception {
        Path statics = StaticData.generate(Files.createTempDirectory("gateway-static"));
        var tlsConfig = dev.pronto.core.TlsConfig.builder().pem(ArenaCerts.certificate(), ArenaCerts.key()).build();
        try (var gateway = dev.pronto.examples.gateway.Gateway64.start(0, tlsConfig, statics,
                dev.pronto.proxy.Upstream.teleport("127.0.0.1", app.teleportPort()))) {
            HttpResponse<byte[]> sum = sendTls(gateway.port(), "/baseline2?a=20&b=22");
            HttpResponse<byte[]> items = sendTls(gateway.port(), "/json/50");
            HttpResponse<byte[]> css = sendTls(gateway.port(), "/static/reset.css");

            assertThat(sum.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(new String(sum.body(), java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("42");
            assertThat(new String(items.body(), java.nio.charset.StandardCharsets.UTF_8)).contains("\"count\":50");
            assertThat(css.headers().firstValue("content-type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/css"));
            assertThat(sendTls(gateway.port(), "/static/nonexistent.txt").statusCode()).isEqualTo(404);
        }
    }

    private static String decode(String encoding, byte[] body) throws Exception {
        byte[] plain = switch (encoding) {
            case "gzip" -> new GZIPInputStream(new ByteArrayInputStream(body)).readAllBytes();
            case "br" -> {
                Brotli4jLoader.ensureAvailability();
                yield Decoder.decompress(body).getDecompressedData();
            }
            default -> body;
        };
        return new String(plain, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
    /** echo-ws (httparena.md §5.16) through the JDK's own WebSocket client. */
    @Test
    void echoWsEchoesTextAndBinaryInOrderAndAnswersClose() throws Exception {
        java.util.concurrent.LinkedBlockingQueue<Object> got = new java.util.concurrent.LinkedBlockingQueue<>();
        java.net.http.WebSocket ws = http.newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + app.port() + "/ws"), new java.net.http.WebSocket.Listener() {
                    private final StringBuilder text = new StringBuilder();
                    private final java.io.ByteArrayOutputStream binary = new java.io.ByteArrayOutputStream();

                    @Override
                    public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket w, CharSequence data, boolean last) {
                        text.append(data);
                        if (last) {
                            got.add(text.toString());
                            text.setLength(0);
                        }
                        w.request(1);
                        return null;
                    }

                    @Override
                    public java.util.concurrent.CompletionStage<?> onBinary(java.net.http.WebSocket w, java.nio.ByteBuffer data, boolean last) {
                        byte[] b = new byte[data.remaining()];
                        data.get(b);
                        binary.writeBytes(b);
                        if (last) {
                            got.add(binary.toByteArray());
                            binary.reset();
                        }
                        w.request(1);
                        return null;
                    }

                    @Override
                    public java.util.concurrent.CompletionStage<?> onClose(java.net.http.WebSocket w, int code, String reason) {
                        got.add("close " + code);
                        return null;
                    }
                }).get(10, java.util.concurrent.TimeUnit.SECONDS);
        byte[] random = new byte[256];
        ThreadLocalRandom.current().nextBytes(random);

        ws.sendText("HttpArena-validate-7a", true).get();
        ws.sendBinary(java.nio.ByteBuffer.wrap(random), true).get();
        for (int i = 0; i < 5; i++) {
            ws.sendText("rapid-" + i, true).get();
        }
        ws.sendClose(1000, "validate done").get();

        assertThat(got.poll(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("HttpArena-validate-7a");
        assertThat((byte[]) got.poll(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(random);
        for (int i = 0; i < 5; i++) {
            assertThat(got.poll(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("rapid-" + i);
        }
        assertThat(got.poll(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("close 1000");
    }

    @Test
    void plainGetOnWsIsA426() throws Exception {
        HttpResponse<byte[]> r = send(req("/ws"));

        assertThat(r.statusCode()).isEqualTo(426);
    }

    @Test
    void grpcBenchmarkServiceOnTheCleartextPortWithPriorKnowledge() throws Exception {
        ArenaGrpcCheck.run(app.port(), false);
    }

    @Test
    void grpcBenchmarkServiceOnTheTlsH2Port() throws Exception {
        ArenaGrpcCheck.run(app.h2Port(), true);
    }

    @Test
    void theServedDocumentDescribesEveryRouteTheServerRoutes() throws Exception {
        String index = body("/");
        String document = body("/openapi.json");
        io.swagger.v3.parser.core.models.ParseOptions options = new io.swagger.v3.parser.core.models.ParseOptions();
        options.setResolve(true);
        var parsed = new io.swagger.v3.parser.OpenAPIV3Parser().readContents(document, null, options);
        java.util.List<String> routes = index.lines().filter(l -> l.startsWith("  ")).map(String::strip).toList();

        assertThat(parsed.getMessages()).isEmpty();
        assertThat(routes).hasSizeGreaterThanOrEqualTo(32);
        for (String route : routes) {
            String[] parts = route.split(" ", 2);
            var item = parsed.getOpenAPI().getPaths().get(parts[1].replace("{*", "{"));
            assertThat(item).as(route).isNotNull();
            assertThat(item.readOperationsMap()).as(route)
                    .containsKey(io.swagger.v3.oas.models.PathItem.HttpMethod.valueOf(parts[0]));
        }
    }
}
