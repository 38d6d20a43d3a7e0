package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class StaticFilesTest {
    /** The carrier every request of this instance uses: the class runs once per carrier. */
    private final TestClient.Protocol protocol;

    TestClient.Protocol protocol() {
        return protocol;
    }

    StaticFilesTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
    }

    private static final String CSS = "body { color: red; }\n".repeat(50);
    @TempDir
    Path dir;
    private Path root;
    private TestClient disk;
    private TestClient memory;

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectories(dir.resolve("root"));
        Files.writeString(root.resolve("reset.css"), CSS);
        Files.write(root.resolve("reset.css.br"), new byte[] {1, 2, 3});
        Files.write(root.resolve("reset.css.gz"), new byte[] {4, 5, 6, 7});
        Files.writeString(root.resolve("app.js"), "let x = 1;");
        Files.writeString(root.resolve("manifest.json"), "{}");
        Files.write(root.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(dir.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(root.resolve("escape.txt"), dir.resolve("secret.txt"));
        disk = client(StaticFiles.of(root));
        memory = client(StaticFiles.builder(root).cache(StaticFiles.Cache.MEMORY).build());
    }

    private TestClient client(StaticFiles files) {
        return TestCarriers.start(Server.builder().routes(r -> r.get("/static/{*path}", files)), protocol());
    }

    @AfterEach
    void tearDown() {
        disk.close();
        memory.close();
    }

    private TestClient client(StaticFiles.Cache mode) {
        return mode == StaticFiles.Cache.MEMORY ? memory : disk;
    }

    private static TestResponse get(TestClient c, String path, Map<String, String> headers) {
        return c.request("GET", path, headers, null);
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void servesExactBytesWithTypeAndLength(StaticFiles.Cache mode) {
        TestResponse r = get(client(mode), "/static/reset.css", Map.of());

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).isEqualTo("text/css; charset=utf-8");
        assertThat(r.header("Content-Length")).isEqualTo(Integer.toString(CSS.length()));
        assertThat(r.header("Content-Encoding")).isNull();
        assertThat(r.text()).isEqualTo(CSS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"app.js:application/javascript", "manifest.json:application/json", "logo.png:image/png"})
    void usesTheMimeTypeOfTheExtension(String fileAndType) {
        String[] parts = fileAndType.split(":");

        assertThat(get(disk, "/static/" + parts[0], Map.of()).header("Content-Type")).startsWith(parts[1]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/static/../secret.txt", "/static/%2e%2e/secret.txt", "/static/..%2fsecret.txt",
        "/static/..%5csecret.txt", "/static/reset.css%00", "/static/escape.txt", "/static/docs", "/static/nope.css",
        "/static/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/static//etc/passwd", "/static/reset.css/x", "/static/./reset.css",
        "/static/docs/.", "/static/docs/%2e/../reset.css"})
    void neverServesAnythingOutsideTheRoot(String path) {
        TestResponse r = get(disk, path, Map.of());

        assertThat(r.status()).isEqualTo(404);
        assertThat(r.text()).doesNotContain("secret");
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void precompressedBrotliIsServedWhenAccepted(StaticFiles.Cache mode) {
        TestResponse r = get(client(mode), "/static/reset.css", Map.of("Accept-Encoding", "gzip, br"));

        assertThat(r.header("Content-Encoding")).isEqualTo("br");
        assertThat(r.header("Vary")).isEqualTo("Accept-Encoding");
        assertThat(r.body()).containsExactly(1, 2, 3);
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void precompressedGzipIsServedWhenOnlyGzipIsAccepted(StaticFiles.Cache mode) {
        TestResponse r = get(client(mode), "/static/reset.css", Map.of("Accept-Encoding", "gzip"));

        assertThat(r.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(r.body()).containsExactly(4, 5, 6, 7);
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void matchingETagGets304(StaticFiles.Cache mode) {
        String etag = get(client(mode), "/static/app.js", Map.of()).header("ETag");
        TestResponse r = get(client(mode), "/static/app.js", Map.of("If-None-Match", etag));

        assertThat(r.status()).isEqualTo(304);
        assertThat(r.body()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void unchangedSinceLastModifiedGets304(StaticFiles.Cache mode) {
        String lastModified = get(client(mode), "/static/app.js", Map.of()).header("Last-Modified");

        assertThat(get(client(mode), "/static/app.js", Map.of("If-Modified-Since", lastModified)).status()).isEqualTo(304);
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void singleRangeGets206(StaticFiles.Cache mode) {
        TestResponse r = get(client(mode), "/static/app.js", Map.of("Range", "bytes=4-6"));

        assertThat(r.status()).isEqualTo(206);
        assertThat(r.header("Content-Range")).isEqualTo("bytes 4-6/10");
        assertThat(r.text()).isEqualTo("x =");
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void suffixRangeGetsTheTail(StaticFiles.Cache mode) {
        assertThat(get(client(mode), "/static/app.js", Map.of("Range", "bytes=-2")).text()).isEqualTo("1;");
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void unsatisfiableRangeGets416(StaticFiles.Cache mode) {
        TestResponse r = get(client(mode), "/static/app.js", Map.of("Range", "bytes=100-200"));

        assertThat(r.status()).isEqualTo(416);
        assertThat(r.header("Content-Range")).isEqualTo("bytes */10");
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void headHasHeadersButNoBody(StaticFiles.Cache mode) {
        TestResponse r = client(mode).request("HEAD", "/static/reset.css", Map.of(), null);

        assertThat(r.header("Content-Length")).isEqualTo(Integer.toString(CSS.length()));
        assertThat(r.body()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void emptySegmentsAndEscapesNameTheSameFile(StaticFiles.Cache mode) {
        assertThat(get(client(mode), "/static/reset.css//", Map.of()).text()).isEqualTo(CSS);
        assertThat(get(client(mode), "/static/%72eset%2ecss", Map.of()).text()).isEqualTo(CSS);
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void rangeWithMatchingIfRangeETagGets206(StaticFiles.Cache mode) {
        String etag = get(client(mode), "/static/app.js", Map.of()).header("ETag");

        TestResponse r = get(client(mode), "/static/app.js", Map.of("Range", "bytes=4-6", "If-Range", etag));

        assertThat(r.status()).isEqualTo(206);
        assertThat(r.text()).isEqualTo("x =");
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void rangeWithStaleIfRangeGetsTheWholeFile(StaticFiles.Cache mode) {
        TestResponse r = get(client(mode), "/static/app.js", Map.of("Range", "bytes=4-6", "If-Range", "\"old\""));

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Range")).isNull();
        assertThat(r.text()).isEqualTo("let x = 1;");
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void rangeWithIfRangeOfTheLastModifiedDateGets206(StaticFiles.Cache mode) throws Exception {
        Files.setLastModifiedTime(root.resolve("app.js"), FileTime.from(Instant.now().minusSeconds(3600)));
        String lastModified = get(client(mode), "/static/app.js", Map.of()).header("Last-Modified");

        TestResponse r = get(client(mode), "/static/app.js", Map.of("Range", "bytes=4-6", "If-Range", lastModified));

        assertThat(r.status()).isEqualTo(206);
    }

    @ParameterizedTest
    @EnumSource(StaticFiles.Cache.class)
    void overlappingRangesGetTheWholeFileOnce(StaticFiles.Cache mode) {
        TestResponse r = get(client(mode), "/static/app.js", Map.of("Range", "bytes=0-9,0-9,0-9,0-9"));

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.text()).isEqualTo("let x = 1;");
    }

    @Test
    void indexLinkedOutsideTheRootIs404() throws Exception {
        Files.createSymbolicLink(root.resolve("docs/index.html"), dir.resolve("secret.txt"));
        try (TestClient c = client(StaticFiles.builder(root).index("index.html").build())) {
            TestResponse r = get(c, "/static/docs", Map.of());

            assertThat(r.status()).isEqualTo(404);
            assertThat(r.text()).doesNotContain("secret");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", "..", "../secret.txt", "a/index.html", "a\\b"})
    void indexMustBeAPlainFileName(String index) {
        assertThatThrownBy(() -> StaticFiles.builder(root).index(index))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("index");
    }

    @Test
    void cacheCapacityMustBePositive() {
        assertThatThrownBy(() -> StaticFiles.builder(root).cacheCapacity(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("cacheCapacity must be > 0, got 0");
    }

    @Test
    void directoryServesItsIndexWhenConfigured() throws Exception {
        Files.writeString(root.resolve("docs/index.html"), "<h1>docs</h1>", StandardCharsets.UTF_8);
        try (TestClient c = client(StaticFiles.builder(root).index("index.html").build())) {
            assertThat(get(c, "/static/docs", Map.of()).text()).isEqualTo("<h1>docs</h1>");
        }
    }
}
