package dev.pronto.jmh.vertxarena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.examples.arena.grpc.SumReply;
import dev.pronto.examples.arena.grpc.SumRequest;
import dev.pronto.testsupport.ClosedPort;
import dev.pronto.testsupport.TestCertificates;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.net.PemTrustOptions;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Vert.x arena baseline over real sockets on free ports, so it cannot silently stop answering like the
 * arena app: its own data directory (HttpArena's first item, one static file with a gzip sibling), the test
 * certificate, and a database URL nothing listens on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VertxArenaServerTest {
    private static final String ITEM = "{\"id\":1,\"name\":\"Alpha Widget\",\"category\":\"electronics\",\"price\":328,"
            + "\"quantity\":15,\"active\":true,\"tags\":[\"sale\",\"heavy-duty\",\"popular\"],\"rating\":{\"score\":48,\"count\":53}}";
    private static final String CSS = "body { margin: 0; }\n".repeat(100);

    private VertxArenaServer server;
    private final Vertx vertx = Vertx.vertx();
    private final ClosedPort closedDatabase = ClosedPort.reserve();
    private HttpClient http1;
    private HttpClient h2c;

    @BeforeAll
    void start(@TempDir Path data) throws Exception {
        Files.writeString(data.resolve("dataset.json"), "[" + ITEM + "]");
        Files.createDirectories(data.resolve("static"));
        Files.writeString(data.resolve("static/reset.css"), CSS);
        Files.write(data.resolve("static/reset.css.gz"), gzip(CSS.getBytes()));
        int closedPort = closedDatabase.port();
        server = VertxArenaServer.start(Map.of("PORT", "0", "H2C_PORT", "0", "TLS_PORT", "0", "H2_PORT", "0",
                "TLS_CERT", TestCertificates.certificate().toString(), "TLS_KEY", TestCertificates.key().toString(),
                "DATA_DIR", data.toString(),
                "DATABASE_URL", "postgres://bench:bench@127.0.0.1:" + closedPort + "/benchmark")).await(30, TimeUnit.SECONDS);
        http1 = vertx.createHttpClient(new HttpClientOptions().setDefaultHost("127.0.0.1"));
        h2c = vertx.createHttpClient(new HttpClientOptions().setDefaultHost("127.0.0.1").setProtocolVersion(HttpVersion.HTTP_2)
                .setHttp2ClearTextUpgrade(false));
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
        vertx.close().await();
        closedDatabase.close();
    }

    @Test
    void pipelineAnswersOkAsText() {
        Answer a = Answer.get(http1, port(0), "/pipeline", Map.of());
        assertThat(a.body().toString()).isEqualTo("ok");
        assertThat(a.header("content-type")).isEqualTo("text/plain");
    }

    @Test
    void baselinePostAddsTheChunkedBody() {
        Answer a = Answer.send(http1, new RequestOptions().setMethod(HttpMethod.POST).setPort(port(0))
                .setURI("/baseline11?a=13&b=42"), req -> req.setChunked(true).send(Buffer.buffer("20")));
        assertThat(a.body().toString()).isEqualTo("75");
    }

    @Test
    void jsonComputesTotalsFromTheDataset() {
        Answer a = Answer.get(http1, port(0), "/json/1?m=3", Map.of());
        assertThat(a.body().toJsonObject().getJsonArray("items").getJsonObject(0).getLong("total")).isEqualTo(14760L);
        assertThat(a.header("content-type")).isEqualTo("application/json");
    }

    @Test
    void staticServesThePrecompressedSiblingOnlyWhenAccepted() {
        Answer gz = Answer.get(http1, port(0), "/static/reset.css", Map.of("accept-encoding", "gzip"));
        Answer plain = Answer.get(http1, port(0), "/static/reset.css", Map.of());
        assertThat(gz.header("content-encoding")).isEqualTo("gzip");
        assertThat(plain.header("content-encoding")).isNull();
        assertThat(plain.body().toString()).isEqualTo(CSS);
        assertThat(Answer.get(http1, port(0), "/static/missing.css", Map.of()).status()).isEqualTo(404);
    }

    @Test
    void httpsPortSpeaksHttp11AndH2PortNegotiatesH2() throws Exception {
        PemTrustOptions trust = new PemTrustOptions().addCertPath(TestCertificates.certificate().toString());
        HttpClient tls = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustOptions(trust)
                .setUseAlpn(true).setProtocolVersion(HttpVersion.HTTP_2).setDefaultHost("localhost"));
        Answer https = Answer.get(tls, port(2), "/json/1", Map.of());
        Answer h2 = Answer.get(tls, port(3), "/baseline2?a=1&b=1", Map.of());
        assertThat(https.version()).isEqualTo(HttpVersion.HTTP_1_1);
        assertThat(https.body().toJsonObject().getInteger("count")).isEqualTo(1);
        assertThat(h2.version()).isEqualTo(HttpVersion.HTTP_2);
        assertThat(h2.body().toString()).isEqualTo("2");
        tls.close().await();
    }

    @Test
    void h2cPortRefusesHttp11() {
        assertThat(Answer.get(http1, port(1), "/baseline2?a=1&b=1", Map.of()).status()).isEqualTo(505);
        assertThat(Answer.get(h2c, port(1), "/baseline2?a=1&b=1", Map.of()).body().toString()).isEqualTo("2");
    }

    @Test
    void grpcGetSumOverH2cPriorKnowledge() throws Exception {
        byte[] message = SumRequest.newBuilder().setA(1).setB(2).build().toByteArray();
        Buffer frame = Buffer.buffer().appendByte((byte) 0).appendInt(message.length).appendBytes(message);
        Answer a = Answer.send(h2c, new RequestOptions().setMethod(HttpMethod.POST).setPort(port(0))
                .setURI("/benchmark.BenchmarkService/GetSum").putHeader("content-type", "application/grpc")
                .putHeader("te", "trailers"), req -> req.send(frame));
        assertThat(a.trailers().get("grpc-status")).isEqualTo("0");
        assertThat(SumReply.parseFrom(a.body().getBytes(5, a.body().length())).getResult()).isEqualTo(3);
    }

    @Test
    void webSocketEchoesText() {
        WebSocketClient client = vertx.createWebSocketClient();
        var ws = Answer.await(client.connect(port(0), "127.0.0.1", "/ws"));
        var echoed = io.vertx.core.Promise.<String>promise();
        ws.textMessageHandler(echoed::tryComplete);
        ws.writeTextMessage("hello");
        assertThat(Answer.await(echoed.future())).isEqualTo("hello");
        client.close().await();
    }

    @Test
    void webSocketPathOverH2IsABadRequestNotAHang() {
        assertThat(Answer.get(h2c, port(0), "/ws", Map.of()).status()).isEqualTo(400);
    }

    @Test
    void asyncDbWithoutADatabaseAnswersTheEmptyResult() {
        assertThat(Answer.get(http1, port(0), "/async-db", Map.of()).body().toString()).isEqualTo("{\"items\":[],\"count\":0}");
    }

    @Test
    void metricsServeVertxRequestMetersByRoute() {
        Answer.get(http1, port(0), "/pipeline", Map.of());
        assertThat(Answer.get(http1, port(0), "/metrics", Map.of()).body().toString())
                .contains("vertx_http_server_requests_total{code=\"200\",method=\"GET\",route=\"/pipeline\"}")
                .contains("jvm_memory_used_bytes");
    }

    private int port(int listener) {
        return server.ports().get(listener);
    }

    private static byte[] gzip(byte[] content) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(content);
        }
        return out.toByteArray();
    }
}
