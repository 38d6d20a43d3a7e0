package dev.pronto.core;

import static dev.pronto.core.Multiparts.end;
import static dev.pronto.core.Multiparts.field;
import static dev.pronto.core.Multiparts.file;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import io.netty.buffer.ByteBuf;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** Multipart bodies on every carrier: collected, limited, refused when malformed, their files always deleted. */
@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class MultipartTest {
    private static final String BIG = "0123456789abcdef".repeat(12_500);
    private static final Map<String, String> MULTIPART = Map.of("Content-Type", Multiparts.TYPE);

    private final Path dir;
    private final TestClient client;

    MultipartTest(TestClient.Protocol protocol) throws Exception {
        this.dir = Files.createTempDirectory("pronto-multipart-test");
        FormLimits limits = FormLimits.builder().tempDir(dir).fileThreshold(1024).build();
        this.client = TestCarriers.start(Server.builder().routes(r -> r
                .formLimits(limits)
                .post("/upload", RouteOptions.streaming(), Handler.async((req, res) -> req.multipart()
                        .thenApply(MultipartTest::describe)))
                .post("/blocking", RouteOptions.blocking().streamingBody(), (req, res) -> res.send(
                        describe(req.multipart().toCompletableFuture().get(10, TimeUnit.SECONDS))))
                .post("/names", Handler.async((req, res) -> req.multipart().thenApply(form -> {
                    StringBuilder names = new StringBuilder();
                    form.files().forEach(f -> names.append(f.filename()).append('<').append(f.rawFilename()).append("> "));
                    return names.toString();
                })))
                .post("/aggregated", Handler.async((req, res) -> req.multipart().thenApply(MultipartTest::describe)))
                .post("/fail", RouteOptions.streaming(), Handler.async((req, res) -> req.multipart().thenApply(f -> {
                    throw new IllegalStateException("handler failed with " + f.files().size() + " files");
                })))
                .post("/listener", RouteOptions.streaming(), Handler.async((req, res) -> req.multipart(part ->
                        part.isFile() ? new Counter(res) : null).thenApply(f -> f.fields().asMap().toString())))
                .group("/small", g -> g
                        .formLimits(FormLimits.builder().tempDir(dir).maxParts(2).maxFileSize(1000).build())
                        .post("/upload", RouteOptions.streaming(), Handler.async((req, res) -> req.multipart()
                                .thenApply(MultipartTest::describe)))
                        .post("/route", RouteOptions.streaming().forms(FormLimits.builder().maxParts(1).build()),
                                Handler.async((req, res) -> req.multipart().thenApply(MultipartTest::describe))))),
                protocol);
    }

    @AfterEach
    void close() throws Exception {
        client.close();
        assertThat(Multiparts.awaitEmpty(dir)).as("temporary files left").isZero();
        Files.delete(dir);
    }

    @Test
    void fieldsAndFilesReachTheHandler() {
        String body = field("title", "h\u00e9llo") + file("small", "a.txt", "tiny") + file("big", "b.txt", BIG) + end();

        assertThat(post("/upload", body).text())
                .isEqualTo("{title=[h\u00e9llo]} small:a.txt:text/plain:4:memory big:b.txt:text/plain:200000:file");
    }

    @Test
    void aFileNameReachesTheHandlerAsOneSafeSegmentAndRawAsSent() {
        String body = file("a", "../../etc/passwd", "x") + file("b", "x/..", "y") + file("c", "evil\u0000.txt", "z") + end();

        assertThat(post("/names", body).text()).isEqualTo("passwd<../../etc/passwd> <x/..> evil.txt<evil\u0000.txt> ");
    }

    @org.junit.jupiter.api.RepeatedTest(10) // a listener attached off the loop lost chunks one run in three
    void aBlockingHandlerWaitsForTheForm() {
        assertThat(post("/blocking", field("a", "1") + file("big", "b.txt", BIG) + end()).text())
                .isEqualTo("{a=[1]} big:b.txt:text/plain:200000:file");
    }

    @Test
    void anAggregatedRouteParsesTheBodyInMemory() {
        assertThat(post("/aggregated", field("a", "1") + file("f", "c.txt", "data") + end()).text())
                .isEqualTo("{a=[1]} f:c.txt:text/plain:4:memory");
    }

    @Test
    void temporaryFilesAreDeletedAfterTheResponse() throws Exception {
        assertThat(post("/upload", file("big", "b.txt", BIG) + end()).status()).isEqualTo(200);

        assertThat(Multiparts.awaitEmpty(dir)).isZero();
    }

    @Test
    void temporaryFilesAreDeletedWhenTheHandlerFails() throws Exception {
        assertThat(post("/fail", file("big", "b.txt", BIG) + end()).status()).isEqualTo(500);

        assertThat(Multiparts.awaitEmpty(dir)).isZero();
    }

    @Test
    void aPartListenerTakesTheBytesOfFileParts() {
        assertThat(post("/listener", field("a", "1") + file("big", "b.txt", BIG) + end()).text())
                .isEqualTo("{a=[1]}");
        assertThat(Multiparts.count(dir)).isZero();
    }

    @Test
    void moreThanMaxPartsIsA413() {
        TestResponse r = post("/small/upload", field("a", "1") + field("b", "2") + field("c", "3") + end());

        assertThat(r.status()).isEqualTo(413);
        assertThat(r.text()).contains("maxParts");
    }

    @Test
    void aRoutesOwnLimitsComeBeforeItsGroups() {
        assertThat(post("/small/route", field("a", "1") + field("b", "2") + end()).status()).isEqualTo(413);
    }

    @Test
    void aFileOverMaxFileSizeIsA413AndItsTemporaryFileIsDeleted() throws Exception {
        TestResponse r = post("/small/upload", file("big", "b.txt", BIG) + end());

        assertThat(r.status()).isEqualTo(413);
        assertThat(r.text()).contains("maxFileSize");
        assertThat(Multiparts.awaitEmpty(dir)).isZero();
    }

    @Test
    void aTruncatedBodyIsA400AndClosesTheConnection() throws Exception {
        TestResponse r = post("/upload", field("a", "1") + file("big", "b.txt", BIG));

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.text()).contains("final boundary");
        if (!client.protocol().multiplexed()) {
            assertThat(r.header("Connection")).isEqualTo("close");
        }
        assertThat(Multiparts.awaitEmpty(dir)).isZero();
    }

    @Test
    void partHeadersPastTheLimitAreA400AndCloseTheConnection() {
        String bomb = "--" + Multiparts.BOUNDARY + "\r\n" + "X-Pad: 0123456789abcdef\r\n".repeat(1000);

        TestResponse r = post("/upload", bomb);

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.text()).contains("maxPartHeaderSize");
        if (!client.protocol().multiplexed()) {
            assertThat(r.header("Connection")).isEqualTo("close");
        }
    }

    @Test
    void aMissingBoundaryIsA400() {
        TestResponse r = client.request("POST", "/upload", Map.of("Content-Type", "multipart/form-data"), end());

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.text()).contains("boundary");
    }

    @Test
    void anotherContentTypeIsA415() {
        assertThat(client.request("POST", "/upload", Map.of("Content-Type", "text/plain"), "x").status()).isEqualTo(415);
    }

    private TestResponse post(String path, String body) {
        return client.request("POST", path, MULTIPART, body);
    }

    /** The fields, then {@code name:filename:type:size:memory|file} per file, each file's bytes checked. */
    private static String describe(FormData form) {
        StringBuilder sb = new StringBuilder(form.fields().asMap().toString());
        for (FileUpload f : form.files()) {
            String where = f.inMemory() ? "memory" : "file";
            try (InputStream in = f.inputStream()) {
                String content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                if (content.length() != f.size() || (f.size() == BIG.length() && !content.equals(BIG))) {
                    where = "corrupt";
                }
                if (!f.inMemory() && !f.path().getParent().getFileName().toString().startsWith("pronto-multipart-test")) {
                    where = "elsewhere";
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            sb.append(' ').append(f.name()).append(':').append(f.filename()).append(':').append(f.contentType())
                    .append(':').append(f.size()).append(':').append(where);
        }
        return sb.toString();
    }

    /** Counts a part's bytes; checks the whole file arrived. */
    private static final class Counter implements BodyListener {
        private final Response res;
        private long n;

        Counter(Response res) {
            this.res = res;
        }

        @Override
        public void onChunk(ByteBuf chunk) {
            n += chunk.readableBytes();
        }

        @Override
        public void onEnd() {
            if (n != BIG.length()) {
                res.status(500).send("part had " + n + " bytes");
            }
        }
    }
}
