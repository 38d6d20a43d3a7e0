package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class CompressionTest {
    /** The carrier every request of this instance uses: the class runs once per carrier. */
    private final TestClient.Protocol protocol;

    TestClient.Protocol protocol() {
        return protocol;
    }

    CompressionTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
        this.client = TestCarriers.start(Server.builder()
                .compression(Compression.defaults())
                .routes(r -> r
                        .get("/json", (req, res) -> res.contentType("application/json").send(TEXT))
                        .get("/small", (req, res) -> res.contentType("application/json").send("{}"))
                        .get("/png", (req, res) -> res.contentType("image/png").send(TEXT.getBytes()))
                        .get("/stream", (req, res) -> {
                            BodyWriter w = res.contentType("text/plain").stream();
                            w.write(TEXT);
                            w.write(TEXT);
                            w.end();
                        })), protocol());
    }

    private static final String TEXT = "{\"items\":[" + "{\"id\":1,\"name\":\"Alpha Widget\"},".repeat(100) + "{}]}";
    private final TestClient client;

    @AfterEach
    void close() {
        client.close();
    }

    private TestResponse get(String path, String acceptEncoding) {
        return client.request("GET", path, acceptEncoding == null ? Map.of() : Map.of("Accept-Encoding", acceptEncoding), null);
    }

    @Test
    void withoutAcceptEncodingThereIsNoContentEncodingHeader() {
        TestResponse r = get("/json", null);

        assertThat(r.header("Content-Encoding")).isNull();
        assertThat(r.header("Vary")).isEqualTo("Accept-Encoding");
        assertThat(r.text()).isEqualTo(TEXT);
    }

    @Test
    void gzipIsDecodableAndSmaller() throws Exception {
        TestResponse r = get("/json", "gzip");

        assertThat(r.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(r.body().length).isLessThan(TEXT.length() / 4);
        assertThat(new String(new GZIPInputStream(new ByteArrayInputStream(r.body())).readAllBytes(), StandardCharsets.UTF_8))
                .isEqualTo(TEXT);
    }

    @Test
    void brotliIsPreferredAndDecodable() throws Exception {
        TestResponse r = get("/json", "gzip, br");

        assertThat(r.header("Content-Encoding")).isEqualTo("br");
        Brotli4jLoader.ensureAvailability();
        assertThat(new String(Decoder.decompress(r.body()).getDecompressedData(), StandardCharsets.UTF_8)).isEqualTo(TEXT);
    }

    @Test
    void deflateIsZlibWrapped() throws Exception {
        TestResponse r = get("/json", "deflate");

        assertThat(r.header("Content-Encoding")).isEqualTo("deflate");
        assertThat(new String(new InflaterInputStream(new ByteArrayInputStream(r.body())).readAllBytes(), StandardCharsets.UTF_8))
                .isEqualTo(TEXT);
    }

    @Test
    void bodiesUnderTheMinimumSizeAreSentAsIs() {
        assertThat(get("/small", "gzip").header("Content-Encoding")).isNull();
    }

    @Test
    void incompressibleTypesAreSentAsIs() {
        TestResponse r = get("/png", "gzip");

        assertThat(r.header("Content-Encoding")).isNull();
        assertThat(r.header("Vary")).isNull();
    }

    @Test
    void streamedBodyIsCompressedChunkByChunk() throws Exception {
        TestResponse r = get("/stream", "gzip");

        assertThat(r.header("Content-Encoding")).isEqualTo("gzip");
        if (TestCarriers.gathersStreams(protocol())) {
            assertThat(r.header("Content-Length")).isEqualTo(Integer.toString(r.body().length));
        } else {
            assertThat(r.header("Content-Length")).isNull();
        }
        if (protocol() == TestClient.Protocol.HTTP_1_1) {
            assertThat(r.header("Transfer-Encoding")).isEqualTo("chunked");
        }
        assertThat(new String(new GZIPInputStream(new ByteArrayInputStream(r.body())).readAllBytes(), StandardCharsets.UTF_8))
                .isEqualTo(TEXT + TEXT);
    }

    @Test
    void streamedBrotliDecodes() throws Exception {
        TestResponse r = get("/stream", "br");

        Brotli4jLoader.ensureAvailability();
        assertThat(new String(Decoder.decompress(r.body()).getDecompressedData(), StandardCharsets.UTF_8)).isEqualTo(TEXT + TEXT);
    }

    @Test
    void headReportsTheCompressedLengthWithoutABody() {
        TestResponse get = get("/json", "gzip");
        TestResponse head = client.request("HEAD", "/json", Map.of("Accept-Encoding", "gzip"), null);

        assertThat(head.header("Content-Length")).isEqualTo(get.header("Content-Length"));
        assertThat(head.body()).isEmpty();
    }

    @Test
    void gzipRequestBodiesAreDecodedWhenEnabled() throws Exception {
        try (TestClient gz = TestCarriers.start(Server.builder()
                .compression(Compression.builder().gzipRequests(true).build())
                .routes(r -> r.post("/echo", (req, res) -> res.send(req.bodyString()))), protocol())) {
            TestResponse r = gz.send(gzipRequest("/echo", "hello gzip".getBytes(StandardCharsets.UTF_8)));

            assertThat(r.text()).isEqualTo("hello gzip");
        }
    }

    @Test
    void gzipBombStopsAtTheBodyLimit() throws Exception {
        try (TestClient gz = TestCarriers.start(Server.builder()
                .config(c -> c.maxBodySize(1024 * 1024))
                .compression(Compression.builder().gzipRequests(true).build())
                .routes(r -> r.post("/echo", (req, res) -> res.send(req.bodyString()))), protocol())) {
            TestResponse r = gz.send(gzipRequest("/echo", new byte[64 * 1024 * 1024]));

            assertThat(r.status()).isEqualTo(413);
            assertThat(r.text()).contains("maxBodySize");
        }
    }

    @Test
    void gzipBodyDecodingToExactlyTheLimitIsAccepted() throws Exception {
        try (TestClient gz = TestCarriers.start(Server.builder()
                .config(c -> c.maxBodySize(4096))
                .compression(Compression.builder().gzipRequests(true).build())
                .routes(r -> r.post("/echo", (req, res) -> res.send(req.bodyString()))), protocol())) {
            TestResponse r = gz.send(gzipRequest("/echo", "a".repeat(4096).getBytes(StandardCharsets.UTF_8)));

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).hasSize(4096);
        }
    }

    @Test
    void gzipBodyDecodingToOneByteOverTheLimitIs413() throws Exception {
        try (TestClient gz = TestCarriers.start(Server.builder()
                .config(c -> c.maxBodySize(4096))
                .compression(Compression.builder().gzipRequests(true).build())
                .routes(r -> r.post("/echo", (req, res) -> res.send(req.bodyString()))), protocol())) {
            TestResponse r = gz.send(gzipRequest("/echo", "a".repeat(4097).getBytes(StandardCharsets.UTF_8)));

            assertThat(r.status()).isEqualTo(413);
        }
    }

    private static String gzipRequest(String path, byte[] plain) throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(bytes)) {
            out.write(plain);
        }
        byte[] body = bytes.toByteArray();
        return "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\nContent-Length: " + body.length
                + "\r\n\r\n" + new String(body, StandardCharsets.ISO_8859_1);
    }
}
